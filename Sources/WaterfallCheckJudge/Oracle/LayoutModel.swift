import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation
import WaterfallCheckCore

/// What FIXTURE-FORMAT §5 says each element of one input should be, computed from the input alone,
/// for the geometric invariants (column-alignment, item-size, within-bounds, stacking, placement,
/// supplementary, content-size).
///
/// The model follows the column the engine took, whether the rule allows it (where rounding
/// could flip the choice: docs/decisions/placement.md) or forbids it, so that one misplaced item is reported once by `placement` instead of making every
/// later item fail `stacking`. It never reads the engine's y, width or height: running heights,
/// section tops and the content height are §5's, from the input's heights.
package struct LayoutModel {
    package struct Item {
        /// The start column the model placed the item in (the engine's, when its x is a column origin).
        package var column: Int
        /// Whether the engine's x is a column origin the item fits at (within the tolerance).
        package var aligned: Bool
        /// §5's frame in ``column``: `x(column)`, the running height, the span's width, the height.
        package var frame: CGRect
        /// The item whose bottom the top comes from (in its section), or -1 for the section's items top.
        package var above: Int
        /// The column the placement rule picks (§5 step 3) given the running heights.
        package var ruleColumn: Int
        /// Whether ``column`` is a choice the rule allows: exactly the rule's where the candidate tops
        /// are exact, else one that rounding within the computed error bound could make it pick.
        package var placementAllowed: Bool
    }

    package struct Section {
        package var header: CGRect?
        package var footer: CGRect?
        package var inset: LayoutInsets
        package var columnCount: Int
        package var columnWidth: CGFloat
        /// `top + inset.top` (§5 step 2): where every column starts.
        package var itemsTop: CGFloat
        /// Plain values only (no reference inside), so the checks walk them without retains.
        package var items: [Item]
        /// The candidate tops `pos(c)` of each item whose placement was not allowed, by item index
        /// (for the `placement` message).
        package var candidateTops: [Int: [CGFloat]] = [:]

        /// `x(c) = inset.left + c * (w + columnSpacing)` (§5 step 2).
        package func origin(_ c: Int, spacing: CGFloat) -> CGFloat { inset.left + CGFloat(c) * (columnWidth + spacing) }
    }

    package var sections: [Section] = []
    /// §5's final `top`, before `minimumContentHeight`.
    package var finalTop: CGFloat = 0

    /// - Parameters:
    ///   - result: only lends the engine's column choices (its item x positions).
    ///   - columnWidths: each section's column width in place of §5's (``ConventionalLayout``:
    ///     an engine that floors it), or `nil` for §5's.
    ///   - firstRowInOrder: shortest-first sections fill their first row in order
    ///     (``EngineConventions/firstRowInOrder``).
    ///   - leastRecentTies: a shortest-first tie of a span-1 item goes to the column whose last
    ///     item is the oldest (``EngineConventions/tiesToLeastRecentColumn``).
    ///   - heightNoiseULPs: each item height may be this many ulps off (a size-only API's
    ///     `w · h / w`, ``EngineConventions/positionNoiseULPs``): the running heights' error bound
    ///     widens by it, so a tie it flips is allowed.
    /// - Complexity: O(items · columns), whatever the spans (a sliding-window maximum gives every
    ///   candidate top of an item in O(columns)). The scratch (running heights, the item on top
    ///   of each column, candidate tops, the deque) is allocated once for the widest section.
    package init(input: LayoutInput, result: LayoutResult, tolerance tol: CGFloat, columnWidths: [CGFloat]? = nil,
                 firstRowInOrder: Bool = false, leastRecentTies: Bool = false, heightNoiseULPs: Int = 0) {
        let s = input.layout
        let W = s.containerWidth
        let spacing = s.columnSpacing
        // `top` and `topError`: §5's running top and a bound on how far any evaluation order can be
        // from its exact value (docs/decisions/placement.md).
        var top: CGFloat = 0
        var topError: CGFloat = 0
        sections.reserveCapacity(input.sections.count)
        let widest = max(1, input.sections.reduce(0) { max($0, input.columnCount(of: $1)) })
        // Scratch, two allocations: running heights and candidate tops; the item on top of each
        // column and the sliding-maximum deque.
        let heights = UnsafeMutableBufferPointer<CGFloat>.allocate(capacity: 2 * widest)
        let indices = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2 * widest)
        defer { heights.deallocate(); indices.deallocate() }
        let running = UnsafeMutableBufferPointer(rebasing: heights[0..<widest])
        let pos = UnsafeMutableBufferPointer(rebasing: heights[widest...])
        let lastItem = UnsafeMutableBufferPointer(rebasing: indices[0..<widest])
        let window = UnsafeMutableBufferPointer(rebasing: indices[widest...])
        for (si, section) in input.sections.enumerated() {
            var header: CGRect?
            if let h = section.header {
                header = CGRect(x: h.inset.left, y: top + h.inset.top, width: W - h.inset.left - h.inset.right, height: h.height)
                (top, topError) = ExactSum.add(top, topError, h.inset.top, h.height, h.inset.bottom)
            }
            let I = input.sectionInset(of: section)
            let n = input.columnCount(of: section)
            // w as §5 writes it, noting whether anything rounded (for size-derived heights).
            var trace = RoundingTrace()
            let numerator = trace.add(trace.add(trace.add(W, -I.left), -I.right), -trace.mul(CGFloat(n - 1), spacing))
            var w = trace.div(numerator, CGFloat(n))
            if let p = s.pixelScale { w = trace.div(trace.mul(w, p).rounded(.down), p) }
            if let given = columnWidths?[si], given != w { w = given; trace.exact = false }
            let widthTrace = trace
            // The relative error another evaluation order may give a width derived from w.
            let widthError = trace.exact ? 0 : 8 * CGFloat.ulpOfOne * max(1, W / max(abs(numerator), .leastNormalMagnitude))
            let itemsTop: CGFloat
            (itemsTop, topError) = ExactSum.add(top, topError, I.top)
            var model = Section(header: header, footer: nil, inset: I, columnCount: n, columnWidth: w,
                                itemsTop: itemsTop, items: [])
            var items: [Item] = []
            items.reserveCapacity(section.items.count)
            for c in 0..<n { running[c] = model.itemsTop; lastItem[c] = -1 }
            // The greatest error bound of any running height of the section so far: every
            // candidate top is within it of its exact value, in any correct engine.
            var error = topError
            var cursor = 0
            var firstRow = 0  // how many items lead the section in order (firstRowInOrder)
            var bottom = model.itemsTop
            var bottomError = topError
            let frames = si < result.sections.count ? result.sections[si].items : []
            let stride = w + spacing
            for (i, item) in section.items.enumerated() {
                let k = min(item.span, n)
                let iw = CGFloat(k) * w + CGFloat(k - 1) * spacing
                var height: CGFloat
                var heightError: CGFloat = 0
                switch item.dimension {
                case .height(let h): height = h
                case .size(let size):
                    var t = widthTrace
                    let raw = t.div(t.mul(size.height, t.add(t.mul(CGFloat(k), w), t.mul(CGFloat(k - 1), spacing))), size.width)
                    height = raw
                    let rel = t.exact ? 0 : widthError + 4 * CGFloat.ulpOfOne
                    if let p = s.pixelScale {
                        let scaled = raw * p
                        height = scaled.rounded(.down) / p
                        // The floor is the same in any order unless rounding could cross a pixel.
                        if rel > 0, abs(scaled - scaled.rounded()) <= 2 * rel * scaled + scaled.ulp { heightError = 1 / p }
                    } else {
                        heightError = 2 * rel * raw
                    }
                }
                // pos(c): the greatest running height over the span's columns (sliding-window
                // maximum); a span-1 item's are the running heights themselves.
                let starts = n - k + 1
                let tops = UnsafeBufferPointer(k == 1 ? running : pos)
                if k > 1 {
                    var head = 0, tail = 0
                    for j in 0..<n {
                        while tail > head && running[window[tail - 1]] <= running[j] { tail -= 1 }
                        window[tail] = j; tail += 1
                        if window[head] <= j - k { head += 1 }
                        if j >= k - 1 { pos[j - k + 1] = running[window[head]] }
                    }
                }
                if heightNoiseULPs > 0 { heightError += CGFloat(heightNoiseULPs) * height.ulp }
                let inOrder = firstRowInOrder && s.placement == .shortestFirst && i == firstRow && i < n && k == 1
                if inOrder { firstRow += 1 }
                var rule = inOrder ? i : Self.ruleColumn(s, index: i, n: n, pos: tops, starts: starts, cursor: cursor)
                if leastRecentTies && s.placement == .shortestFirst && k == 1 && !inOrder {
                    // Among the tied columns, the one whose last item is the oldest (-1: empty).
                    var m = tops[0]
                    for c in 1..<starts where tops[c] < m { m = tops[c] }
                    for c in 0..<starts where tops[c] - m <= s.tieTolerance && lastItem[c] < lastItem[rule] { rule = c }
                }
                // The engine's column: the rule's when its origin is within the tolerance of the
                // engine's x (columns narrower than the tolerance cannot be told apart), else the
                // origin nearest x, if within the tolerance.
                var column = rule
                var aligned = false
                if i < frames.count, frames[i].origin.x.isFinite {
                    let x = frames[i].origin.x
                    // x(c) as ``Section/origin(_:spacing:)`` computes it (the same operations), from
                    // lets: a local function capturing the `var` model would make every access to
                    // it an exclusivity check at run time.
                    func fits(_ c: Int) -> Bool { abs(x - (I.left + CGFloat(c) * stride)) <= tol }
                    if fits(rule) {
                        aligned = true
                    } else if stride > 0 {
                        let guess = ((x - I.left) / stride).rounded()
                        let g = guess.isFinite ? Int(max(0, min(guess, CGFloat(starts - 1)))) : 0
                        for d in 0..<3 {  // g, then g - 1, then g + 1 (no array per item)
                            let c = d == 0 ? g : d == 1 ? g - 1 : g + 1
                            if c >= 0 && c < starts && fits(c) { column = c; aligned = true; break }
                        }
                    }
                }
                // Placement is decided exactly where the tops are exact; elsewhere within the
                // rounding bound, never within the comparison tolerance.
                let allowed = column == rule
                    || (s.placement == .shortestFirst
                        && Self.tieAllows(column, s, pos: tops, starts: starts, cursor: cursor,
                                          slack: Self.decisionSlack(s, pos: tops, starts: starts, error: error)))
                let y = tops[column]
                var above = -1
                for j in column..<(column + k) where running[j] == y && lastItem[j] >= 0 { above = lastItem[j]; break }
                items.append(Item(
                    column: column, aligned: aligned, frame: CGRect(x: model.origin(column, spacing: spacing), y: y, width: iw, height: height),
                    above: above, ruleColumn: rule, placementAllowed: allowed))
                if !allowed { model.candidateTops[i] = Array(tops[0..<starts]) }
                let (next, nextError) = ExactSum.add(y, error + heightError, height, s.rowSpacing)
                if nextError > error { error = nextError }
                for j in column..<(column + k) { running[j] = next; lastItem[j] = i }
                cursor = column + k
                let (maxY, maxYError) = ExactSum.add(y, error + heightError, height)
                if maxY > bottom { bottom = maxY }
                if maxYError > bottomError { bottomError = maxYError }
            }
            model.items = items
            (top, topError) = ExactSum.add(bottom, bottomError, I.bottom)
            if let f = section.footer {
                model.footer = CGRect(x: f.inset.left, y: top + f.inset.top, width: W - f.inset.left - f.inset.right, height: f.height)
                (top, topError) = ExactSum.add(top, topError, f.inset.top, f.height, f.inset.bottom)
            }
            sections.append(model)
        }
        finalTop = top
    }

    /// How far the tie decision `pos(c) - m <= tieTolerance` may be off: 0 when every candidate
    /// top is exact (`error` 0) and so are the differences and `m + tieTolerance`; else twice the
    /// tops' error bound plus the rounding of the subtraction.
    package static func decisionSlack(_ s: LayoutSettings, pos: UnsafeBufferPointer<CGFloat>, starts: Int, error: CGFloat) -> CGFloat {
        var m = pos[0], top = pos[0]
        for c in 1..<max(starts, 1) { if pos[c] < m { m = pos[c] }; if pos[c] > top { top = pos[c] } }
        let r = ExactSum.roundingBound(top + s.tieTolerance)
        if error == 0 {
            // Exact tops: the differences and m + tieTolerance are exact when they fit the grid.
            var exact = ExactSum.exactInAnyOrder(m, s.tieTolerance, sum: m + s.tieTolerance)
            for c in 0..<starts where exact { exact = ExactSum.exactInAnyOrder(pos[c], -m, sum: pos[c] - m) }
            if exact { return 0 }
        }
        return 2 * error + 2 * r
    }

    /// The start column §5 step 3 picks from the candidate tops `pos[0..<starts]`.
    package static func ruleColumn(_ s: LayoutSettings, index: Int, n: Int, pos: UnsafeBufferPointer<CGFloat>, starts: Int, cursor: Int) -> Int {
        switch s.placement {
        case .leftToRight: return index % n
        case .rightToLeft: return n - 1 - index % n
        case .shortestFirst:
            var m = pos[0]
            for c in 1..<max(starts, 1) where pos[c] < m { m = pos[c] }
            // The tied set's smallest member, and its smallest at or after the cursor, by selects
            // from the right (no branch on which columns tie).
            var first = -1, after = -1
            var c = starts - 1
            while c >= 0 {
                let tied = pos[c] - m <= s.tieTolerance
                first = tied ? c : first
                after = unsafeBitCast(tied, to: UInt8.self) & unsafeBitCast(c >= cursor, to: UInt8.self) != 0 ? c : after
                c -= 1
            }
            return s.tieBreak == .afterPrevious && after >= 0 ? after : first
        }
    }

    /// Whether the tie rule could pick `column` if every difference `pos - m` moved by up to `slack`
    /// (0: the rule's column only): it must
    /// be in the widest possible tied set (`pos - m <= tieTolerance + slack`), and no column that is
    /// tied for certain (`pos - m <= tieTolerance - slack`) may be preferred by the tie break.
    package static func tieAllows(_ column: Int, _ s: LayoutSettings, pos: UnsafeBufferPointer<CGFloat>, starts: Int, cursor: Int, slack: CGFloat) -> Bool {
        var m = pos[0]
        for c in 1..<max(starts, 1) where pos[c] < m { m = pos[c] }
        guard pos[column] - m <= s.tieTolerance + slack else { return false }
        func certain(_ c: Int) -> Bool { pos[c] - m <= s.tieTolerance - slack }
        switch s.tieBreak {
        case .leftmost:
            return !(0..<column).contains(where: certain)
        case .afterPrevious:
            if column >= cursor { return !(cursor..<column).contains(where: certain) }
            return !(min(cursor, starts)..<starts).contains(where: certain) && !(0..<column).contains(where: certain)
        }
    }
}

/// Error-free transformations for ``LayoutModel``'s placement decisions (docs/decisions/placement.md).
package enum ExactSum {
    /// TwoSum: the exact rounding error of `s = a + b` (Knuth), so `a + b == s + error` exactly.
    @inline(__always) package static func twoSum(_ a: CGFloat, _ b: CGFloat, _ s: CGFloat) -> CGFloat {
        let bb = s - a
        return (a - (s - bb)) + (b - bb)
    }

    /// The exponent of the lowest set bit of `x` (finite, non-zero): `x.exponent - x.significandWidth`,
    /// from the bit pattern. A normal `x` is `(2^52 + m) · 2^(e - 1075)`, a subnormal `m · 2^-1074`.
    @inline(__always) package static func lowBit(_ x: CGFloat) -> Int {
        let e = Int(x.exponentBitPattern), m = x.significandBitPattern
        return e == 0 ? -1074 + m.trailingZeroBitCount : e - 1075 + (m | 1 << 52).trailingZeroBitCount
    }

    /// `x.exponent` (finite, non-zero) from the bit pattern: `floor(log2 |x|)`.
    @inline(__always) package static func exponent(_ x: CGFloat) -> Int {
        let e = Int(x.exponentBitPattern)
        return e != 0 ? e - 1023 : -1074 + 63 - x.significandBitPattern.leadingZeroBitCount
    }

    /// A bound on one rounding at about the magnitude of `x`.
    @inline(__always) package static func roundingBound(_ x: CGFloat) -> CGFloat { abs(x).ulp }

    /// Whether adding the terms (two of any sign, or any number ≥ 0) is exact in every order: all
    /// are multiples of 2^q (q the least low bit among them) and |sum| < 2^(53+q), so every partial
    /// sum is a multiple of 2^q below 2^(53+q) and fits a double's 53 bits; TwoSum's error is then 0
    /// for every addition of every order. `sum` is the sum in any order (rounding is monotone).
    @inline(__always) package static func exactInAnyOrder(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat = 0, _ d: CGFloat = 0,
                                                  sum: CGFloat) -> Bool {
        guard sum.isFinite else { return false }
        if sum == 0 { return true }
        var q = Int.max
        if a != 0 { q = lowBit(a) }
        if b != 0 { q = min(q, lowBit(b)) }
        if c != 0 { q = min(q, lowBit(c)) }
        if d != 0 { q = min(q, lowBit(d)) }
        return exponent(sum) - q <= 52
    }

    /// `a + b + c + d` in §5's order (left to right) and a bound on how far any evaluation order
    /// of it may be from the exact value, given `e`, the bound of `a`: 0 when `a` is exact and the
    /// sum is exact in every order; else `e`, the model's own rounding errors (TwoSum, exact), and
    /// up to one rounding per addition at the sum's magnitude for another order.
    @inline(__always) package static func add(_ a: CGFloat, _ e: CGFloat, _ b: CGFloat, _ c: CGFloat = 0, _ d: CGFloat = 0) -> (CGFloat, CGFloat) {
        let s1 = a + b, s2 = s1 + c, s3 = s2 + d
        if e == 0 && exactInAnyOrder(a, b, c, d, sum: s3) { return (s3, 0) }
        return (s3, e + abs(twoSum(a, b, s1)) + abs(twoSum(s1, c, s2)) + abs(twoSum(s2, d, s3)) + 3 * roundingBound(s3))
    }
}

/// Records whether any step of a computation rounded (TwoSum for sums, FMA residuals for products
/// and quotients).
package struct RoundingTrace {
    package var exact = true

    package mutating func add(_ a: CGFloat, _ b: CGFloat) -> CGFloat {
        let s = a + b
        if ExactSum.twoSum(a, b, s) != 0 { exact = false }
        return s
    }

    package mutating func mul(_ a: CGFloat, _ b: CGFloat) -> CGFloat {
        let p = a * b
        if (-p).addingProduct(a, b) != 0 { exact = false }
        return p
    }

    package mutating func div(_ a: CGFloat, _ b: CGFloat) -> CGFloat {
        let q = a / b
        if a.addingProduct(-q, b) != 0 { exact = false }
        return q
    }
}
