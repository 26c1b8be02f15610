import Foundation
import WaterfallCheck
import Foundation

extension SVGRenderer {
    /// A captioned picture for a report.
    package struct Picture: Hashable, Sendable {
        package var caption: String
        /// An SVG document or fragment (per ``Options/standalone``).
        package var svg: String
        package init(caption: String, svg: String) { self.caption = caption; self.svg = svg }
    }

    /// The pictures a report shows for one case, at any size.
    ///
    /// Up to ``Options/labelLimit`` elements: the overlay and the side-by-side view of the whole
    /// layout, fully labelled. Beyond it: both views of a window ``Options/windowHeight`` pt tall
    /// (full width) centred on the first difference in document order (on the content-size line
    /// when only that differs), fully labelled, then the whole overlay scaled down and drawn
    /// compactly, cut into strips laid left to right to fill `maxWidth` × `maxHeight` (default
    /// 1,600 px). Without `expected` the same for the
    /// one layout, the window at its top.
    ///
    /// - Parameters:
    ///   - expected: `nil` when there is nothing to compare with (only `actual` is drawn).
    ///   - moved: elements to highlight; `nil` computes them with ``Options/tolerance``.
    /// - Complexity: O(n).
    package static func pictures(input: LayoutInput, expected: LayoutResult?, actual: LayoutResult,
                                moved: [ElementID]? = nil, options: Options = Options()) -> [Picture] {
        let comparison = expected.map { Comparison(expected: $0, actual: actual, highlighted: moved, tolerance: options.tolerance) }
            ?? Comparison(single: actual)
        let isDiff = expected != nil
        func canvas(_ o: Options) -> Canvas { Canvas(input: input, comparison: comparison, options: o) }
        let legend: LegendKind = isDiff ? .diff : .plain
        let e = options.expectedName, a = options.actualName
        let E = e.prefix(1).uppercased() + e.dropFirst()
        if comparison.entries.count <= options.labelLimit {
            guard isDiff else { return [Picture(caption: "Layout", svg: canvas(options).document(panels: [.plain], legend: .plain))] }
            let overlay = Picture(caption: "\(E) (dashed outline) over \(a) (filled)",
                                  svg: canvas(options).document(panels: [.overlay], legend: .diff))
            let sideBySide = Picture(caption: "\(E) and \(a) side by side",
                                     svg: canvas(options).document(panels: [.expected, .actual], legend: .diff))
            // When most elements moved (a column swap), the overlay is a tangle: side by side first.
            return comparison.mostlyMoved ? [sideBySide, overlay] : [overlay, sideBySide]
        }
        let window = differenceWindow(comparison, input: input, height: options.windowHeight)
        var windowed = options
        windowed.window = window.rect
        windowed.detail = .full
        var overview = options
        overview.detail = .compact
                overview.window = nil
        let span = "y \(formatPoints(window.rect.minY)) to \(formatPoints(window.rect.maxY)) pt"
        var out: [Picture] = []
        if isDiff {
            out.append(Picture(caption: "Window around the first difference, \(window.around) (\(span)): \(e) (dashed) over \(a) (filled)",
                               svg: canvas(windowed).document(panels: [.overlay], legend: .diff)))
            out.append(Picture(caption: "The same window, \(e) and \(a) side by side",
                               svg: canvas(windowed).document(panels: [.expected, .actual], legend: .diff)))
        } else {
            out.append(Picture(caption: "The top of the layout (\(span))", svg: canvas(windowed).document(panels: [.plain], legend: .plain)))
        }
        out.append(Picture(caption: "The whole layout (\(comparison.entries.count) elements), scaled down, unlabelled, in strips read left to right",
                           svg: canvas(overview).stripDocument(isDiff ? .overlay : .plain, legend: legend)))
        return out
    }

    /// The window a large picture crops: full width, `height` pt tall, centred on the first
    /// difference (or the content-size line, or the top), clamped to start at or below 0.
    static func differenceWindow(_ c: Comparison, input: LayoutInput, height: CGFloat) -> (rect: CGRect, around: String) {
        let W = input.layout.containerWidth
        let centre: CGFloat
        let around: String
        if let d = c.firstDifference, let f = d.expected ?? d.actual, f.midY.isFinite {
            centre = f.midY; around = d.id.description
        } else if c.expected.contentSize != c.actual.contentSize {
            centre = c.expected.contentSize.height; around = "the content size"
        } else {
            centre = height / 2; around = "the top"
        }
        let top = max(-4, centre - height / 2)
        return (CGRect(x: -4, y: top, width: (W.isFinite ? max(W, 0) : 0) + 8, height: height), around)
    }
}
