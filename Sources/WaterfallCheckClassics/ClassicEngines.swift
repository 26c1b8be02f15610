import WaterfallCheckCore

/// The classic engines: ports of the five published tutorial layouts (shared/SEEDS.md), quirks kept.
public enum ClassicEngines {
    /// Every classic engine, in seed order.
    public static var all: [EngineEntry] {
        [BQWaterLayout.entry, ClassicWaterfallCollectionViewLayout.entry, WaterFlowLayout.entry,
         CollecttionWaterViewLayout.entry, WaterfallFlowLayout.entry]
    }

    /// The classic engine called `name`, or `nil`.
    public static func entry(named name: String) -> EngineEntry? { all.first { $0.descriptor.name == name } }

    /// The features every tutorial can express: one section of items, given by height or by size
    /// (each tutorial asks the app for a height at the column width, or for an image size or ratio).
    static let features: LayoutFeatures = [.size]

    /// An entry whose engine drives a port through ``CollectionViewLayoutEngine``.
    ///
    /// The descriptor declares only ``features``, so the harness's feature gate
    /// (``LayoutEngine/answer(_:)``) answers `unsupported` for an input using anything else (a
    /// second section, a header, a span, a round-robin placement, ...); any other input, valid or
    /// not, goes to `configure`, which makes the layout object and sets its properties from the
    /// input's settings, as a user of the tutorial edits its constants.
    static func entry(name: String, summary: String,
                      configure: @escaping @Sendable (LayoutInput) -> CollectionViewLayout) -> EngineEntry {
        let descriptor = EngineDescriptor(name: name, version: "1.0", capabilities: [.query, .collectionViewLayout],
                                         features: features, summary: summary)
        return EngineEntry(descriptor: descriptor) {
            CollectionViewLayoutEngine(descriptor: descriptor, makeLayout: configure)
        }
    }
}
