import Foundation
import WaterfallCheck
import Foundation

extension SVGRenderer {
    /// What one panel shows.
    enum PanelKind: String {
        /// One layout.
        case plain
        /// Expected outlined over actual filled, with arrows.
        case overlay
        /// The expected frames, differences highlighted.
        case expected
        /// The actual frames, differences highlighted, missing ones outlined where expected.
        case actual

        /// The caption above the panel, in the side names of `options`.
        func caption(_ options: Options) -> String {
            switch self {
            case .plain, .overlay: return ""
            case .expected: return options.expectedName
            case .actual: return options.actualName
            }
        }
    }

    /// Which legend a document carries.
    enum LegendKind { case plain, diff }

    /// One panel of a document: what it shows, the region it shows (pt), and the entries in it.
    struct PanelSpec {
        var kind: PanelKind
        var box: CGRect
        var entries: [Entry]
        var caption: String
    }

    /// Lays out and writes one SVG document of one or more panels over a ``Comparison``.
    struct Canvas {
        let input: LayoutInput
        let comparison: Comparison
        let options: Options
        /// The region drawn, pt: ``Options/window``, else every frame and the container, padded 4 pt.
        let bounds: CGRect
        /// Every frame and the container, unpadded (``bounds`` when windowed).
        let content: CGRect
        /// The entries meeting ``bounds``.
        let entries: [Entry]
        let compact: Bool

        init(input: LayoutInput, comparison: Comparison, options: Options) {
            self.input = input
            self.comparison = comparison
            self.options = options
            let W = input.layout.containerWidth
            var b = CGRect(x: 0, y: 0, width: W.isFinite ? max(0, W) : 0,
                           height: Self.finite(max(comparison.expected.contentSize.height, comparison.actual.contentSize.height)))
            if let window = options.window {
                b = window
                entries = comparison.entries.filter { Self.touches($0, window) }
            } else {
                for e in comparison.entries {
                    for f in [e.expected, e.actual] {
                        if let f, f.origin.x.isFinite, f.origin.y.isFinite, f.size.width.isFinite, f.size.height.isFinite {
                            b = b.union(f.standardized)
                        }
                    }
                }
                entries = comparison.entries
            }
            content = b
            if options.window == nil { b = b.insetBy(dx: -4, dy: -4) }
            if !(b.width >= 1) { b.size.width = 1 }
            if !(b.height >= 1) { b.size.height = 1 }
            bounds = b
            switch options.detail {
            case .full: compact = false
            case .compact: compact = true
            case .automatic: compact = entries.count > options.labelLimit
            }
        }

        /// Whether `f` and `r` overlap or touch (a zero-height frame on a window's edge counts).
        static func touches(_ f: CGRect, _ r: CGRect) -> Bool {
            let f = f.standardized
            return f.minX <= r.maxX && r.minX <= f.maxX && f.minY <= r.maxY && r.minY <= f.maxY
        }

        /// Whether either frame of `e` touches `r`.
        static func touches(_ e: Entry, _ r: CGRect) -> Bool {
            (e.expected.map { touches($0, r) } ?? false) || (e.actual.map { touches($0, r) } ?? false)
        }

        static func finite(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }

        static let margin: CGFloat = 8, gap: CGFloat = 16
        /// The largest scale fitting chooses, px per pt, for a panel of `box`: 4, or more for a
        /// panel that would then stay under 240 px on its longer side. A shrunk 1 × 10 pt
        /// counterexample is drawn about 120 × 240 px, not 640 px wide.
        static func maximumFittedScale(_ box: CGRect) -> CGFloat { max(4, 240 / max(box.width, box.height)) }

        /// Pixels per pt for `count` panels of `box` side by side: ``Options/scale``, else the
        /// largest that keeps them within ``Options/maxWidth`` (and ``Options/maxHeight``).
        func scale(panels count: Int, box: CGRect) -> CGFloat {
            if let s = options.scale, s > 0, s.isFinite { return s }
            let n = CGFloat(count)
            var s = (options.maxWidth - (n - 1) * Self.gap) / (n * box.width)
            if let mh = options.maxHeight { s = min(s, mh / box.height) }
            s = min(s, Self.maximumFittedScale(box))
            return s.isFinite && s > 0 ? s : 1
        }

        /// `kinds` side by side, each showing all of ``bounds``. A whole (unwindowed) layout is
        /// padded 4 pt, or 12 px when that is less (a 1-pt-wide layout is not lost in its
        /// padding).
        func document(panels kinds: [PanelKind], legend: LegendKind) -> String {
            var box = bounds
            var s = scale(panels: kinds.count, box: box)
            if options.window == nil, options.scale == nil, content.width.isFinite, content.height.isFinite {
                for _ in 0..<6 {
                    let pad = min(4, 12 / s)
                    var b = content.insetBy(dx: -pad, dy: -pad)
                    if !(b.width >= 1 / s) { b.size.width = max(1 / s, 0.01) }
                    if !(b.height >= 1 / s) { b.size.height = max(1 / s, 0.01) }
                    box = b
                    s = scale(panels: kinds.count, box: box)
                }
            }
            let specs = kinds.map { PanelSpec(kind: $0, box: box, entries: entries, caption: $0.caption(options)) }
            return document(specs, scale: s, legend: legend)
        }

        /// The vertical axis for panels drawn at `scale`: piecewise (``YMap``) only for a full,
        /// unwindowed picture whose element heights span thousands to one.
        func ymap(scale: CGFloat) -> YMap {
            guard !compact, options.window == nil else { return .identity }
            var ys: [CGFloat] = [0, comparison.expected.contentSize.height, comparison.actual.contentSize.height]
            for e in entries { for f in [e.expected, e.actual] { if let f { ys.append(f.minY); ys.append(f.maxY) } } }
            return YMap.make(ys, scale: scale)
        }

        /// One panel of `kind`: in strips when compact and not windowed, else whole.
        func whole(_ kind: PanelKind, legend: LegendKind) -> String {
            compact && options.window == nil ? stripDocument(kind, legend: legend) : document(panels: [kind], legend: legend)
        }

        /// ``bounds`` cut into horizontal strips laid left to right, so a layout much taller than
        /// wide fills ``Options/maxWidth`` × ``Options/maxHeight`` (default 1,600 px) instead of
        /// shrinking to a sliver. Picks the strip count (1 to 64) that gives the largest scale.
        func stripDocument(_ kind: PanelKind, legend: LegendKind) -> String {
            let b = bounds, maxH = options.maxHeight ?? 1_600
            var best = (count: 1, scale: 0.0 as CGFloat)
            for k in 1...64 {
                let n = CGFloat(k)
                let s = min((options.maxWidth - (n - 1) * Self.gap) / (n * b.width), maxH * n / b.height, Self.maximumFittedScale(b))
                if s > best.scale { best = (k, s) }
            }
            let scale = options.scale ?? best.scale
            let k = options.scale == nil ? best.count : Int(min(64, max(1, (b.height * scale / maxH).rounded(.up))))
            let h = b.height / CGFloat(k)
            let specs = (0..<k).map { i -> PanelSpec in
                let box = CGRect(x: b.minX, y: b.minY + CGFloat(i) * h, width: b.width, height: h)
                return PanelSpec(kind: kind, box: box, entries: k == 1 ? entries : entries.filter { Self.touches($0, box) },
                                 caption: i == 0 ? kind.caption(options) : "")
            }
            return document(specs, scale: scale, legend: legend,
                            note: k == 1 ? nil : "\(k) strips of \(formatPoints(h.rounded())) pt, read left to right")
        }

        /// The whole SVG: title, legend, an optional note, then the panels left to right with
        /// their captions, each followed by the gutter its outside labels need.
        func document(_ panels: [PanelSpec], scale: CGFloat, legend: LegendKind, note: String? = nil) -> String {
            let margin = Self.margin, gap = Self.gap
            var scale = scale
            var ymap = self.ymap(scale: scale)
            // Draw, place the labels, and when their gutters push the panels past maxWidth (and
            // the scale is ours to choose), draw once more at the scale that leaves room for them.
            func layout(_ scale: CGFloat, _ ymap: YMap) -> [(body: String, labels: [PlacedLabel], width: CGFloat, height: CGFloat, gutter: CGFloat)] {
                panels.map { p in
                    let drawn = drawPanel(p, scale: scale, ymap: ymap)
                    let w = p.box.width * scale, h = (ymap(p.box.maxY) - ymap(p.box.minY)) * scale
                    let placed = SVGRenderer.placeLabels(drawn.labels, panelWidth: w, panelHeight: h)
                    return (drawn.body, placed.labels, w, h, placed.gutter)
                }
            }
            var laid = layout(scale, ymap)
            let gutters = laid.reduce(0) { $0 + $1.gutter }
            let total = laid.reduce(0) { $0 + $1.width } + CGFloat(max(0, panels.count - 1)) * gap + gutters
            if options.scale == nil, gutters > 0, total > options.maxWidth, let box = panels.first?.box, box.width > 0 {
                let room = options.maxWidth - gutters - CGFloat(max(0, panels.count - 1)) * gap
                let fitted = room / (CGFloat(panels.count) * box.width)
                // Never below 60% of the scale without labels outside: the picture may then
                // pass maxWidth (a soft bound) rather than shrink its elements out of sight.
                let s2 = max(fitted, 0.6 * scale)
                if s2 > 0, s2.isFinite, s2 < scale {
                    scale = s2
                    ymap = self.ymap(scale: scale)
                    laid = layout(scale, ymap)
                }
            }
            let ph = laid.map { p in max(p.height, p.labels.map(\.rect.maxY).max() ?? 0) }.max() ?? 0
            let panelsWidth = laid.reduce(0) { $0 + $1.width + $1.gutter } + CGFloat(max(0, panels.count - 1)) * gap
            let contentWidth = max(panelsWidth, 420)
            var body = ""
            var y = margin
            if let t = options.title {
                body += "<text class=\"wf-title\" x=\"\(margin)\" y=\"\(Markup.number(y + 14))\">\(Markup.escape(t))</text>\n"
                y += 22
            }
            y = drawLegend(legend, into: &body, x: margin, y: y, width: contentWidth)
            var notes = note.map { [$0] } ?? []
            if !ymap.isIdentity {
                let shortened = ymap.breaks.isEmpty ? "" : "\(ymap.breaks.count) tall stretch\(ymap.breaks.count == 1 ? "" : "es") shortened (≈), "
                notes.append("not to scale vertically: \(shortened)short stretches drawn taller; (h N) is an element's true height")
            }
            for n in notes {
                body += "<text class=\"wf-caption\" x=\"\(margin)\" y=\"\(Markup.number(y + 12))\">\(Markup.escape(n))</text>\n"
                y += 18
            }
            let captioned = panels.contains { !$0.caption.isEmpty }
            let top = captioned ? y + 18 : y
            var x = margin
            for (p, l) in zip(panels, laid) {
                if !p.caption.isEmpty {
                    body += "<text class=\"wf-caption\" x=\"\(Markup.number(x))\" y=\"\(Markup.number(y + 12))\">\(Markup.escape(p.caption))</text>\n"
                }
                body += Self.panelTag(p.kind, box: p.box, x: x, y: top, width: l.width, height: l.height, ymap: ymap)
                body += l.body
                SVGRenderer.writeLabels(l.labels, x: x, y: top, into: &body)
                x += l.width + l.gutter + gap
            }
            let totalW = contentWidth + 2 * margin
            let totalH = top + ph + margin
            var out = ""
            out.reserveCapacity(body.utf8.count + Self.styleSheetLength + 256)
            out += "<svg "
            if options.standalone { out += "xmlns=\"http://www.w3.org/2000/svg\" " }
            out += "class=\"wf-doc\" width=\"\(Markup.number(totalW))\" height=\"\(Markup.number(totalH))\" viewBox=\"0 0 \(Markup.number(totalW)) \(Markup.number(totalH))\">\n"
            if options.standalone { out += "<style>\n\(styleSheet)\n</style>\n" }
            out += body
            out += "</svg>\n"
            return out
        }

        static let styleSheetLength = styleSheet.utf8.count

        // MARK: Legend

        /// Writes the legend in rows of swatches and returns the y below it (px).
        func drawLegend(_ kind: LegendKind, into out: inout String, x x0: CGFloat, y y0: CGFloat, width: CGFloat) -> CGFloat {
            enum Swatch { case box(String), line(String), arrow }
            let c = comparison
            let entries: [(Swatch, String)]
            switch kind {
            case .plain:
                entries = [(.box("wf-item"), "item (section.item)"), (.box("wf-sup"), "header / footer"),
                           (.box("wf-col"), "column"), (.box("wf-inset"), "section inset"),
                           (.line("wf-content"), "content size")]
            case .diff:
                let e = options.expectedName, a = options.actualName
                entries = [(.box("wf-item"), "\(a), as \(e)"), (.box("wf-exp"), "\(e) (outline)"),
                           (.box("wf-moved"), "moved or resized (\(c.count(.moved)))"), (.arrow, "\(e) → \(a) origin"),
                           (.box("wf-missing"), "missing, \(e) only (\(c.count(.missing)))"),
                           (.box("wf-extra"), "extra, \(a) only (\(c.count(.extra)))"), (.line("wf-content"), "content size")]
            }
            var x = x0, y = y0
            out += "<g class=\"wf-legend\" data-legend=\"\(kind == .plain ? "plain" : "diff")\">\n"
            for (swatch, text) in entries {
                let w = 22 + CGFloat(text.count) * 6.2 + 14
                if x > x0, x + w > x0 + width { x = x0; y += 18 }
                switch swatch {
                case .box(let cls):
                    out += "<rect class=\"\(cls)\" x=\"\(Markup.number(x))\" y=\"\(Markup.number(y + 3))\" width=\"16\" height=\"10\"/>"
                case .line(let cls):
                    out += "<line class=\"\(cls)\" x1=\"\(Markup.number(x))\" y1=\"\(Markup.number(y + 8))\" x2=\"\(Markup.number(x + 16))\" y2=\"\(Markup.number(y + 8))\"/>"
                case .arrow:
                    out += "<g class=\"wf-arrow\"><line x1=\"\(Markup.number(x))\" y1=\"\(Markup.number(y + 8))\" x2=\"\(Markup.number(x + 12))\" y2=\"\(Markup.number(y + 8))\"/>"
                    out += "<polygon points=\"\(Markup.number(x + 18)),\(Markup.number(y + 8)) \(Markup.number(x + 11)),\(Markup.number(y + 4)) \(Markup.number(x + 11)),\(Markup.number(y + 12))\"/></g>"
                }
                out += "<text x=\"\(Markup.number(x + 22))\" y=\"\(Markup.number(y + 12))\">\(Markup.escape(text))</text>\n"
                x += w
            }
            out += "</g>\n"
            return y + 22
        }
    }
}
