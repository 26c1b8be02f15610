import Foundation
import UIKit
import WaterfallCheck

/// A real `UICollectionViewLayout` subclass as a ``LayoutEngine``: the code an app ships, built
/// against this package's `UIKit` module on Linux and macOS, and driven as UIKit drives it.
///
/// For each input the engine calls `configure`, which makes and configures the layout as the app
/// does (its properties, its delegate), attaches the layout to a `UICollectionView` of the input's
/// `containerWidth` whose data source (and delegate, unless `configure` gives one) answers from the
/// input (``InputCollectionViewSource``), and runs UIKit's layout cycle (Apple's "Creating a Custom
/// Layout": `prepare()`, then `collectionViewContentSize`, then `layoutAttributesForElements(in:)`
/// for the visible rect). The frames come from `layoutAttributesForElements(in:)` for a rect around
/// everything; rect queries (``elements(in:)``), the item and supplementary lookups and
/// `shouldInvalidateLayout(forBoundsChange:)` go to the same prepared object (``PreparedLayoutEngine``:
/// the `lookup-consistency` and `reprepare` invariants).
///
/// ```swift
/// let engine = UIKitLayoutEngine(name: "cht") { input in
///     let layout = CHTCollectionViewWaterfallLayout()
///     layout.columnCount = input.layout.columnCount
///     layout.minimumColumnSpacing = input.layout.columnSpacing
///     return .init(layout: layout, delegate: MyDelegate(input))   // answers sizes from the input
/// }
/// assertGoldens(engine: { engine }, fixtures: ["Fixtures"])
/// ```
///
/// - A UIKit exception the layout raises (`numberOfItems(inSection:)` for a section that does not
///   exist) is an engine fault of kind `threw` carrying UIKit's message; the pass goes on with
///   UIKit's documented fallback, and the answer is the fault.
/// - A trap in the layout's code is written as a fixture before the process dies
///   (``CrashRecorder``); replay it behind `serve(_:)` with `exec:` to report it as a fault.
/// - `pixelScale` is the collection view's `traitCollection.displayScale` (`UIScreen.main.scale`,
///   3, without one); the view is ``viewportHeight`` pt tall.
public final class UIKitLayoutEngine: PreparedLayoutEngine {
    /// What `configure` makes for an input: the layout object, and what UIKit holds weakly and the
    /// engine keeps alive for the layout's lifetime.
    public struct Setup {
        public var layout: UICollectionViewLayout
        /// The collection view's delegate (the layout's own delegate protocol usually refines
        /// `UICollectionViewDelegate`); `nil` uses an ``InputCollectionViewSource``.
        public var delegate: UICollectionViewDelegate?
        /// The data source; `nil` uses an ``InputCollectionViewSource``.
        public var dataSource: UICollectionViewDataSource?

        public init(layout: UICollectionViewLayout, delegate: UICollectionViewDelegate? = nil,
                    dataSource: UICollectionViewDataSource? = nil) {
            self.layout = layout; self.delegate = delegate; self.dataSource = dataSource
        }
    }

    public let descriptor: EngineDescriptor
    private let configure: (LayoutInput) throws -> Setup
    /// The collection view's height in pt (an iPhone's, 812, by default).
    public var viewportHeight: CGFloat = 812
    /// The last successful layout, prepared: what ``elements(in:)`` queries.
    private var last: Session?

    /// - Parameters:
    ///   - name, version, features, limits, summary: the ``EngineDescriptor`` (its capabilities
    ///     are ``EngineCapabilities/query`` and ``EngineCapabilities/collectionViewLayout``). The
    ///     default limits declare the ``QueryPredicate/closed`` query predicate, `CGRect.intersects`'s,
    ///     which UIKit layouts use to answer `layoutAttributesForElements(in:)`.
    ///     Declare only the features the layout can express: the harness never sends it others.
    ///   - configure: makes the layout for an input. Throw ``LayoutError`` `unsupported` for an
    ///     input the layout cannot express within the declared features, or a §6 code for an
    ///     invalid one (`try ReferenceLayout.validate(input)` first, as the app validates its data).
    public init(name: String, version: String = "1.0", features: LayoutFeatures = .all,
                limits: EngineLimits = EngineLimits(queryPredicate: .closed),
                summary: String = "a UICollectionViewLayout driven through UIKit", configure: @escaping (LayoutInput) throws -> Setup) {
        descriptor = EngineDescriptor(name: name, version: version, capabilities: [.query, .collectionViewLayout],
                                      features: features, limits: limits, summary: summary)
        self.configure = configure
    }

    /// A layout object, attached to a collection view for the input, the data source and
    /// delegate it reads kept alive.
    final class Session: PreparedLayout {
        private(set) var input: LayoutInput
        let engine: String
        let collectionView: UICollectionView
        let layout: UICollectionViewLayout
        /// What the collection view holds weakly: the data source and delegate of the data shown.
        private var setup: Setup
        private var source: InputCollectionViewSource
        private let configure: (LayoutInput) throws -> Setup

        init(_ input: LayoutInput, configure: @escaping (LayoutInput) throws -> Setup, engine: String, height: CGFloat) throws {
            // The adapter is the app's code too: a trap in it keeps the input (``CrashRecorder``).
            let setup = try CrashRecorder.laying(out: input, engine: engine) { try configure(input) }
            self.input = input
            self.engine = engine
            self.setup = setup
            self.configure = configure
            layout = setup.layout
            source = InputCollectionViewSource(input)
            collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: input.layout.containerWidth, height: height),
                                              collectionViewLayout: setup.layout)
            if let scale = input.layout.pixelScale { collectionView._setTraitCollection(UITraitCollection(displayScale: scale)) }
            collectionView.dataSource = setup.dataSource ?? source
            collectionView.delegate = setup.delegate ?? source
        }

        /// Runs `body` in the layout's code: UIKit's exceptions recorded, the input kept for a trap.
        func run<R>(_ body: () -> R) throws -> R {
            let (r, raised) = CrashRecorder.laying(out: input, engine: engine) { _UIKitException.recording(body) }
            if let e = raised.first { throw EngineFault(.threw, engine: engine, e.description) }
            return r
        }

        func allElements() -> [(id: ElementID?, frame: CGRect)] {
            ((try? run { layout.layoutAttributesForElements(in: UIKitLayoutEngine.everything) }) ?? nil ?? []).map { ($0.elementID, $0.frame) }
        }

        func lookup(_ id: ElementID) -> CGRect? {
            try? run { () -> CGRect? in
                switch id.kind {
                case .item: return layout.layoutAttributesForItem(at: IndexPath(item: id.item, section: id.section))?.frame
                case .header:
                    return layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader,
                                                                       at: IndexPath(item: 0, section: id.section))?.frame
                case .footer:
                    return layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionFooter,
                                                                       at: IndexPath(item: 0, section: id.section))?.frame
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

        /// The app's data becomes `newInput`'s: `configure`'s data source and delegate for it
        /// (its layout object is dropped: this one stays), then `reloadData()` and a layout pass.
        func reload(with newInput: LayoutInput) -> Bool {
            guard let next = try? CrashRecorder.laying(out: newInput, engine: engine, { try configure(newInput) }) else { return false }
            input = newInput
            setup.delegate = next.delegate
            setup.dataSource = next.dataSource
            source = InputCollectionViewSource(newInput)
            do {
                try run { () -> Void in
                    collectionView.dataSource = setup.dataSource ?? source
                    collectionView.delegate = setup.delegate ?? source
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
    func session(for input: LayoutInput) throws -> Session {
        let s = try Session(input, configure: configure, engine: descriptor.name, height: viewportHeight)
        try s.run { s.collectionView.layoutIfNeeded() }
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
            let attributes = s.layout.layoutAttributesForElements(in: Self.everything) ?? []
            return LayoutResult.assembled(attributes.map { LayoutElement(id: $0.elementIDOrExtra, frame: $0.frame) },
                                          contentSize: size, for: input)
        }
        last = s
        return result
    }

    public func elements(in rect: CGRect) throws -> [ElementID] {
        guard let s = last else { throw QueryError.noLayout }
        return try s.run { s.layout.layoutAttributesForElements(in: rect) ?? [] }.compactMap(\.elementID)
    }
}

extension UICollectionViewLayoutAttributes {
    /// The element these attributes describe: a cell's item, a section header or footer (UIKit's
    /// `elementKindSectionHeader`/`Footer`); `nil` for a decoration view, another kind, or an
    /// index path that is not `[section, item]`.
    public var elementID: ElementID? {
        guard indexPath.count == 2 else { return nil }
        switch representedElementCategory {
        case .cell: return .item(indexPath.section, indexPath.item)
        case .supplementaryView:
            switch representedElementKind {
            case UICollectionView.elementKindSectionHeader?: return .header(indexPath.section)
            case UICollectionView.elementKindSectionFooter?: return .footer(indexPath.section)
            default: return nil
            }
        case .decorationView: return nil
        }
    }

    /// ``elementID``, or an item no input has (section of the index path's first index, item -1),
    /// which ``LayoutResult/assembled(_:contentSize:for:)`` lists as an extra element.
    var elementIDOrExtra: ElementID { elementID ?? .item(indexPath.count > 0 ? indexPath[0] : -1, -1) }
}
