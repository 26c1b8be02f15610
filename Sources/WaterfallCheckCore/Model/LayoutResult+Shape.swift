import Foundation

/// Why a layout result is not shaped like its input (FIXTURE-FORMAT §4: one frame per item, a
/// header and footer frame exactly where the input has one, nothing extra), with the element it
/// is about when there is one.
public struct ShapeProblem: Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var element: ElementID?
    public var description: String { message }
}

extension LayoutResult {
    /// The first way this result is not shaped like `input`, or `nil`. The one shape check:
    /// the `complete` invariant and the recorder (which never writes a misshapen golden) both
    /// use it. Item frames that are `CGRect.null` (the UIKit adapter's mark for an item it got no
    /// attributes for) count as missing.
    /// - Complexity: O(elements).
    public func shapeProblem(for input: LayoutInput) -> ShapeProblem? {
        if sections.count != input.sections.count {
            return ShapeProblem(message: "\(sections.count) sections of frames for \(input.sections.count) input sections")
        }
        // A header or footer frame exactly where the input has one (no array per section).
        func supplementary(_ kind: String, has: Bool, _ frame: CGRect?, _ id: ElementID, section si: Int) -> ShapeProblem? {
            if has && frame == nil { return ShapeProblem(message: "\(id) has no frame", element: id) }
            if !has, let f = frame {
                return ShapeProblem(message: "\(id) is extra (\(f.shortDescription)): section \(si) has no \(kind)", element: id)
            }
            return nil
        }
        // By index, each section read in place (a copy out of its array retains its arrays).
        for si in sections.indices {
            if let p = supplementary("header", has: input.sections[si].header != nil, sections[si].header, .header(si), section: si) { return p }
            if let p = supplementary("footer", has: input.sections[si].footer != nil, sections[si].footer, .footer(si), section: si) { return p }
            if sections[si].items.count != input.sections[si].items.count {
                return ShapeProblem(message: "section \(si) has \(sections[si].items.count) item frames for \(input.sections[si].items.count) items")
            }
            if let i = sections[si].items.firstIndex(where: \.isNull) {
                return ShapeProblem(message: "item \(si).\(i) has no frame", element: .item(si, i))
            }
        }
        if let e = extraElements.first {
            return ShapeProblem(message: "\(e.id) \(e.frame.shortDescription) is reported again or does not exist (\(extraElements.count) extra)",
                                element: e.id)
        }
        return nil
    }

    /// Debug builds only: traps when this result, made by an engine of this package for `input`,
    /// is not shaped like it. A postcondition of ``ReferenceLayout``, off in release builds.
    @inline(__always)
    func _checkInvariants(for input: LayoutInput) {
        #if DEBUG
        if let problem = shapeProblem(for: input) { preconditionFailure("ReferenceLayout postcondition: \(problem)") }
        #endif
    }
}
