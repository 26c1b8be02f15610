import Foundation

extension SVGRenderer {
    /// How one element of a diff picture is drawn.
    public enum Change: String, Hashable, Sendable {
        /// In both results, not highlighted.
        case same
        /// In both results and highlighted: moved or resized beyond the tolerance, or named by the caller.
        case moved
        /// In the expected result only.
        case missing
        /// In the actual result only, or a duplicate the engine reported (``LayoutResult/extraElements``).
        case extra
    }

    /// One element of a diff: its frames (pt) in each result and how it is drawn.
    struct Entry {
        var id: ElementID
        var expected: CGRect?
        var actual: CGRect?
        var change: Change
    }

    /// Expected and actual matched element by element, in document order (FIXTURE-FORMAT §7).
    struct Comparison {
        var entries: [Entry]
        var expected: LayoutResult
        var actual: LayoutResult

        /// Pairs every element of `expected` with the one of `actual` that has its id.
        ///
        /// - Parameter highlighted: the elements to draw as moved (when present in both); `nil`
        ///   computes them: every element whose frames differ in some component by more than
        ///   `tolerance` pt (a non-finite component always differs).
        /// - Complexity: O(n) in the number of elements.
        init(expected: LayoutResult, actual: LayoutResult, highlighted: [ElementID]?, tolerance: CGFloat) {
            self.expected = expected
            self.actual = actual
            let marked = highlighted.map(Set.init)
            func change(_ id: ElementID, _ e: CGRect?, _ a: CGRect?) -> Change {
                switch (e, a) {
                case let (e?, a?):
                    if let marked { return marked.contains(id) ? .moved : .same }
                    return SVGRenderer.differ(e, a, tolerance: tolerance) ? .moved : .same
                case (_?, nil): return .missing
                default: return .extra
                }
            }
            var entries: [Entry] = []
            entries.reserveCapacity(max(expected.sections.count, actual.sections.count) * 2
                                    + max(expected.elementCount, actual.elementCount))
            func add(_ id: ElementID, _ e: CGRect?, _ a: CGRect?) {
                guard e != nil || a != nil else { return }
                entries.append(Entry(id: id, expected: e, actual: a, change: change(id, e, a)))
            }
            for s in 0..<max(expected.sections.count, actual.sections.count) {
                let es = expected.sections.indices.contains(s) ? expected.sections[s] : SectionLayout()
                let as_ = actual.sections.indices.contains(s) ? actual.sections[s] : SectionLayout()
                add(.header(s), es.header, as_.header)
                for i in 0..<max(es.items.count, as_.items.count) {
                    add(.item(s, i), es.items.indices.contains(i) ? es.items[i] : nil,
                        as_.items.indices.contains(i) ? as_.items[i] : nil)
                }
                add(.footer(s), es.footer, as_.footer)
            }
            for e in expected.extraElements { entries.append(Entry(id: e.id, expected: e.frame, actual: nil, change: .missing)) }
            for e in actual.extraElements { entries.append(Entry(id: e.id, expected: nil, actual: e.frame, change: .extra)) }
            self.entries = entries
        }

        /// A comparison of `result` with itself: every element `same` (plain pictures).
        init(single result: LayoutResult) {
            self.init(expected: result, actual: result, highlighted: [], tolerance: 0)
        }

        /// The first entry in document order that is not `same`.
        var firstDifference: Entry? { entries.first { $0.change != .same } }

        /// Count of entries per change.
        func count(_ change: Change) -> Int { entries.reduce(0) { $0 + ($1.change == change ? 1 : 0) } }
    }

    /// Whether two frames differ in some component by more than `tolerance` (FIXTURE-FORMAT §7).
    /// A NaN component always differs.
    static func differ(_ a: CGRect, _ b: CGRect, tolerance t: CGFloat) -> Bool {
        !(abs(a.origin.x - b.origin.x) <= t && abs(a.origin.y - b.origin.y) <= t
          && abs(a.size.width - b.size.width) <= t && abs(a.size.height - b.size.height) <= t)
    }

    /// The elements present in both results whose frames differ beyond `tolerance` pt, in
    /// document order: what a diff picture highlights when the caller names none.
    /// - Complexity: O(n).
    public static func movedElements(expected: LayoutResult, actual: LayoutResult,
                                     tolerance: CGFloat = Fixture.defaultTolerance) -> [ElementID] {
        Comparison(expected: expected, actual: actual, highlighted: nil, tolerance: tolerance)
            .entries.filter { $0.change == .moved }.map(\.id)
    }
}

extension LayoutResult {
    /// Number of frames: headers, items, footers and extra elements. O(sections).
    var elementCount: Int {
        sections.reduce(extraElements.count) { $0 + $1.items.count + ($1.header == nil ? 0 : 1) + ($1.footer == nil ? 0 : 1) }
    }
}
