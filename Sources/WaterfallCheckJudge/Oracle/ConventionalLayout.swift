import Foundation
import WaterfallCheckCore

/// FIXTURE-FORMAT §5 with an engine's ``EngineConventions``: where a conforming engine that
/// follows them puts each element, and the reconciliation of an answer with §5 that every
/// judgement (the invariants, `compare`, `verify`) applies first (docs/conventions.md).
///
/// The conventional layout is §5 on a transformed input (the reference engine does the
/// placement), then transformed frames:
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
    /// The layout of `input` by §5 with `conventions`, or `nil` for an input §6 rejects.
    /// - Complexity: the reference layout's, O(items · columns) at worst.
    package static func layout(_ input: LayoutInput, conventions c: EngineConventions) -> LayoutResult? {
        guard ReferenceLayout.error(of: input) == nil else { return nil }
        var t = input
        let s = input.layout
        t.layout.tieTolerance = Swift.max(s.tieTolerance, c.builtInTieTolerance)
        // Each section's column width as §5 computes it (unfloored; the reference lays out `t`
        // with it), and as the engine has it: floored by the input's pixelScale, then by the
        // convention. A width floored to 0 is what the engine draws (sgr-ksmt's 0-wide items).
        var widths: [(plain: CGFloat, conventional: CGFloat)] = []
        for (si, section) in input.sections.enumerated() {
            let n = input.columnCount(of: section)
            let I = input.sectionInset(of: section)
            let plain = (s.containerWidth - I.left - I.right - CGFloat(n - 1) * s.columnSpacing) / CGFloat(n)
            var w = plain
            if let p = s.pixelScale { w = (w * p).rounded(.down) / p }
            if let r = c.columnWidthRounding?.resolved(pixelScale: s.pixelScale) { w = r.apply(w) }
            widths.append((plain, w))
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
        // Every height is a fixed one now; the widths are put right below.
        t.layout.pixelScale = nil
        guard var r = try? ReferenceLayout.layout(t) else { return nil }
        for (si, section) in input.sections.enumerated() {
            // x and width from the engine's column width, in the column §5 placed the item in.
            let (plain, w) = widths[si]
            let n = input.columnCount(of: section), left = input.sectionInset(of: section).left
            let spacing = s.columnSpacing
            for (i, item) in section.items.enumerated() {
                let f = r.sections[si].items[i]
                let column = ((f.origin.x - left) / (plain + spacing)).rounded()
                let k = CGFloat(Swift.min(item.span, n))
                r.sections[si].items[i] = CGRect(x: left + column * (w + spacing), y: f.origin.y,
                                                 width: k * w + (k - 1) * spacing, height: f.height)
            }
        }
        for si in r.sections.indices {
            if c.emptySectionsCollapse && input.sections[si].items.isEmpty { continue }
            if c.omitsZeroHeightSupplementaryViews {
                if input.sections[si].header?.height == 0 { r.sections[si].header = nil }
                if input.sections[si].footer?.height == 0 { r.sections[si].footer = nil }
            }
        }
        if let p = c.positionRounding?.resolved(pixelScale: s.pixelScale) {
            func round(_ f: CGRect) -> CGRect { CGRect(x: p.apply(f.origin.x), y: p.apply(f.origin.y), width: f.width, height: f.height) }
            for si in r.sections.indices {
                r.sections[si].header = r.sections[si].header.map(round)
                r.sections[si].items = r.sections[si].items.map(round)
                r.sections[si].footer = r.sections[si].footer.map(round)
            }
            r.contentSize.height = p.apply(r.contentSize.height)
        }
        if c.zeroContentSizeWithoutSections && input.sections.isEmpty { r.contentSize = .zero }
        return r
    }

    /// `answer` with every component (x, y, width, height of each frame; the content width and
    /// height) that is where §5 with `conventions` puts it (within `tolerance`, plus
    /// ``EngineConventions/positionNoiseULPs`` ulps of the larger length) made §5's, and a frame
    /// the conventions leave out filled in; everything else as the engine gave it, so a
    /// deviation beyond the conventions is still judged as one.
    ///
    /// Returned unchanged when the conventions change no frame, the input is invalid, or the
    /// answer's shape is not the input's (`complete` reports that).
    /// - Complexity: two reference layouts and O(elements).
    package static func reconcile(_ answer: LayoutResult, input: LayoutInput, conventions: EngineConventions,
                                 tolerance: Tolerance) -> LayoutResult {
        guard conventions.changesFrames,
              answer.sections.count == input.sections.count,
              zip(answer.sections, input.sections).allSatisfy({ $0.items.count == $1.items.count }),
              let plain = try? ReferenceLayout.layout(input),
              let expected = layout(input, conventions: conventions) else { return answer }
        let ulps = CGFloat(conventions.positionNoiseULPs)
        func near(_ a: CGFloat, _ b: CGFloat) -> Bool {
            tolerance.matches(a, b) || (ulps > 0 && abs(a - b) <= ulps * Swift.max(abs(a), abs(b)).ulp)
        }
        // Component by component: an element a bug moved down keeps its conventional width and
        // height forgiven, so only the move is reported (not the rounding beside it).
        func judged(_ a: CGRect?, _ e: CGRect?, _ p: CGRect?) -> CGRect? {
            switch (a, e, p) {
            case (nil, nil, _): return p
            case let (a?, e?, p?):
                return CGRect(x: near(a.origin.x, e.origin.x) ? p.origin.x : a.origin.x,
                              y: near(a.origin.y, e.origin.y) ? p.origin.y : a.origin.y,
                              width: near(a.width, e.width) ? p.width : a.width,
                              height: near(a.height, e.height) ? p.height : a.height)
            default: return a
            }
        }
        var out = answer
        for si in answer.sections.indices {
            let a = answer.sections[si], e = expected.sections[si], p = plain.sections[si]
            out.sections[si].header = judged(a.header, e.header, p.header)
            for i in a.items.indices { out.sections[si].items[i] = judged(a.items[i], e.items[i], p.items[i])! }
            out.sections[si].footer = judged(a.footer, e.footer, p.footer)
        }
        if near(answer.contentSize.width, expected.contentSize.width) { out.contentSize.width = plain.contentSize.width }
        if near(answer.contentSize.height, expected.contentSize.height) { out.contentSize.height = plain.contentSize.height }
        return out
    }
}
