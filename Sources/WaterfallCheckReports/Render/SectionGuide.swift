import Foundation
import WaterfallCheck
import Foundation

/// The boxes a picture draws behind a section's items: the section's inset box and its columns.
///
/// Horizontal geometry comes from the input alone, by FIXTURE-FORMAT §5 step 2: column width
/// `w = floor_s((W - I.left - I.right - (n - 1) * columnSpacing) / n)`, column `c` at
/// `x(c) = I.left + c * (w + columnSpacing)`. Vertical extents are read from the result being
/// drawn with §5's own rules (a section's items start below its header and its header's bottom
/// inset, or where the previous section ended; it ends at its lowest item plus `I.bottom`), so the
/// guides sit under that result's frames whichever engine produced them.
struct SectionGuide {
    /// Columns drawn per section at most; wider sections get their content box only.
    static let maximumDrawnColumns = 512

    var section: Int
    /// Full container width, from the section's top to its bottom (insets included), pt.
    var insetBox: CGRect
    /// Each column's box within the content area, pt; empty when the column width is not valid.
    var columns: [CGRect]

    /// The guides of every section that `input` and `result` both have.
    /// - Complexity: O(items + columns drawn).
    static func guides(input: LayoutInput, result: LayoutResult) -> [SectionGuide] {
        let s = input.layout
        let W = s.containerWidth
        guard W.isFinite else { return [] }
        var top: CGFloat = 0
        var out: [SectionGuide] = []
        for (si, section) in zip(input.sections.indices, input.sections) where si < result.sections.count {
            let frames = result.sections[si]
            if let h = section.header, let f = frames.header, f.maxY.isFinite { top = f.maxY + h.inset.bottom }
            let I = input.sectionInset(of: section)
            let n = input.columnCount(of: section)
            let lowest = frames.items.lazy.map(\.maxY).filter(\.isFinite).max()
            let bottom = max(lowest.map { $0 + I.bottom } ?? top + I.top + I.bottom, top + I.top + I.bottom)
            var columns: [CGRect] = []
            if (1...maximumDrawnColumns).contains(n) {
                var w = (W - I.left - I.right - CGFloat(n - 1) * s.columnSpacing) / CGFloat(n)
                if let p = s.pixelScale, p > 0 { w = (w * p).rounded(.down) / p }
                if w > 0, w.isFinite {
                    let y = top + I.top, h = max(0, bottom - I.bottom - y)
                    columns = (0..<n).map { c in CGRect(x: I.left + CGFloat(c) * (w + s.columnSpacing), y: y, width: w, height: h) }
                }
            }
            if top.isFinite, bottom.isFinite {
                out.append(SectionGuide(section: si, insetBox: CGRect(x: 0, y: top, width: W, height: bottom - top), columns: columns))
            }
            top = bottom
            if let f = section.footer, let r = frames.footer, r.maxY.isFinite { top = r.maxY + f.inset.bottom }
        }
        return out
    }
}
