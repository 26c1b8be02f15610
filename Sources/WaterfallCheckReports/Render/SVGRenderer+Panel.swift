import Foundation
import WaterfallCheck
import Foundation

extension SVGRenderer.Canvas {
    typealias Entry = SVGRenderer.Entry

    /// The opening tag of a panel: a nested `<svg>` whose `viewBox` is `box` in pt (its y
    /// through `ymap`), placed at (`x`, `y`) px with the given size in px.
    static func panelTag(_ kind: SVGRenderer.PanelKind, box b: CGRect, x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat,
                         ymap: SVGRenderer.YMap) -> String {
        let drawnTop = ymap(b.minY), drawnHeight = ymap(b.maxY) - drawnTop
        var out = "<svg data-panel=\"\(kind.rawValue)\" x=\"\(Markup.number(x))\" y=\"\(Markup.number(y))\" width=\"\(Markup.number(width))\" height=\"\(Markup.number(height))\" viewBox=\""
        Markup.appendNumber(b.minX, to: &out); out += " "; Markup.appendNumber(drawnTop, to: &out); out += " "
        Markup.appendNumber(b.width, to: &out); out += " "; Markup.appendNumber(drawnHeight, to: &out)
        out += "\" preserveAspectRatio=\"xMinYMin meet\"\(ymap.isIdentity ? "" : " data-vertical-scale=\"piecewise\"")>\n"
        return out
    }

    /// The inside of one panel (shapes in pt, closed by `</svg>`; open it with ``panelTag``);
    /// `scale` is px per pt.
    /// - Returns: the markup and the labels the panel asks for, in its own px, for
    ///   ``SVGRenderer/placeLabels(_:panelWidth:panelHeight:)``.
    func drawPanel(_ spec: SVGRenderer.PanelSpec, scale: CGFloat, ymap: SVGRenderer.YMap) -> (body: String, labels: [SVGRenderer.LabelRequest]) {
        let b = spec.box, kind = spec.kind, entries = spec.entries
        var p = PanelWriter(compact: compact, scale: scale, origin: CGPoint(x: b.minX, y: ymap(b.minY)), ymap: ymap)

        // Container and guides (from the expected frames where the panel shows them).
        let c = comparison
        let W = input.layout.containerWidth
        let contentHeight: CGFloat
        switch kind {
        case .plain, .actual: contentHeight = c.actual.contentSize.height
        case .expected: contentHeight = c.expected.contentSize.height
        case .overlay: contentHeight = max(c.expected.contentSize.height, c.actual.contentSize.height)
        }
        p.rect(CGRect(x: 0, y: 0, width: W, height: contentHeight), "wf-bg")
        let guideSource = kind == .actual || kind == .plain ? c.actual : c.expected
        for g in SectionGuide.guides(input: input, result: guideSource) where Self.touches(g.insetBox, b) {
            p.rect(g.insetBox, "wf-inset", attributes: " data-section=\"\(g.section)\"")
            for (ci, col) in g.columns.enumerated() {
                p.rect(col, "wf-col", attributes: compact ? "" : " data-column=\"\(g.section).\(ci)\"")
            }
        }

        // Elements.
        let e = options.expectedName
        switch kind {
        case .plain, .actual:
            for e in entries {
                if let a = e.actual { p.element(a, Self.fillClass(e), e) }
                else if let x = e.expected { p.element(x, "wf-missing", e) }
            }
        case .expected:
            for e in entries { if let x = e.expected { p.element(x, Self.fillClass(e), e) } }
        case .overlay:
            for e in entries { if let a = e.actual { p.element(a, Self.fillClass(e), e) } }
            p.flushPaths()
            for en in entries {
                guard let x = en.expected else { continue }
                switch en.change {
                case .same: if !compact { p.element(x, "wf-exp", en, attribute: "data-expected", label: false) }
                case .moved: p.element(x, "wf-exp wf-moved", en, attribute: "data-expected", label: true, labelSuffix: " (\(e))",
                                       placement: .bottomLeft, labelClass: "wf-lbl-exp")
                case .missing: p.element(x, "wf-missing", en)
                case .extra: break
                }
            }
            p.flushPaths()
            var arrows = 0
            for en in entries where en.change == .moved {
                guard let x = en.expected, let a = en.actual else { continue }
                if compact && arrows >= Self.maximumMarks { break }
                p.arrow(from: x.origin, to: a.origin, id: en.id, delta: compact ? nil : moveWords(en))
                arrows += 1
            }
        }
        p.flushPaths()
        if compact {
            // Unlabelled shapes may be a pixel tall: ring each difference so it shows at a glance.
            for e in entries.lazy.filter({ $0.change != .same }).prefix(Self.maximumMarks) {
                let f = kind == .expected ? (e.expected ?? e.actual) : (e.actual ?? e.expected)
                if let f { p.ring(around: f, change: e.change) }
            }
        }
        // Shortened stretches: a white zigzag band across the container.
        for br in ymap.breaks { p.breakMark(from: br.from, to: br.to, width: W) }

        // Content size lines.
        let es = c.expected.contentSize, a = c.actual.contentSize
        let sameSize = options.tolerance.matches(es, a)
        switch kind {
        case .plain: p.contentLine(a, width: W, which: "actual", label: "contentSize")
        case .actual: p.contentLine(a, width: W, which: "actual", label: "contentSize")
        case .expected: p.contentLine(es, width: W, which: "expected", label: "contentSize")
        case .overlay:
            if sameSize { p.contentLine(a, width: W, which: "actual", label: "contentSize") }
            else {
                p.contentLine(es, width: W, which: "expected", label: "\(options.expectedName) contentSize", dashed: true)
                p.contentLine(a, width: W, which: "actual", label: "\(options.actualName) contentSize")
            }
        }
        p.out += "</svg>\n"
        return (p.out, p.labels)
    }

    /// What an arrow says: the columns when the element changed column (`col 2 → 0`), else
    /// the largest component change (`Δ 8 pt`).
    func moveWords(_ e: Entry) -> String? {
        guard let x = e.expected, let a = e.actual else { return nil }
        let d = Tolerance.delta(x, a)
        if e.id.kind == .item, let from = column(of: x, section: e.id.section), let to = column(of: a, section: e.id.section), from != to {
            return "col \(from) → \(to)"
        }
        return d.isFinite ? "Δ \(formatDelta(d)) pt" : nil
    }

    /// The column whose origin is `f`'s x (within 0.01 pt), by the input's geometry.
    func column(of f: CGRect, section: Int) -> Int? {
        input.column(of: f, section: section)
    }

    /// Arrows and rings drawn per compact panel at most.
    static let maximumMarks = 200

    /// The fill style of an element: its kind (item or header/footer) and its change.
    static func fillClass(_ e: Entry) -> String {
        if e.change == .missing { return "wf-missing" }
        return (e.id.kind == .item ? "wf-item wf-" : "wf-sup wf-") + e.change.rawValue
    }
}

/// Writes the shapes of one panel, in pt (y through the panel's ``SVGRenderer/YMap``). In
/// compact mode, shapes of one style are gathered into one `<path>` and labels are dropped.
/// Labels are not written here: they are asked for (``labels``, in the panel's px) and placed
/// by the document, so that none overlaps another or is clipped.
struct PanelWriter {
    let compact: Bool
    /// Pixels per pt: label sizes and arrow heads are fixed in px.
    let scale: CGFloat
    /// The panel's top-left corner, pt (drawn y).
    let origin: CGPoint
    let ymap: SVGRenderer.YMap
    var out = ""
    private(set) var labels: [SVGRenderer.LabelRequest] = []
    private var paths: [(cls: String, d: String)] = []

    /// Drawn boxes under this many px get a marker of this size around them.
    static let minimumDrawn: CGFloat = 4

    init(compact: Bool, scale: CGFloat, origin: CGPoint, ymap: SVGRenderer.YMap) {
        self.compact = compact; self.scale = scale; self.origin = origin; self.ymap = ymap
    }

    /// `r` (drawn pt) in the panel's px.
    func px(_ r: CGRect) -> CGRect {
        CGRect(x: (r.minX - origin.x) * scale, y: (r.minY - origin.y) * scale, width: r.width * scale, height: r.height * scale)
    }

    /// A plain rectangle (background, guide).
    mutating func rect(_ r: CGRect, _ cls: String, attributes: String = "") {
        let r = ymap.rect(r.standardized)
        out += "<rect class=\"\(cls)\"\(attributes) x=\""
        Markup.appendNumber(r.minX, to: &out); out += "\" y=\""
        Markup.appendNumber(r.minY, to: &out); out += "\" width=\""
        Markup.appendNumber(r.width, to: &out); out += "\" height=\""
        Markup.appendNumber(r.height, to: &out); out += "\"/>\n"
    }

    /// An element's shape: a `<rect>` carrying `attribute="<id>"`, `data-change` and a tooltip
    /// with its true frame, plus a marker of ``minimumDrawn`` px around it when it is drawn
    /// smaller; or, compact, a sub-path of its style's `<path>`. Asks for its label.
    mutating func element(_ r: CGRect, _ cls: String, _ e: SVGRenderer.Entry, attribute: String = "data-element", label: Bool = true,
                          labelSuffix: String = "", placement: SVGRenderer.LabelRequest.Placement = .topLeft, labelClass: String = "") {
        if compact {
            let r = ymap.rect(r.standardized)
            let i: Int
            if let j = paths.firstIndex(where: { $0.cls == cls }) { i = j } else { paths.append((cls, "")); i = paths.count - 1 }
            paths[i].d += "M"; Markup.appendNumber(r.minX, to: &paths[i].d); paths[i].d += " "
            Markup.appendNumber(r.minY, to: &paths[i].d); paths[i].d += "h"
            Markup.appendNumber(r.width, to: &paths[i].d); paths[i].d += "v"
            Markup.appendNumber(r.height, to: &paths[i].d); paths[i].d += "h"
            Markup.appendNumber(-r.width, to: &paths[i].d); paths[i].d += "z"
            return
        }
        let drawn = ymap.rect(r.standardized)
        let distorted = ymap.distorts(r)
        let truth = LayoutDiff.Value.frame(r).description
        out += "<rect class=\"\(cls)\" \(attribute)=\"\(e.id)\" data-change=\"\(e.change.rawValue)\""
        let finite = [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite)
        if distorted && finite { out += " data-frame=\"\(truth)\"" }
        out += " x=\""
        Markup.appendNumber(drawn.minX, to: &out); out += "\" y=\""
        Markup.appendNumber(drawn.minY, to: &out); out += "\" width=\""
        Markup.appendNumber(drawn.width, to: &out); out += "\" height=\""
        Markup.appendNumber(drawn.height, to: &out); out += "\"><title>\(e.id) \(truth)\(attribute == "data-expected" ? " (expected)" : "")</title></rect>\n"
        var box = px(drawn)
        let least = Self.minimumDrawn
        if box.width.isFinite, box.height.isFinite, box.width < least || box.height < least {
            // Too small to see: a marker at least `least` px each way, centred on it.
            let m = CGRect(x: drawn.midX - max(drawn.width, least / scale) / 2, y: drawn.midY - max(drawn.height, least / scale) / 2,
                           width: max(drawn.width, least / scale), height: max(drawn.height, least / scale))
            out += "<rect class=\"\(cls) wf-mark\" data-marks=\"\(e.id)\" x=\""
            Markup.appendNumber(m.minX, to: &out); out += "\" y=\""; Markup.appendNumber(m.minY, to: &out)
            out += "\" width=\""; Markup.appendNumber(m.width, to: &out); out += "\" height=\""; Markup.appendNumber(m.height, to: &out)
            out += "\"/>\n"
            box = px(m)
        }
        guard label else { return }
        var text: String
        switch e.id.kind {
        case .item: text = "\(e.id.section).\(e.id.item)"
        case .header, .footer: text = e.id.description
        }
        if e.change == .extra { text += " (extra)" }
        text += labelSuffix
        if distorted { text += " (h \(formatPoints(r.height)))" }
        labels.append(.init(text: text, cls: labelClass, box: box, placement: placement, subject: "\(e.id)"))
    }

    /// Writes the gathered compact paths (keeping draw order between layers).
    mutating func flushPaths() {
        for (cls, d) in paths { out += "<path class=\"\(cls)\" d=\"\(d)\"/>\n" }
        paths.removeAll()
    }

    /// Arrows shorter than this many px are drawn this long (their tail extended backwards).
    static let minimumArrow: CGFloat = 28

    /// A red arrow from an expected origin (a dot) to the actual origin (the head), at least
    /// ``minimumArrow`` px long; `delta` is written beside it.
    mutating func arrow(from e0: CGPoint, to a0: CGPoint, id: ElementID, delta: String?) {
        let e = CGPoint(x: e0.x, y: ymap(e0.y)), a = CGPoint(x: a0.x, y: ymap(a0.y))
        let dx = a.x - e.x, dy = a.y - e.y, len = (dx * dx + dy * dy).squareRoot()
        var tail = e
        let least = Self.minimumArrow / scale
        if len > 0, len.isFinite, len < least { tail = CGPoint(x: a.x - dx / len * least, y: a.y - dy / len * least) }
        out += "<g class=\"wf-arrow\" data-arrow=\"\(id)\"><line x1=\""
        Markup.appendNumber(tail.x, to: &out); out += "\" y1=\""; Markup.appendNumber(tail.y, to: &out)
        out += "\" x2=\""; Markup.appendNumber(a.x, to: &out); out += "\" y2=\""; Markup.appendNumber(a.y, to: &out)
        out += "\"/><circle cx=\""; Markup.appendNumber(e.x, to: &out); out += "\" cy=\""; Markup.appendNumber(e.y, to: &out)
        out += "\" r=\""; Markup.appendNumber(3 / scale, to: &out); out += "\"/>"
        let tdx = a.x - tail.x, tdy = a.y - tail.y, tlen = (tdx * tdx + tdy * tdy).squareRoot()
        if tlen > 0, tlen.isFinite {
            let head = min(9 / scale, tlen), ux = tdx / tlen, uy = tdy / tlen
            let bx = a.x - ux * head, by = a.y - uy * head, half = head * 0.45
            out += "<polygon points=\""
            Markup.appendNumber(a.x, to: &out); out += ","; Markup.appendNumber(a.y, to: &out); out += " "
            Markup.appendNumber(bx - uy * half, to: &out); out += ","; Markup.appendNumber(by + ux * half, to: &out); out += " "
            Markup.appendNumber(bx + uy * half, to: &out); out += ","; Markup.appendNumber(by - ux * half, to: &out)
            out += "\"/>"
        }
        out += "</g>\n"
        if let delta, tlen.isFinite {
            let mid = CGPoint(x: (tail.x + a.x) / 2, y: (tail.y + a.y) / 2)
            let p = px(CGRect(origin: mid, size: .zero))
            labels.append(.init(text: delta, cls: "wf-dlabel", box: p, placement: .beside, subject: "\(id)"))
        }
    }

    /// A circle of 12 px radius (at least) around `f`, for compact pictures.
    mutating func ring(around f0: CGRect, change: LayoutDiff.Change) {
        let f = ymap.rect(f0.standardized)
        let r = max(12 / scale, max(f.width, f.height) / 2 + 4 / scale)
        out += "<circle class=\"wf-ring wf-\(change.rawValue)\" cx=\""
        Markup.appendNumber(f.midX, to: &out); out += "\" cy=\""; Markup.appendNumber(f.midY, to: &out)
        out += "\" r=\""; Markup.appendNumber(r, to: &out); out += "\"/>\n"
    }

    /// The mark of a shortened stretch: a white zigzag band across the container at its middle.
    mutating func breakMark(from y0: CGFloat, to y1: CGFloat, width W: CGFloat) {
        let y = (ymap(y0) + ymap(y1)) / 2, a = 4 / scale, step = 8 / scale
        guard W.isFinite, W > 0, step > 0, (y1 - y0).isFinite else { return }
        var d = "M"; Markup.appendNumber(-2 / scale, to: &d); d += " "; Markup.appendNumber(y, to: &d)
        var x: CGFloat = 0, up = true
        while x <= W + step {
            d += " L"; Markup.appendNumber(x, to: &d); d += " "; Markup.appendNumber(y + (up ? -a : a), to: &d)
            x += step; up.toggle()
        }
        out += "<path class=\"wf-break\" data-shortened=\"\(formatPoints(y1 - y0))\" d=\"\(d)\"><title>\(formatPoints(y1 - y0)) pt shortened</title></path>\n"
        labels.append(.init(text: "≈ \(formatPoints(y1 - y0)) pt shortened", cls: "wf-blabel",
                            box: px(CGRect(x: W, y: y, width: 0, height: 0)), placement: .beside, subject: "break"))
    }

    /// A horizontal line at the content height across the container; asks for its label.
    mutating func contentLine(_ size: CGSize, width W: CGFloat, which: String, label: String, dashed: Bool = false) {
        let y = ymap(size.height)
        out += "<line class=\"wf-content\(dashed ? " wf-exp" : "")\" data-content-size=\"\(which)\" x1=\"0\" y1=\""
        Markup.appendNumber(y, to: &out); out += "\" x2=\""; Markup.appendNumber(W, to: &out)
        out += "\" y2=\""; Markup.appendNumber(y, to: &out); out += "\"/>\n"
        labels.append(.init(text: "\(label) \(formatPoints(size.width)) × \(formatPoints(size.height))", cls: "wf-clabel",
                            box: px(CGRect(x: 0, y: y, width: W.isFinite ? max(0, W) : 0, height: 0)), placement: .aboveLineEnd,
                            subject: "contentSize \(which)"))
    }
}
