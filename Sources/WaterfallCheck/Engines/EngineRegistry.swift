import Foundation

/// The built-in engines by name, and the parsing of an `--engine` argument.
///
/// Engines are made fresh per worker: an engine object is used from one thread at a time.
public enum EngineRegistry {
    /// A named engine maker (the name ``resolve(_:options:)`` and the commands use).
    public typealias Entry = EngineEntry

    /// Every built-in engine: the reference first, then the classic ports.
    public static var builtIn: [EngineEntry] {
        [EngineEntry(descriptor: ReferenceEngine().descriptor, make: { ReferenceEngine() })] + ClassicEngines.all
    }

    /// The built-in engine called `name`, or `nil`.
    public static func entry(named name: String) -> Entry? { builtIn.first { $0.descriptor.name == name } }
}
