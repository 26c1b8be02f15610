import Foundation

/// Shrinks a layout input while a predicate holds: the smallest input on which two engines still
/// differ. Works on the input itself, so it applies to fixtures as well as generated cases.
///
/// Greedy passes over a "simpler than" order, to a fixpoint (STYLE.md 8): drop sections, drop
/// blocks of items (halves down to single items), drop headers, footers and section overrides,
/// reset settings to their defaults, lower the column count, then make items plain (span 1,
/// height instead of size) and lengths small integers. Each accepted step makes the input
/// strictly simpler, so the loop ends; `budget` caps the predicate calls.
package struct InputShrinker: Sendable {
    /// The most predicate calls one ``shrink(_:while:)`` makes.
    package var budget: Int

    package init(budget: Int = 2_000) { self.budget = budget }

    /// The simplest input reached from `input` on which `keeps` still holds (`input` itself when
    /// nothing simpler does). `keeps(input)` is assumed true and not called.
    /// - Parameter deadline: `DispatchTime.now().uptimeNanoseconds` after which no more calls are
    ///   made (`compare --shrink-time`: a step that restarts a faulting `exec:` engine costs
    ///   milliseconds, and 2,000 of them made one difference's shrink take seconds); `nil` for none.
    package func shrink(_ input: LayoutInput, until deadline: UInt64? = nil, while keeps: (LayoutInput) -> Bool) -> LayoutInput {
        var current = input
        var calls = 0
        var progress = true
        while progress && calls < budget {
            progress = false
            for candidate in Self.candidates(of: current) where candidate != current {
                guard calls < budget, deadline.map({ DispatchTime.now().uptimeNanoseconds < $0 }) ?? true else { return current }
                calls += 1
                if keeps(candidate) { current = candidate; progress = true; break }
            }
        }
        return current
    }

    /// One-step simplifications of `input`, the boldest first.
    static func candidates(of input: LayoutInput) -> [LayoutInput] {
        var out: [LayoutInput] = []
        func with(_ change: (inout LayoutInput) -> Void) { var c = input; change(&c); out.append(c) }
        // Whole sections, then blocks of items.
        for s in input.sections.indices { with { $0.sections.remove(at: s) } }
        for (s, section) in input.sections.enumerated() {
            var size = max(1, section.items.count / 2)
            while size >= 1 && !section.items.isEmpty {
                for start in stride(from: 0, to: section.items.count, by: size) {
                    with { $0.sections[s].items.removeSubrange(start..<min(start + size, section.items.count)) }
                }
                size /= 2
            }
        }
        // Supplementary views and per-section overrides.
        for (s, section) in input.sections.enumerated() {
            if section.header != nil { with { $0.sections[s].header = nil } }
            if section.footer != nil { with { $0.sections[s].footer = nil } }
            if section.columnCount != nil { with { $0.sections[s].columnCount = nil } }
            if section.sectionInset != nil { with { $0.sections[s].sectionInset = nil } }
        }
        // Settings back to their defaults (or smaller), fewer columns.
        with { $0.layout.placement = .shortestFirst }
        with { $0.layout.tieBreak = .leftmost }
        with { $0.layout.pixelScale = nil }
        with { $0.layout.sectionInset = .zero }
        let lengths: [WritableKeyPath<LayoutSettings, CGFloat>] = [
            \.tieTolerance, \.minimumContentHeight, \.columnSpacing, \.rowSpacing, \.sectionInset.top,
            \.sectionInset.left, \.sectionInset.bottom, \.sectionInset.right, \.containerWidth,
        ]
        for key in lengths {
            for v in simpler(input.layout[keyPath: key]) { with { $0.layout[keyPath: key] = v } }
        }
        // Only for n > 1: an invalid count may be Int.min, and n - 1 trapped (compare crashed
        // shrinking a generated invalid input).
        let n = input.layout.columnCount
        if n > 1 { for c in Set([1, 2, n / 2, n - 1]).sorted() where c >= 1 && c < n { with { $0.layout.columnCount = c } } }
        // Plain items, small lengths.
        for (s, section) in input.sections.enumerated() {
            for (i, item) in section.items.enumerated() {
                if item.span != 1 { with { $0.sections[s].items[i].span = 1 } }
                switch item.dimension {
                case .size(let size):
                    for h in [size.height.rounded(), 10] { with { $0.sections[s].items[i].dimension = .height(h) } }
                case .height(let h):
                    for v in simpler(h) { with { $0.sections[s].items[i].dimension = .height(v) } }
                }
            }
            for (key, sup) in [(\SectionInput.header, section.header), (\SectionInput.footer, section.footer)] {
                guard let sup else { continue }
                if sup.inset != .zero { with { $0[keyPath: \LayoutInput.sections[s]][keyPath: key]?.inset = .zero } }
                for v in simpler(sup.height) { with { $0[keyPath: \LayoutInput.sections[s]][keyPath: key]?.height = v } }
            }
        }
        return out
    }

    /// Simpler lengths than `v`: those of 0, 1, 10, 100, its integer part and its half that are
    /// below it (a non-finite `v` gets all four constants).
    static func simpler(_ v: CGFloat) -> [CGFloat] {
        guard v.isFinite else { return [0, 1, 10, 100] }
        return [0, 1, 10, 100, v.rounded(.down), (v / 2).rounded(.down)]
            .filter { $0 < v }
            .reduce(into: [CGFloat]()) { if !$0.contains($1) { $0.append($1) } }
    }
}
