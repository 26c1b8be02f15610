import Foundation

/// Answers `elements(in:)` over a reference layout without scanning every element.
///
/// Per section, items are grouped by start column (compressed: one flat array, the start columns
/// that hold items, and their offsets, so an index is as large as its items whatever the column
/// count; adversarial review D8). The
/// items starting in one column are stacked in it, so both their `minY` and `maxY` grow with their
/// order; a binary search finds the first that reaches below the rect's top. A spanning item is
/// kept under its start column only, so the search also looks `maxSpan` columns to the left of the
/// rect. Sections are stacked too, so a binary search finds the first section to visit.
///
/// Uses the strict "meets" predicate of FIXTURE-FORMAT §9 (touching edges do not meet).
///
/// - Precondition: `result` is the reference layout (§5) of `input`; the stacking above holds for
///   no other engine in general.
/// - Complexity: building O(items · log items) time and O(items) memory (plus the layout replay);
///   a query O(log sections + c · log n + k + v), where c is the number of occupied start columns
///   searched, n the items per column, k the number of results and v the items in the rect's
///   band in the look-back columns that miss it horizontally (none without spans).
package struct RectQueryIndex: Sendable {
    struct Section: Sendable {
        var minY: CGFloat          // top of the section's first element; made monotonic across sections
        var maxY: CGFloat          // bottom of its last element; made monotonic across sections
        var x0: CGFloat            // x(0) = sectionInset.left
        var stride: CGFloat        // w + columnSpacing
        var columnCount: Int
        var maxSpan: Int
        /// Columns of rounding slack on each side of the rect: 1, or more where columns are
        /// narrower than the rounding step of an x (degenerate but valid layouts).
        var slack: Int
        // Ranges into the index's flat arrays (plain values, so a query copies no reference):
        var columnsStart = 0       // columns[columnsStart ..< columnsStart + occupied]: the start columns that hold items, increasing
        var occupied = 0
        var offsetsStart = 0       // offsets[offsetsStart ...]: occupied + 1 offsets into this section's part of `order`
        var orderStart = 0         // order[orderStart ..< orderStart + orderCount]: item indices grouped by start column, in input order
        var orderCount = 0
        var framesStart = 0        // frames[framesStart ..< framesStart + frameCount]: the section's item frames, in input order
        var frameCount = 0
        var header: CGRect?        // the section's header and footer frames (copied: a query reads no result array)
        var footer: CGRect?

        /// The start-column band `[x(c), x(c+1))` holding `x`, clamped to `-1 ... columnCount`.
        func column(at x: CGFloat) -> Int {
            let v = ((x - x0) / stride).rounded(.down)
            guard !v.isNaN else { return 0 }
            return Int(max(-1, min(v, CGFloat(columnCount))))
        }
    }

    private var sections: [Section] = []
    private var columns: [Int32] = []
    private var offsets: [Int32] = []
    private var order: [Int32] = []
    /// The counting sort's per-column counters, kept for the next ``rebuild(input:result:startColumns:)``.
    private var counters: [Int32] = []
    /// Every section's item frames, section after section (one buffer for a query to read).
    private var frames: [CGRect] = []
    /// Headers, items and footers of the indexed result: the most a query can answer.
    package private(set) var elementCount = 0

    /// Indexes `result`, the reference layout of `input`. Each item's start column comes from
    /// replaying §5's placement (``ReferenceLayout/startColumns(_:)``), never from its x: columns
    /// narrower than a rounding step share an origin.
    /// - Complexity: as a layout of `input`, plus O(items + columns).
    package init(input: LayoutInput, result: LayoutResult) {
        var recorder = ReferenceLayout.ColumnRecorder()
        if (try? ReferenceLayout.validate(input)) != nil {
            _ = ReferenceLayout.compute(input, observer: &recorder)
        }
        self.init(input: input, result: result, startColumns: recorder.columns)
    }

    /// An index of no layout: every query answers nothing. Storage for ``rebuild(input:result:startColumns:)``.
    init() {}

    /// Indexes `result`, the reference layout of `input`, given every item's start column flat
    /// (section 0's items, then section 1's, ...: ``ReferenceLayout/ColumnRecorder``); with
    /// fewer columns than items they are ignored (and the items not indexed).
    /// - Complexity: see ``rebuild(input:result:startColumns:)``.
    init(input: LayoutInput, result: LayoutResult, startColumns flat: [Int32]) {
        rebuild(input: input, result: result, startColumns: flat)
    }

    /// Indexes another layout in place, reusing this index's storage (the engine keeps one index
    /// and rebuilds it after each layout: no allocation once its arrays are large enough).
    /// - Complexity: O(items + Σ min(columns, items)) time (a counting sort by start column where
    ///   a section has no more columns than items, else a comparison sort), O(items) memory.
    mutating func rebuild(input: LayoutInput, result: LayoutResult, startColumns flat: [Int32]) {
        sections.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        columns.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
        elementCount = 0
        let s = input.layout
        let complete = flat.count == input.itemCount
        var at = 0
        sections.reserveCapacity(input.sections.count)
        order.reserveCapacity(flat.count)
        // Each section read in place: a `SectionInput` or `SectionFrames` copied out of its array
        // retains and releases its arrays.
        input.sections.withUnsafeBufferPointer { inputs in
        result.sections.withUnsafeBufferPointer { results in
            for si in 0..<min(inputs.count, results.count) {
                let section = inputs.baseAddress! + si, frames = results.baseAddress! + si
                let first = at
                at += section.pointee.items.count
                let n = max(1, section.pointee.columnCount ?? s.columnCount)
                let x0 = (section.pointee.sectionInset ?? s.sectionInset).left
                let colW = ReferenceLayout.columnWidth(containerWidth: s.containerWidth, inset: section.pointee.sectionInset ?? s.sectionInset,
                                                       columns: n, spacing: s.columnSpacing, scale: s.pixelScale)
                var out = Section(minY: .infinity, maxY: -.infinity, x0: x0, stride: colW + s.columnSpacing,
                                  columnCount: n, maxSpan: 1, slack: 1)
                out.columnsStart = columns.count; out.offsetsStart = offsets.count; out.orderStart = order.count
                out.framesStart = self.frames.count; out.frameCount = frames.pointee.items.count
                out.header = frames.pointee.header; out.footer = frames.pointee.footer
                self.frames.append(contentsOf: frames.pointee.items)
                let ulp = max(abs(s.containerWidth), abs(x0)).ulp * 4
                if ulp >= out.stride { out.slack = n } else { out.slack = 1 + Int((ulp / out.stride).rounded(.up)) }
                if !frames.pointee.items.isEmpty, complete, frames.pointee.items.count == section.pointee.items.count {
                    let starts = flat[first..<at]
                    for (i, f) in frames.pointee.items.enumerated() {
                        out.maxSpan = max(out.maxSpan, min(n, section.pointee.items[i].span))
                        out.maxY = max(out.maxY, f.maxY)
                    }
                    // Items by start column, input order within a column (a stable sort). A section a
                    // query scans frame by frame (``linearScanLimit``) needs no grouping.
                    let count = starts.count
                    if count <= Self.linearScanLimit {
                        // Nothing to group: elements(in:) reads its frames directly.
                    } else if n <= count {
                        // Counting sort: O(items + columns). next[c]: column c's count, then its group's start.
                        counters.removeAll(keepingCapacity: true)
                        counters.append(contentsOf: repeatElement(0, count: n + 1))
                        counters.withUnsafeMutableBufferPointer { next in
                            for c in starts { next[Int(c) + 1] += 1 }
                            for c in 0..<n {
                                if next[c + 1] > 0 { columns.append(Int32(c)); offsets.append(next[c]) }
                                next[c + 1] += next[c]
                            }
                            offsets.append(Int32(count))
                            let base = order.count
                            order.append(contentsOf: repeatElement(0, count: count))
                            order.withUnsafeMutableBufferPointer { grouped in
                                var i: Int32 = 0
                                for c in starts {
                                    grouped[base + Int(next[Int(c)])] = i
                                    next[Int(c)] += 1
                                    i += 1
                                }
                            }
                        }
                    } else {
                        let grouped: [Int32] = (0..<Int32(count)).sorted { (a: Int32, b: Int32) -> Bool in
                            let ca = starts[first + Int(a)], cb = starts[first + Int(b)]
                            return ca != cb ? ca < cb : a < b
                        }
                        var previous: Int32 = -1
                        for (k, i) in grouped.enumerated() {
                            let c = starts[first + Int(i)]
                            guard c != previous else { continue }
                            columns.append(c)
                            offsets.append(Int32(k))
                            previous = c
                        }
                        offsets.append(Int32(grouped.count))
                        order.append(contentsOf: grouped)
                    }
                    out.occupied = columns.count - out.columnsStart
                    out.orderCount = count
                    out.minY = frames.pointee.items[0].minY  // the first item sits at the section's top + inset
                }
                elementCount += frames.pointee.items.count + (frames.pointee.header == nil ? 0 : 1) + (frames.pointee.footer == nil ? 0 : 1)
                if let f = frames.pointee.header { out.minY = min(out.minY, f.minY); out.maxY = max(out.maxY, f.maxY) }
                if let f = frames.pointee.footer { out.minY = min(out.minY, f.minY); out.maxY = max(out.maxY, f.maxY) }
                sections.append(out)
            }
        }
        }
        // Make the bounds monotonic across empty sections, for the binary search and the early exit.
        for i in sections.indices.dropFirst() { sections[i].maxY = max(sections[i].maxY, sections[i - 1].maxY) }
        for i in sections.indices.reversed().dropFirst() { sections[i].minY = min(sections[i].minY, sections[i + 1].minY) }
        _checkInvariants()
    }

    /// The entries the index stores (start columns, offsets and item indices over every
    /// section): O(items + sections) whatever the column count (review D8). For tests.
    var storedEntries: Int { columns.count + offsets.count + order.count }

    /// Debug builds only: traps unless every section's columns increase, its offsets partition
    /// `order`, and `order` holds each item once (sections of more than ``linearScanLimit``
    /// items; the others store nothing). Off in release builds.
    func _checkInvariants() {
        #if DEBUG
        for (si, s) in sections.enumerated() {
            // A section scanned frame by frame stores nothing.
            guard s.orderCount > Self.linearScanLimit else {
                precondition(s.occupied == 0, "section \(si): a scanned section has column groups")
                continue
            }
            let columns = self.columns[s.columnsStart ..< s.columnsStart + s.occupied]
            let order = self.order[s.orderStart ..< s.orderStart + s.orderCount]
            let offsets = s.orderCount == 0 ? [] : self.offsets[s.offsetsStart ... s.offsetsStart + s.occupied]
            precondition(zip(columns, columns.dropFirst()).allSatisfy { $0 < $1 }, "section \(si): start columns not increasing")
            precondition(columns.allSatisfy { $0 >= 0 && Int($0) < s.columnCount }, "section \(si): a start column out of range")
            precondition(s.orderCount == 0 || s.occupied > 0, "section \(si): offsets do not match the columns")
            precondition(zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 }, "section \(si): an empty column group")
            precondition(order.isEmpty || Int(offsets.last!) == order.count, "section \(si): offsets do not cover order")
            precondition(Set(order).count == order.count, "section \(si): an item indexed twice")
        }
        #endif
    }

    /// Sections of at most this many items are scanned frame by frame: for a few dozen frames
    /// the scan costs less than the column searches (issue 16, measured in instructions per
    /// query on the fuzzer's cases).
    static let linearScanLimit = 32

    /// The elements whose frames meet `rect`, each once. Order: section by section, header, items
    /// (in input order in a section of at most ``linearScanLimit`` items, else grouped by start
    /// column), footer. The one allocation is the answer.
    package func elements(in rect: CGRect) -> [ElementID] {
        var out: [ElementID] = []
        out.reserveCapacity(Swift.min(elementCount, 64))  // one allocation for a screenful
        forEachElement(in: rect) { id, meets in if meets != 0 { out.append(id) } }
        return out
    }

    /// ``elements(in:)`` written to `out`, which has room for ``elementCount`` ids (the most a
    /// query answers); returns how many it wrote. No reference counted, no capacity checked per
    /// answer, and no branch on the predicate: every candidate is stored and the count advances
    /// by whether it meets the rect (the next candidate overwrites a miss). Each element is a
    /// candidate at most once per query, so the stores stay within ``elementCount``.
    func elements(in rect: CGRect, into out: UnsafeMutablePointer<ElementID>) -> Int {
        var k = 0
        forEachElement(in: rect) { id, meets in (out + k).initialize(to: id); k &+= Int(truncatingIfNeeded: meets) }
        return k
    }

    /// Calls `answer` with each candidate element and whether its frame meets `rect` (1 or 0, `CGRect.meetsBit`), in
    /// ``elements(in:)``'s order; each element at most once. Reads the index through buffer
    /// pointers: no reference is copied per section.
    @inline(__always)
    private func forEachElement(in rect: CGRect, _ answer: (ElementID, UInt8) -> Void) {
        let rMinY = rect.origin.y, rMaxY = rect.origin.y + rect.size.height
        let rMinX = rect.origin.x, rMaxX = rect.origin.x + rect.size.width
        sections.withUnsafeBufferPointer { S in
        columns.withUnsafeBufferPointer { C in
        offsets.withUnsafeBufferPointer { O in
        order.withUnsafeBufferPointer { R in
        frames.withUnsafeBufferPointer { F in
            // Sections are stacked: start at the first whose bottom is below the rect's top.
            var lo = 0, hi = S.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if S[mid].maxY > rMinY { hi = mid } else { lo = mid + 1 }
            }
            for si in lo..<S.count {
                let s = S.baseAddress! + si  // read in place: a copy of the section costs a memcpy
                if s.pointee.minY >= rMaxY { break }
                if let h = s.pointee.header { answer(.header(si), h.meetsBit(rect)) }
                let items = UnsafeBufferPointer(rebasing: F[s.pointee.framesStart ..< s.pointee.framesStart + s.pointee.frameCount])
                if s.pointee.orderCount > 0 && s.pointee.orderCount <= Self.linearScanLimit {
                    // A small section: every frame against the predicate, in input order.
                    for i in 0..<items.count {
                        answer(.item(si, i), items[i].meetsBit(rect))
                    }
                } else if s.pointee.orderCount > 0 {
                    // Bands meeting the rect, widened each side against rounding (the exact
                    // predicate filters) and by the widest span to the left.
                    let first = max(0, s.pointee.column(at: rMinX) - s.pointee.maxSpan - s.pointee.slack)
                    let last = min(s.pointee.columnCount - 1, s.pointee.column(at: rMaxX) + s.pointee.slack)
                    // The first occupied start column at or after `first`, then each up to `last`.
                    let cs = s.pointee.columnsStart, ce = s.pointee.columnsStart + s.pointee.occupied
                    var j = cs, e = ce
                    if first > last { j = ce; e = ce }  // no band: no column to visit
                    while j < e {
                        let mid = (j + e) / 2
                        if Int(C[mid]) < first { j = mid + 1 } else { e = mid }
                    }
                    while j < ce, Int(C[j]) <= last {
                        let g = s.pointee.offsetsStart + (j - cs)
                        let from = s.pointee.orderStart + Int(O[g]), to = s.pointee.orderStart + Int(O[g + 1])
                        var a = from, b = to
                        while a < b {  // the first item whose maxY is below the rect's top
                            let mid = (a + b) / 2
                            if items[Int(R[mid])].maxY > rMinY { b = mid } else { a = mid + 1 }
                        }
                        while a < to {
                            let i = Int(R[a])
                            let f = items[i]
                            if f.minY >= rMaxY { break }
                            // The whole predicate: the search and the break above only narrow
                            // the scan, and decide nothing for a rect with a NaN edge.
                            answer(.item(si, i), f.meetsBit(rect))
                            a += 1
                        }
                        j += 1
                    }
                }
                if let f = s.pointee.footer { answer(.footer(si), f.meetsBit(rect)) }
            }
        }
        }
        }
        }
        }
    }
}
