import Foundation
import UIKit
import WaterfallCheck

/// A real `UICollectionViewLayout` subclass as a ``LayoutEngine``: the code an app ships, built
/// against this package's `UIKit` module on Linux and macOS, and driven as UIKit drives it.
///
/// For each input the engine makes a ``CollectionViewData`` holding it and calls `configure`,
/// which makes and configures the layout as the app does (its properties, its delegate answering
/// from `data.input`). The layout is attached to a `UICollectionView` of the input's
/// `containerWidth` whose data source (and delegate, unless `configure` gives one) answers from the
/// same data (``InputCollectionViewSource``), and UIKit's layout cycle runs (Apple's "Creating a
/// Custom Layout": `prepare()`, then `collectionViewContentSize`, then
/// `layoutAttributesForElements(in:)` for the visible rect). The frames come from
/// `layoutAttributesForElements(in:)` for a rect around everything; rect queries
/// (``elements(in:)``), the item and supplementary lookups, `shouldInvalidateLayout(forBoundsChange:)`
/// and `reloadData()` with other data go to the same object (``PreparedLayoutEngine``: the
/// `lookup-consistency` and `reprepare` invariants).
///
/// ```swift
/// let engine = UIKitLayoutEngine(name: "cht", features: [.sections, .size]) { data in
///     let layout = CHTCollectionViewWaterfallLayout()
///     layout.columnCount = data.input.layout.columnCount
///     layout.minimumColumnSpacing = data.input.layout.columnSpacing
///     return .init(layout: layout, delegate: MyDelegate(data))   // answers from data.input
/// }
/// assertGoldens(engine: { engine }, fixtures: ["Fixtures"])
/// ```
///
/// - A UIKit exception the layout raises (`numberOfItems(inSection:)` for a section that does not
///   exist) is an engine fault of kind `threw` carrying UIKit's message; the pass goes on with
///   UIKit's documented fallback, and the answer is the fault.
/// - A trap in the layout's code (or in `configure`) is written as a fixture before the process
///   dies (``CrashRecorder``); replay it behind `serve(_:)` with `exec:` to report it as a fault.
/// - `pixelScale` is the collection view's `traitCollection.displayScale`. With `pixelScale` null
///   (§5: no flooring) the display scale is 2^600, a display so fine that flooring to it changes no
///   length of §6's range (`floor(v * 2^600) / 2^600 == v` for every double in [2^-548, 2^423]);
///   a layout that reads `UIScreen.main.scale` instead sees the screen's, 3.
/// - The view is ``viewportHeight`` pt tall.
/// - Supplementary views are a section's header and footer when their kind is ``SupplementaryKinds``'
///   (UIKit's `elementKindSectionHeader`/`Footer` unless the layout uses kinds of its own).
public final class UIKitLayoutEngine: LifecycleLayoutEngine {
    /// What `configure` makes: the layout object, and what UIKit holds weakly, which the engine
    /// keeps alive for the layout's lifetime.
    public struct Setup {
        public var layout: UICollectionViewLayout
        /// The collection view's delegate (the layout's own delegate protocol usually refines
        /// `UICollectionViewDelegate`); `nil` uses an ``InputCollectionViewSource``.
        public var delegate: UICollectionViewDelegate?
        /// The data source; `nil` uses an ``InputCollectionViewSource``.
        public var dataSource: UICollectionViewDataSource?
        /// Anything else the layout holds weakly (a delegate set on the layout itself).
        public var keepAlive: [AnyObject]

        public init(layout: UICollectionViewLayout, delegate: UICollectionViewDelegate? = nil,
                    dataSource: UICollectionViewDataSource? = nil, keepAlive: [AnyObject] = []) {
            self.layout = layout; self.delegate = delegate; self.dataSource = dataSource; self.keepAlive = keepAlive
        }
    }

    /// The element kinds of a section's header and footer in the layout's attributes.
    public struct SupplementaryKinds: Hashable, Sendable {
        public var header: String
        public var footer: String
        public init(header: String, footer: String) { self.header = header; self.footer = footer }
        /// UIKit's `UICollectionView.elementKindSectionHeader` and `elementKindSectionFooter`.
        public static let uiKit = SupplementaryKinds(header: UICollectionView.elementKindSectionHeader,
                                                     footer: UICollectionView.elementKindSectionFooter)
    }

    public let descriptor: EngineDescriptor
    private let configure: (CollectionViewData) throws -> Setup
    /// The header and footer kinds (``SupplementaryKinds/uiKit`` by default).
    public let kinds: SupplementaryKinds
    /// The collection view's height in pt (an iPhone's, 812, by default).
    public var viewportHeight: CGFloat = 812
    /// The last successful layout, prepared: what ``elements(in:)`` queries.
    private var last: Session?

    /// - Parameters:
    ///   - name, version, features, limits, summary: the ``EngineDescriptor`` (its capabilities
    ///     are ``EngineCapabilities/query`` and ``EngineCapabilities/collectionViewLayout``).
    ///   - queryPredicate: how the rect query is judged, whatever `limits` says:
    ///     ``QueryPredicate/closed`` (`CGRect.intersects`, what UIKit layouts answer
    ///     `layoutAttributesForElements(in:)` with) unless the layout filters strictly.
    ///     Declare only the features the layout can express: the harness never sends it others.
    ///   - conventions: where the layout departs from FIXTURE-FORMAT §5 on purpose
    ///     (``EngineConventions``, e.g. column widths floored to whole points); every judgement
    ///     takes its answers with them. ``EngineConventions/none`` by default.
    ///     `waterfall-check conventions --engine E --save FILE` detects them.
    ///   - constraints: the inputs the layout can express inside `features`
    ///     (``EngineConstraints``, e.g. one spacing for rows and columns); an input outside them
    ///     is never generated, and is answered `unsupported` without asking the layout.
    ///     ``EngineConstraints/none`` by default.
    ///   - kinds: the header and footer element kinds the layout uses.
    ///   - configure: makes the layout for `data.input`. Throw ``LayoutError`` `unsupported` for an
    ///     input the layout cannot express within the declared features, or a §6 code for an
    ///     invalid one (`try ReferenceLayout.validate(data.input)` first, as the app validates its
    ///     data). Objects it makes must read `data.input` when asked, not keep a copy: after
    ///     `reloadData()` the same objects answer for other data.
    public init(name: String, version: String = "1.0", features: LayoutFeatures = .all,
                limits: EngineLimits = .exact, queryPredicate: QueryPredicate = .closed,
                conventions: EngineConventions = .none, constraints: EngineConstraints = .none,
                kinds: SupplementaryKinds = .uiKit,
                summary: String = "a UICollectionViewLayout driven through UIKit",
                configure: @escaping (CollectionViewData) throws -> Setup) {
        var limits = limits
        limits.queryPredicate = queryPredicate
        descriptor = EngineDescriptor(name: name, version: version, capabilities: [.query, .collectionViewLayout, .lifecycle],
                                      features: features, limits: limits, conventions: conventions,
                                      constraints: constraints, summary: summary)
        self.kinds = kinds
        self.configure = configure
    }

    /// A layout object attached to a collection view showing ``CollectionViewData``, with the
    /// objects UIKit holds weakly kept alive.
    final class Session: LifecycleLayout {
        let data: CollectionViewData
        let engine: String
        let kinds: SupplementaryKinds
        let collectionView: UICollectionView
        let layout: UICollectionViewLayout
        private let setup: Setup
        private let source: InputCollectionViewSource

        init(_ input: LayoutInput, configure: (CollectionViewData) throws -> Setup, engine: String,
             kinds: SupplementaryKinds, height: CGFloat) throws {
            let data = CollectionViewData(input)
            // The adapter is the app's code too: a trap in it keeps the input (``CrashRecorder``).
            setup = try CrashRecorder.laying(out: input, engine: engine) { try configure(data) }
            self.data = data
            self.engine = engine
            self.kinds = kinds
            layout = setup.layout
            source = InputCollectionViewSource(data)
            collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: input.layout.containerWidth, height: height),
                                              collectionViewLayout: setup.layout)
            collectionView._setTraitCollection(UITraitCollection(displayScale: input.layout.pixelScale ?? 0x1p600))
            collectionView.dataSource = setup.dataSource ?? source
            collectionView.delegate = setup.delegate ?? source
        }

        /// Runs `body` in the layout's code: UIKit's exceptions recorded, the input kept for a trap.
        func run<R>(_ body: () -> R) throws -> R {
            let (r, raised) = CrashRecorder.laying(out: data.input, engine: engine) { _UIKitException.recording(body) }
            if let e = raised.first { throw EngineFault(.threw, engine: engine, e.description) }
            return r
        }

        func elementID(_ a: UICollectionViewLayoutAttributes) -> ElementID? { a.elementID(kinds) }

        /// `layoutAttributesForElements(in:)` for everything, decoration views (section
        /// backgrounds, separators: no element of a waterfall's input) left out.
        func attributes() -> [UICollectionViewLayoutAttributes] {
            (layout.layoutAttributesForElements(in: UIKitLayoutEngine.everything) ?? []).filter { $0.representedElementCategory != .decorationView }
        }

        func allElements() -> [(id: ElementID?, frame: CGRect)] {
            ((try? run { attributes() }) ?? []).map { (elementID($0), $0.frame) }
        }

        func lookup(_ id: ElementID) -> CGRect? {
            try? run { () -> CGRect? in
                switch id.kind {
                case .item: return layout.layoutAttributesForItem(at: IndexPath(item: id.item, section: id.section))?.frame
                case .header: return layout.layoutAttributesForSupplementaryView(ofKind: kinds.header, at: IndexPath(item: 0, section: id.section))?.frame
                case .footer: return layout.layoutAttributesForSupplementaryView(ofKind: kinds.footer, at: IndexPath(item: 0, section: id.section))?.frame
                }
            } ?? nil
        }

        /// `invalidateLayout()`, then the next layout pass (which calls `prepare()`), as UIKit.
        func invalidateAndPrepare() {
            _ = try? run {
                layout.invalidateLayout()
                collectionView.setNeedsLayout()
                collectionView.layoutIfNeeded()
            }
        }

        var bounds: CGRect? { collectionView.bounds }

        func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
            (try? run { layout.shouldInvalidateLayout(forBoundsChange: newBounds) }) ?? false
        }

        /// The app's data becomes `newInput` (same objects, as a view controller's model changes),
        /// then `reloadData()` and a layout pass, as UIKit runs them.
        func reload(with newInput: LayoutInput) -> Bool {
            data.input = newInput
            do {
                try run { () -> Void in
                    collectionView.reloadData()
                    collectionView.setNeedsLayout()
                    collectionView.layoutIfNeeded()
                }
                return true
            } catch {
                return false
            }
        }
    }

    /// A rect that meets every finite frame, even zero-size ones at the origin.
    public static let everything = CGRect(x: -1e15, y: -1e15, width: 4e15, height: 4e15)

    /// A fresh layout for `input`, attached and through its first layout pass.
    /// - Throws: what `configure` throws; an ``EngineFault`` for a UIKit exception raised meanwhile.
    /// With `bounds`, the collection view's bounds are set to it before the first layout pass.
    func session(for input: LayoutInput, bounds: CGRect? = nil) throws -> Session {
        let s = try Session(input, configure: configure, engine: descriptor.name, kinds: kinds, height: viewportHeight)
        try s.run {
            if let bounds { s.collectionView.bounds = bounds }
            s.collectionView.layoutIfNeeded()
        }
        return s
    }

    public func makePreparedLayout(for input: LayoutInput) throws -> PreparedLayout { try session(for: input) }

    /// Feature gating is the caller's (``LayoutEngine/answer(_:)``), as for every engine.
    /// - Complexity: the layout's own `prepare()` and queries, plus O(elements).
    public func layout(_ input: LayoutInput) throws -> LayoutResult {
        last = nil
        let s = try session(for: input)
        let result = try s.run { () -> LayoutResult in
            let size = s.layout.collectionViewContentSize
            return LayoutResult.assembled(s.attributes().map { LayoutElement(id: $0.elementIDOrExtra(kinds), frame: $0.frame) },
                                          contentSize: size, for: input)
        }
        last = s
        return result
    }

    public func elements(in rect: CGRect) throws -> [ElementID] {
        guard let s = last else { throw QueryError.noLayout }
        return try s.run { s.layout.layoutAttributesForElements(in: rect) ?? [] }.compactMap { s.elementID($0) }
    }
}

/// The app's data as its data source and delegates see it: the input shown now. A class, so the
/// objects ``UIKitLayoutEngine``'s `configure` makes read `input` when UIKit asks them and see
/// `reloadData()`'s new data, as a view controller sees its model change.
public final class CollectionViewData {
    /// The input the collection view shows.
    public internal(set) var input: LayoutInput
    public init(_ input: LayoutInput) { self.input = input }
}

extension UICollectionViewLayoutAttributes {
    /// The element these attributes describe: a cell's item, a section header or footer (by
    /// `kinds`); `nil` for a decoration view, another kind, or an index path that is not
    /// `[section, item]`.
    public func elementID(_ kinds: UIKitLayoutEngine.SupplementaryKinds = .uiKit) -> ElementID? {
        guard indexPath.count == 2 else { return nil }
        switch representedElementCategory {
        case .cell: return .item(indexPath.section, indexPath.item)
        case .supplementaryView:
            switch representedElementKind {
            case kinds.header?: return .header(indexPath.section)
            case kinds.footer?: return .footer(indexPath.section)
            default: return nil
            }
        case .decorationView: return nil
        }
    }

    /// ``elementID(_:)``, or an item no input has (section of the index path's first index, item
    /// -1), which ``LayoutResult/assembled(_:contentSize:for:)`` lists as an extra element.
    func elementIDOrExtra(_ kinds: UIKitLayoutEngine.SupplementaryKinds) -> ElementID {
        elementID(kinds) ?? .item(indexPath.count > 0 ? indexPath[0] : -1, -1)
    }
}
