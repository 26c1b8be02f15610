import Foundation

extension ReferenceLayout {
    /// The running heights of a `shortestFirst` section of at most ``width`` columns, held in
    /// registers in ascending order, +infinity past the section's columns; which column each
    /// height belongs to is kept beside them (``LeastRuns``: 4 bits a lane, packed in one word).
    /// Lane 0 is then the least height, read with no search at all.
    ///
    /// Why (issue 16): a span-1 item's cost is one chain of dependent operations from one item's
    /// top to the next's. With the heights in memory and a tournament over them, that chain was a
    /// store-to-load forward, the two adds of `(y + height) + rowSpacing`, and two or three levels
    /// of compare-and-select. Here the item's new height `a` replaces lane 0 and is inserted in
    /// one step: every lane compares itself with `a` at once (independent compares), then takes
    /// its right neighbour, `a`, or itself, as `min`/`max`. The next item's top is
    /// `min(a, lane 1)`, so the chain is the two adds and one `min`, whatever the column count.
    protocol SortedLanes {
        /// How many heights the lanes hold.
        static var width: Int { get }
        /// The lanes from `heights[0 ..< width]`, already in ascending order.
        init(heights: UnsafePointer<CGFloat>)
        /// Lane 0: the least height.
        var least: CGFloat { get }
        /// Lane 1, +infinity when there is none (a tie with lane 0 when equal to it).
        var second: CGFloat { get }
        /// Removes lane 0 of the whole set (when `leading`; else this group's lane 0 moves out to
        /// the left) and inserts `a`, which is never below the removed height; `next` is the
        /// height to the right of this group (+infinity for the last group).
        /// - Returns: this group's lane 0 as it was, for the group to its left, and how many of
        ///   this group's lanes (lane 0 of the whole set aside) hold a height below `a`: they move
        ///   one lane left, and `a` lands after them. O(width), no branch.
        mutating func insert(_ a: CGFloat, next: CGFloat, leading: Bool) -> (moving: CGFloat, below: Int)
        /// Writes lane `j` to `heights[j]`.
        func store(into heights: UnsafeMutablePointer<CGFloat>)
    }

    /// One lane of a ``SortedLanes`` set, in a scalar register.
    struct SortedLane: SortedLanes {
        var height: CGFloat

        static var width: Int { 1 }

        @inline(__always) init(heights h: UnsafePointer<CGFloat>) { height = h[0] }

        var least: CGFloat { height }
        var second: CGFloat { .infinity }

        /// The lane takes its right neighbour when that is below `a`, else `a` when it is itself
        /// below `a`, else stays: `min(next, max(a, height))`, emitted as `maxsd` and `minsd`, no
        /// branch (the same value whichever of two equal heights moves: running heights are
        /// never NaN nor -0). The leading lane skips the `max`: `a` is its height plus lengths
        /// ≥ 0.
        ///
        /// Whether the height is below `a` is counted on the bit patterns, the sign of their
        /// difference: non-negative doubles (+infinity included) order as their patterns, and a
        /// floating-point compare here would be turned into a branch by the back end (x86 cmov
        /// conversion), mispredicted about once an item.
        @inline(__always)
        mutating func insert(_ a: CGFloat, next: CGFloat, leading: Bool) -> (moving: CGFloat, below: Int) {
            let old = height
            let low = leading ? a : (old < a ? a : old)
            height = next < low ? next : low
            return (old, leading ? 0 : Int(truncatingIfNeeded: (old.bitPattern &- a.bitPattern) &>> (UInt.bitWidth - 1)))
        }

        @inline(__always) func store(into h: UnsafeMutablePointer<CGFloat>) { h[0] = height }
    }

    /// The lanes of `Low` then those of `High`: `High`'s lane 0 moves into `Low`'s last. Nested
    /// pairs of ``SortedLane`` give every width, all in registers once inlined.
    struct SortedLanePair<Low: SortedLanes, High: SortedLanes>: SortedLanes {
        var low: Low
        var high: High

        static var width: Int { Low.width + High.width }

        @inline(__always)
        init(heights h: UnsafePointer<CGFloat>) {
            low = Low(heights: h)
            high = High(heights: h + Low.width)
        }

        var least: CGFloat { low.least }
        var second: CGFloat { Low.width > 1 ? low.second : high.least }

        @inline(__always)
        mutating func insert(_ a: CGFloat, next: CGFloat, leading: Bool) -> (moving: CGFloat, below: Int) {
            let right = high.insert(a, next: next, leading: false)
            let left = low.insert(a, next: right.moving, leading: leading)
            return (left.moving, left.below + right.below)
        }

        @inline(__always)
        func store(into h: UnsafeMutablePointer<CGFloat>) { low.store(into: h); high.store(into: h + Low.width) }
    }

    /// Two lanes in one vector register, for the wide sets: the same `min(next, max(a, height))`
    /// and the same bit-pattern count as ``SortedLane``, two lanes an instruction (`maxpd`,
    /// `minpd`, `psubq`). The leading lane takes the `max` too (`a` is never below it, so the
    /// value is the same), one more step on the chain, which only pays where the lanes' work,
    /// not the chain, bounds an item.
    struct SortedLaneVector: SortedLanes {
        var heights: SIMD2<Double>

        static var width: Int { 2 }

        @inline(__always) init(heights h: UnsafePointer<CGFloat>) { heights = SIMD2(Double(h[0]), Double(h[1])) }

        var least: CGFloat { CGFloat(heights.x) }
        var second: CGFloat { CGFloat(heights.y) }

        @inline(__always)
        mutating func insert(_ a: CGFloat, next: CGFloat, leading: Bool) -> (moving: CGFloat, below: Int) {
            let old = heights
            let av = SIMD2(repeating: Double(a))
            let low = old.replacing(with: av, where: old .< av)
            let right = SIMD2(old.y, Double(next))
            heights = low.replacing(with: right, where: right .< low)
            let below = (unsafeBitCast(old, to: SIMD2<UInt64>.self) &- SIMD2(repeating: UInt64(a.bitPattern))) &>> 63
            return (CGFloat(old.x), Int(truncatingIfNeeded: leading ? below.y : below.x &+ below.y))
        }

        @inline(__always) func store(into h: UnsafeMutablePointer<CGFloat>) { h[0] = CGFloat(heights.x); h[1] = CGFloat(heights.y) }
    }

    typealias SortedLanes2 = SortedLanePair<SortedLane, SortedLane>
    typealias SortedLanes3 = SortedLanePair<SortedLanes2, SortedLane>
    typealias SortedLanes4 = SortedLanePair<SortedLanes2, SortedLanes2>
    typealias SortedVectors4 = SortedLanePair<SortedLaneVector, SortedLaneVector>
    typealias SortedLanes6 = SortedLanePair<SortedVectors4, SortedLaneVector>
    typealias SortedLanes8 = SortedLanePair<SortedVectors4, SortedVectors4>

    /// §5 step 3 for runs of span-1 items in a `shortestFirst` section of at most 8 columns with
    /// `leftmost` ties and a tie tolerance of 0: each item goes to the leftmost least column,
    /// lane 0 of a ``SortedLanes`` set just wide enough for the section. What stays the same over
    /// the section.
    struct LeastRuns {
        var items: UnsafeBufferPointer<LayoutItem>
        var frames: UnsafeMutablePointer<CGRect>
        var section: Int
        var columns: Int
        /// A span-1 item's width.
        var width: CGFloat
        var rowSpacing: CGFloat
        var scale: CGFloat?
        /// The running heights, at least 8 (+infinity past the section's columns).
        var heights: UnsafeMutablePointer<CGFloat>
        /// Scratch for sorting, at least 8 each.
        var sortedHeights: UnsafeMutablePointer<CGFloat>
        var sortedColumns: UnsafeMutablePointer<Int>
        /// Column `c`'s x.
        var xs: UnsafePointer<CGFloat>
        var checking: Bool

        /// Places the run of span-1 items from `items[first]` on, with the narrowest lanes that
        /// hold the section's columns (1, 2, 3, 4, 6 or 8: each width is its own specialised
        /// loop, padding costs a lane's compares; 6 and 8 in two-lane vectors).
        /// - Returns: see ``place(_:from:bottom:observer:)``.
        @inline(__always)
        func place<Observer: PlacementObserver>(from first: Int, bottom: inout CGFloat,
                                                observer: inout Observer) -> (next: Int, valid: Bool) {
            switch columns {
            case 1: return place(SortedLane.self, from: first, bottom: &bottom, observer: &observer)
            case 2: return place(SortedLanes2.self, from: first, bottom: &bottom, observer: &observer)
            case 3: return place(SortedLanes3.self, from: first, bottom: &bottom, observer: &observer)
            case 4: return place(SortedLanes4.self, from: first, bottom: &bottom, observer: &observer)
            case 5, 6: return place(SortedLanes6.self, from: first, bottom: &bottom, observer: &observer)
            default: return place(SortedLanes8.self, from: first, bottom: &bottom, observer: &observer)
            }
        }

        /// Places items from `items[first]` on while their span (clamped to the columns) is 1;
        /// the caller places the next one by the general path. With `checking`, stops at an
        /// invalid item with `valid` false. `heights[0 ..< Lanes.width]` are the running heights
        /// on entry and on return; `bottom` is raised to the run's greatest item maxY.
        /// - Returns: the index of the first item not placed, and whether every item was valid.
        /// - Complexity: O(items · width), no allocation, no memory traffic for the heights
        ///   within the run; O(width²) to sort the heights at its start.
        @inline(__always)
        func place<Lanes: SortedLanes, Observer: PlacementObserver>(
            _: Lanes.Type, from first: Int, bottom: inout CGFloat, observer: inout Observer
        ) -> (next: Int, valid: Bool) {
            let H = heights, SH = sortedHeights, SC = sortedColumns
            // Insertion sort by height, stable, so equal heights stay in column order.
            for c in 0..<Lanes.width {
                var j = c
                while j > 0 && SH[j - 1] > H[c] { SH[j] = SH[j - 1]; SC[j] = SC[j - 1]; j -= 1 }
                SH[j] = H[c]; SC[j] = c
            }
            var lanes = Lanes(heights: SH)
            // Lane j's column in bits 4j ..< 4j+4.
            var columnOf: UInt64 = 0
            for j in 0..<Lanes.width { columnOf |= UInt64(SC[j]) &<< (4 * j) }
            // Locals, so the loop keeps them in registers instead of reloading them from `self`.
            let (items, frames, xs) = (self.items, self.frames, self.xs)
            let (iw, rowSpacing, scale, n, checking) = (width, self.rowSpacing, self.scale, columns, self.checking)
            let spanSlack = n == 1 ? UInt(Int.max - 1) : 0
            var maxBottom = bottom
            var valid = true
            var i = first
            while i < items.count {
                let item = items[i]
                // The clamped span is 1: span 1, or any span ≥ 1 in one column. One unsigned compare.
                if UInt(bitPattern: item.span &- 1) > spanSlack { break }
                let (height, ok) = itemHeight(item, width: iw, scale: scale)
                if checking && !ok { valid = false; break }
                // Equal heights are in no particular order: on a tie at the least, the leftmost
                // of the tied columns goes first (§5 `leftmost`).
                if lanes.second == lanes.least { columnOf = leftmostFirst(columnOf, lanes) }
                let y = lanes.least, c = Int(truncatingIfNeeded: columnOf & 0xF)
                let maxY = y + height
                let below = lanes.insert(maxY + rowSpacing, next: .infinity, leading: true).below
                // Lanes 1 ... below move one lane left, column c (lane 0's) lands in lane `below`, the
                // rest stay: the low `below + 1` nibbles rotate right by one.
                let at = 4 * below
                let moved = columnOf & ((16 &<< at) &- 1)
                columnOf = (columnOf ^ moved) | (moved &>> 4) | (UInt64(c) &<< at)
                (frames + i).initialize(to: CGRect(x: xs[c], y: y, width: iw, height: height))
                observer.placed(section: section, column: c)
                maxBottom = maxY > maxBottom ? maxY : maxBottom
                i += 1
            }
            lanes.store(into: SH)
            for j in 0..<Lanes.width { H[Int(truncatingIfNeeded: (columnOf &>> (4 * j)) & 0xF)] = SH[j] }
            bottom = maxBottom
            return (i, valid)
        }

        /// `columnOf` with the leftmost column among the lanes tied at the least height moved to
        /// lane 0 (swapped with lane 0's; the heights are equal, so they need not move). Rare
        /// with measured heights, out of line. O(width).
        @inline(never)
        func leftmostFirst<Lanes: SortedLanes>(_ columnOf: UInt64, _ lanes: Lanes) -> UInt64 {
            let SH = sortedHeights
            lanes.store(into: SH)
            var best = 0, bestColumn = columnOf & 0xF
            var j = 1
            while j < Lanes.width && SH[j] == SH[0] {
                let column = (columnOf &>> (4 * j)) & 0xF
                if column < bestColumn { best = j; bestColumn = column }
                j += 1
            }
            let swap = (columnOf ^ (columnOf &>> (4 * best))) & 0xF
            return columnOf ^ swap ^ (swap &<< (4 * best))
        }
    }
}
