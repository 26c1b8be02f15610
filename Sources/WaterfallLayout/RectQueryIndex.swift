import Foundation

/// Answers `elements(in:)` over a reference layout without scanning every element.
///
/// Per section, items are grouped by start column (compressed: one flat array and offsets). The
/// items starting in one column are stacked in it, so both their `minY` and `maxY` grow with their
/// order; a binary search finds the first that reaches below the rect's top. A spanning item is
/// found from its start column, so the search also looks `maxSpan - 1` columns to the left of
/// the rect. Sections are stacked too, so a binary search finds the first section to visit.
///
/// Uses the strict "meets" predicate of FIXTURE-FORMAT §9 (touching edges do not meet).
///
/// - Complexity: building O(items); a query O(log sections + c · log n + k + v), where c is the
///   number of columns searched, n the items per column, k the number of results and v the items
///   in the rect's band in the look-back columns that miss it horizontally (none without spans).
public struct RectQueryIndex: Sendable {
    struct Section: Sendable {
        var minY: CGFloat          // top of the section's first element (header or items)
        var maxY: CGFloat          // bottom of its last element
        var x0: CGFloat
        var stride: CGFloat        // w + columnSpacing
        var columnWidth: CGFloat
        var columnCount: Int
        var maxSpan: Int
        var offsets: [Int32]       // columnCount + 1 offsets into `order`
        var order: [Int32]         // item indices grouped by start column, in placement order

        /// The start-column band holding `x`, clamped to `-1 ... columnCount` (infinite x included).
        func column(at x: CGFloat) -> Int {
            let v = ((x - x0) / stride).rounded(.down)
            guard !v.isNaN else { return 0 }
            return Int(max(-1, min(v, CGFloat(columnCount))))
        }
    }
    var sections: [Section] = []
    let result: LayoutResult

    /// Collects start columns while ``ReferenceLayout`` places items.
    struct Builder: ReferenceLayout.PlacementSink {
        var sections: [Section] = []
        var columns: [Int32] = []
        var current: Section?

        mutating func beginSection(columnCount: Int, columnWidth: CGFloat, x0: CGFloat, stride: CGFloat) {
            current = Section(minY: 0, maxY: 0, x0: x0, stride: stride, columnWidth: columnWidth,
                              columnCount: columnCount, maxSpan: 1, offsets: [], order: [])
            columns.removeAll(keepingCapacity: true)
        }
        @inline(__always) mutating func placed(column: Int, span: Int) {
            columns.append(Int32(column))
            if span > current!.maxSpan { current!.maxSpan = span }
        }
        mutating func endSection() {
            guard var s = current else { return }
            let n = s.columnCount
            if !columns.isEmpty {
                var counts = [Int32](repeating: 0, count: n + 1)
                for c in columns { counts[Int(c) + 1] += 1 }
                for c in 0..<n { counts[c + 1] += counts[c] }
                var fill = counts
                var order = [Int32](repeating: 0, count: columns.count)
                for (i, c) in columns.enumerated() {
                    order[Int(fill[Int(c)])] = Int32(i); fill[Int(c)] += 1
                }
                s.offsets = counts
                s.order = order
            }
            sections.append(s)
            current = nil
        }

        func finish(result: LayoutResult) -> RectQueryIndex {
            var index = RectQueryIndex(sections: sections, result: result)
            for (i, s) in result.sections.enumerated() {
                var lo = CGFloat.infinity, hi = -CGFloat.infinity
                for f in [s.header, s.footer].compactMap({ $0 }) { lo = min(lo, f.minY); hi = max(hi, f.maxY) }
                if let first = s.items.first { lo = min(lo, first.minY) }
                for f in s.items { hi = max(hi, f.maxY) }  // O(n) once, at build time
                index.sections[i].minY = lo
                index.sections[i].maxY = hi
            }
            // Make the bounds monotonic across empty sections, for the binary search and the early exit.
            for i in index.sections.indices.dropFirst() {
                index.sections[i].maxY = max(index.sections[i].maxY, index.sections[i - 1].maxY)
            }
            for i in index.sections.indices.reversed().dropFirst() {
                index.sections[i].minY = min(index.sections[i].minY, index.sections[i + 1].minY)
            }
            return index
        }
    }

    init(sections: [Section], result: LayoutResult) {
        self.sections = sections
        self.result = result
    }

    /// The elements whose frames meet `rect`, each once, in document order within a section.
    public func elements(in rect: CGRect) -> [ElementID] {
        var out: [ElementID] = []
        let rMinY = rect.minY, rMaxY = rect.origin.y + rect.size.height
        let rMinX = rect.origin.x, rMaxX = rect.origin.x + rect.size.width
        // Sections are stacked: the first whose bottom is below the rect's top.
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sections[mid].maxY > rMinY { hi = mid } else { lo = mid + 1 }
        }
        var si = lo
        while si < sections.count {
            let s = sections[si]
            if s.minY >= rMaxY { break }
            let frames = result.sections[si]
            if let h = frames.header, h.meets(rect) { out.append(.header(si)) }
            if !s.order.isEmpty {
                // Columns whose start-column band [x(c), x(c+1)) meets the rect horizontally, widened
                // by one each side against rounding (the exact predicate filters), and by the widest
                // span to the left, since a spanning item is kept under its start column.
                let first = max(0, s.column(at: rMinX) - s.maxSpan)
                let last = min(s.columnCount - 1, s.column(at: rMaxX) + 1)
                if first <= last {
                    for c in first...last {
                        let from = Int(s.offsets[c]), to = Int(s.offsets[c + 1])
                        // First item in this column whose maxY is below the rect's top.
                        var a = from, b = to
                        while a < b {
                            let mid = (a + b) / 2
                            if frames.items[Int(s.order[mid])].maxY > rMinY { b = mid } else { a = mid + 1 }
                        }
                        while a < to {
                            let i = Int(s.order[a])
                            let f = frames.items[i]
                            if f.minY >= rMaxY { break }
                            if f.minX < rMaxX && rMinX < f.maxX && f.maxY > rMinY { out.append(.item(si, i)) }
                            a += 1
                        }
                    }
                }
            }
            if let f = frames.footer, f.meets(rect) { out.append(.footer(si)) }
            si += 1
        }
        return out
    }
}
