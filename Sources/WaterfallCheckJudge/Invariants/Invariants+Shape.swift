import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation
import WaterfallCheckCore

// complete, finite, no-overlap: the shape of a result, whatever the placement rule.

/// `complete`: one frame per item, header and footer; nothing extra (``LayoutResult/shapeProblem(for:)``).
/// O(elements).
package func checkComplete(_ c: CheckContext) -> InvariantFailure? {
    guard let r = c.result, let p = r.shapeProblem(for: c.input) else { return nil }
    return Invariants.fail("complete", p.message, p.element.map { [$0] } ?? [])
}

/// `finite`: every coordinate finite, every size ≥ 0, content size included. O(elements).
package func checkFinite(_ c: CheckContext) -> InvariantFailure? {
    guard let r = c.result else { return nil }
    let id = "finite"
    let size = r.contentSize
    if !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0) {
        return Invariants.fail(id, "contentSize [\(formatPoints(size.width)), \(formatPoints(size.height))] is not finite and >= 0")
    }
    func check(_ e: ElementID, _ f: CGRect) -> InvariantFailure? {
        if f.isNull { return nil }  // `complete` reports it
        if !(f.origin.x.isFinite && f.origin.y.isFinite && f.size.width.isFinite && f.size.height.isFinite) {
            return Invariants.fail(id, "\(e) \(f.shortDescription) has a non-finite component", [e])
        }
        if f.size.width < 0 || f.size.height < 0 {
            return Invariants.fail(id, "\(e) \(f.shortDescription) has a negative size", [e])
        }
        return nil
    }
    return r.firstFrame(where: check) ?? r.extraElements.lazy.compactMap { check($0.id, $0.frame) }.first
}

/// `no-overlap`: no two frames share more than the tolerance in both directions.
///
/// A sweep over the frames sorted by minY (a stable sort: insertion sort up to 128 frames, where
/// a waterfall's document order is nearly sorted already, else the standard library's) keeps the
/// frames still open at the current top; each frame is compared only with those, in the order
/// they opened. - Complexity: O(n log n + n · a), a the most frames open at once (about the
/// column count for a waterfall); one allocation.
package func checkNoOverlap(_ c: CheckContext) -> InvariantFailure? {
    let tol = c.tolerance.points
    guard c.result != nil else { return nil }
    let elements = c.elements
    return elements.withUnsafeBufferPointer { e -> InvariantFailure? in
        // order[0..<m]: the frames with area, by minY; open[0..<o]: those still open; box[i]:
        // frame i's edges, read once (`CGRect`'s `minX`...`maxY` standardise the rect on every
        // read). On the stack when small (no allocation per case).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, 2 * e.count)) { buffer -> InvariantFailure? in
        withUnsafeTemporaryAllocation(of: NoOverlapBox.self, capacity: max(1, e.count)) { boxes -> InvariantFailure? in
            let order = buffer.baseAddress!, open = buffer.baseAddress! + e.count, box = boxes.baseAddress!
            var m = 0
            for i in 0..<e.count {
                let f = e[i].frame
                guard f.origin.x.isFinite && f.origin.y.isFinite && f.size.width > tol && f.size.height > tol
                    && f.size.width.isFinite && f.size.height.isFinite else { continue }
                order[m] = i; m += 1
                (box + i).initialize(to: NoOverlapBox(minX: f.minX, minY: f.minY, maxX: f.maxX, maxY: f.maxY))
            }
            if m <= 128 {
                for a in 1..<max(m, 1) {
                    let v = order[a], y = box[v].minY
                    var b = a
                    while b > 0 && y < box[order[b - 1]].minY { order[b] = order[b - 1]; b -= 1 }
                    order[b] = v
                }
            } else {
                var sorted = UnsafeMutableBufferPointer(start: order, count: m)
                sorted.sort { box[$0].minY < box[$1].minY }
            }
            var o = 0
            for k in 0..<m {
                let i = order[k]
                let f = box[i]
                var kept = 0
                // Compacted without a branch per frame (which way it goes is unpredictable):
                // each is copied down and kept when it still reaches below f's top.
                for j in 0..<o {
                    let still = !(box[open[j]].maxY - f.minY <= tol)
                    open[kept] = open[j]; kept &+= Int(truncatingIfNeeded: unsafeBitCast(still, to: UInt8.self))
                }
                o = kept
                for j in 0..<o {
                    let g = box[open[j]]
                    let dx = min(f.maxX, g.maxX) - max(f.minX, g.minX)
                    let dy = min(f.maxY, g.maxY) - max(f.minY, g.minY)
                    // One branch, almost never taken, instead of two unpredictable ones.
                    guard unsafeBitCast(dx > tol, to: UInt8.self) & unsafeBitCast(dy > tol, to: UInt8.self) != 0 else { continue }
                    let (a, b) = e[i].id < e[open[j]].id ? (e[i], e[open[j]]) : (e[open[j]], e[i])
                    return Invariants.fail("no-overlap", "\(a.id) \(a.frame.shortDescription) and \(b.id) \(b.frame.shortDescription) overlap by \(Invariants.amount(min(dx, dy))) pt",
                                           [a.id, b.id])
                }
                open[o] = i; o += 1
            }
            return nil
        }
        }
    }
}

/// A frame's edges as ``checkNoOverlap(_:)`` reads them, each computed once.
private struct NoOverlapBox { var minX, minY, maxX, maxY: CGFloat }
