import Foundation
import WaterfallCheck

/// A waterfall layout written the way the real libraries of the review are
/// (/work/shared/reviews/real-layouts.md), with seven of their conventions and no bug: column
/// widths floored to whole points (sgr-ksmt, Blueprints), item heights rounded to whole points
/// (the compositional layout), zero-height headers and footers not created (CHT and four others),
/// `[0, 0]` for no sections (five libraries), empty sections collapsed (Blueprints), the trailing
/// row spacing counted (a `columnHeights` maximum), and rect queries by `CGRect.intersects` on
/// Linux (closed intervals: touching frames answered).
///
/// Written independently of ``ConventionalLayout``: column heights, no reference layout.
/// `plantedBug` adds the bug four of the ten libraries have: an empty section subtracts the row
/// spacing (its bottom is "the longest column minus the spacing", with no items);
/// `columnGapBug` the review's sgr-ksmt bug: the gap between columns is the row spacing (its
/// public column spacing has no effect); `footerBug` Blueprints' bug 5: the content height leaves
/// the footers out (the sections are placed right).
public final class RealConventionsEngine: LayoutEngine {
    public let descriptor: EngineDescriptor
    let plantedBug: Bool
    let columnGapBug: Bool
    let footerBug: Bool
    private var last: [(ElementID, CGRect)] = []

    /// The conventions it follows, as a user would declare them.
    public static let conventions = EngineConventions(
        columnWidthRounding: LengthRounding(.down), heightRounding: LengthRounding(.nearest),
        omitsZeroHeightSupplementaryViews: true, zeroContentSizeWithoutSections: true, emptySectionsCollapse: true,
        countsTrailingSpacing: true, closedRectQueries: true)

    /// - Parameters: `declaring`: the conventions its descriptor declares (none: a user who has
    ///   not declared them, for `--conventions auto`).
    public init(declaring: EngineConventions = RealConventionsEngine.conventions, plantedBug: Bool = false, columnGapBug: Bool = false,
                footerBug: Bool = false) {
        self.plantedBug = plantedBug; self.columnGapBug = columnGapBug; self.footerBug = footerBug
        descriptor = EngineDescriptor(name: plantedBug || columnGapBug || footerBug ? "real-conventions-bug" : "real-conventions", version: "1", capabilities: [.query],
                                      features: [.sections, .supplementary, .size],
                                      limits: EngineLimits(tieBreaks: [.leftmost]), conventions: declaring)
    }

    public func layout(_ input: LayoutInput) throws -> LayoutResult {
        try ReferenceLayout.validate(input)  // §6 errors, as the README recommends for a port
        last = []
        let s = input.layout
        let W = s.containerWidth
        guard !input.sections.isEmpty else { return LayoutResult(contentSize: .zero, sections: []) }
        var top: CGFloat = 0
        var footers: CGFloat = 0  // what the footers add, left out of the content height by `footerBug`
        var sections: [SectionFrames] = []
        for (si, section) in input.sections.enumerated() {
            var out = SectionFrames()
            if section.items.isEmpty {
                // Collapsed: no header, no footer, no insets.
                if plantedBug { top -= s.rowSpacing }
                sections.append(out)
                continue
            }
            if let h = section.header {
                if h.height > 0 {
                    let f = CGRect(x: h.inset.left, y: top + h.inset.top, width: W - h.inset.left - h.inset.right, height: h.height)
                    out.header = f
                    last.append((.header(si), f))
                    top = f.maxY + h.inset.bottom
                } else {
                    top += h.inset.top  // as CHT and sgr-ksmt: the bottom inset only below a created view
                }
            }
            let n = s.columnCount
            let I = s.sectionInset
            let gap = columnGapBug ? s.rowSpacing : s.columnSpacing
            let w = ((W - I.left - I.right - CGFloat(n - 1) * gap) / CGFloat(n)).rounded(.down)
            var columnHeights = [CGFloat](repeating: top + I.top, count: n)
            for (i, item) in section.items.enumerated() {
                var c = 0
                for k in 1..<n where columnHeights[k] < columnHeights[c] { c = k }
                let raw: CGFloat
                switch item.dimension {
                case .height(let h): raw = h
                case .size(let size): raw = size.height * w / size.width
                }
                let f = CGRect(x: I.left + CGFloat(c) * (w + gap), y: columnHeights[c], width: w, height: raw.rounded())
                out.items.append(f)
                last.append((.item(si, i), f))
                columnHeights[c] = columnHeights[c] + f.height + s.rowSpacing
            }
            top = columnHeights.max()! + I.bottom
            if let h = section.footer {
                if h.height > 0 {
                    let f = CGRect(x: h.inset.left, y: top + h.inset.top, width: W - h.inset.left - h.inset.right, height: h.height)
                    out.footer = f
                    last.append((.footer(si), f))
                    footers += f.maxY + h.inset.bottom - top
                    top = f.maxY + h.inset.bottom
                } else {
                    top += h.inset.top
                }
            }
            sections.append(out)
        }
        return LayoutResult(contentSize: CGSize(width: W, height: footerBug ? top - footers : top), sections: sections)
    }

    /// `CGRect.intersects` as swift-corelibs-foundation has it: closed intervals.
    public func elements(in rect: CGRect) throws -> [ElementID] {
        last.filter { _, f in
            f.minX <= rect.maxX && rect.minX <= f.maxX && f.minY <= rect.maxY && rect.minY <= f.maxY
        }.map(\.0)
    }
}
