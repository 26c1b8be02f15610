import Foundation
import WaterfallCheck
import Foundation

/// Draws layouts to scale as SVG: one layout, or expected and actual compared (overlaid, or side
/// by side). Pure functions from values to a `String`; nothing is read or written.
///
/// Every picture shows the container, each section's inset box, its columns (faint; geometry from
/// the input by FIXTURE-FORMAT §5 step 2, see ``SectionGuide``), every item labelled
/// `section.item`, headers and footers, and the content-size line. Coordinates inside a panel are
/// in pt (the panel's `viewBox`), rounded to 0.01 pt; every element's shape carries
/// `data-element="item 0.3"` (``ElementID/description``) exactly once per panel, and
/// `data-change` (`same`, `moved`, `missing`, `extra`).
///
/// Beyond ``Options/labelLimit`` elements a panel switches to compact drawing: one `<path>` per
/// style, no labels, no per-element attributes. ``pictures(input:expected:actual:moved:options:)``
/// picks what a report shows for a layout of any size.
package enum SVGRenderer {
    /// How much of a picture is drawn.
    package enum Detail: Sendable {
        /// Full below ``Options/labelLimit`` drawn elements, compact above.
        case automatic
        /// A labelled shape per element, whatever the count.
        case full
        /// One path per style, no labels.
        case compact
    }

    /// Picture settings. Lengths in px are on screen; lengths in pt are layout coordinates.
    package struct Options: Sendable {
        /// Pixels per pt; `nil` fits the panels to ``maxWidth`` (and ``maxHeight`` when set).
        package var scale: CGFloat?
        /// Width of all panels together, px, when ``scale`` is `nil`.
        package var maxWidth: CGFloat
        /// Tallest panel, px, when ``scale`` is `nil`; `nil` means no limit (an overview's
        /// strips default to 1,600 px).
        package var maxHeight: CGFloat?
        /// The region drawn, pt; `nil` draws the whole layout. Elements outside it are left out.
        package var window: CGRect?
        package var detail: Detail
        /// Elements per panel beyond which ``Detail/automatic`` draws compactly.
        package var labelLimit: Int
        /// Per-component tolerance in pt for deciding which elements moved (FIXTURE-FORMAT §7),
        /// when the caller names none.
        package var tolerance: Tolerance
        /// A heading drawn above the panels.
        package var title: String?
        /// `true` (the default) writes a self-contained SVG file (namespace and style sheet);
        /// `false` writes a fragment for inline use in HTML, styled by ``styleSheet``.
        package var standalone: Bool
        /// What the two sides of a diff are called in legends and captions: `expected` and
        /// `actual` for a golden run, `baseline` and `candidate` for an engine comparison.
        package var expectedName: String
        package var actualName: String
        /// Height of the window ``SVGRenderer/pictures(input:expected:actual:moved:options:)``
        /// crops around the first difference of a large layout, pt.
        package var windowHeight: CGFloat

        package init(scale: CGFloat? = nil, maxWidth: CGFloat = 640, maxHeight: CGFloat? = nil,
                    window: CGRect? = nil, detail: Detail = .automatic, labelLimit: Int = 1_000,
                    tolerance: Tolerance = .default, title: String? = nil,
                    standalone: Bool = true, windowHeight: CGFloat = 480,
                    expectedName: String = "expected", actualName: String = "actual") {
            self.scale = scale; self.maxWidth = maxWidth; self.maxHeight = maxHeight
            self.window = window; self.detail = detail; self.labelLimit = labelLimit
            self.tolerance = tolerance; self.title = title; self.standalone = standalone
            self.windowHeight = windowHeight
            self.expectedName = expectedName; self.actualName = actualName
        }
    }

    /// One layout, to scale.
    ///
    /// - Parameters:
    ///   - input: the layout's input (column geometry, insets).
    ///   - result: its frames, pt.
    /// - Returns: an SVG document (or fragment, see ``Options/standalone``).
    /// - Complexity: O(n) in the number of elements.
    package static func render(input: LayoutInput, result: LayoutResult, options: Options = Options()) -> String {
        Canvas(input: input, comparison: Comparison(single: result), options: options).whole(.plain, legend: .plain)
    }

    /// Expected and actual in one panel: expected as a dashed outline, actual filled. Moved
    /// elements are filled orange with an arrow from the expected origin to the actual one;
    /// missing elements (expected only) are red and dashed, extra ones (actual only) purple.
    ///
    /// - Parameter moved: the elements to highlight (the golden runner's difference list, say);
    ///   `nil` highlights every element whose frames differ by more than ``Options/tolerance``.
    /// - Complexity: O(n).
    package static func diff(input: LayoutInput, expected: LayoutResult, actual: LayoutResult,
                            moved: [ElementID]? = nil, options: Options = Options()) -> String {
        let c = Comparison(expected: expected, actual: actual, highlighted: moved, tolerance: options.tolerance)
        return Canvas(input: input, comparison: c, options: options).whole(.overlay, legend: .diff)
    }

    /// Expected (left) and actual (right) in two panels on the same scale, differences
    /// highlighted in both as in ``diff(input:expected:actual:moved:options:)``.
    /// - Complexity: O(n).
    package static func sideBySide(input: LayoutInput, expected: LayoutResult, actual: LayoutResult,
                                  moved: [ElementID]? = nil, options: Options = Options()) -> String {
        let c = Comparison(expected: expected, actual: actual, highlighted: moved, tolerance: options.tolerance)
        return Canvas(input: input, comparison: c, options: options).document(panels: [.expected, .actual], legend: .diff)
    }
}
