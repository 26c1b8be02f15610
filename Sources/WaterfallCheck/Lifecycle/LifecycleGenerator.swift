import Foundation
import WaterfallCheckCore

/// A starting input and a sequence of lifecycle steps, what ``LifecycleRunner`` replays.
package struct LifecycleCase: Hashable, Sendable {
    /// The data the layout object is made for.
    package var input: LayoutInput
    /// The steps, in order; each step's data follows from the previous (``LayoutInput/applying(_:)``).
    package var steps: [LifecycleStep]
    package init(input: LayoutInput, steps: [LifecycleStep]) { self.input = input; self.steps = steps }

    /// The most items any state of the case holds (the starting input's and each step's data;
    /// a step that does not fit ends the count). O(steps · items).
    package var maxItems: Int {
        var input = self.input, most = input.itemCount
        for step in steps {
            guard let next = try? input.applying(step) else { break }
            input = next
            most = max(most, input.itemCount)
        }
        return most
    }
}

/// Generates ``LifecycleCase``s from one ``ChoiceSource``: the starting input (``InputGenerator``,
/// valid inputs only) and then the steps, each one structured draw inside a list, so the shrinker
/// deletes a step by deleting its span and simplifies it by lowering its choices: no per-step
/// shrinker (issue 34, Build 3). Index 0 of every choice is the simplest step: `invalidateLayout`,
/// then bounds changes, batch updates, `reloadData`.
///
/// Every step leaves valid data within ``features``: an update that does not fit the current data
/// (a delete with no items), or a width that would make the data invalid, becomes
/// `invalidateLayout`. Batches hold one update (each of UIKit's seven kinds); a bounds change keeps
/// the height and either scrolls (new origin) or resizes the width (rotation, split view).
package struct LifecycleGenerator: Sendable {
    /// How starting inputs, inserted items and sections are drawn.
    package var inputs: InputGenerator
    /// The most steps of a case.
    package var maxSteps: Int
    /// The mean number of steps.
    package var meanSteps: Int
    /// The collection view's height in pt (the UIKit driver's viewport).
    package var viewportHeight: CGFloat

    package var features: LayoutFeatures { inputs.features }

    /// - Parameters: `features`, `limits`: the engine's (``EngineDescriptor``); `maxItems`: the most
    ///   items of a starting input.
    package init(features: LayoutFeatures = .all, limits: EngineLimits = .exact, maxItems: Int = 12,
                maxSteps: Int = 12, meanSteps: Int = 4, viewportHeight: CGFloat = 812) {
        inputs = InputGenerator(features: features, maxItems: maxItems, largeItems: maxItems, invalidRate: 0, limits: limits)
        self.maxSteps = maxSteps; self.meanSteps = meanSteps; self.viewportHeight = viewportHeight
    }

    /// One case. Deterministic in the choices drawn. - Complexity: O(steps · (items + sections)).
    package func generate(_ c: inout ChoiceSource) -> LifecycleCase {
        let input = inputs.generate(&c)
        var current = input
        var bounds = CGRect(x: 0, y: 0, width: input.layout.containerWidth, height: viewportHeight)
        let steps = c.list(target: meanSteps, limit: maxSteps) { c, _ -> LifecycleStep in
            c.span { c -> LifecycleStep in
                var step = self.step(&c, current, bounds)
                if let next = try? current.applying(step), (try? ReferenceLayout.validate(next)) != nil,
                   features.isSuperset(of: LayoutFeatures(usedBy: next)) {
                    current = next
                } else {
                    step = .invalidateLayout
                }
                if case .setBounds(let r) = step { bounds = r }
                return step
            }
        }
        return LifecycleCase(input: input, steps: steps)
    }

    func step(_ c: inout ChoiceSource, _ input: LayoutInput, _ bounds: CGRect) -> LifecycleStep {
        let items = input.sections.enumerated().flatMap { s, section in section.items.indices.map { ElementID.item(s, $0) } }
        switch c.weighted(2, 3, 5, 2) {
        case 0:
            if c.bool(300), !items.isEmpty { return .invalidateItems([items[c.int(0...(items.count - 1))]]) }
            return .invalidateLayout
        case 1:
            var r = bounds
            if c.weighted(3, 2) == 0 {
                r.origin.y = CGFloat(c.int(0...300)) * 8  // a scroll
            } else {
                let delta = CGFloat(c.int(1...64)) * 8  // a rotation or a split-view resize
                r.size.width = c.bool(512) && r.width - delta > 0 ? r.width - delta : r.width + delta
            }
            return .setBounds(r)
        case 2:
            return .performBatchUpdates([update(&c, input, items: items)])
        default:
            let sections = c.list(minimum: 1, target: 1, limit: features.contains(.sections) ? 3 : 1) { c, _ in
                newSection(&c, input)
            }
            return .reloadData(sections)
        }
    }

    func newSection(_ c: inout ChoiceSource, _ input: LayoutInput) -> SectionInput {
        inputs.section(&c, .exact, settings: input.layout, large: false, budget: inputs.maxItems)
    }

    func newItem(_ c: inout ChoiceSource) -> LayoutItem { .height(inputs.height(&c, .exact)) }

    func update(_ c: inout ChoiceSource, _ input: LayoutInput, items: [ElementID]) -> LifecycleUpdate {
        let sections = input.sections.count
        let manySections = features.contains(.sections)
        switch c.int(0...6) {
        case 0 where sections > 0:
            let s = c.int(0...(sections - 1))
            return .insertItem(section: s, index: c.int(0...input.sections[s].items.count), newItem(&c))
        case 1 where !items.isEmpty:
            let id = items[c.int(0...(items.count - 1))]
            return .deleteItem(section: id.section, index: id.item)
        case 2 where !items.isEmpty:
            let id = items[c.int(0...(items.count - 1))]
            return .reloadItem(section: id.section, index: id.item, newItem(&c))
        case 3 where !items.isEmpty:
            let from = items[c.int(0...(items.count - 1))]
            let s = c.int(0...(sections - 1))
            let count = input.sections[s].items.count - (s == from.section ? 1 : 0)
            return .moveItem(from: from, to: .item(s, c.int(0...count)))
        case 4 where manySections || sections == 0:
            return .insertSection(index: c.int(0...sections), newSection(&c, input))
        case 5 where sections > 0:
            return .deleteSection(index: c.int(0...(sections - 1)))
        case 6 where sections > 0:
            return .reloadSection(index: c.int(0...(sections - 1)), newSection(&c, input))
        default:
            // Nothing fits (no items, no sections): the simplest update that always does.
            if sections > 0 { return .insertItem(section: 0, index: 0, newItem(&c)) }
            return .insertSection(index: 0, SectionInput(items: [newItem(&c)]))
        }
    }
}
