import Foundation
import WaterfallCheckCore

/// A shortest-column waterfall for one section of items given by height, with the classic
/// planted bug: `<=` sends an exact tie to the rightmost tied column (FIXTURE-FORMAT §5 says
/// leftmost). Positions are computed as §5 does (`top + height + rowSpacing`).
public final class MyEngine: LayoutEngine {
    public let descriptor = EngineDescriptor(name: "my-engine", version: "1", features: [])
    public init() {}

    public func layout(_ input: LayoutInput) throws -> LayoutResult {
        let s = input.layout
        guard s.containerWidth > 0, s.columnCount >= 1, s.columnCount <= 10_000 else { return try ReferenceEngine().layout(input) }
        let n = s.columnCount, inset = s.sectionInset
        let width = (s.containerWidth - inset.left - inset.right - CGFloat(n - 1) * s.columnSpacing) / CGFloat(n)
        var tops = Array(repeating: inset.top, count: n)
        var frames: [CGRect] = []
        for item in input.sections.first?.items ?? [] {
            guard case .height(let h) = item.dimension, h >= 0, width >= 0 else { return try ReferenceEngine().layout(input) }
            var c = 0
            for k in 1..<n where tops[k] <= tops[c] { c = k }   // the bug: `<` is right
            frames.append(CGRect(x: inset.left + CGFloat(c) * (width + s.columnSpacing), y: tops[c], width: width, height: h))
            tops[c] = tops[c] + h + s.rowSpacing
        }
        guard input.sections.count == 1 else { return try ReferenceEngine().layout(input) }
        let bottom = frames.map(\.maxY).max() ?? inset.top
        let height = max(bottom + inset.bottom, s.minimumContentHeight)
        return LayoutResult(contentSize: CGSize(width: s.containerWidth, height: height), sections: [SectionFrames(items: frames)])
    }
}
