import Foundation

/// One call a collection view makes of its layout's lifecycle, as an app causes it
/// (docs/lifecycle.md, which gives UIKit's call order for each with Apple's documentation):
/// new data, batch updates, a bounds change, an explicit invalidation.
///
/// A step carries everything needed to replay it: the new data of a reload, the items an update
/// inserts, the new bounds. ``LayoutInput/applying(_:)`` gives the data after it.
public enum LifecycleStep: Hashable, Sendable {
    /// The data source's sections become `sections` (settings unchanged), then `reloadData()`.
    case reloadData([SectionInput])
    /// `performBatchUpdates(_:completion:)` with these changes (UIKit's index rules: deletes and
    /// reloads name index paths before the batch, inserts and move destinations after it).
    case performBatchUpdates([LifecycleUpdate])
    /// The collection view's bounds become this rect (pt). A new width is a rotation or a split
    /// view resize (the input's `containerWidth` becomes it); a new origin or height is a scroll
    /// or a keyboard, where the layout's `shouldInvalidateLayout(forBoundsChange:)` decides.
    case setBounds(CGRect)
    /// `invalidateLayout()`, then the next layout pass.
    case invalidateLayout
    /// `invalidateLayout(with:)` with a context whose `invalidateItems(at:)` names these items
    /// (`[section, item]`), as a self-sizing cell's preferred attributes invalidate, then the next
    /// layout pass.
    case invalidateItems([ElementID])

    /// The step's name as fixtures and statistics spell it (`reloadData`, `performBatchUpdates`,
    /// `setBounds`, `invalidateLayout`, `invalidateItems`).
    public var action: String {
        switch self {
        case .reloadData: return "reloadData"
        case .performBatchUpdates: return "performBatchUpdates"
        case .setBounds: return "setBounds"
        case .invalidateLayout: return "invalidateLayout"
        case .invalidateItems: return "invalidateItems"
        }
    }
}

/// One change of a batch update (UIKit's `insertItems(at:)`, `deleteSections(_:)`, ...).
/// Index paths are `(section, item)`.
public enum LifecycleUpdate: Hashable, Sendable {
    /// `insertItems(at:)`: `item` at `(section, index)` after the batch.
    case insertItem(section: Int, index: Int, LayoutItem)
    /// `deleteItems(at:)`: the item at `(section, index)` before the batch.
    case deleteItem(section: Int, index: Int)
    /// `reloadItems(at:)`: the item at `(section, index)` before the batch becomes `item`.
    case reloadItem(section: Int, index: Int, LayoutItem)
    /// `moveItem(at:to:)`: from `from` before the batch to `to` after it.
    case moveItem(from: ElementID, to: ElementID)
    /// `insertSections(_:)`: `section` at `index` after the batch.
    case insertSection(index: Int, SectionInput)
    /// `deleteSections(_:)`: the section at `index` before the batch.
    case deleteSection(index: Int)
    /// `reloadSections(_:)`: the section at `index` before the batch becomes `section`.
    case reloadSection(index: Int, SectionInput)

    /// UIKit's method name (`insertItems`, `deleteItems`, `reloadItems`, `moveItem`,
    /// `insertSections`, `deleteSections`, `reloadSections`), as fixtures spell it.
    public var action: String {
        switch self {
        case .insertItem: return "insertItems"
        case .deleteItem: return "deleteItems"
        case .reloadItem: return "reloadItems"
        case .moveItem: return "moveItem"
        case .insertSection: return "insertSections"
        case .deleteSection: return "deleteSections"
        case .reloadSection: return "reloadSections"
        }
    }
}

/// A batch or step that does not fit the data it is applied to.
public struct LifecycleStepError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension LayoutInput {
    /// The data after `step`: new sections for a reload, the batch's changes, the new width for
    /// a bounds change; unchanged for an invalidation and a scroll.
    /// - Throws: ``LifecycleStepError`` when an index path of a batch does not exist.
    /// - Complexity: O(sections + items).
    public func applying(_ step: LifecycleStep) throws -> LayoutInput {
        var out = self
        switch step {
        case .reloadData(let sections): out.sections = sections
        case .performBatchUpdates(let updates): out.sections = try Self.apply(updates, to: sections)
        case .setBounds(let r): out.layout.containerWidth = r.width
        case .invalidateLayout: break
        case .invalidateItems(let ids):
            for id in ids where !(sections.indices.contains(id.section) && sections[id.section].items.indices.contains(id.item)) {
                throw LifecycleStepError("invalidateItems names \(id), which the data does not have")
            }
        }
        return out
    }

    /// UIKit's batch semantics (`performBatchUpdates(_:completion:)`): reloads and deletes (and
    /// move sources) at index paths before the batch, applied in descending order; then inserts
    /// (and move destinations) at index paths after it, in ascending order.
    static func apply(_ updates: [LifecycleUpdate], to old: [SectionInput]) throws -> [SectionInput] {
        // Each old section with its items; `nil` marks what the batch removes.
        var sections: [SectionInput?] = old
        var items: [[LayoutItem?]] = old.map { $0.items.map { Optional($0) } }
        var movedItems: [(to: ElementID, item: LayoutItem)] = []
        func check(_ s: Int, _ i: Int?, _ what: String) throws {
            guard old.indices.contains(s) else { throw LifecycleStepError("\(what) names section \(s); there are \(old.count) before the batch") }
            if let i, !old[s].items.indices.contains(i) {
                throw LifecycleStepError("\(what) names item \(s).\(i); section \(s) has \(old[s].items.count) before the batch")
            }
        }
        for u in updates {
            switch u {
            case .reloadItem(let s, let i, let item): try check(s, i, "reloadItems"); items[s][i] = item
            case .reloadSection(let s, let section): try check(s, nil, "reloadSections"); sections[s] = section; items[s] = section.items.map { Optional($0) }
            case .deleteItem(let s, let i): try check(s, i, "deleteItems"); items[s][i] = nil
            case .deleteSection(let s): try check(s, nil, "deleteSections"); sections[s] = nil
            case .moveItem(let from, let to):
                try check(from.section, from.item, "moveItem")
                guard let item = items[from.section][from.item] else { throw LifecycleStepError("moveItem moves \(from), which the batch deletes") }
                items[from.section][from.item] = nil
                movedItems.append((to, item))
            case .insertItem, .insertSection: break
            }
        }
        var out: [SectionInput] = []
        for (k, s) in sections.enumerated() {
            guard var s else { continue }
            s.items = items[k].compactMap { $0 }
            out.append(s)
        }
        let sectionInserts = updates.compactMap { u -> (Int, SectionInput)? in
            if case .insertSection(let k, let s) = u { return (k, s) }
            return nil
        }.sorted { $0.0 < $1.0 }
        for (k, s) in sectionInserts {
            guard k >= 0 && k <= out.count else { throw LifecycleStepError("insertSections at \(k); there are \(out.count) sections then") }
            out.insert(s, at: k)
        }
        var itemInserts = updates.compactMap { u -> (ElementID, LayoutItem)? in
            if case .insertItem(let s, let i, let item) = u { return (.item(s, i), item) }
            return nil
        }
        itemInserts += movedItems.map { ($0.to, $0.item) }
        for (at, item) in itemInserts.sorted(by: { $0.0 < $1.0 }) {
            guard out.indices.contains(at.section), at.item >= 0 && at.item <= out[at.section].items.count else {
                throw LifecycleStepError("inserting \(at): the section does not exist or has fewer items then")
            }
            out[at.section].items.insert(item, at: at.item)
        }
        return out
    }
}

/// What a layout object answers in one state: the content size and `layoutAttributesForElements(in:)`
/// for everything (each attribute's element, `nil` for one it does not name, and frame, in the
/// layout's order, duplicates kept).
public struct LifecycleState: Hashable, Sendable {
    public var contentSize: CGSize
    public var elements: [LifecycleElement]
    public init(contentSize: CGSize, elements: [LifecycleElement]) { self.contentSize = contentSize; self.elements = elements }
}

/// One attribute of a ``LifecycleState``.
public struct LifecycleElement: Hashable, Sendable {
    public var id: ElementID?
    public var frame: CGRect
    public init(id: ElementID?, frame: CGRect) { self.id = id; self.frame = frame }
}

/// What a step cost the layout: whether the bounds change invalidated it (a layout that answers
/// `shouldInvalidateLayout(forBoundsChange:)` true for a scroll re-prepares on every frame of
/// scrolling: a cost, not a bug).
public struct LifecycleStepCost: Hashable, Sendable {
    /// `shouldInvalidateLayout(forBoundsChange:)` answered true (bounds steps only).
    public var invalidatedByBoundsChange: Bool
    public init(invalidatedByBoundsChange: Bool = false) { self.invalidatedByBoundsChange = invalidatedByBoundsChange }
}

/// One layout object as a collection view holds it across its lifecycle: steps applied in
/// UIKit's order, its answers read after each (issue 34). The `UIKit` driver's session
/// (`WaterfallCheckUIKit`) and an `exec:` engine with the `lifecycle` capability (FIXTURE-FORMAT §9)
/// are both one. Used from one thread at a time.
public protocol LifecycleLayout: PreparedLayout {
    /// Applies `step` to the layout object; `input` is the data after it (``LayoutInput/applying(_:)``).
    /// - Throws: an ``EngineFault`` for what the layout raised.
    func apply(_ step: LifecycleStep, resulting input: LayoutInput) throws -> LifecycleStepCost
    /// The content size and every attribute now. - Throws: an ``EngineFault``.
    func state() throws -> LifecycleState
    /// `layoutAttributesForElements(in:)` for `rect` now, each attribute's element.
    func elements(in rect: CGRect) throws -> [ElementID]
}

/// An engine whose layout objects the harness may drive through a lifecycle
/// (``EngineCapabilities/lifecycle``).
public protocol LifecycleLayoutEngine: PreparedLayoutEngine {
    /// A fresh layout object for `input`, with a collection view of bounds `bounds` (pt; `nil`:
    /// the engine's default, origin zero, the input's width), prepared once.
    func makeLifecycleLayout(for input: LayoutInput, bounds: CGRect?) throws -> LifecycleLayout
}
