import Foundation

extension ReferenceLayout {
    /// One (running height, column) pair of a ``SortedLanes``, with whether it comes before the
    /// pair being inserted.
    struct Lane {
        var height: CGFloat
        var column: Int
        var precedes: Bool

        /// What lies past the last lane: nothing precedes it, it never moves in.
        static let end = Lane(height: .infinity, column: 0, precedes: false)
    }

    /// The running heights of a `shortestFirst` section of at most ``width`` columns, held in
    /// registers as (height, column) pairs in ascending order of height, then column; lanes past
    /// the section's columns hold +infinity (and the columns `n ..< width`), so they never come
    /// first. Lane 0 is then the leftmost least column (§5 step 3 with `leftmost` and a tie
    /// tolerance of 0), read with no search at all.
    ///
    /// Why (issue 16): a span-1 item's cost is one chain of dependent operations from one item's
    /// top to the next's. With the heights in memory and a tournament over them, that chain was a
    /// store-to-load forward, the two adds of `(y + height) + rowSpacing`, and two or three levels
    /// of compare-and-select. Here the item's new height `a` is inserted into the sorted lanes in
    /// one step: every lane compares itself with `a` at once (independent compares), then takes
    /// its right neighbour, `a`, or itself. The next item's top is `min(a, lane 1)`, so the chain
    /// is the two adds and one `min`, whatever the column count.
    protocol SortedLanes {
        /// How many columns the lanes hold.
        static var width: Int { get }
        /// The lanes from `heights[0 ..< width]` and `columns[0 ..< width]`, already in order.
        init(heights: UnsafePointer<CGFloat>, columns: UnsafePointer<Int>)
        /// Lane 0.
        var least: (height: CGFloat, column: Int) { get }
        /// Removes lane 0 of the whole set (when `leading`; else lane 0 of this group moves out to
        /// the left) and inserts (`a`, `column`); `next` is the lane to the right of this group
        /// (``Lane/end`` for the last group). Returns this group's lane 0 as it was, for the group
        /// to its left. O(width), no branch.
        mutating func insert(_ a: CGFloat, column: Int, next: Lane, leading: Bool) -> Lane
        /// Writes each lane's height to its column, `heights[column] = height`.
        func store(into heights: UnsafeMutablePointer<CGFloat>)
    }

    /// Whether the pair (`height`, `column`) comes before (`a`, `aColumn`) in the lanes' order:
    /// a lower height, or the same height in a column to the left. O(1).
    @inline(__always)
    static func precedes(_ height: CGFloat, _ column: Int, _ a: CGFloat, _ aColumn: Int) -> Bool {
        column < aColumn ? height <= a : height < a
    }

    /// The new content of a lane (`lane`) when lane 0 of the whole set is removed and (`a`,
    /// `aColumn`) inserted: its right neighbour moves in when the neighbour precedes the new pair;
    /// else the new pair when this lane precedes it; else the lane stays. The height as a min/max
    /// (`min(next, max(a, height))`, the same value whichever tied pair wins, since the pairs are
    /// ordered and running heights are never NaN nor -0), which the back end emits as `minsd` and
    /// `maxsd`, no branch. The leading lane skips the `max`: `a` is a top plus lengths ≥ 0, so it
    /// is never below lane 0's height, and the next item's top is `min(next, a)`. O(1).
    @inline(__always)
    static func shifted(_ lane: Lane, next: Lane, a: CGFloat, aColumn: Int, leading: Bool) -> (CGFloat, Int) {
        let low = leading ? a : (lane.height < a ? a : lane.height)
        let height = next.height < low ? next.height : low
        return (height, next.precedes ? next.column : (lane.precedes ? aColumn : lane.column))
    }

    /// Four lanes of a ``SortedLanes`` set, in scalar registers.
    struct SortedLanes4: SortedLanes {
        var h0, h1, h2, h3: CGFloat
        var c0, c1, c2, c3: Int

        static var width: Int { 4 }

        @inline(__always)
        init(heights h: UnsafePointer<CGFloat>, columns c: UnsafePointer<Int>) {
            (h0, h1, h2, h3) = (h[0], h[1], h[2], h[3])
            (c0, c1, c2, c3) = (c[0], c[1], c[2], c[3])
        }

        var least: (height: CGFloat, column: Int) { (h0, c0) }

        @inline(__always)
        mutating func insert(_ a: CGFloat, column: Int, next: Lane, leading: Bool) -> Lane {
            let l0 = Lane(height: h0, column: c0, precedes: precedes(h0, c0, a, column))
            let l1 = Lane(height: h1, column: c1, precedes: precedes(h1, c1, a, column))
            let l2 = Lane(height: h2, column: c2, precedes: precedes(h2, c2, a, column))
            let l3 = Lane(height: h3, column: c3, precedes: precedes(h3, c3, a, column))
            (h0, c0) = shifted(l0, next: l1, a: a, aColumn: column, leading: leading)
            (h1, c1) = shifted(l1, next: l2, a: a, aColumn: column, leading: false)
            (h2, c2) = shifted(l2, next: l3, a: a, aColumn: column, leading: false)
            (h3, c3) = shifted(l3, next: next, a: a, aColumn: column, leading: false)
            return l0
        }

        @inline(__always)
        func store(into h: UnsafeMutablePointer<CGFloat>) {
            h[c0] = h0; h[c1] = h1; h[c2] = h2; h[c3] = h3
        }
    }

    /// Eight lanes: two groups of four, the right group's lane 0 moving into the left group.
    struct SortedLanes8: SortedLanes {
        var low: SortedLanes4
        var high: SortedLanes4

        static var width: Int { 8 }

        @inline(__always)
        init(heights h: UnsafePointer<CGFloat>, columns c: UnsafePointer<Int>) {
            low = SortedLanes4(heights: h, columns: c)
            high = SortedLanes4(heights: h + 4, columns: c + 4)
        }

        var least: (height: CGFloat, column: Int) { low.least }

        @inline(__always)
        mutating func insert(_ a: CGFloat, column: Int, next: Lane, leading: Bool) -> Lane {
            low.insert(a, column: column, next: high.insert(a, column: column, next: next, leading: false), leading: leading)
        }

        @inline(__always)
        func store(into h: UnsafeMutablePointer<CGFloat>) {
            low.store(into: h); high.store(into: h)
        }
    }

    /// §5 step 3 for a run of span-1 items from `items[first]` on, in a `shortestFirst` section
    /// of at most `Lanes.width` columns with `leftmost` ties and a tie tolerance of 0: each item
    /// goes to the leftmost least column, which is lane 0 of the sorted ``SortedLanes``. Stops at
    /// the first item whose span (clamped to `n`) is not 1, which the caller places by the general
    /// path, or (with `checking`) at an invalid item, returning `valid` false.
    ///
    /// `heights[0 ..< Lanes.width]` are the running heights on entry (+infinity past the section's
    /// columns) and on return; `sortedHeights` and `sortedColumns` are scratch of `Lanes.width`
    /// each; `xs[c]` is column `c`'s x. `bottom` is raised to the run's greatest item maxY.
    /// - Returns: the index of the first item not placed, and whether every item was valid.
    /// - Complexity: O(items · width), no allocation, no memory traffic for the heights within
    ///   the run; O(width²) to sort the heights at its start.
    @inline(__always)
    static func placeLeastRun<Lanes: SortedLanes, Observer: PlacementObserver>(
        _: Lanes.Type, _ items: UnsafeBufferPointer<LayoutItem>, from first: Int, into frames: UnsafeMutablePointer<CGRect>,
        section si: Int, columns n: Int, width iw: CGFloat, rowSpacing: CGFloat, scale: CGFloat?,
        heights H: UnsafeMutablePointer<CGFloat>, sortedHeights SH: UnsafeMutablePointer<CGFloat>,
        sortedColumns SC: UnsafeMutablePointer<Int>, xs: UnsafePointer<CGFloat>,
        bottom: inout CGFloat, checking: Bool, observer: inout Observer
    ) -> (next: Int, valid: Bool) {
        // Insertion sort by height, stable, so equal heights stay in column order.
        for c in 0..<Lanes.width {
            var j = c
            while j > 0 && SH[j - 1] > H[c] { SH[j] = SH[j - 1]; SC[j] = SC[j - 1]; j -= 1 }
            SH[j] = H[c]; SC[j] = c
        }
        var lanes = Lanes(heights: SH, columns: SC)
        var maxBottom = bottom
        var valid = true
        var i = first
        while i < items.count {
            let item = items[i]
            if (item.span < n ? item.span : n) != 1 { break }
            let (height, ok) = itemHeight(item, width: iw, scale: scale)
            if checking && !ok { valid = false; break }
            let (y, c) = lanes.least
            let maxY = y + height
            _ = lanes.insert(maxY + rowSpacing, column: c, next: .end, leading: true)
            (frames + i).initialize(to: CGRect(x: xs[c], y: y, width: iw, height: height))
            observer.placed(section: si, column: c)
            maxBottom = maxY > maxBottom ? maxY : maxBottom
            i += 1
        }
        lanes.store(into: H)
        bottom = maxBottom
        return (i, valid)
    }
}
