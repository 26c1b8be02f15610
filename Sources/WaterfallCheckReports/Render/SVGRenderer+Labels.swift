import Foundation
import WaterfallCheck
import Foundation

extension SVGRenderer {
    /// A label a panel asks for, in the panel's own px (origin at its top-left corner).
    struct LabelRequest {
        enum Placement {
            /// Inside the box at its top-left corner (an element's name).
            case topLeft
            /// Inside the box at its bottom-left corner (an expected outline's name, so it does
            /// not sit on the name of the element drawn over it).
            case bottomLeft
            /// Right-aligned just above a horizontal line (`box` is the line, zero height).
            case aboveLineEnd
            /// Beside a point (`box` is the point, zero size): an arrow's delta.
            case beside
        }
        var text: String
        /// Extra classes (`wf-lbl-exp`, `wf-clabel`, `wf-dlabel`).
        var cls: String
        /// What the label names, px: an element's drawn box, a line, a point.
        var box: CGRect
        var placement: Placement
        /// The element named, for `data-label-for`.
        var subject: String
    }

    /// A label where it was placed, px in its panel; `leader` from the thing named to the label
    /// when the label sits outside it.
    struct PlacedLabel {
        var request: LabelRequest
        var rect: CGRect
        var leader: (from: CGPoint, to: CGPoint)?
    }

    /// Places every label of one panel so that no two overlap and none is clipped: inside what
    /// it names when it fits there without touching another label, else in a gutter to the right
    /// of the panel (x from `panelWidth + gap`), at the nearest free height, with a leader line.
    ///
    /// Text is 10 px; its width is estimated at 6 px per character plus 4 (Helvetica averages
    /// 5.6 px at 10 px for the digits and lower case labels use), so boxes err on the large side.
    /// - Returns: the placed labels and the width the gutter needs (0 when every label fits inside).
    /// - Complexity: O(labels²) in the worst case (a linear scan of the placed boxes per try).
    static func placeLabels(_ requests: [LabelRequest], panelWidth: CGFloat, panelHeight: CGFloat) -> (labels: [PlacedLabel], gutter: CGFloat) {
        var placed: [PlacedLabel] = []
        var boxes: [CGRect] = []
        let h = labelHeight
        func free(_ r: CGRect) -> Bool { !boxes.contains { $0.intersects(r) } }
        let gutterX = panelWidth + gutterGap
        var gutter: CGFloat = 0
        var external: [Int] = []
        for (i, q) in requests.enumerated() {
            let w = textWidth(q.text)
            let b = q.box
            var inside: CGRect?
            switch q.placement {
            case .topLeft, .bottomLeft:
                if b.width >= w + 3, b.height >= h + 2 {
                    let y = q.placement == .topLeft ? b.minY + 1 : b.maxY - h - 1
                    let r = CGRect(x: b.minX + 2, y: y, width: w, height: h)
                    if free(r) { inside = r }
                }
            case .aboveLineEnd:
                if b.width >= w + 6 {
                    let r = CGRect(x: b.maxX - w - 3, y: b.minY - h - 1, width: w, height: h)
                    if r.minY >= 0, free(r) { inside = r }
                }
            case .beside:
                for r in [CGRect(x: b.minX + 5, y: b.minY - h - 2, width: w, height: h),
                          CGRect(x: b.minX + 5, y: b.minY + 2, width: w, height: h),
                          CGRect(x: b.minX - w - 5, y: b.minY - h - 2, width: w, height: h)]
                where r.minX >= 0 && r.maxX <= panelWidth && r.minY >= 0 && free(r) { inside = r; break }
            }
            if let r = inside {
                boxes.append(r)
                placed.append(PlacedLabel(request: q, rect: r, leader: nil))
            } else {
                external.append(i)
                placed.append(PlacedLabel(request: q, rect: .zero, leader: nil))
            }
        }
        // Outside: in request order, each at the free height nearest its subject's middle.
        for i in external {
            let q = requests[i]
            let w = textWidth(q.text)
            let target = min(max(0, (q.box.midY.isFinite ? q.box.midY : 0) - h / 2), max(0, panelHeight - h))
            var r = CGRect(x: gutterX, y: target, width: w, height: h)
            var k = 0
            while !free(r) && k < 4_000 {
                k += 1
                let step = CGFloat((k + 1) / 2) * (h + 1) * (k % 2 == 1 ? 1 : -1)
                let y = target + step
                if y < 0 { continue }
                r.origin.y = y
            }
            boxes.append(r)
            gutter = max(gutter, gutterGap + w + 4)
            let from = CGPoint(x: min(max(q.box.maxX, 0), panelWidth), y: min(max(q.box.midY.isFinite ? q.box.midY : 0, 0), panelHeight))
            placed[i] = PlacedLabel(request: q, rect: r, leader: (from, CGPoint(x: r.minX - 2, y: r.midY)))
        }
        return (placed, gutter)
    }

    static let labelHeight: CGFloat = 12
    static let gutterGap: CGFloat = 14
    static func textWidth(_ s: String) -> CGFloat { CGFloat(s.count) * 6 + 4 }

    /// Writes placed labels at (`x`, `y`) px in the document: leaders first, then the texts.
    static func writeLabels(_ labels: [PlacedLabel], x: CGFloat, y: CGFloat, into out: inout String) {
        guard !labels.isEmpty else { return }
        out += "<g class=\"wf-lbl\">\n"
        for l in labels {
            guard let (a, b) = l.leader else { continue }
            out += "<line class=\"wf-leader\" x1=\"\(Markup.number(x + a.x))\" y1=\"\(Markup.number(y + a.y))\" x2=\"\(Markup.number(x + b.x))\" y2=\"\(Markup.number(y + b.y))\"/>\n"
        }
        for l in labels {
            let cls = l.request.cls.isEmpty ? "" : " class=\"\(l.request.cls)\""
            out += "<text\(cls) data-label-for=\"\(Markup.escape(l.request.subject))\" x=\"\(Markup.number(x + l.rect.minX + 1))\" y=\"\(Markup.number(y + l.rect.maxY - 2.5))\">\(Markup.escape(l.request.text))</text>\n"
        }
        out += "</g>\n"
    }
}
