import UIKit
import WaterfallCheckCore
import WaterfallCheckUIKit

/// The classic engines: ports of the five published tutorial layouts (shared/SEEDS.md), quirks kept,
/// each a `UICollectionViewLayout` subclass driven through UIKit by ``UIKitLayoutEngine``.
public enum ClassicEngines {
    /// Every classic engine, in seed order.
    public static var all: [EngineEntry] {
        [BQWaterLayout.entry, ClassicWaterfallCollectionViewLayout.entry, WaterFlowLayout.entry,
         CollecttionWaterViewLayout.entry, WaterfallFlowLayout.entry]
    }

    /// The classic engine called `name`, or `nil`.
    public static func entry(named name: String) -> EngineEntry? { all.first { $0.descriptor.name == name } }

    /// The most columns a port allocates. Beyond it the original would allocate that many
    /// `NSNumber`s (an `NSUInteger` count of -1 is 2^64 - 1 of them) and hang or be killed; the port
    /// raises a ``TutorialException`` named `hang` instead. Ten times FIXTURE-FORMAT §6's maximum.
    public static let maximumColumns = 100_000

    /// The features every tutorial can express: one section of items, given by height or by size
    /// (each tutorial asks the app for a height at the column width, or for an image size or ratio).
    static let features: LayoutFeatures = [.size]

    /// An entry whose engine is a ``UIKitLayoutEngine`` calling `configure`.
    ///
    /// The descriptor declares only ``features``, so the harness's feature gate
    /// (``LayoutEngine/answer(_:)``) answers `unsupported` for an input using anything else (a
    /// second section, a header, a span, a round-robin placement, ...); any other input, valid or
    /// not, goes to `configure`, which makes the layout object, sets its properties from the
    /// input's settings (as a user of the tutorial edits its constants) and gives it what the
    /// tutorial's app gives it (a height block, a delegate answering from `data.input`). The limits
    /// are ``EngineLimits/exact`` with the strict query predicate: the ports' rect queries are judged
    /// as they always were, not by UIKit's `CGRect.intersects`.
    static func entry(name: String, summary: String,
                      configure: @escaping @Sendable (CollectionViewData) -> UIKitLayoutEngine.Setup) -> EngineEntry {
        let make: @Sendable () -> UIKitLayoutEngine = {
            UIKitLayoutEngine(name: name, version: "1.0", features: features, queryPredicate: .strict, summary: summary, configure: configure)
        }
        return EngineEntry(descriptor: make().descriptor, make: make)
    }
}
