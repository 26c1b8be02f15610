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

extension LayoutResult {
    /// A result shaped like `input` from the flat list a layout object reports (UIKit's
    /// `layoutAttributesForElements(in:)` for a rect around everything), in its order:
    /// - each element's first frame goes to its place;
    /// - an element reported again, or one the input does not have (an item past its section's
    ///   count, a header of a section without one), goes to ``extraElements``;
    /// - an item with no frame gets `CGRect.null`, and a missing header or footer is left out,
    ///   so the `complete` invariant can name them.
    /// - Complexity: O(elements + items).
    public static func assembled(_ elements: [LayoutElement], contentSize: CGSize, for input: LayoutInput) -> LayoutResult {
        var sections = input.sections.map { SectionFrames(items: Array(repeating: .null, count: $0.items.count)) }
        var seen = Set<ElementID>(minimumCapacity: elements.count)
        var extra: [LayoutElement] = []
        for e in elements {
            let id = e.id
            guard sections.indices.contains(id.section), seen.insert(id).inserted else { extra.append(e); continue }
            let section = input.sections[id.section]
            switch id.kind {
            case .item where sections[id.section].items.indices.contains(id.item): sections[id.section].items[id.item] = e.frame
            case .header where section.header != nil: sections[id.section].header = e.frame
            case .footer where section.footer != nil: sections[id.section].footer = e.frame
            default: extra.append(e)
            }
        }
        return LayoutResult(contentSize: contentSize, sections: sections, extraElements: extra)
    }
}

extension LayoutInput {
    /// Section `section`'s column width in pt, as FIXTURE-FORMAT §5 step 2 computes it:
    /// `floor_s((W - I.left - I.right - (n - 1) * columnSpacing) / n)` with the section's own column
    /// count and inset where it overrides the layout's. What an app's delegate answers for an
    /// item's width. O(1).
    public func columnWidth(ofSection section: Int) -> CGFloat {
        ReferenceLayout.columnWidth(of: sections[section], in: self)
    }
}
