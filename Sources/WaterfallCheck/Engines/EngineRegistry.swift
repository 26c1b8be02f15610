import Foundation

/// The built-in engines by name, and the parsing of an `--engine` argument.
///
/// Engines are made fresh per worker: an engine object is used from one thread at a time.
public enum EngineRegistry {
    /// A named engine maker.
    public struct Entry: Sendable {
        public var descriptor: EngineDescriptor
        public var make: @Sendable () -> LayoutEngine
        public init(descriptor: EngineDescriptor, make: @escaping @Sendable () -> LayoutEngine) {
            self.descriptor = descriptor; self.make = make
        }
    }

    /// Every built-in engine: the reference first, then the classic ports.
    public static var builtIn: [Entry] {
        [Entry(descriptor: ReferenceEngine().descriptor, make: { ReferenceEngine() })]
            + ClassicEngines.all.map { e in Entry(descriptor: e.descriptor, make: e.make) }
    }

    /// The built-in engine called `name`, or `nil`.
    public static func entry(named name: String) -> Entry? { builtIn.first { $0.descriptor.name == name } }
}
