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
    ///   Validation (§6) rides along: the settings and sections are checked first, each item as
    ///   it is placed; only an invalid input takes the full §6 pass (``validate(_:)``) for its message.
    public static func layout(_ input: LayoutInput) throws(LayoutError) -> LayoutResult {
        var none = NoObserver()
        if passes(input, checkingItems: false), let result = compute(input, checkingItems: true, observer: &none) {
            return result
        }
        _ = try validate(input)
        return compute(input, observer: &none)
    }

    /// Each item's start column, section by section, by replaying §5 on `input`: the exact
    /// placement, which an item's x cannot always tell (columns narrower than a rounding step
    /// share an origin). For the rect-query index.
    /// - Throws: ``LayoutError`` when `input` is invalid.
    /// - Complexity: as ``layout(_:)``.
    static func startColumns(_ input: LayoutInput) throws(LayoutError) -> [[Int32]] {
        var recorder = ColumnRecorder()
        _ = try validate(input)
        _ = compute(input, observer: &recorder)
        var out: [[Int32]] = []
        out.reserveCapacity(input.sections.count)
        var at = 0
        for section in input.sections {
            out.append(Array(recorder.columns[at..<(at + section.items.count)]))
            at += section.items.count
        }
        return out
    }

    /// Told where each item went; specialised away when it does nothing.
    protocol PlacementObserver {
        mutating func placed(section: Int, column: Int)
    }

    struct NoObserver: PlacementObserver {
        @inline(__always) mutating func placed(section: Int, column: Int) {}
    }

    /// Every item's start column, flat: section 0's items in input order, then section 1's, ...
    /// One `Int32` store per item into storage reused across layouts (``reset(capacity:)``).
    struct ColumnRecorder: PlacementObserver {
        var columns: [Int32] = []
        mutating func reset(capacity: Int) {
            columns.removeAll(keepingCapacity: true)
            columns.reserveCapacity(capacity)
        }
        @inline(__always) mutating func placed(section: Int, column: Int) { columns.append(Int32(truncatingIfNeeded: column)) }
    }

    /// §5 on a validated input.
    static func compute<Observer: PlacementObserver>(_ input: LayoutInput, observer: inout Observer) -> LayoutResult {
        compute(input, checkingItems: false, observer: &observer)!
    }

    /// §5 on an input whose settings and sections are valid (``passes(_:checkingItems:)``). With
    /// `checkingItems`, each item is also checked as §6 checks it, in the same pass (one read of
    /// the items instead of two); `nil` when one is invalid (``validate(_:)`` then names the fault).
    ///
    /// The running heights, the window maxima, the deque and the columns' x live in one scratch
    /// buffer shared by every section, on the stack when small (a few columns: the fuzzer lays
    /// out thousands of small inputs, and a malloc/free pair was a visible part of each); each
    /// section's frames are written straight into its preallocated `[CGRect]`, with no per-item
    /// allocation or capacity check. Allocations: the sections array and each section's frames.
    /// - Complexity: O(items · columns) time for `shortestFirst` (O(items · pieces) past
    ///   ``denseColumnLimit`` columns), O(items) for round robin; O(max columns) scratch.
    @_specialize(where Observer == NoObserver)
    @_specialize(where Observer == ColumnRecorder)
    static func compute<Observer: PlacementObserver>(_ input: LayoutInput, checkingItems: Bool,
                                                     observer: inout Observer) -> LayoutResult? {
        let s = input.layout
        let W = s.containerWidth
        var top: CGFloat = 0
        var sections: [SectionFrames] = []
        sections.reserveCapacity(input.sections.count)
        let maxColumns = input.sections.reduce(0) { max($0, $1.columnCount ?? s.columnCount) }
        // Round robin scans every column densely; shortestFirst only up to the skyline's limit.
        // At least 8 heights: the sorted lanes read up to 8, +infinity past the columns.
        let dense = max(8, s.placement == .shortestFirst ? min(maxColumns, Self.denseColumnLimit) : maxColumns)
        var skyline = Skyline()
        // One scratch buffer for every section: running heights, window maxima (CGFloat), the
        // deque of column indices (Int), the columns' x (CGFloat).
        return withUnsafeTemporaryAllocation(byteCount: 4 * dense * 8, alignment: 16) { buffer -> LayoutResult? in
            let scratch = buffer.baseAddress!
            let H = scratch.bindMemory(to: CGFloat.self, capacity: 2 * dense)
            let P = H + dense
            let deque = (scratch + 16 * dense).bindMemory(to: Int.self, capacity: dense)
            let xs = (scratch + 24 * dense).bindMemory(to: CGFloat.self, capacity: dense)
            // Each section read in place (a `SectionInput` copy retains and releases its items).
            return input.sections.withUnsafeBufferPointer { inputSections -> LayoutResult? in
                for si in inputSections.indices {
                    let section = inputSections.baseAddress! + si
                    var out = SectionFrames()
                    // Step 1: header.
                    if let h = section.pointee.header {
                        out.header = CGRect(x: h.inset.left, y: top + h.inset.top, width: W - h.inset.left - h.inset.right, height: h.height)
                        top = top + h.inset.top + h.height + h.inset.bottom
                    }
                    // Step 2: columns.
                    let I = section.pointee.sectionInset ?? s.sectionInset
                    let n = section.pointee.columnCount ?? s.columnCount
                    let w = columnWidth(containerWidth: W, inset: I, columns: n, spacing: s.columnSpacing, scale: s.pixelScale)
                    let start = top + I.top
                    var bottom = start
                    if !section.pointee.items.isEmpty {
                        var valid = true
                        if s.placement == .shortestFirst && n > Self.denseColumnLimit {
                            out.items = placeOnSkyline(section.pointee.items, settings: s, section: si, columns: n, columnWidth: w,
                                                       left: I.left, start: start, bottom: &bottom, skyline: &skyline,
                                                       checking: checkingItems, valid: &valid, observer: &observer)
                        } else {
                            out.items = placeDense(section.pointee.items, settings: s, section: si, columns: n, columnWidth: w,
                                                   left: I.left, start: start, bottom: &bottom, heights: H, pos: P, deque: deque, xs: xs,
                                                   checking: checkingItems, valid: &valid, observer: &observer)
                        }
                        if !valid { return nil }
                    }
                    // Step 4: section bottom, no trailing rowSpacing.
                    top = bottom + I.bottom
                    // Step 5: footer.
                    if let f = section.pointee.footer {
                        out.footer = CGRect(x: f.inset.left, y: top + f.inset.top, width: W - f.inset.left - f.inset.right, height: f.height)
                        top = top + f.inset.top + f.height + f.inset.bottom
                    }
                    sections.append(out)
                }
                let result = LayoutResult(contentSize: CGSize(width: W, height: max(top, s.minimumContentHeight)), sections: sections)
                result._checkInvariants(for: input)
                return result
            }
        }
    }

    /// Whether §6 accepts a span: ≥ 1, and 1 under round robin. O(1).
    @inline(__always)
    static func isValidSpan(_ span: Int, roundRobin: Bool) -> Bool {
        span >= 1 && (span == 1 || !roundRobin)
    }

    /// §5 step 3 for one section of at most ``denseColumnLimit`` columns (any count for round
    /// robin), over contiguous running heights `heights[0..<n]` (at least 8 of them): the frames,
    /// in input order, written into preallocated storage. `bottom` (the items' greatest maxY so
    /// far) is raised as items are placed. With `checking`, an invalid item (``isValidSpan(_:roundRobin:)``,
    /// ``itemHeight(_:width:scale:)``) stops the section with `valid` false.
    ///
    /// The common case (`shortestFirst`, `leftmost`, tie tolerance 0, at most 8 columns) takes
    /// runs of span-1 items with the heights in registers, sorted (``LeastRuns``): no search,
    /// no memory traffic for the heights. Any other item takes the general path, one by one: past
    /// 8 columns a branch-free minimum scan, a spanning item the O(n) sliding-window maximum
    /// first; the other tie rules go through ``choose(_:count:tolerance:tieBreak:cursor:)``.
    /// - Complexity: O(items · n) time, no allocation but the frames.
    @inline(__always)
    static func placeDense<Observer: PlacementObserver>(
        _ items: [LayoutItem], settings s: LayoutSettings, section si: Int, columns n: Int, columnWidth w: CGFloat,
        left: CGFloat, start: CGFloat, bottom: inout CGFloat, heights H: UnsafeMutablePointer<CGFloat>,
        pos P: UnsafeMutablePointer<CGFloat>, deque D: UnsafeMutablePointer<Int>, xs X: UnsafeMutablePointer<CGFloat>,
        checking: Bool, valid: inout Bool, observer: inout Observer
    ) -> [CGRect] {
        let spacing = s.columnSpacing
        let rowSpacing = s.rowSpacing
        let scale = s.pixelScale
        let stride = w + spacing
        let placement = s.placement
        let roundRobin = placement.isRoundRobin
        let simpleTies = s.tieTolerance == 0 && s.tieBreak == .leftmost
        // Runs of span-1 items in sorted registers (LeastRuns).
        let lanes = placement == .shortestFirst && simpleTies && n <= 8
        let tolerance = s.tieTolerance, tieBreak = s.tieBreak
        let count = items.count
        for c in 0..<n { H[c] = start }
        for c in n..<max(n, 8) { H[c] = .infinity }
        if lanes { for c in 0..<n { X[c] = left + CGFloat(c) * stride } }
        let w1 = itemWidth(span: 1, columnWidth: w, spacing: spacing)
        var maxBottom = bottom
        var ok = true
        let frames = items.withUnsafeBufferPointer { src -> [CGRect] in
            /// Places the items into `dst` (room for `count`); returns how many it placed. The
            /// state it changes comes in as `inout` parameters: a local function's captured `var`s
            /// are checked for exclusive access at run time on every access.
            func fill(_ dst: UnsafeMutablePointer<CGRect>, _ ok: inout Bool, _ maxBottom: inout CGFloat,
                      _ observer: inout Observer) -> Int {
                var cursor = 0
                var i = 0
                while i < count {
                    let item = src[i]
                    let k = item.span < n ? item.span : n
                    if lanes && k == 1 {
                        let run = LeastRuns(items: src, frames: dst, section: si, columns: n, width: w1, rowSpacing: rowSpacing,
                                            scale: scale, heights: H, sortedHeights: P, sortedColumns: D, xs: X, checking: checking)
                            .place(from: i, bottom: &maxBottom, observer: &observer)
                        i = run.next
                        if !run.valid { ok = false; break }
                        continue
                    }
                    let iw = k == 1 ? w1 : itemWidth(span: k, columnWidth: w, spacing: spacing)
                    let (height, measured) = itemHeight(item, width: iw, scale: scale)
                    if checking && !(measured && isValidSpan(item.span, roundRobin: roundRobin)) { ok = false; break }
                    var c: Int
                    var y: CGFloat
                    switch placement {
                    case .leftToRight:
                        c = i % n; y = H[c]
                    case .rightToLeft:
                        c = n - 1 - i % n; y = H[c]
                    case .shortestFirst:
                        let tops: UnsafeMutablePointer<CGFloat>
                        let starts: Int
                        if k == 1 {
                            tops = H; starts = n
                        } else {
                            starts = windowMaxima(UnsafeMutableBufferPointer(start: H, count: n), n: n, k: k,
                                                  into: UnsafeMutableBufferPointer(start: P, count: n),
                                                  deque: UnsafeMutableBufferPointer(start: D, count: n))
                            tops = P
                        }
                        if simpleTies {
                            // The least top, leftmost on ties: branch-free selects.
                            c = 0; y = tops[0]
                            var j = 1
                            while j < starts {
                                let v = tops[j]
                                let less = v < y
                                y = less ? v : y
                                c = less ? j : c
                                j += 1
                            }
                        } else {
                            c = choose(UnsafeMutableBufferPointer(start: tops, count: starts), count: starts,
                                       tolerance: tolerance, tieBreak: tieBreak, cursor: cursor)
                            y = tops[c]
                        }
                    }
                    (dst + i).initialize(to: CGRect(x: left + CGFloat(c) * stride, y: y, width: iw, height: height))
                    let next = y + height + rowSpacing
                    if k == 1 { H[c] = next } else { for j in c..<(c + k) { H[j] = next } }
                    cursor = c + k
                    observer.placed(section: si, column: c)
                    let maxY = y + height
                    maxBottom = maxY > maxBottom ? maxY : maxBottom
                    i += 1
                }
                return i
            }
            if count == 0 { return [CGRect]() }
            // A small section is placed into a temporary buffer and copied out:
            // `Array(unsafeUninitializedCapacity:)` allocates through the standard library's
            // unspecialized path (a generic metadata lookup, about 650 instructions, more than
            // placing 16 items; issue 16's profile), an array made from a buffer does not.
            if count <= Self.copiedSectionLimit {
                return withUnsafeTemporaryAllocation(of: CGRect.self, capacity: count) { tmp in
                    let placed = fill(tmp.baseAddress!, &ok, &maxBottom, &observer)
                    return Array(UnsafeBufferPointer(start: tmp.baseAddress!, count: placed))
                }
            }
            return [CGRect](unsafeUninitializedCapacity: count) { dst, initialized in
                initialized = fill(dst.baseAddress!, &ok, &maxBottom, &observer)
            }
        }
        valid = ok
        bottom = maxBottom
        return frames
    }

    /// §5 step 3 for a `shortestFirst` section of more than ``denseColumnLimit`` columns, on the
    /// ``Skyline``. - Complexity: O(items · pieces).
    static func placeOnSkyline<Observer: PlacementObserver>(
        _ items: [LayoutItem], settings s: LayoutSettings, section si: Int, columns n: Int, columnWidth w: CGFloat,
        left: CGFloat, start: CGFloat, bottom: inout CGFloat, skyline: inout Skyline,
        checking: Bool, valid: inout Bool, observer: inout Observer
    ) -> [CGRect] {
        // Many columns (review D8): the running heights as a skyline of equal-height pieces,
        // O(pieces) per item whatever the column count and the span; the same answers.
        let spacing = s.columnSpacing
        var out: [CGRect] = []
        out.reserveCapacity(items.count)
        skyline.reset(columns: n, height: start)
        var cursor = 0
        for item in items {
            let k = min(item.span, n)
            let iw = itemWidth(span: k, columnWidth: w, spacing: spacing)
            let (height, measured) = itemHeight(item, width: iw, scale: s.pixelScale)
            if checking && !(measured && isValidSpan(item.span, roundRobin: false)) { valid = false; break }
            let (c, y) = skyline.choose(span: k, tolerance: s.tieTolerance, tieBreak: s.tieBreak, cursor: cursor)
            out.append(CGRect(x: left + CGFloat(c) * (w + spacing), y: y, width: iw, height: height))
            skyline.assign(c..<(c + k), y + height + s.rowSpacing)
            cursor = c + k
            observer.placed(section: si, column: c)
            if y + height > bottom { bottom = y + height }
        }
        return out
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
        // The tied set's smallest member, and its smallest at or after the cursor: one pass from
        // the right with selects, no branch on which columns tie (unpredictable per item).
        var first = -1, after = -1
        var c = count - 1
        while c >= 0 {
            let tied = pos[c] - m <= tolerance
            first = tied ? c : first
            after = unsafeBitCast(tied, to: UInt8.self) & unsafeBitCast(c >= cursor, to: UInt8.self) != 0 ? c : after
            c -= 1
        }
        return tieBreak == .afterPrevious && after >= 0 ? after : first
    }

    /// `pos(c)` for every start column `c` in `0...n-k`: the largest of `heights[c ..< c+k]`; up to
    /// 8 columns by direct maxima (at most 16 branch-free steps), else by a monotonic deque
    /// (sliding-window maximum), whose pops are branches no predictor learns.
    /// - Returns: the number of start columns, `n - k + 1`.
    /// - Complexity: O(n), whatever `k` (O(n·k) with n·k ≤ 64 in the direct case).
    @inline(__always)
    static func windowMaxima(_ heights: UnsafeMutableBufferPointer<CGFloat>, n: Int, k: Int,
                             into pos: UnsafeMutableBufferPointer<CGFloat>, deque: UnsafeMutableBufferPointer<Int>) -> Int {
        if n <= 8 {
            for c in 0...(n - k) {
                var m = heights[c]
                for j in (c + 1)..<(c + k) { let h = heights[j]; m = h > m ? h : m }
                pos[c] = m
            }
            return n - k + 1
        }
        var head = 0, tail = 0
        for j in 0..<n {
            while tail > head && heights[deque[tail - 1]] <= heights[j] { tail -= 1 }
            deque[tail] = j; tail += 1
            if deque[head] <= j - k { head += 1 }
            if j >= k - 1 { pos[j - k + 1] = heights[deque[head]] }
        }
        return n - k + 1
    }

    /// §5 step 3: a span-`k` item's width, `k·w + (k-1)·spacing`. O(1).
    @inline(__always)
    static func itemWidth(span k: Int, columnWidth w: CGFloat, spacing: CGFloat) -> CGFloat {
        CGFloat(k) * w + CGFloat(k - 1) * spacing
    }

    /// §5 step 3: the height of `item` at width `iw` (its own, or its size scaled to that width,
    /// floored to device pixels when `scale` is set), and whether §6 accepts its dimension: a
    /// height in 0...1e9 pt; a size of width in (0, 1e9] and height in 0...1e9 pt whose derived
    /// height is a length too (the item conditions of ``passes(_:checkingItems:)`` but the
    /// span's). One read of the dimension for both. O(1).
    @inline(__always)
    static func itemHeight(_ item: LayoutItem, width iw: CGFloat, scale: CGFloat?) -> (height: CGFloat, valid: Bool) {
        switch item.dimension {
        case .height(let h):
            return (h, isValidLength(h))
        case .size(let sz):
            let h = floorToPixel(sz.height * iw / sz.width, scale)
            return (h, sz.width > 0 && sz.width <= maximumLength && isValidLength(sz.height) && isValidLength(h))
        }
    }

    /// Sections with more columns than this use the ``Skyline`` (O(pieces) per item); others the
    /// dense scan over contiguous heights, which is faster for the column counts real layouts have.
    static let denseColumnLimit = 64

    /// Sections of at most this many items are placed into a temporary buffer and copied into
    /// their array (8 KiB of frames); larger ones straight into theirs (the copy would cost more
    /// than the allocation's lookup saves).
    static let copiedSectionLimit = 256

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
