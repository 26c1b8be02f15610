import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation
import WaterfallCheckCore

// lookup-consistency and reprepare: checks of the UIKit-shaped lifecycle, for engines with the
// `collectionViewLayout` capability (``PreparedLayoutEngine``).

/// The elements a prepared layout reports for everything, first frame per element, and the duplicates.
private func attributes(of layout: PreparedLayout) -> (frames: [ElementID: CGRect], duplicate: ElementID?) {
    var frames: [ElementID: CGRect] = [:]
    var duplicate: ElementID?
    for (id, frame) in layout.allElements() {
        guard let id else { continue }
        if frames[id] != nil { duplicate = duplicate ?? id } else { frames[id] = frame }
    }
    return (frames, duplicate)
}

private func preparedLayout(_ c: CheckContext) -> PreparedLayout? {
    // The capability first: it is cheaper than the cast, and most engines lack it.
    guard c.result != nil, c.capabilities.contains(.collectionViewLayout),
          let engine = c.engine as? PreparedLayoutEngine else { return nil }
    return try? engine.makePreparedLayout(for: c.input)
}

/// `lookup-consistency`: `layoutAttributesForItem(at:)` and `layoutAttributesForSupplementaryView`
/// agree with `layoutAttributesForElements(in:)`, and calling them changes nothing.
package func checkLookupConsistency(_ c: CheckContext) -> InvariantFailure? {
    guard let layout = preparedLayout(c) else { return nil }
    let id = "lookup-consistency"
    let before = attributes(of: layout).frames
    for (si, section) in c.input.sections.enumerated() {
        var lookups: [(ElementID, CGRect?)] = []
        if section.header != nil { lookups.append((.header(si), layout.lookup(.header(si)))) }
        for i in section.items.indices { lookups.append((.item(si, i), layout.lookup(.item(si, i)))) }
        if section.footer != nil { lookups.append((.footer(si), layout.lookup(.footer(si)))) }
        for (eid, a) in lookups {
            guard let listed = before[eid] else { continue }  // `complete` reports it
            guard let a else { return Invariants.fail(id, "the lookup of \(eid) returned nil; elements(in:) has \(listed.shortDescription)", [eid]) }
            if !c.close(a, listed) {
                return Invariants.fail(id, "the lookup of \(eid) returned \(a.shortDescription); elements(in:) has \(listed.shortDescription)", [eid])
            }
        }
    }
    let after = attributes(of: layout).frames
    for (eid, f) in before.sorted(by: { $0.key < $1.key }) where !(after[eid].map { identical($0, f) } ?? false) {
        return Invariants.fail(id, "after the lookups, elements(in:) has \(eid) at \(after[eid]?.shortDescription ?? "nothing"), before at \(f.shortDescription)", [eid])
    }
    return nil
}

/// `reprepare`: `invalidateLayout()` then `prepare()` on the same object gives the same attributes,
/// none twice; `shouldInvalidateLayout(forBoundsChange:)` is false for a scroll and true for a new
/// width; after `reloadData()` with other data the object reports what a fresh one does (``checkReload(_:_:)``).
package func checkReprepare(_ c: CheckContext) -> InvariantFailure? {
    guard let layout = preparedLayout(c) else { return nil }
    let id = "reprepare"
    let first = attributes(of: layout)
    if let d = first.duplicate { return Invariants.fail(id, "\(d) is reported twice after the first prepare()", [d]) }
    layout.invalidateAndPrepare()
    let second = attributes(of: layout)
    if let d = second.duplicate { return Invariants.fail(id, "\(d) is reported twice after invalidateLayout() and prepare() again", [d]) }
    for (eid, f) in first.frames.sorted(by: { $0.key < $1.key }) where !(second.frames[eid].map { identical($0, f) } ?? false) {
        return Invariants.fail(id, "\(eid) is \(f.shortDescription) after the first prepare(), \(second.frames[eid]?.shortDescription ?? "missing") after the second", [eid])
    }
    if second.frames.count != first.frames.count {
        return Invariants.fail(id, "\(first.frames.count) elements after the first prepare(), \(second.frames.count) after the second")
    }
    guard let bounds = layout.bounds else { return nil }
    // True for a scroll is a design some layouts choose (``EngineConventions/invalidatesOnScroll``).
    if !c.conventions.invalidatesOnScroll && layout.shouldInvalidateLayout(forBoundsChange: bounds.offsetBy(dx: 0, dy: 100)) {
        return Invariants.fail(id, "shouldInvalidateLayout(forBoundsChange:) is true for a scroll (same width \(formatPoints(bounds.width)))")
    }
    var wider = bounds
    wider.size.width += 1
    if !layout.shouldInvalidateLayout(forBoundsChange: wider) {
        return Invariants.fail(id, "shouldInvalidateLayout(forBoundsChange:) is false for a width change \(formatPoints(bounds.width)) -> \(formatPoints(wider.width))")
    }
    return checkReload(c, layout)
}

/// `reprepare`'s last step, for engines that can give a layout object other data
/// (``PreparedLayout/reload(with:)``: the UIKit driver): after `reloadData()` with the shorter
/// input of `prefix-stable` (the last non-empty section cut to half its items), the same object
/// reports what a fresh object reports for that input. A cache that `invalidateLayout()` does not
/// clear (`guard cache.isEmpty else { return }` in `prepare()`) keeps the old elements.
private func checkReload(_ c: CheckContext, _ layout: PreparedLayout) -> InvariantFailure? {
    guard let p = c.prefixInput, let engine = c.engine as? PreparedLayoutEngine, layout.reload(with: p.input),
          let fresh = try? engine.makePreparedLayout(for: p.input) else { return nil }
    let id = "reprepare"
    let reloaded = attributes(of: layout).frames, expected = attributes(of: fresh).frames
    let what = "after reloadData() without section \(p.section)'s last \(p.dropped) item(s)"
    for (eid, f) in expected.sorted(by: { $0.key < $1.key }) where !(reloaded[eid].map { c.close($0, f) } ?? false) {
        return Invariants.fail(id, "\(what), \(eid) is \(reloaded[eid]?.shortDescription ?? "missing"); a fresh layout object has \(f.shortDescription)", [eid])
    }
    if let (eid, f) = reloaded.sorted(by: { $0.key < $1.key }).first(where: { expected[$0.key] == nil }) {
        return Invariants.fail(id, "\(what), elements(in:) still has \(eid) \(f.shortDescription); a fresh layout object has no such element", [eid])
    }
    return nil
}
