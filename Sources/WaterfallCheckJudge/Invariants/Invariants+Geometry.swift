import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation
import WaterfallCheckCore

// column-alignment, item-size, within-bounds, stacking, placement, supplementary, content-size:
// the engine's frames against ``LayoutModel`` (FIXTURE-FORMAT §5), each check one property.

/// Calls `body` for each item the engine gave a frame, with the model's view of it; stops at the
/// first failure. O(items).
private func eachItem(_ c: CheckContext, _ body: (_ id: ElementID, _ frame: CGRect, _ model: LayoutModel.Item,
                                                   _ section: LayoutModel.Section) -> InvariantFailure?) -> InvariantFailure? {
    guard let r = c.result else { return nil }
    let model = c.model
    // The result's sections read in place (a `SectionFrames` copied out of its array retains
    // and releases its arrays, five checks a case); the model's section once per section.
    return r.sections.withUnsafeBufferPointer { results in
        for si in 0..<min(model.sections.count, results.count) {
            let section = model.sections[si]
            let failure = section.items.withUnsafeBufferPointer { items in
                results[si].items.withUnsafeBufferPointer { frames -> InvariantFailure? in
                    for i in 0..<min(items.count, frames.count) where !frames[i].isNull {
                        if let f = body(.item(si, i), frames[i], items[i], section) { return f }
                    }
                    return nil
                }
            }
            if let failure { return failure }
        }
        return nil
    }
}

/// `column-alignment`: x is a column origin, width the span's width (§5 steps 2–3).
package func checkColumnAlignment(_ c: CheckContext) -> InvariantFailure? {
    let spacing = c.input.layout.columnSpacing
    return eachItem(c) { id, f, m, s in
        if !m.aligned {
            let origins = (0..<min(s.columnCount, 6)).map { formatPoints(s.origin($0, spacing: spacing)) }.joined(separator: ", ")
            return Invariants.fail("column-alignment", "\(id) \(f.shortDescription) starts at x = \(formatPoints(f.minX)), not at a column origin it fits at (\(origins)\(s.columnCount > 6 ? ", ..." : ""))", [id])
        }
        if !c.close(f.width, m.frame.width) {
            let k = c.input.sections[id.section].items[id.item].span
            return Invariants.fail("column-alignment", "\(id) \(f.shortDescription) is \(formatPoints(f.width)) wide; a span of \(min(k, s.columnCount)) column(s) \(formatPoints(s.columnWidth)) wide is \(formatPoints(m.frame.width))", [id])
        }
        return nil
    }
}

/// `item-size`: the given height, or `floor_s(size.h * iw / size.w)` (§5 step 3).
package func checkItemSize(_ c: CheckContext) -> InvariantFailure? {
    eachItem(c) { id, f, m, _ in
        guard !c.close(f.height, m.frame.height) else { return nil }
        let (actual, expected) = Invariants.pair(f.height, m.frame.height)
        let how: String
        switch c.input.sections[id.section].items[id.item].dimension {
        case .height: how = "its height is \(expected)"
        case .size(let s): how = "its size \(Invariants.amount(s.width))x\(Invariants.amount(s.height)) scaled to \(formatPoints(m.frame.width)) wide is \(expected)"
            + (c.input.layout.pixelScale.map { " (floored to 1/\(formatPoints($0)) pt)" } ?? "")
        }
        return Invariants.fail("item-size", "\(id) \(f.shortDescription) is \(actual) tall, but \(how)", [id])
    }
}

/// `within-bounds`: inside the section's insets horizontally, not above its items' top.
package func checkWithinBounds(_ c: CheckContext) -> InvariantFailure? {
    let W = c.input.layout.containerWidth
    let tol = c.tolerance.points
    return eachItem(c) { id, f, _, s in
        let id_ = "within-bounds"
        if f.minX < s.inset.left - tol {
            let (x, inset) = formatPair(f.minX, s.inset.left)
            return Invariants.fail(id_, "\(id) \(f.shortDescription) starts at x = \(x), left of the inset at \(inset)", [id])
        }
        if f.maxX > W - s.inset.right + tol {
            let (x, inset) = formatPair(f.maxX, W - s.inset.right)
            return Invariants.fail(id_, "\(id) \(f.shortDescription) reaches x = \(x), right of the inset at \(inset)", [id])
        }
        if f.minY < s.itemsTop - tol {
            let (y, top) = formatPair(f.minY, s.itemsTop)
            return Invariants.fail(id_, "\(id) \(f.shortDescription) starts at y = \(y), above the section's items top \(top)", [id])
        }
        return nil
    }
}

/// `stacking`: y is the running height of the item's column(s) (§5 step 3).
package func checkStacking(_ c: CheckContext) -> InvariantFailure? {
    let rowSpacing = c.input.layout.rowSpacing
    return eachItem(c) { id, f, m, s in
        guard m.aligned, !c.close(f.minY, m.frame.minY) else { return nil }
        let k = min(c.input.sections[id.section].items[id.item].span, s.columnCount)
        let columns = k == 1 ? "column \(m.column)" : "columns \(m.column)-\(m.column + k - 1)"
        let (actual, expected) = Invariants.pair(f.minY, m.frame.minY)
        let why: String
        if m.above < 0 {
            why = "the section's items top (nothing above it in \(columns))"
        } else {
            let above = ElementID.item(id.section, m.above)
            why = "\(above)'s bottom \(formatPoints(s.items[m.above].frame.maxY)) + rowSpacing \(formatPoints(rowSpacing))"
        }
        return Invariants.fail("stacking", "\(id) \(f.shortDescription) in \(columns) is at y = \(actual), expected \(expected): \(why)",
                               m.above < 0 ? [id] : [id, .item(id.section, m.above)])
    }
}

/// `placement`: the column is the one the placement rule picks, or one the tolerance cannot tell from it.
package func checkPlacement(_ c: CheckContext) -> InvariantFailure? {
    let s = c.input.layout
    return eachItem(c) { id, f, m, section in
        guard m.aligned, !m.placementAllowed else { return nil }
        let rule: String
        switch s.placement {
        case .shortestFirst:
            // Past 16 columns the first 8 tops, then the two columns in question (10,000 tops made a 30 KB line).
            let tops = section.candidateTops[id.item] ?? []
            let listed = tops.count <= 16 ? tops.map(formatPoints).joined(separator: ", ")
                : tops.prefix(8).map(formatPoints).joined(separator: ", ") + ", …] of \(tops.count) columns ["
                    + [m.ruleColumn, m.column].filter(tops.indices.contains).map { "column \($0): \(formatPoints(tops[$0]))" }.joined(separator: ", ")
            rule = "shortestFirst (tie tolerance \(formatPoints(s.tieTolerance)), \(s.tieBreak.rawValue)) picks column \(m.ruleColumn) of tops [\(listed)]"
        case .leftToRight, .rightToLeft:
            rule = "\(s.placement.rawValue) puts item \(id.item) in column \(m.ruleColumn)"
        }
        return Invariants.fail("placement", "\(id) \(f.shortDescription) went to column \(m.column), but \(rule)", [id])
    }
}

/// `supplementary`: header and footer frames (§5 steps 1 and 5), each section starting where the
/// previous one ended.
package func checkSupplementary(_ c: CheckContext) -> InvariantFailure? {
    guard let r = c.result else { return nil }
    func check(_ id: ElementID, _ expected: CGRect?, _ actual: CGRect?) -> InvariantFailure? {
        guard let e = expected, let a = actual, !a.isNull, !c.close(a, e) else { return nil }
        let (actual, should) = formatPair(a, e)
        return Invariants.fail("supplementary", "\(id) \(actual) should be \(should)", [id])
    }
    let model = c.model
    for si in 0..<min(model.sections.count, r.sections.count) {
        if let f = check(.header(si), model.sections[si].header, r.sections[si].header) { return f }
        if let f = check(.footer(si), model.sections[si].footer, r.sections[si].footer) { return f }
    }
    return nil
}

/// `content-size`: `[W, max(top, minimumContentHeight)]` with §5's final top (no trailing spacing).
package func checkContentSize(_ c: CheckContext) -> InvariantFailure? {
    guard let r = c.result else { return nil }
    let s = c.input.layout
    let top = c.model.finalTop
    let expected = CGSize(width: s.containerWidth, height: max(top, s.minimumContentHeight))
    guard !(c.close(r.contentSize.width, expected.width) && c.close(r.contentSize.height, expected.height)) else { return nil }
    var why = "the content ends at \(formatPoints(top))"
    if s.minimumContentHeight > top { why += ", raised to minimumContentHeight \(formatPoints(s.minimumContentHeight))" }
    if r.contentSize.height > expected.height, c.close(r.contentSize.height - s.rowSpacing, expected.height), s.rowSpacing > 0 {
        why += "; the difference is one trailing rowSpacing"
    }
    let (aw, ew) = Invariants.pair(r.contentSize.width, expected.width)
    let (ah, eh) = Invariants.pair(r.contentSize.height, expected.height)
    return Invariants.fail("content-size", "contentSize [\(aw), \(ah)], expected [\(ew), \(eh)]: \(why)")
}
