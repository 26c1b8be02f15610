import WaterfallLayout

/// The classic engines: ports of the five published tutorial layouts (shared/SEEDS.md), quirks kept.
public enum ClassicEngines {
    /// A classic engine: its descriptor and a maker for a fresh instance.
    public struct Entry: Sendable {
        public var descriptor: EngineDescriptor
        public var make: @Sendable () -> LayoutEngine
        public init(descriptor: EngineDescriptor, make: @escaping @Sendable () -> LayoutEngine) {
            self.descriptor = descriptor; self.make = make
        }
    }

    /// Every classic engine, in seed order.
    public static var all: [Entry] { [] }
}
