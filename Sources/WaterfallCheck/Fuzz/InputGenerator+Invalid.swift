import Foundation
import WaterfallCheckCore

extension InputGenerator {
    /// The §6 codes an input can be made to fail with, using only declared features.
    func invalidCodes() -> [LayoutError.Code] {
        var codes: [LayoutError.Code] = [.invalidContainerWidth, .invalidColumnCount, .invalidSpacing,
                                         .invalidColumnWidth, .invalidItemHeight]
        if features.contains(.size) { codes.append(.invalidItemSize) }
        if features.contains(.span) { codes.append(.invalidSpan) }
        return codes
    }

    /// Breaks `input` for one §6 code (FIXTURE-FORMAT §6), drawn from the codes the features allow.
    /// The case's expected error is whatever ``ReferenceLayout/validate(_:)`` then says, which
    /// may be a code of higher precedence when the input already had a fault.
    func invalidate(_ input: inout LayoutInput, _ c: inout ChoiceSource) {
        let code = c.element(of: invalidCodes())
        let bad: [CGFloat] = [-1, -0.015625, .nan, .infinity, -.infinity, 2e9]
        func badLength(_ c: inout ChoiceSource) -> CGFloat { c.element(of: bad) }
        if input.sections.isEmpty, code >= .invalidColumnWidth { input.sections.append(SectionInput()) }
        let si = input.sections.isEmpty ? 0 : c.int(0...(input.sections.count - 1))
        func ensureItem(_ input: inout LayoutInput) -> Int {
            if input.sections[si].items.isEmpty { input.sections[si].items.append(.height(10)) }
            return c.int(0...(input.sections[si].items.count - 1))
        }
        switch code {
        case .invalidContainerWidth:
            input.layout.containerWidth = badLength(&c)
        case .invalidColumnCount:
            let n = c.element(of: [0, -1, 10_001, Int.min])
            if features.contains(.sectionOverrides), !input.sections.isEmpty, c.bool(512) {
                input.sections[si].columnCount = n
            } else {
                input.layout.columnCount = n
            }
        case .invalidSpacing:
            var fields = ["columnSpacing", "rowSpacing", "sectionInset"]
            if features.contains(.minimumContentHeight) { fields.append("minimumContentHeight") }
            if features.contains(.tieTolerance) { fields.append("tieTolerance") }
            if features.contains(.pixelScale) { fields.append("pixelScale") }
            if features.contains(.supplementary), !input.sections.isEmpty { fields.append("header") }
            let v = badLength(&c)
            switch c.element(of: fields) {
            case "columnSpacing": input.layout.columnSpacing = v
            case "rowSpacing": input.layout.rowSpacing = v
            case "minimumContentHeight": input.layout.minimumContentHeight = v
            case "tieTolerance": input.layout.tieTolerance = c.element(of: [-1, -0.015625, .nan])
            case "pixelScale": input.layout.pixelScale = c.element(of: [0, -1, 1001, .nan, .infinity])
            case "header":
                // A header wider than the container: W - left - right < 0.
                let W = input.layout.containerWidth
                input.sections[si].header = HeaderFooter(height: 10, inset: LayoutInsets(left: W, right: 1))
            default: input.layout.sectionInset.left = v
            }
        case .invalidColumnWidth:
            // Insets and spacings that take the whole width: w = 0 exactly (the 1/64 grid is exact).
            let s = input.layout
            let n = input.columnCount(of: input.sections[si])
            let I = input.sectionInset(of: input.sections[si])
            let used = I.left + I.right + CGFloat(n - 1) * s.columnSpacing
            if used > 0, used <= ReferenceLayout.maximumLength {
                input.layout.containerWidth = used
            } else {
                input.layout.sectionInset.left = s.containerWidth
                input.sections[si].sectionInset = nil
            }
        case .invalidItemHeight:
            let ii = ensureItem(&input)
            input.sections[si].items[ii].dimension = .height(badLength(&c))
        case .invalidItemSize:
            let ii = ensureItem(&input)
            let sizes = [CGSize(width: 0, height: 10), CGSize(width: -1, height: 10), CGSize(width: 10, height: -1),
                         CGSize(width: CGFloat.nan, height: 10), CGSize(width: 1e-3, height: 1e9)]
            input.sections[si].items[ii].dimension = .size(c.element(of: sizes))
        default:
            let ii = ensureItem(&input)
            if features.contains(.roundRobin), c.bool(512) {
                input.layout.placement = .leftToRight
                input.sections[si].items[ii].span = 2
            } else {
                input.sections[si].items[ii].span = c.element(of: [0, -1])
            }
        }
    }
}
