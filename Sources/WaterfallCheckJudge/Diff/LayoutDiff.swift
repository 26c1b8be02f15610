import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation

/// The one layout diff (FIXTURE-FORMAT §7): an expected answer against an actual one, element by
/// element, within a ``Tolerance``.
///
/// Golden comparison, `compare`, `review`, the SVG pictures and every text table are built from
/// it. Elements are paired by their place in the result (section, header, item index, footer);
/// elements a UIKit-shaped engine reported beyond one per input element
/// (``LayoutResult/extraElements``) are extra on their side, and `CGRect.null` (the adapter's
/// mark for an item it got no attributes for) is missing.
///
/// Entries come in report order: the error first, then elements in document order (section by
/// section: header, items, footer; extra elements after), then `contentSize`, which usually only
/// follows from the elements above it.
public struct LayoutDiff: Hashable, Sendable {
    /// What an entry is about. Ordered as reports list them (see ``LayoutDiff``).
    public enum Subject: Hashable, Sendable, Comparable, CustomStringConvertible {
        case error
        case element(ElementID)
        case contentSize

        private var rank: Int {
            switch self { case .error: return 0; case .element: return 1; case .contentSize: return 2 }
        }

        public static func < (a: Subject, b: Subject) -> Bool {
            if case let .element(x) = a, case let .element(y) = b { return x < y }
            return a.rank < b.rank
        }

        /// `item 0.4`, `header 2`, `contentSize`, `error`.
        public var description: String {
            switch self {
            case .error: return "error"
            case .element(let id): return id.description
            case .contentSize: return "contentSize"
            }
        }

        /// The element, for element entries.
        public var element: ElementID? { if case .element(let id) = self { return id } else { return nil } }
    }

    /// One side of an entry.
    public enum Value: Hashable, Sendable, CustomStringConvertible {
        /// A frame `[x, y, width, height]` in pt.
        case frame(CGRect)
        /// `contentSize` `[width, height]` in pt.
        case size(CGSize)
        /// A layout error code (FIXTURE-FORMAT §6).
        case error(LayoutError.Code)
        /// A successful layout, where an error was expected.
        case layout

        /// `[10, 54, 111.67, 120]`, `[375, 267.75]`, `error invalidSpan`, `a layout`.
        public var description: String {
            switch self {
            case .frame, .size: return "[" + components.map(formatPoints).joined(separator: ", ") + "]"
            case .error(let c): return "error \(c.rawValue)"
            case .layout: return "a layout"
            }
        }

        /// Geometry with every digit (`[131.66666666666669, 147.7515, ...]`), for differences
        /// too small for ``description``'s two decimals.
        public var preciseDescription: String {
            components.isEmpty ? description : "[" + components.map(formatPrecisely).joined(separator: ", ") + "]"
        }

        /// The value's components, for geometry (empty for errors and `layout`).
        public var components: [CGFloat] {
            switch self {
            case .frame(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
            case .size(let s): return [s.width, s.height]
            case .error, .layout: return []
            }
        }

        /// The frame, for a frame value.
        public var frame: CGRect? { if case .frame(let r) = self { return r } else { return nil } }
    }

    /// How an entry's two sides relate: the one change vocabulary of reports and pictures.
    public enum Change: String, Hashable, Sendable {
        /// On both sides, within the tolerance.
        case same
        /// On both sides, beyond the tolerance (moved, resized, or an error against frames).
        case moved
        /// On the expected side only.
        case missing
        /// On the actual side only (or a duplicate the engine reported).
        case extra
    }

    /// One subject with both sides.
    public struct Entry: Hashable, Sendable {
        public var subject: Subject
        /// `nil` when only the actual side has it (an extra frame).
        public var expected: Value?
        /// `nil` when the actual side has no such element (a missing frame).
        public var actual: Value?
        public var change: Change
        /// JSON path of the expected value in a fixture file (`expected.sections[0].items[4]`); for
        /// an extra element, of the array or section it would belong to. Empty for `same` entries.
        public var path: [JSONPathComponent]

        public init(subject: Subject, expected: Value?, actual: Value?, change: Change? = nil, path: [JSONPathComponent] = []) {
            self.subject = subject; self.expected = expected; self.actual = actual; self.path = path
            self.change = change ?? (expected == nil ? .extra : actual == nil ? .missing : .moved)
        }

        /// The largest absolute component difference in pt when both sides are geometry of the
        /// same shape; `nil` for missing, extra and error entries. NaN components give NaN.
        public var delta: CGFloat? {
            guard let e = expected?.components, let a = actual?.components, !e.isEmpty, e.count == a.count else { return nil }
            return Tolerance.delta(e, a)
        }

        /// ``path`` as reports print it: `$.expected.sections[0].items[4]`.
        public var jsonPath: String { JSONPathComponent.render(path) }

        /// The element, for element entries.
        public var element: ElementID? { subject.element }

        /// The expected and actual sides as reports print them (`-` when absent): two decimals,
        /// or every digit when two decimals would print both sides alike.
        public var sides: (expected: String, actual: String) {
            if let x = expected?.components, let y = actual?.components, !x.isEmpty, x.count == y.count { return formatPair(x, y) }
            return (expected?.description ?? "-", actual?.description ?? "-")
        }

        /// One sentence for a report: `item 0.3 moved by 24 pt: expected [..] actual [..]`.
        public var sentence: String {
            switch (expected, actual) {
            case let (e?, nil):
                return "\(subject) is missing: expected \(e)"
            case let (nil, a?):
                return "\(subject) is extra: actual \(a)"
            case let (.error(e)?, .error(a)?):
                return "error code changed: expected \(e.rawValue), actual \(a.rawValue)"
            case let (.error(e)?, a?):
                return "expected error \(e.rawValue), actual \(a)"
            case let (e?, .error(a)?):
                return "expected \(e), actual error \(a.rawValue)"
            case let (e?, a?):
                return "\(subject) \(verb(e, a)) by \(formatDelta(delta ?? .nan)) pt: expected \(sides.expected) actual \(sides.actual)"
            case (nil, nil):
                return "\(subject) differs"
            }
        }

        /// `moved` when only the origin changed, `resized` when only the size, else `changed`.
        private func verb(_ e: Value, _ a: Value) -> String {
            guard case let .frame(x) = e, case let .frame(y) = a else { return "changed" }
            if x.size == y.size { return "moved" }
            if x.origin == y.origin { return "resized" }
            return "changed"
        }
    }

    /// The entries in report order: only differences, unless made with `keepingMatches`.
    public var entries: [Entry]
    public var tolerance: Tolerance
    /// The largest component difference over the frames both sides have and the content size,
    /// pt (matches included: how far apart the layouts are); `nil` when an error was involved.
    public var largestDelta: CGFloat?

    /// The entries that differ (every entry unless made with `keepingMatches`).
    public var differences: [Entry] { entries.filter { $0.change != .same } }
    /// Whether both sides match within the tolerance.
    public var isEmpty: Bool { entries.allSatisfy { $0.change == .same } }
    /// The number of entries that differ.
    public var count: Int { entries.reduce(0) { $0 + ($1.change == .same ? 0 : 1) } }
    /// The first difference in report order.
    public var first: Entry? { entries.first { $0.change != .same } }

    /// Compares two answers as fixtures state them: two error codes, an error against frames (one
    /// `error` entry), or two layouts (``init(expected:actual:tolerance:keepingMatches:)``).
    /// - Complexity: O(n) in the number of frames.
    public init(expected: LayoutOutcome, actual: LayoutOutcome, tolerance: Tolerance, keepingMatches: Bool = false) {
        let errorPath: [JSONPathComponent] = [.key("expected"), .key("error")]
        switch (expected, actual) {
        case let (.error(e), .error(a)):
            let entry = Entry(subject: .error, expected: .error(e), actual: .error(a), change: e == a ? .same : .moved, path: e == a ? [] : errorPath)
            self.init(entries: e == a && !keepingMatches ? [] : [entry], tolerance: tolerance, largestDelta: nil)
        case let (.error(e), .layout):
            self.init(entries: [Entry(subject: .error, expected: .error(e), actual: .layout, path: errorPath)], tolerance: tolerance, largestDelta: nil)
        case let (.layout, .error(a)):
            self.init(entries: [Entry(subject: .error, expected: .layout, actual: .error(a), path: [.key("expected")])], tolerance: tolerance, largestDelta: nil)
        case let (.layout(e), .layout(a)):
            self.init(expected: e, actual: a, tolerance: tolerance, keepingMatches: keepingMatches)
        }
    }

    /// Compares two layouts frame by frame and their content sizes.
    /// - Parameter keepingMatches: also keep the entries that match (`same`), as tables and
    ///   pictures that show every element need.
    /// - Complexity: O(n) in the number of frames; no allocation beyond the entries kept.
    public init(expected e: LayoutResult, actual a: LayoutResult, tolerance: Tolerance, keepingMatches: Bool = false) {
        var out: [Entry] = []
        var largest = Tolerance.delta(e.contentSize, a.contentSize)
        if largest.isNaN { largest = .infinity }
        func compare(_ id: ElementID, _ x: CGRect?, _ y: CGRect?, container: @autoclosure () -> [JSONPathComponent]) {
            let x = x == CGRect.null ? nil : x, y = y == CGRect.null ? nil : y
            switch (x, y) {
            case let (x?, y?):
                let d = Tolerance.delta(x, y)
                largest = max(largest, d.isNaN ? .infinity : d)
                if !tolerance.matches(x, y) {
                    out.append(Entry(subject: .element(id), expected: .frame(x), actual: .frame(y), change: .moved, path: id.expectedPath))
                } else if keepingMatches {
                    out.append(Entry(subject: .element(id), expected: .frame(x), actual: .frame(y), change: .same))
                }
            case let (x?, nil):
                out.append(Entry(subject: .element(id), expected: .frame(x), actual: nil, change: .missing, path: id.expectedPath))
            case let (nil, y?):
                out.append(Entry(subject: .element(id), expected: nil, actual: .frame(y), change: .extra, path: container()))
            case (nil, nil):
                break
            }
        }
        let sectionsPath: [JSONPathComponent] = [.key("expected"), .key("sections")]
        for s in 0..<max(e.sections.count, a.sections.count) {
            let x = s < e.sections.count ? e.sections[s] : nil
            let y = s < a.sections.count ? a.sections[s] : nil
            let base = sectionsPath + [.index(s)]
            let section = x == nil ? sectionsPath : base
            compare(.header(s), x?.header, y?.header, container: section)
            let xi = x?.items ?? [], yi = y?.items ?? []
            for i in 0..<max(xi.count, yi.count) {
                compare(.item(s, i), i < xi.count ? xi[i] : nil, i < yi.count ? yi[i] : nil,
                        container: x == nil ? section : base + [.key("items")])
            }
            compare(.footer(s), x?.footer, y?.footer, container: section)
        }
        for extra in e.extraElements {
            out.append(Entry(subject: .element(extra.id), expected: .frame(extra.frame), actual: nil, change: .missing, path: sectionsPath))
        }
        for extra in a.extraElements {
            let container = extra.id.section >= 0 && extra.id.section < e.sections.count ? sectionsPath + [.index(extra.id.section)] : sectionsPath
            out.append(Entry(subject: .element(extra.id), expected: nil, actual: .frame(extra.frame), change: .extra, path: container))
        }
        let sizeMatches = tolerance.matches(e.contentSize, a.contentSize)
        if !sizeMatches || keepingMatches {
            out.append(Entry(subject: .contentSize, expected: .size(e.contentSize), actual: .size(a.contentSize),
                             change: sizeMatches ? .same : .moved, path: sizeMatches ? [] : [.key("expected"), .key("contentSize")]))
        }
        if !zip(out, out.dropFirst()).allSatisfy({ !($1.subject < $0.subject) }) {
            out.sort { $0.subject < $1.subject }
        }
        self.init(entries: out, tolerance: tolerance, largestDelta: largest)
    }

    /// A diff from its parts (for reports and tests).
    public init(entries: [Entry], tolerance: Tolerance, largestDelta: CGFloat? = nil) {
        self.entries = entries; self.tolerance = tolerance; self.largestDelta = largestDelta
    }
}

/// A difference in pt for humans: like ``formatPoints(_:)``, but small values keep three
/// significant digits, so a 0.0015-pt drift never prints as `0`.
package func formatDelta(_ v: CGFloat) -> String {
    if v.isFinite && v != 0 && abs(v) < 0.01 { return String(format: "%.3g", Double(v)) }
    return formatPoints(v)
}

extension ElementID {
    /// The JSON path of this element's frame in a fixture's `expected`
    /// (`expected.sections[0].items[4]`, `expected.sections[1].header`).
    public var expectedPath: [JSONPathComponent] {
        let section: [JSONPathComponent] = [.key("expected"), .key("sections"), .index(self.section)]
        switch kind {
        case .header: return section + [.key("header")]
        case .item: return section + [.key("items"), .index(item)]
        case .footer: return section + [.key("footer")]
        }
    }
}
