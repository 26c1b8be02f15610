import Foundation

/// The reference waterfall algorithm: FIXTURE-FORMAT §5 exactly, after the §6 validation pass.
///
/// Arithmetic is IEEE-754 double in the order §5 writes it, so results are bit-for-bit those of
/// the specification. Never produces a NaN, an infinity or a negative size: anything that would is
/// rejected by ``validate(_:)`` first.
public enum ReferenceLayout {
    /// Lays out `input` by FIXTURE-FORMAT §5.
    ///
    /// - Returns: the content size and every frame (pt).
    /// - Throws: ``LayoutError`` with the §6 code of highest precedence.
    /// - Complexity: O(items · columns) for `shortestFirst` (a sliding-window maximum makes each
    ///   item O(columns) whatever its span), O(items) for the round-robin placements.
    public static func layout(_ input: LayoutInput) throws(LayoutError) -> LayoutResult {
        let widths = try validate(input)
        var none = NoObserver()
        return compute(input, columnWidths: widths, observer: &none)
    }

    /// Each item's start column, section by section, by replaying §5 on `input`: the exact
    /// placement, which an item's x cannot always tell (columns narrower than a rounding step
    /// share an origin). For the rect-query index.
    /// - Throws: ``LayoutError`` when `input` is invalid.
    /// - Complexity: as ``layout(_:)``.
    static func startColumns(_ input: LayoutInput) throws(LayoutError) -> [[Int32]] {
        var recorder = ColumnRecorder(columns: input.sections.map { _ in [] })
        _ = compute(input, columnWidths: try validate(input), observer: &recorder)
        return recorder.columns
    }

    /// Told where each item went; specialised away when it does nothing.
    protocol PlacementObserver {
        mutating func placed(section: Int, column: Int)
    }

    struct NoObserver: PlacementObserver {
        @inline(__always) mutating func placed(section: Int, column: Int) {}
    }

    struct ColumnRecorder: PlacementObserver {
        var columns: [[Int32]]
        mutating func placed(section: Int, column: Int) { columns[section].append(Int32(column)) }
    }

    /// §5 on a validated input. `columnWidths[s]` is section `s`'s `w`.
    static func compute<Observer: PlacementObserver>(_ input: LayoutInput, columnWidths: [CGFloat],
                                                     observer: inout Observer) -> LayoutResult {
        let s = input.layout
        let W = s.containerWidth
        let spacing = s.columnSpacing
        let rowSpacing = s.rowSpacing
        let scale = s.pixelScale
        var top: CGFloat = 0
        var sections: [SectionFrames] = []
        sections.reserveCapacity(input.sections.count)
        let maxColumns = input.sections.reduce(0) { max($0, $1.columnCount ?? s.columnCount) }
        // Scratch shared by every section: running heights, window maxima, deque of column indices.
        var heights = [CGFloat](repeating: 0, count: maxColumns)
        var pos = [CGFloat](repeating: 0, count: maxColumns)
        var deque = [Int](repeating: 0, count: maxColumns)
        var skyline = Skyline()

        for (si, section) in input.sections.enumerated() {
            var out = SectionFrames()
            // Step 1: header.
            if let h = section.header {
                out.header = CGRect(x: h.inset.left, y: top + h.inset.top, width: W - h.inset.left - h.inset.right, height: h.height)
                top = top + h.inset.top + h.height + h.inset.bottom
            }
            // Step 2: columns.
            let I = section.sectionInset ?? s.sectionInset
            let n = section.columnCount ?? s.columnCount
            let w = columnWidths[si]
            let start = top + I.top
            var bottom = start
            if !section.items.isEmpty && s.placement == .shortestFirst && n > Self.denseColumnLimit {
                // Many columns (review D8): the running heights as a skyline of equal-height pieces,
                // O(pieces) per item whatever the column count and the span; the same answers.
                out.items.reserveCapacity(section.items.count)
                skyline.reset(columns: n, height: start)
                var cursor = 0
                for item in section.items {
                    let k = min(item.span, n)
                    let (iw, height) = itemSize(item, span: k, columnWidth: w, spacing: spacing, scale: scale)
                    let (c, y) = skyline.choose(span: k, tolerance: s.tieTolerance, tieBreak: s.tieBreak, cursor: cursor)
                    out.items.append(CGRect(x: I.left + CGFloat(c) * (w + spacing), y: y, width: iw, height: height))
                    skyline.assign(c..<(c + k), y + height + rowSpacing)
                    cursor = c + k
                    observer.placed(section: si, column: c)
                    if y + height > bottom { bottom = y + height }
                }
            } else if !section.items.isEmpty {
                out.items.reserveCapacity(section.items.count)
                heights.withUnsafeMutableBufferPointer { H in
                    pos.withUnsafeMutableBufferPointer { P in
                        deque.withUnsafeMutableBufferPointer { D in
                            for c in 0..<n { H[c] = start }
                            var cursor = 0
                            for (i, item) in section.items.enumerated() {
                                // Step 3.
                                let k = min(item.span, n)
                                let (iw, height) = itemSize(item, span: k, columnWidth: w, spacing: spacing, scale: scale)
                                let c: Int
                                let y: CGFloat
                                switch s.placement {
                                case .leftToRight:
                                    c = i % n; y = H[c]
                                case .rightToLeft:
                                    c = n - 1 - i % n; y = H[c]
                                case .shortestFirst:
                                    if k == 1 {
                                        c = choose(H, count: n, tolerance: s.tieTolerance, tieBreak: s.tieBreak, cursor: cursor)
                                        y = H[c]
                                    } else {
                                        let count = windowMaxima(H, n: n, k: k, into: P, deque: D)
                                        c = choose(UnsafeMutableBufferPointer(rebasing: P[0..<count]), count: count,
                                                   tolerance: s.tieTolerance, tieBreak: s.tieBreak, cursor: cursor)
                                        y = P[c]
                                    }
                                }
                                let x = I.left + CGFloat(c) * (w + spacing)
                                out.items.append(CGRect(x: x, y: y, width: iw, height: height))
                                let next = y + height + rowSpacing
                                for j in c..<(c + k) { H[j] = next }
                                cursor = c + k
                                observer.placed(section: si, column: c)
                                let maxY = y + height
                                if maxY > bottom { bottom = maxY }
                            }
                        }
                    }
                }
            }
            // Step 4: section bottom, no trailing rowSpacing.
            top = bottom + I.bottom
            // Step 5: footer.
            if let f = section.footer {
                out.footer = CGRect(x: f.inset.left, y: top + f.inset.top, width: W - f.inset.left - f.inset.right, height: f.height)
                top = top + f.inset.top + f.height + f.inset.bottom
            }
            sections.append(out)
        }
        let result = LayoutResult(contentSize: CGSize(width: W, height: max(top, s.minimumContentHeight)), sections: sections)
        result._checkInvariants(for: input)
        return result
    }

    /// The start column among `pos[0..<count]` by §5 step 3: the least `pos` is `m`; the tied set is
    /// every `c` with `pos(c) - m <= tolerance`; `leftmost` takes its smallest member,
    /// `afterPrevious` its smallest member `>= cursor`, else its smallest.
    /// - Complexity: O(count).
    @inline(__always)
    static func choose(_ pos: UnsafeMutableBufferPointer<CGFloat>, count: Int, tolerance: CGFloat,
                       tieBreak: TieBreak, cursor: Int) -> Int {
        var best = 0
        var m = pos[0]
        for c in 1..<max(count, 1) where pos[c] < m { m = pos[c]; best = c }
        if tolerance == 0 && tieBreak == .leftmost { return best }
        var first = -1
        for c in 0..<count where pos[c] - m <= tolerance {
            if first < 0 { first = c; if tieBreak == .leftmost { return c } }
            if c >= cursor { return c }
        }
        return first
    }

    /// `pos(c)` for every start column `c` in `0...n-k`: the largest of `heights[c ..< c+k]`, by a
    /// monotonic deque (sliding-window maximum).
    /// - Returns: the number of start columns, `n - k + 1`.
    /// - Complexity: O(n), whatever `k`.
    @inline(__always)
    static func windowMaxima(_ heights: UnsafeMutableBufferPointer<CGFloat>, n: Int, k: Int,
                             into pos: UnsafeMutableBufferPointer<CGFloat>, deque: UnsafeMutableBufferPointer<Int>) -> Int {
        var head = 0, tail = 0
        for j in 0..<n {
            while tail > head && heights[deque[tail - 1]] <= heights[j] { tail -= 1 }
            deque[tail] = j; tail += 1
            if deque[head] <= j - k { head += 1 }
            if j >= k - 1 { pos[j - k + 1] = heights[deque[head]] }
        }
        return n - k + 1
    }

    /// §5 step 3: a span-`k` item's width `k·w + (k-1)·spacing` and its height (its own, or its
    /// size scaled to that width, floored to device pixels when `scale` is set). O(1).
    @inline(__always)
    static func itemSize(_ item: LayoutItem, span k: Int, columnWidth w: CGFloat, spacing: CGFloat, scale: CGFloat?) -> (CGFloat, CGFloat) {
        let iw = CGFloat(k) * w + CGFloat(k - 1) * spacing
        switch item.dimension {
        case .height(let h): return (iw, h)
        case .size(let sz): return (iw, floorToPixel(sz.height * iw / sz.width, scale))
        }
    }

    /// Sections with more columns than this use the ``Skyline`` (O(pieces) per item); others the
    /// dense scan over contiguous heights, which is faster for the column counts real layouts have.
    static let denseColumnLimit = 64

    /// A section's running column heights for `shortestFirst`, kept as pieces of equal height
    /// (each item sets a run of columns to one value, so a section of m items has at most 2m + 1
    /// pieces, and never more than its columns). Placing an item costs O(pieces), whatever the
    /// column count and the span: a section's cost no longer grows with its columns (review D8).
    struct Skyline {
        private(set) var columns = 0
        /// Piece `i` covers columns `starts[i] ..< starts[i + 1]` (the last one up to `columns`).
        private(set) var starts: [Int] = []
        private(set) var values: [CGFloat] = []
        // Scratch: the start-column intervals of equal `pos`, and the sliding-maximum deque.
        private var intervalStarts: [Int] = []
        private var intervalValues: [CGFloat] = []
        private var deque: [Int] = []

        mutating func reset(columns n: Int, height: CGFloat) {
            columns = n
            starts.removeAll(keepingCapacity: true); values.removeAll(keepingCapacity: true)
            starts.append(0); values.append(height)
        }

        @inline(__always) private func end(_ i: Int) -> Int { i + 1 < starts.count ? starts[i + 1] : columns }

        /// The piece holding column `c`. O(log pieces).
        @inline(__always) private func piece(at c: Int) -> Int {
            var lo = 0, hi = starts.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if starts[mid] <= c { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }

        /// The start column of a span-`k` item and its top by §5 step 3: `pos(c)` is the largest
        /// height in `c ..< c+k`; the least `pos` is `m`; the tied set is every `c` with
        /// `pos(c) - m <= tolerance`; `leftmost` takes its smallest member, `afterPrevious` its
        /// smallest member `>= cursor`, else its smallest. The same comparisons on the same
        /// doubles as a column-by-column scan, so the same answer bit for bit.
        /// - Complexity: O(pieces).
        mutating func choose(span k: Int, tolerance: CGFloat, tieBreak: TieBreak, cursor: Int) -> (Int, CGFloat) {
            let P = starts.count
            let limit = columns - k + 1  // start columns 0 ..< limit
            intervalStarts.removeAll(keepingCapacity: true); intervalValues.removeAll(keepingCapacity: true)
            if k == 1 {
                intervalStarts.append(contentsOf: starts); intervalValues.append(contentsOf: values)
            } else {
                // pos is constant between the columns where the window [c, c+k-1] gains or loses a piece.
                deque.removeAll(keepingCapacity: true)
                var head = 0, left = 0, right = -1, c = 0
                while c < limit {
                    while left + 1 < P && starts[left + 1] <= c { left += 1 }
                    while right + 1 < P && starts[right + 1] <= c + k - 1 {
                        right += 1
                        while deque.count > head && values[deque[deque.count - 1]] <= values[right] { deque.removeLast() }
                        deque.append(right)
                    }
                    while deque[head] < left { head += 1 }
                    intervalStarts.append(c); intervalValues.append(values[deque[head]])
                    var next = limit
                    if left + 1 < P { next = min(next, starts[left + 1]) }
                    if right + 1 < P { next = min(next, starts[right + 1] - k + 1) }
                    c = next
                }
            }
            let count = intervalStarts.count
            var best = 0
            var m = intervalValues[0]
            for j in 1..<max(count, 1) where intervalValues[j] < m { m = intervalValues[j]; best = j }
            if tolerance == 0 && tieBreak == .leftmost { return (intervalStarts[best], m) }
            var first = -1
            for j in 0..<count where intervalValues[j] - m <= tolerance {
                if first < 0 { first = j; if tieBreak == .leftmost { break } }
                let last = (j + 1 < count ? intervalStarts[j + 1] : limit) - 1
                if last >= cursor { return (max(intervalStarts[j], cursor), intervalValues[j]) }
            }
            return (intervalStarts[first], intervalValues[first])
        }

        /// Sets the heights of `range` to `height`. O(pieces).
        mutating func assign(_ range: Range<Int>, _ height: CGFloat) {
            let a = piece(at: range.lowerBound), b = piece(at: range.upperBound - 1)
            let rightEnd = end(b), rightValue = values[b]
            var at = a
            if starts[a] < range.lowerBound { at = a + 1 }  // keep the left part of piece a
            if at <= b { starts.removeSubrange(at...b); values.removeSubrange(at...b) }
            starts.insert(range.lowerBound, at: at); values.insert(height, at: at)
            if rightEnd > range.upperBound { starts.insert(range.upperBound, at: at + 1); values.insert(rightValue, at: at + 1) }
        }
    }

}
