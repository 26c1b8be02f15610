import Foundation
import WaterfallCheckCore

extension InputGenerator {
    /// This generator for an engine that declares `d`: only its features, within its limits and
    /// constraints, every column at least a step of its column rounding. `fuzz` and the
    /// libFuzzer target both make their inputs so, or a crash artifact would replay as another
    /// input. O(1).
    package func fitted(to d: EngineDescriptor) -> InputGenerator {
        var g = self
        g.features = g.features.intersection(d.features)
        g.limits = d.limits
        g.constraints = d.constraints
        g.columnWidthRoundings = [d.conventions.columnWidthRounding].compactMap { $0 }
        return g
    }

    /// `input` moved inside ``constraints`` (``EngineConstraints/project(_:)``), so an engine
    /// that declares them is sent only inputs it can express: a constrained library still gets
    /// thousands of judged cases a second, none refused (issue 32). A fixed container width
    /// narrower than the generated insets and spacings would leave no room for the columns: such
    /// an input keeps its insets and spacings scaled down to fit, so it stays valid.
    /// For an engine that rounds column widths, every column is also kept at least one rounding
    /// step wide (``widened(_:)``).
    /// - Complexity: O(sections); nothing when there are no constraints and no column rounding.
    func constrained(_ input: LayoutInput) -> LayoutInput {
        widened(constraints == .none ? input : projected(input))
    }

    /// `input` inside ``constraints`` (see ``constrained(_:)``). O(sections).
    private func projected(_ input: LayoutInput) -> LayoutInput {
        var out = constraints.project(input)
        let before = input.layout, after = out.layout
        func used(_ s: LayoutSettings) -> CGFloat { s.sectionInset.left + s.sectionInset.right + CGFloat(s.columnCount - 1) * s.columnSpacing }
        if constraints.fixedContainerWidth == nil {
            // A larger spacing takes its room from a wider container, not from the columns: the
            // column width stays the generated one (an input valid before stays valid).
            let grown = used(after) - used(before)
            if grown > 0 && (before.containerWidth + grown).isFinite { out.layout.containerWidth = before.containerWidth + grown }
        } else {
            let s = out.layout
            if used(s) >= s.containerWidth {
                // Scale everything horizontal to half the width: columns keep a positive width.
                let k = s.containerWidth / (2 * max(used(s), .leastNormalMagnitude))
                out.layout.columnSpacing = s.columnSpacing * k
                if constraints.oneSpacing { out.layout.rowSpacing = out.layout.columnSpacing }
                out.layout.sectionInset.left *= k; out.layout.sectionInset.right *= k
            }
        }
        return out
    }

    /// `input` with a container wide enough that every column (the layout's and each section's)
    /// is at least one step of the engines' column-width rounding (``columnWidthRoundings``, the
    /// step of its `pixelScale` for a rounding to the input's pixels): below one step the
    /// rounding makes every column 0 wide, and with no spacing the columns coincide, so no
    /// frame says which column it is in. A shrink went there (a 1.03-pt container): one
    /// library's column-gap bug and another's wrap bug each showed as a second finding at those
    /// widths, an iOS layout never has (issue 32). Unchanged under a fixed container width.
    /// - Complexity: O(sections).
    func widened(_ input: LayoutInput) -> LayoutInput {
        guard !columnWidthRoundings.isEmpty, constraints.fixedContainerWidth == nil else { return input }
        let s = input.layout
        guard let step = columnWidthRoundings.compactMap({ $0.resolved(pixelScale: s.pixelScale) }).map({ 1 / $0.scale }).max(),
              step.isFinite, step > 0 else { return input }
        let shapes = [(s.sectionInset, s.columnCount)] + input.sections.map { ($0.sectionInset ?? s.sectionInset, $0.columnCount ?? s.columnCount) }
        func narrowest(_ W: CGFloat) -> (width: CGFloat, short: CGFloat) {
            var width = CGFloat.infinity, short: CGFloat = 0
            for (inset, n) in shapes where n > 0 {
                let w = (W - inset.left - inset.right - CGFloat(n - 1) * s.columnSpacing) / CGFloat(n)
                width = min(width, w); short = max(short, (step - w) * CGFloat(n))
            }
            return (width, short)
        }
        var W = s.containerWidth
        let need = narrowest(W).short
        guard need > 0, (W + need).isFinite else { return input }
        W += need
        // The sum can land a rounding error short of the step.
        for _ in 0..<8 where narrowest(W).width < step { W = W.nextUp }
        var out = input
        out.layout.containerWidth = W
        return out
    }
}
