import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation
import WaterfallCheckCore

// query, deterministic, accepts-valid, rejects-invalid, prefix-stable: checks that call the engine again.

/// `accepts-valid`: a valid input (within the declared features) gets frames.
package func checkAcceptsValid(_ c: CheckContext) -> InvariantFailure? {
    guard c.expectedError == nil else { return nil }
    let error: String
    switch c.outcome {
    case .layout: return nil
    case .error(let e): error = "\(e)"
    case .unsupported(let reason):
        // An engine declaring constraints may refuse what it cannot express: a skip, counted
        // as one, whatever the route (in process or `exec:`).
        if c.declaresConstraints { return nil }
        error = "\(LayoutError.unsupported(reason))"
    case .fault(let f): error = "\(f)"
    }
    return Invariants.fail("accepts-valid", "layout threw \(error) for a valid input")
}

/// `rejects-invalid`: an invalid input gives its §6 code (the first in precedence order).
/// `unsupported` is a skip, not a failure (FIXTURE-FORMAT §6).
package func checkRejectsInvalid(_ c: CheckContext) -> InvariantFailure? {
    guard let expected = c.expectedError else { return nil }
    let id = "rejects-invalid"
    switch c.outcome {
    case .layout(let r):
        return Invariants.fail(id, "layout returned frames (contentSize [\(formatPoints(r.contentSize.width)), \(formatPoints(r.contentSize.height))]) for an invalid input; expected \(expected)")
    case .error(let e):
        if e.code == expected.code { return nil }
        return Invariants.fail(id, "layout threw \(e.code.rawValue), expected \(expected)")
    case .unsupported:
        return nil
    case .fault(let f):
        return Invariants.fail(id, "layout failed with \(f), expected \(expected)")
    }
}

/// `deterministic`: a second `layout` of the same input on the same engine gives identical frames
/// (bit for bit: nothing in §5 depends on anything but the input).
package func checkDeterministic(_ c: CheckContext) -> InvariantFailure? {
    guard let first = c.result else { return nil }
    let second: LayoutResult
    switch c.ask(c.input) {
    case .layout(let r): second = r
    case .fault: return nil  // an engine fault, not a failure (``CheckContext/fault``)
    case .error(let e): return Invariants.fail("deterministic", "the first layout gave frames, the second threw \(e)")
    case .unsupported(let why): return Invariants.fail("deterministic", "the first layout gave frames, the second was unsupported: \(why)")
    }
    // The usual verdict: every frame the same bits (which implies identical) and as many extras.
    if sameBits(first.sections, second.sections) && first.extraElements.count == second.extraElements.count
        && identical(first.contentSize.width, second.contentSize.width) && identical(first.contentSize.height, second.contentSize.height) {
        return nil
    }
    if !identical(first.contentSize.width, second.contentSize.width) || !identical(first.contentSize.height, second.contentSize.height) {
        return Invariants.fail("deterministic", "contentSize [\(formatPoints(first.contentSize.width)), \(formatPoints(first.contentSize.height))] the first time, [\(formatPoints(second.contentSize.width)), \(formatPoints(second.contentSize.height))] the second")
    }
    if first.sections.count != second.sections.count || first.extraElements.count != second.extraElements.count
        || zip(first.sections, second.sections).contains(where: { $0.items.count != $1.items.count || ($0.header == nil) != ($1.header == nil) || ($0.footer == nil) != ($1.footer == nil) }) {
        return Invariants.fail("deterministic", "\(first.elements.count) elements the first time, \(second.elements.count) the second")
    }
    return first.firstFrame { id, f in
        let g = second.frame(of: id)!
        return identical(f, g) ? nil : Invariants.fail("deterministic", "\(id) \(f.shortDescription) the first time, \(g.shortDescription) the second", [id])
    }
}

/// Whether two results' sections hold the same frames bit for bit: one `memcmp` per section's
/// items (a frame is four doubles, no padding), the headers and footers by their bits. Same bits
/// imply ``identical(_:_:)-(CGRect,CGRect)``; a false answer only sends the check the slow way.
package func sameBits(_ a: [SectionFrames], _ b: [SectionFrames]) -> Bool {
    guard a.count == b.count else { return false }
    func same(_ x: CGRect?, _ y: CGRect?) -> Bool {
        switch (x, y) {
        case (nil, nil): return true
        case (let x?, let y?):
            // The four components' bits (a byte-wise `elementsEqual` over the rects' bytes ran
            // generic, about 900 instructions a pair).
            return x.origin.x.bitPattern == y.origin.x.bitPattern && x.origin.y.bitPattern == y.origin.y.bitPattern
                && x.size.width.bitPattern == y.size.width.bitPattern && x.size.height.bitPattern == y.size.height.bitPattern
        default: return false
        }
    }
    for i in a.indices {  // by index: each section read in place, not copied out
        guard a[i].items.count == b[i].items.count, same(a[i].header, b[i].header), same(a[i].footer, b[i].footer) else { return false }
        let equal = a[i].items.withUnsafeBytes { p in
            b[i].items.withUnsafeBytes { q in p.count == 0 || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0 }
        }
        if !equal { return false }
    }
    return true
}

/// Equal, or both NaN.
@inline(__always) package func identical(_ a: CGFloat, _ b: CGFloat) -> Bool { a == b || (a.isNaN && b.isNaN) }
package func identical(_ a: CGRect, _ b: CGRect) -> Bool {
    identical(a.origin.x, b.origin.x) && identical(a.origin.y, b.origin.y)
        && identical(a.size.width, b.size.width) && identical(a.size.height, b.size.height)
}

/// `prefix-stable`: the input with the last non-empty section cut to the first half of its items
/// lays out every remaining element as before (within the tolerance). Runs last: it leaves the
/// engine's last layout on the shorter input.
package func checkPrefixStable(_ c: CheckContext) -> InvariantFailure? {
    guard let full = c.result, let p = c.prefixInput else { return nil }
    let (prefix, s, dropped) = (p.input, p.section, p.dropped)
    guard case .layout(let short) = c.ask(prefix) else { return nil }
    return short.firstFrame { id, g in
        guard let f = full.frame(of: id), !f.isNull, !g.isNull, !c.close(f, g) else { return nil }
        return Invariants.fail("prefix-stable", "\(id) is \(f.shortDescription) with section \(s)'s \(dropped) last item(s), \(g.shortDescription) without them", [id])
    }
}

/// `query`: for rects around, on, between and touching the frames (zero-size ones included),
/// `elements(in:)` answers exactly the elements whose frames meet the rect by FIXTURE-FORMAT §9's
/// strict predicate, each once. Engines without the `query` capability are not checked.
/// - Complexity: O(r · (n + k log k)) for r = 12 rects and k answers, against a brute-force
///   filter merged with the sorted answer.
package func checkQuery(_ c: CheckContext) -> InvariantFailure? {
    // The engine's own frames: its query must agree with them, conventions or not.
    guard c.capabilities.contains(.query), let r = c.rawResult else { return nil }
    // Document order is ElementID order, so the brute-force list comes out sorted.
    let elements = c.rawElements
    func frame(_ id: ElementID) -> String { r.frame(of: id).map { " " + $0.shortDescription } ?? "" }
    let dense = c.denseElements
    var stamp = 0
    var unsorted: [ElementID] = []  // one array for every rect: the engine refills it in place
    for rect in c.queryRects {
        do { try c.query(rect, into: &unsorted) } catch {
            if c.fault != nil { return nil }  // an engine fault, not a failure (``CheckContext/fault``)
            return Invariants.fail("query", "elements(in: \(rect.shortDescription)) threw \(error) after a successful layout")
        }
        // The usual verdict in O(n + k) without sorting: every answer is an element meeting the
        // rect, none twice (a stamp per element), and as many as meet it. Anything else is
        // worded by the sorted merge below, exactly as before.
        stamp += 1
        if dense.answersExactly(unsorted, rect: rect, stamp: stamp) { continue }
        // A declared closed predicate (CGRect.intersects) forgives elements that only touch the
        // rect; the rest is judged by §9 as for every engine.
        if c.queryPredicate == .closed {
            // Each touching element once: a second copy stays, to fail as "returned twice".
            var forgiven = Set<ElementID>()
            unsorted.removeAll { id in
                guard let f = r.frame(of: id), !f.isNull, !f.meets(rect), QueryPredicate.closed.meets(f, rect) else { return false }
                return forgiven.insert(id).inserted
            }
            stamp += 1
            if dense.answersExactly(unsorted, rect: rect, stamp: stamp) { continue }
        }
        let answer = unsorted.sorted()
        func fail(_ what: String, _ id: ElementID) -> InvariantFailure {
            let meeting = elements.reduce(0) { $0 + ($1.frame.meets(rect) ? 1 : 0) }
            let judged = c.queryPredicate == .closed ? "; judged by CGRect.intersects, as the engine declares: touching elements forgiven" : ""
            return Invariants.fail("query", "elements(in: \(rect.shortDescription)) \(what) \(id)\(frame(id)) (\(answer.count) returned, \(meeting) meet it\(judged))", [id])
        }
        var a = 0
        for e in elements where e.frame.meets(rect) {
            if a < answer.count, answer[a] < e.id { return fail(a > 0 && answer[a] == answer[a - 1] ? "returned twice" : "returned, though it does not meet it,", answer[a]) }
            guard a < answer.count, answer[a] == e.id else { return fail("missed", e.id) }
            a += 1
            if a < answer.count, answer[a] == e.id { return fail("returned twice", e.id) }
        }
        if a < answer.count { return fail(a > 0 && answer[a] == answer[a - 1] ? "returned twice" : "returned, though it does not meet it,", answer[a]) }
    }
    return nil
}

/// The query rects of one case: the content, a screen-sized window, and for a few elements the
/// frame itself, a zero-size rect at its centre, a rect touching its bottom edge, a zero-width
/// line on its left edge; plus random rects, some of zero width or height.
package func queryRects(_ r: LayoutResult, elements: [LayoutElement], seed: UInt64) -> [CGRect] {
    let W = r.contentSize.width.isFinite ? r.contentSize.width : 0
    let H = r.contentSize.height.isFinite ? r.contentSize.height : 0
    var rng = SplitMix64(seed: seed, case: UInt64(elements.count))
    func unit() -> CGFloat { CGFloat(rng.next() >> 11) / CGFloat(1 << 53) }
    var rects: [CGRect] = []
    rects.reserveCapacity(12)
    rects.append(CGRect(x: -1, y: -1, width: W + 2, height: H + 2))
    rects.append(CGRect(x: 0, y: H * unit(), width: W, height: 812))
    func isFinite(_ e: LayoutElement) -> Bool {
        e.frame.origin.x.isFinite && e.frame.origin.y.isFinite && e.frame.size.width.isFinite && e.frame.size.height.isFinite
    }
    // The k-th element with a finite frame, without a filtered copy (usually every one is).
    let finiteCount = elements.reduce(0) { $0 + (isFinite($1) ? 1 : 0) }
    func finite(_ k: Int) -> CGRect {
        if finiteCount == elements.count { return elements[k].frame }
        var k = k
        for e in elements where isFinite(e) { if k == 0 { return e.frame }; k -= 1 }
        preconditionFailure("fewer finite frames than counted")
    }
    if finiteCount > 0 {
        for _ in 0..<2 {
            let f = finite(Int(rng.next(upTo: UInt64(finiteCount - 1))))
            rects.append(f)
            rects.append(CGRect(x: f.midX, y: f.midY, width: 0, height: 0))
            rects.append(CGRect(x: f.minX, y: f.maxY, width: f.width, height: 20))
            rects.append(CGRect(x: f.minX, y: 0, width: 0, height: H))
        }
    }
    for _ in 0..<2 {
        let x = (W + 20) * unit() - 10, y = (H + 20) * unit() - 10
        let w = unit() < 0.2 ? 0 : W * unit(), h = unit() < 0.2 ? 0 : H * unit() / 2
        rects.append(CGRect(x: x, y: y, width: w, height: h))
    }
    // Never a rect of negative size (§9 refuses one as a bad request): a buggy engine's frames
    // (negative widths) and content size would otherwise make the harness send one and blame
    // the engine for refusing it. `standardized` keeps the region.
    for k in rects.indices where rects[k].size.width < 0 || rects[k].size.height < 0 { rects[k] = rects[k].standardized }
    return rects
}
