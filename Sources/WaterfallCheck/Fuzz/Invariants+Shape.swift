import Foundation
import WaterfallLayout

// complete, finite, no-overlap: the shape of a result, whatever the placement rule.

/// `complete`: one frame per item, header and footer; nothing extra (``LayoutResult/shapeProblem(for:)``).
/// O(elements).
func checkComplete(_ c: CheckContext) -> InvariantFailure? {
    guard let r = c.result, let p = r.shapeProblem(for: c.input) else { return nil }
    return Invariants.fail("complete", p.message, p.element.map { [$0] } ?? [])
}

/// `finite`: every coordinate finite, every size ≥ 0, content size included. O(elements).
func checkFinite(_ c: CheckContext) -> InvariantFailure? {
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
/// A sweep over the frames sorted by minY keeps the frames still open at the current top; each
/// frame is compared only with those. - Complexity: O(n log n + n · a), a the most frames open at
/// once (about the column count for a waterfall).
func checkNoOverlap(_ c: CheckContext) -> InvariantFailure? {
    let tol = c.tolerance.points
    guard c.result != nil else { return nil }
    let elements = c.elements.filter {
        let f = $0.frame
        return f.origin.x.isFinite && f.origin.y.isFinite && f.size.width > tol && f.size.height > tol
            && f.size.width.isFinite && f.size.height.isFinite
    }
    let order = elements.indices.sorted { elements[$0].frame.minY < elements[$1].frame.minY }
    var open: [Int] = []
    for i in order {
        let f = elements[i].frame
        open.removeAll { elements[$0].frame.maxY - f.minY <= tol }
        for j in open {
            let g = elements[j].frame
            let dx = min(f.maxX, g.maxX) - max(f.minX, g.minX)
            guard dx > tol else { continue }
            let dy = min(f.maxY, g.maxY) - max(f.minY, g.minY)
            guard dy > tol else { continue }
            let (a, b) = elements[i].id < elements[j].id ? (elements[i], elements[j]) : (elements[j], elements[i])
            return Invariants.fail("no-overlap", "\(a.id) \(a.frame.shortDescription) and \(b.id) \(b.frame.shortDescription) overlap by \(Invariants.amount(min(dx, dy))) pt",
                                   [a.id, b.id])
        }
        open.append(i)
    }
    return nil
}
