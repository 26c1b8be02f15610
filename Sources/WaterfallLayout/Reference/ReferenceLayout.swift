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
            if !section.items.isEmpty {
                out.items.reserveCapacity(section.items.count)
                heights.withUnsafeMutableBufferPointer { H in
                    pos.withUnsafeMutableBufferPointer { P in
                        deque.withUnsafeMutableBufferPointer { D in
                            for c in 0..<n { H[c] = start }
                            var cursor = 0
                            for (i, item) in section.items.enumerated() {
                                // Step 3.
                                let k = min(item.span, n)
                                let iw = CGFloat(k) * w + CGFloat(k - 1) * spacing
                                let height: CGFloat
                                switch item.dimension {
                                case .height(let h): height = h
                                case .size(let sz): height = floorToPixel(sz.height * iw / sz.width, scale)
                                }
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
}
