import Foundation
import WaterfallCheckCore

/// FIXTURE-FORMAT §5 with an engine's ``EngineConventions``: where a conforming engine that
/// follows them puts each element, and the reconciliation of an answer with §5 that every
/// judgement (the invariants, `compare`, `verify`) applies first (docs/conventions.md).
///
/// The conventional layout is §5 on a transformed input (``LayoutModel`` does the placement,
/// keeping the engine's column wherever the rule allows it: a tie the engine's own rounding breaks
/// the other way is followed), then transformed frames:
/// - `columnWidth` (down to 1/s): the section's column width `floor_s(w)` (as §5's `pixelScale`
///   does to widths; combined with the input's own `pixelScale`, the coarser floor);
/// - every size-derived height is computed from that width (floored by the input's `pixelScale`),
///   then `height` rounds every item height, fixed ones too;
/// - `emptySectionsCollapse`: a section without items loses its header, footer and insets;
/// - `countsTrailingSpacing`: a section with items ends `rowSpacing` lower (its bottom is the
///   tallest running height, which counts the spacing after each column's last item);
/// - `tieTolerance`: §5's `tieTolerance` is at least the built-in band;
/// - then `omitsZeroHeightSupplementaryViews` leaves out the frames of zero-height headers and
///   footers (their bottom insets were dropped first: only the top inset counts, as in CHT and
///   sgr-ksmt); `position` rounds every x, y and the content height; `zeroContentSizeWithoutSections`
///   makes the content size of no sections `[0, 0]`.
package enum ConventionalLayout {
    /// The layout of `input` by §5 with `conventions`, and the model it comes from (each item's
    /// column and whether the rule allows it), or `nil` for an input §6 rejects.
    ///
    /// Where the rule leaves a choice (a tie within the rounding bound of the running heights:
    /// docs/decisions/placement.md), the column `answer` took is kept, so an engine whose own
    /// arithmetic breaks an exact tie the other way is followed, not contradicted.
    /// - Complexity: O(items · columns), the model's.
    private static func conventional(_ input: LayoutInput, conventions c: EngineConventions, following answer: LayoutResult,
                                     tolerance: CGFloat) -> (result: LayoutResult, model: LayoutModel)? {
        guard ReferenceLayout.error(of: input) == nil else { return nil }
        var t = input
        let s = input.layout
        t.layout.tieTolerance = Swift.max(s.tieTolerance, c.builtInTieTolerance)
        // Each section's column width as §5 computes it, and as the engine has it: floored by the
        // input's pixelScale, then by the convention. A width floored to 0 is what the engine
        // draws (sgr-ksmt's 0-wide items).
        var widths: [CGFloat] = []
        for (si, section) in input.sections.enumerated() {
            let n = input.columnCount(of: section)
            let I = input.sectionInset(of: section)
            let plain = (s.containerWidth - I.left - I.right - CGFloat(n - 1) * s.columnSpacing) / CGFloat(n)
            var w = plain
            if let p = s.pixelScale { w = (w * p).rounded(.down) / p }
            if let r = c.columnWidthRounding?.resolved(pixelScale: s.pixelScale) { w = r.apply(w) }
            widths.append(w)
            for (i, item) in section.items.enumerated() {
                var h: CGFloat
                switch item.dimension {
                case .height(let v): h = v
                case .size(let size):
                    let k = Swift.min(item.span, n)
                    let iw = CGFloat(k) * w + CGFloat(k - 1) * s.columnSpacing
                    h = size.height * iw / size.width
                    if let p = s.pixelScale { h = (h * p).rounded(.down) / p }
                    if let r = c.sizeHeightRounding?.resolved(pixelScale: s.pixelScale) { h = r.apply(h) }
                }
                if let r = c.heightRounding?.resolved(pixelScale: s.pixelScale) { h = r.apply(h) }
                t.sections[si].items[i].dimension = .height(h)
            }
            // A zero-height header or footer that is not created adds its top inset only
            // (CHT and sgr-ksmt: `top += inset.top; if height > 0 { ...; top = maxY + inset.bottom }`).
            if c.omitsZeroHeightSupplementaryViews {
                if section.header?.height == 0 { t.sections[si].header!.inset.bottom = 0 }
                if section.footer?.height == 0 { t.sections[si].footer!.inset.bottom = 0 }
            }
            if c.emptySectionsCollapse && section.items.isEmpty {
                t.sections[si].header = nil; t.sections[si].footer = nil; t.sections[si].sectionInset = .zero
            } else if c.countsTrailingSpacing && !section.items.isEmpty {
                var inset = I
                inset.bottom += s.rowSpacing
                t.sections[si].sectionInset = inset
            }
        }
        // Every height is a fixed one now, and the widths are given: §5's model on `t`, in the
        // engine's columns where its x is a column origin (rounded positions: within a step).
        t.layout.pixelScale = nil
        let rounding = c.positionRounding?.resolved(pixelScale: s.pixelScale)
        let model = LayoutModel(input: t, result: answer, tolerance: Swift.max(tolerance, rounding.map { 1 / $0.scale } ?? 0),
                                columnWidths: widths, firstRowInOrder: c.firstRowInOrder,
                                leastRecentTies: c.tiesToLeastRecentColumn, heightNoiseULPs: c.positionNoiseULPs)
        var r = LayoutResult(contentSize: CGSize(width: s.containerWidth, height: Swift.max(model.finalTop, s.minimumContentHeight)),
                             sections: model.sections.map { SectionFrames(header: $0.header, items: $0.items.map(\.frame), footer: $0.footer) })
        for si in r.sections.indices {
            if c.emptySectionsCollapse && input.sections[si].items.isEmpty { continue }
            if c.omitsZeroHeightSupplementaryViews {
                if input.sections[si].header?.height == 0 { r.sections[si].header = nil }
                if input.sections[si].footer?.height == 0 { r.sections[si].footer = nil }
            }
        }
        if let p = rounding {
            func round(_ f: CGRect) -> CGRect { CGRect(x: p.apply(f.origin.x), y: p.apply(f.origin.y), width: f.width, height: f.height) }
            for si in r.sections.indices {
                r.sections[si].header = r.sections[si].header.map(round)
                r.sections[si].items = r.sections[si].items.map(round)
                r.sections[si].footer = r.sections[si].footer.map(round)
            }
            r.contentSize.height = p.apply(r.contentSize.height)
        }
        if c.zeroContentSizeWithoutSections && input.sections.isEmpty { r.contentSize = .zero }
        return (r, model)
    }

    /// `answer` with every component (x, y, width, height of each frame; the content width and
    /// height) that is where §5 with `conventions` puts it (within `tolerance`, plus
    /// ``EngineConventions/positionNoiseULPs`` ulps of the larger length) made §5's, and a frame
    /// the conventions leave out filled in; every other component §5's plus the engine's
    /// departure from the conventional value, so a deviation beyond the conventions is still
    /// judged as one, by as much.
    ///
    /// Returned unchanged when the conventions change no frame, the input is invalid, or the
    /// answer's shape is not the input's (`complete` reports that).
    /// - Complexity: one reference layout, one model and O(elements).
    package static func reconcile(_ answer: LayoutResult, input: LayoutInput, conventions: EngineConventions,
                                 tolerance: Tolerance) -> LayoutResult {
        guard conventions.changesFrames,
              answer.sections.count == input.sections.count,
              zip(answer.sections, input.sections).allSatisfy({ $0.items.count == $1.items.count }),
              let plain = try? ReferenceLayout.layout(input),
              let (expected, model) = conventional(input, conventions: conventions, following: answer,
                                                                tolerance: tolerance.points) else { return answer }
        let ulps = CGFloat(conventions.positionNoiseULPs)
        func near(_ a: CGFloat, _ b: CGFloat) -> Bool {
            tolerance.matches(a, b) || (ulps > 0 && abs(a - b) <= ulps * Swift.max(abs(a), abs(b)).ulp)
        }
        // Component by component, the engine's departure from its conventional layout carried
        // onto §5's value: `p + (a - e)`, exactly `p` within the tolerance. An element a bug moved
        // down keeps its conventional width and height forgiven, so only the move is reported;
        // and a move is never lost where the engine's raw value happens to equal §5's (a bug
        // that subtracts the row spacing beside a convention that adds it).
        func carried(_ a: CGFloat, _ e: CGFloat, _ p: CGFloat) -> CGFloat { near(a, e) ? p : p + (a - e) }
        func judged(_ a: CGRect?, _ e: CGRect?, _ p: CGRect?) -> CGRect? {
            switch (a, e, p) {
            case (nil, nil, _): return p
            case let (a?, e?, p?):
                return CGRect(x: carried(a.origin.x, e.origin.x, p.origin.x), y: carried(a.origin.y, e.origin.y, p.origin.y),
                              width: carried(a.width, e.width, p.width), height: carried(a.height, e.height, p.height))
            default: return a
            }
        }
        var out = answer
        // The items after a forbidden column (below), on §5's grid in the engine's columns: their
        // tops are §5's running heights of that history, not of §5's own.
        var following: [(section: Int, item: Int)] = []
        var grid = answer
        for si in answer.sections.indices {
            let a = answer.sections[si], e = expected.sections[si], p = plain.sections[si]
            out.sections[si].header = judged(a.header, e.header, p.header)
            let m = model.sections[si]
            let n = input.columnCount(of: input.sections[si]), I = input.sectionInset(of: input.sections[si]), s = input.layout
            var w = (s.containerWidth - I.left - I.right - CGFloat(n - 1) * s.columnSpacing) / CGFloat(n)
            if let q = s.pixelScale { w = (w * q).rounded(.down) / q }
            var forbidden = false
            for i in a.items.indices {
                var f = judged(a.items[i], e.items[i], p.items[i])!
                // A column the rule forbids even with the conventions: the engine's own frame, so
                // the choice is judged as made. Carried into §5's columns it could land where §5's
                // own history puts that item (a first row in order, wrong after it, read as §5's
                // shortest-first) and the bug would vanish; its own position with §5's width drew
                // an overlap the engine never had (sgr-ksmt's gap bug at floored 0-wide columns).
                // The items after it stand on the engine's history, so they follow its columns.
                let item = m.items[i]
                if item.aligned && (forbidden || !item.placementAllowed) {
                    grid.sections[si].items[i].origin.x = I.left + CGFloat(item.column) * (w + s.columnSpacing)
                    if !item.placementAllowed { f = a.items[i]; forbidden = true } else { f.origin.x = grid.sections[si].items[i].origin.x; following.append((si, i)) }
                } else {
                    grid.sections[si].items[i] = f
                }
                out.sections[si].items[i] = f
            }
            out.sections[si].footer = judged(a.footer, e.footer, p.footer)
        }
        if !following.isEmpty {
            let inColumns = LayoutModel(input: input, result: grid, tolerance: tolerance.points)
            for (si, i) in following {
                out.sections[si].items[i].origin.y = carried(answer.sections[si].items[i].origin.y, expected.sections[si].items[i].origin.y,
                                                             inColumns.sections[si].items[i].frame.origin.y)
            }
        }
        out.contentSize = CGSize(width: carried(answer.contentSize.width, expected.contentSize.width, plain.contentSize.width),
                                 height: carried(answer.contentSize.height, expected.contentSize.height, plain.contentSize.height))
        return out
    }
}
