import Foundation
import WaterfallCheckCore
import WaterfallCheckJudge

/// Where a lifecycle departs from a fresh layout object (issue 34's oracle, which needs no spec):
/// after a step, the layout object's answers differ from those of a fresh object of the same
/// engine made for the same data and bounds.
public struct LifecycleFinding: Hashable, Sendable, CustomStringConvertible {
    /// The index of the step after which the answers departed; -1 for the starting state.
    public var step: Int
    /// What departed, stable across shrinking: `duplicate`, `missing`, `extra`, `moved`,
    /// `contentSize`, `lookup`, `query`, or `fault` (the layout raised).
    public var key: String
    /// One line: what the object answered and what a fresh object answers.
    public var message: String
    /// The element concerned, when one is.
    public var element: ElementID?
    /// The object's answers before the step (nil for the starting state) and after it.
    public var before: LifecycleState?
    public var after: LifecycleState?
    /// A fresh object's answers for the data after the step.
    public var expected: LifecycleState?
    /// The data after the step.
    public var input: LayoutInput

    public var description: String {
        (step < 0 ? "in the starting state" : "after step \(step + 1)") + ": " + message
    }
}

/// What a lifecycle run did (the run summary's statistics).
package struct LifecycleStatistics: Sendable {
    /// Steps applied, by ``LifecycleStep/action`` (a batch by its update's UIKit method).
    public var steps: [String: Int] = [:]
    /// Scrolls (bounds changes of the same width) for which `shouldInvalidateLayout(forBoundsChange:)`
    /// answered true: each re-prepares the layout, a cost, not a bug.
    public var scrollInvalidations = 0
    /// Scrolls applied.
    public var scrolls = 0
    /// Cases whose starting input the engine refused (``LayoutError``).
    public var refused = 0
    /// Cases ended unjudged because the data alone made the engine fault (a fresh object faults too).
    public var faulted = 0
    /// States judged (the starting state and one per step) and the elements they held in all:
    /// the work per step is proportional to the elements (a fresh layout, the comparison, a lookup each).
    public var states = 0
    public var elements = 0
    public var totalSteps: Int { steps.values.reduce(0, +) }
    public init() {}

    mutating func count(_ step: LifecycleStep) {
        if case .performBatchUpdates(let u) = step, let first = u.first {
            steps[first.action, default: 0] += 1
        } else {
            steps[step.action, default: 0] += 1
        }
    }
}

/// Replays a ``LifecycleCase`` on one layout object of an engine and judges every state against
/// a fresh object of the same engine for the same data and bounds: content size, every element
/// (none twice), the item and supplementary lookups of every element of the data, and rect queries
/// (the visible rect and its lower half).
///
/// - Complexity: per step, a fresh layout of the data plus O(e log e) comparison and one lookup
///   per element (e elements).
package struct LifecycleRunner {
    public var tolerance: Tolerance
    public init(tolerance: Tolerance = .default) { self.tolerance = tolerance }

    /// The first departure, or nil. Statistics go to `statistics`.
    /// - Throws: ``LifecycleStepError`` when a step does not fit the data (a fixture's steps);
    ///   a ``LayoutError`` when the engine refuses the starting input (the case is then not judged).
    public func run(_ c: LifecycleCase, engine: LifecycleLayoutEngine, statistics: inout LifecycleStatistics) throws -> LifecycleFinding? {
        var input = c.input
        let layout: LifecycleLayout
        do { layout = try engine.makeLifecycleLayout(for: input, bounds: nil) } catch let e as LayoutError {
            statistics.refused += 1
            throw e
        } catch {
            // The data alone makes the engine fault: the per-input checks' business, not the lifecycle's.
            statistics.faulted += 1
            return nil
        }
        var bounds = layout.bounds ?? CGRect(x: 0, y: 0, width: input.layout.containerWidth, height: 812)
        if let f = compare(layout, engine: engine, input: input, bounds: bounds, step: -1, before: nil, statistics: &statistics) { return f }
        for (k, step) in c.steps.enumerated() {
            let next = try input.applying(step)
            let before = try? layout.state()
            statistics.count(step)
            let cost: LifecycleStepCost
            do { cost = try layout.apply(step, resulting: next) } catch {
                // A fault a fresh object for the same data also raises is the data's (a layout
                // that assumes a section, say): the case ends there, unjudged.
                if (try? engine.makeLifecycleLayout(for: next, bounds: bounds)) == nil { statistics.faulted += 1; return nil }
                return LifecycleFinding(step: k, key: "fault", message: "\(describe(step)) faulted (a fresh layout object for the data after it does not): \(error)", before: before, input: next)
            }
            if case .setBounds(let r) = step {
                if r.width == bounds.width {
                    statistics.scrolls += 1
                    if cost.invalidatedByBoundsChange { statistics.scrollInvalidations += 1 }
                }
                bounds = r
            }
            input = next
            if let f = compare(layout, engine: engine, input: input, bounds: bounds, step: k, before: before, statistics: &statistics) { return f }
        }
        return nil
    }

    /// The object's answers against a fresh object's for `input` and `bounds`.
    func compare(_ layout: LifecycleLayout, engine: LifecycleLayoutEngine, input: LayoutInput, bounds: CGRect,
                 step: Int, before: LifecycleState?, statistics: inout LifecycleStatistics) -> LifecycleFinding? {
        func finding(_ key: String, _ message: String, _ id: ElementID? = nil, after: LifecycleState? = nil, expected: LifecycleState? = nil) -> LifecycleFinding {
            LifecycleFinding(step: step, key: key, message: message, element: id, before: before, after: after, expected: expected, input: input)
        }
        let fresh: LifecycleLayout, now: LifecycleState, expected: LifecycleState
        do {
            fresh = try engine.makeLifecycleLayout(for: input, bounds: bounds)
            expected = try fresh.state()
        } catch {
            return nil  // a fresh object that cannot lay out the data: the per-input checks' business
        }
        do { now = try layout.state() } catch {
            return finding("fault", "layoutAttributesForElements(in:) faulted: \(error)", expected: expected)
        }
        statistics.states += 1
        statistics.elements += expected.elements.count
        var seen: [ElementID: CGRect] = [:], counts: [ElementID: Int] = [:], freshCounts: [ElementID: Int] = [:]
        var want: [ElementID: CGRect] = [:]
        for e in expected.elements { if let id = e.id { freshCounts[id, default: 0] += 1; if want[id] == nil { want[id] = e.frame } } }
        for e in now.elements {
            guard let id = e.id else { continue }
            counts[id, default: 0] += 1
            if seen[id] == nil { seen[id] = e.frame }
        }
        for id in counts.keys.sorted() where counts[id]! > freshCounts[id, default: 0] && want[id] != nil {
            return finding("duplicate", "\(id) is reported \(counts[id]!) times; a fresh layout object reports it \(freshCounts[id]!) time(s)", id, after: now, expected: expected)
        }
        for (id, f) in want.sorted(by: { $0.key < $1.key }) {
            guard let g = seen[id] else {
                return finding("missing", "\(id) is missing; a fresh layout object has it at \(f.shortDescription)", id, after: now, expected: expected)
            }
            if !tolerance.matches(f, g) {
                return finding("moved", "\(id) is at \(g.shortDescription); a fresh layout object has \(f.shortDescription)", id, after: now, expected: expected)
            }
        }
        if let (id, g) = seen.sorted(by: { $0.key < $1.key }).first(where: { want[$0.key] == nil }) {
            return finding("extra", "\(id) is still reported at \(g.shortDescription); a fresh layout object has no such element", id, after: now, expected: expected)
        }
        if !tolerance.matches(now.contentSize, expected.contentSize) {
            return finding("contentSize", "collectionViewContentSize is \(describe(now.contentSize)); a fresh layout object's is \(describe(expected.contentSize))", after: now, expected: expected)
        }
        // The lookups of every element of the data.
        for (s, section) in input.sections.enumerated() {
            var ids: [ElementID] = section.items.indices.map { .item(s, $0) }
            if section.header != nil { ids.append(.header(s)) }
            if section.footer != nil { ids.append(.footer(s)) }
            for id in ids {
                let a = layout.lookup(id), b = fresh.lookup(id)
                let same = (a == nil && b == nil) || (a != nil && b != nil && tolerance.matches(a!, b!))
                if !same {
                    return finding("lookup", "the lookup of \(id) answers \(a?.shortDescription ?? "nil"); a fresh layout object's answers \(b?.shortDescription ?? "nil")", id, after: now, expected: expected)
                }
            }
        }
        // The lookups must change nothing (seed 000's lookup places the item again): a change is
        // this step's finding, not the next step's.
        if let again = try? layout.state(), again.contentSize != now.contentSize || again.elements != now.elements {
            let moved = zip(now.elements, again.elements).first { $0 != $1 }
            return finding("lookup", "asking the lookups changed the layout's answers" + (moved.map { m in " (\(m.0.id.map { "\($0)" } ?? "an element") from \(m.0.frame.shortDescription) to \(m.1.frame.shortDescription))" } ?? " (content size \(describe(now.contentSize)) -> \(describe(again.contentSize)))"), moved?.0.id, after: again, expected: expected)
        }
        // Rect queries: what the collection view asks while scrolling.
        for rect in [bounds, CGRect(x: bounds.minX, y: bounds.midY, width: bounds.width, height: bounds.height / 2)] {
            guard let a = try? layout.elements(in: rect).sorted(), let b = try? fresh.elements(in: rect).sorted() else { continue }
            if a != b {
                let id = Set(a).symmetricDifference(Set(b)).min()
                return finding("query", "layoutAttributesForElements(in: \(rect.shortDescription)) answers \(a.count) element(s); a fresh layout object's answers \(b.count)" + (id.map { " (\($0) differs)" } ?? ""), id, after: now, expected: expected)
            }
        }
        return nil
    }
}

func describe(_ size: CGSize) -> String { "[\(formatPoints(size.width)), \(formatPoints(size.height))]" }

/// One line for a step: `performBatchUpdates { insertItems([0, 2]) }`, `setBounds([0, 0, 375, 812])`.
package func describe(_ step: LifecycleStep) -> String {
    func path(_ s: Int, _ i: Int) -> String { "[\(s), \(i)]" }
    switch step {
    case .reloadData(let sections): return "reloadData() with \(sections.count) section(s), \(sections.reduce(0) { $0 + $1.items.count }) item(s)"
    case .invalidateLayout: return "invalidateLayout()"
    case .invalidateItems(let ids): return "invalidateLayout(with: items \(ids.map { path($0.section, $0.item) }.joined(separator: ", ")))"
    case .setBounds(let r): return "bounds = \(r.shortDescription)"
    case .performBatchUpdates(let updates):
        let parts = updates.map { u -> String in
            switch u {
            case .insertItem(let s, let i, _): return "insertItems(\(path(s, i)))"
            case .deleteItem(let s, let i): return "deleteItems(\(path(s, i)))"
            case .reloadItem(let s, let i, _): return "reloadItems(\(path(s, i)))"
            case .moveItem(let a, let b): return "moveItem(\(path(a.section, a.item)) -> \(path(b.section, b.item)))"
            case .insertSection(let k, _): return "insertSections(\(k))"
            case .deleteSection(let k): return "deleteSections(\(k))"
            case .reloadSection(let k, _): return "reloadSections(\(k))"
            }
        }
        return "performBatchUpdates { \(parts.joined(separator: "; ")) }"
    }
}
