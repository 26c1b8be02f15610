import Foundation

extension SVGRenderer.Canvas {
    typealias Entry = SVGRenderer.Entry

    /// Writes one panel: a nested `<svg>` whose `viewBox` is `spec.box` in pt, placed at
    /// (`x`, `y`) px with the given size in px; `scale` is px per pt.
    func drawPanel(_ spec: SVGRenderer.PanelSpec, into out: inout String, x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat, scale: CGFloat) {
        var p = PanelWriter(compact: compact, scale: scale)
        let b = spec.box, kind = spec.kind, entries = spec.entries
        p.out += "<svg data-panel=\"\(kind.rawValue)\" x=\"\(Markup.number(x))\" y=\"\(Markup.number(y))\" width=\"\(Markup.number(width))\" height=\"\(Markup.number(height))\" viewBox=\""
        Markup.appendNumber(b.minX, to: &p.out); p.out += " "; Markup.appendNumber(b.minY, to: &p.out); p.out += " "
        Markup.appendNumber(b.width, to: &p.out); p.out += " "; Markup.appendNumber(b.height, to: &p.out)
        p.out += "\" preserveAspectRatio=\"xMinYMin meet\">\n"

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
            for e in entries {
                guard let x = e.expected else { continue }
                switch e.change {
                case .same: if !compact { p.element(x, "wf-exp", e, attribute: "data-expected", label: false) }
                case .moved: p.element(x, "wf-exp wf-moved", e, attribute: "data-expected", label: false)
                case .missing: p.element(x, "wf-missing", e)
                case .extra: break
                }
            }
            p.flushPaths()
            var arrows = 0
            for e in entries where e.change == .moved {
                guard let x = e.expected, let a = e.actual else { continue }
                if compact && arrows >= Self.maximumMarks { break }
                p.arrow(from: x.origin, to: a.origin, id: e.id)
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

        // Content size lines.
        let e = c.expected.contentSize, a = c.actual.contentSize
        let sameSize = options.tolerance.matches(e, a)
        switch kind {
        case .plain: p.contentLine(a, width: W, which: "actual", label: "contentSize")
        case .actual: p.contentLine(a, width: W, which: "actual", label: "contentSize")
        case .expected: p.contentLine(e, width: W, which: "expected", label: "contentSize")
        case .overlay:
            if sameSize { p.contentLine(a, width: W, which: "actual", label: "contentSize") }
            else {
                p.contentLine(e, width: W, which: "expected", label: "\(options.expectedName) contentSize", dashed: true)
                p.contentLine(a, width: W, which: "actual", label: "\(options.actualName) contentSize")
            }
        }
        p.finishLabels()
        p.out += "</svg>\n"
        out += p.out
    }

    /// Arrows and rings drawn per compact panel at most.
    static let maximumMarks = 200

    /// The fill style of an element: its kind (item or header/footer) and its change.
    static func fillClass(_ e: Entry) -> String {
        if e.change == .missing { return "wf-missing" }
        return (e.id.kind == .item ? "wf-item wf-" : "wf-sup wf-") + e.change.rawValue
    }
}

/// Writes the shapes of one panel, in pt. In compact mode, shapes of one style are gathered
/// into one `<path>` and labels are dropped.
struct PanelWriter {
    let compact: Bool
    /// Pixels per pt: label sizes and arrow heads are fixed in px.
    let scale: CGFloat
    var out = ""
    private var labels = ""
    private var paths: [(cls: String, d: String)] = []

    init(compact: Bool, scale: CGFloat) { self.compact = compact; self.scale = scale }

    /// A plain rectangle (background, guide).
    mutating func rect(_ r: CGRect, _ cls: String, attributes: String = "") {
        let r = r.standardized
        out += "<rect class=\"\(cls)\"\(attributes) x=\""
        Markup.appendNumber(r.minX, to: &out); out += "\" y=\""
        Markup.appendNumber(r.minY, to: &out); out += "\" width=\""
        Markup.appendNumber(r.width, to: &out); out += "\" height=\""
        Markup.appendNumber(r.height, to: &out); out += "\"/>\n"
    }

    /// An element's shape: a labelled `<rect>` carrying `attribute="<id>"` and `data-change`,
    /// or, compact, a sub-path of its style's `<path>`.
    mutating func element(_ r: CGRect, _ cls: String, _ e: SVGRenderer.Entry, attribute: String = "data-element", label: Bool = true) {
        if compact {
            let r = r.standardized
            let i: Int
            if let j = paths.firstIndex(where: { $0.cls == cls }) { i = j } else { paths.append((cls, "")); i = paths.count - 1 }
            paths[i].d += "M"; Markup.appendNumber(r.minX, to: &paths[i].d); paths[i].d += " "
            Markup.appendNumber(r.minY, to: &paths[i].d); paths[i].d += "h"
            Markup.appendNumber(r.width, to: &paths[i].d); paths[i].d += "v"
            Markup.appendNumber(r.height, to: &paths[i].d); paths[i].d += "h"
            Markup.appendNumber(-r.width, to: &paths[i].d); paths[i].d += "z"
            return
        }
        rect(r, cls, attributes: " \(attribute)=\"\(e.id)\" data-change=\"\(e.change.rawValue)\"")
        guard label else { return }
        let text: String
        switch e.id.kind {
        case .item: text = "\(e.id.section).\(e.id.item)"
        case .header, .footer: text = e.id.description
        }
        labels += "<text x=\""
        Markup.appendNumber(r.standardized.minX + 2 / scale, to: &labels); labels += "\" y=\""
        Markup.appendNumber(r.standardized.minY + 10 / scale, to: &labels)
        labels += "\">\(text)\(e.change == .extra ? " (extra)" : "")</text>\n"
    }

    /// Writes the gathered compact paths (keeping draw order between layers).
    mutating func flushPaths() {
        for (cls, d) in paths { out += "<path class=\"\(cls)\" d=\"\(d)\"/>\n" }
        paths.removeAll()
    }

    /// A red arrow from an expected origin (a dot) to the actual origin (the head).
    mutating func arrow(from e: CGPoint, to a: CGPoint, id: ElementID) {
        out += "<g class=\"wf-arrow\" data-arrow=\"\(id)\"><line x1=\""
        Markup.appendNumber(e.x, to: &out); out += "\" y1=\""; Markup.appendNumber(e.y, to: &out)
        out += "\" x2=\""; Markup.appendNumber(a.x, to: &out); out += "\" y2=\""; Markup.appendNumber(a.y, to: &out)
        out += "\"/><circle cx=\""; Markup.appendNumber(e.x, to: &out); out += "\" cy=\""; Markup.appendNumber(e.y, to: &out)
        out += "\" r=\""; Markup.appendNumber(3 / scale, to: &out); out += "\"/>"
        let dx = a.x - e.x, dy = a.y - e.y, len = (dx * dx + dy * dy).squareRoot()
        if len > 0, len.isFinite {
            let head = min(9 / scale, len), ux = dx / len, uy = dy / len
            let bx = a.x - ux * head, by = a.y - uy * head, half = head * 0.45
            out += "<polygon points=\""
            Markup.appendNumber(a.x, to: &out); out += ","; Markup.appendNumber(a.y, to: &out); out += " "
            Markup.appendNumber(bx - uy * half, to: &out); out += ","; Markup.appendNumber(by + ux * half, to: &out); out += " "
            Markup.appendNumber(bx + uy * half, to: &out); out += ","; Markup.appendNumber(by - ux * half, to: &out)
            out += "\"/>"
        }
        out += "</g>\n"
    }

    /// A circle of 12 px radius (at least) around `f`, for compact pictures.
    mutating func ring(around f: CGRect, change: LayoutDiff.Change) {
        let f = f.standardized
        let r = max(12 / scale, max(f.width, f.height) / 2 + 4 / scale)
        out += "<circle class=\"wf-ring wf-\(change.rawValue)\" cx=\""
        Markup.appendNumber(f.midX, to: &out); out += "\" cy=\""; Markup.appendNumber(f.midY, to: &out)
        out += "\" r=\""; Markup.appendNumber(r, to: &out); out += "\"/>\n"
    }

    /// A horizontal line at the content height across the container, labelled at its right end.
    mutating func contentLine(_ size: CGSize, width W: CGFloat, which: String, label: String, dashed: Bool = false) {
        out += "<line class=\"wf-content\(dashed ? " wf-exp" : "")\" data-content-size=\"\(which)\" x1=\"0\" y1=\""
        Markup.appendNumber(size.height, to: &out); out += "\" x2=\""; Markup.appendNumber(W, to: &out)
        out += "\" y2=\""; Markup.appendNumber(size.height, to: &out); out += "\"/>\n"
        labels += "<text class=\"wf-clabel\" text-anchor=\"end\" x=\""
        Markup.appendNumber(W - 3 / scale, to: &labels); labels += "\" y=\""
        Markup.appendNumber(size.height - (dashed ? 14 : 3) / scale, to: &labels)
        labels += "\">\(label) \(formatPoints(size.width)) × \(formatPoints(size.height))</text>\n"
    }

    /// Writes the labels last, over every shape, in one group sized 10 px.
    mutating func finishLabels() {
        guard !labels.isEmpty else { return }
        out += "<g class=\"wf-lbl\" font-size=\""
        Markup.appendNumber(10 / scale, to: &out)
        out += "\">\n\(labels)</g>\n"
        labels = ""
    }
}
