import Foundation
import WaterfallCheck
import Foundation

extension SVGRenderer {
    /// One element of a diff picture: its frames (pt) in each result and how it is drawn
    /// (``LayoutDiff/Change``: `same`, `moved` (highlighted), `missing`, `extra`).
    struct Entry {
        var id: ElementID
        var expected: CGRect?
        var actual: CGRect?
        var change: LayoutDiff.Change
    }

    /// Expected and actual matched element by element, in document order: a ``LayoutDiff``
    /// that keeps its matches, with the caller's choice of what to highlight.
    struct Comparison {
        var entries: [Entry]
        var expected: LayoutResult
        var actual: LayoutResult

        /// Pairs every element of `expected` with the one of `actual` that has its id.
        ///
        /// - Parameter highlighted: the elements to draw as moved (when present in both); `nil`
        ///   highlights every element the diff finds moved beyond `tolerance`.
        /// - Complexity: O(n) in the number of elements.
        init(expected: LayoutResult, actual: LayoutResult, highlighted: [ElementID]?, tolerance: Tolerance) {
            self.expected = expected
            self.actual = actual
            let marked = highlighted.map(Set.init)
            let diff = LayoutDiff(expected: expected, actual: actual, tolerance: tolerance, keepingMatches: true)
            entries = diff.entries.compactMap { d in
                guard let id = d.element else { return nil }
                var change = d.change
                if let marked, change == .same || change == .moved { change = marked.contains(id) ? .moved : .same }
                return Entry(id: id, expected: d.expected?.frame, actual: d.actual?.frame, change: change)
            }
        }

        /// A comparison of `result` with itself: every element `same` (plain pictures).
        init(single result: LayoutResult) {
            self.init(expected: result, actual: result, highlighted: [], tolerance: .exact)
        }

        /// The first entry in document order that is not `same`.
        var firstDifference: Entry? { entries.first { $0.change != .same } }

        /// Whether more than half of the elements both sides have moved (at least 3 of them).
        var mostlyMoved: Bool {
            let both = entries.reduce(0) { $0 + ($1.expected != nil && $1.actual != nil ? 1 : 0) }
            let moved = count(.moved)
            return moved >= 3 && 2 * moved > both
        }

        /// Count of entries per change.
        func count(_ change: LayoutDiff.Change) -> Int { entries.reduce(0) { $0 + ($1.change == change ? 1 : 0) } }
    }

    /// The elements present in both results whose frames differ beyond `tolerance`, in
    /// document order: what a diff picture highlights when the caller names none.
    /// - Complexity: O(n).
    package static func movedElements(expected: LayoutResult, actual: LayoutResult, tolerance: Tolerance = .default) -> [ElementID] {
        LayoutDiff(expected: expected, actual: actual, tolerance: tolerance).entries.compactMap { $0.change == .moved ? $0.element : nil }
    }
}

extension LayoutResult {
    /// Number of frames: headers, items, footers and extra elements. O(sections).
    var elementCount: Int {
        sections.reduce(extraElements.count) { $0 + $1.items.count + ($1.header == nil ? 0 : 1) + ($1.footer == nil ? 0 : 1) }
    }
}
