import Foundation
import WaterfallCheck

/// A set of engines by name, and the parsing of an `--engine` argument against it.
///
/// The harness library knows only the reference engine (``reference``); the executables use
/// `WaterfallCheckEngines`' `EngineRegistry.builtIn`, which adds the classic ports. A user's test
/// target builds its own from its engines. Engines are made fresh per worker: an engine object
/// is used from one thread at a time.
public struct EngineRegistry: Sendable {
    /// The engines, in listing order.
    public var entries: [EngineEntry]

    public init(_ entries: [EngineEntry]) { self.entries = entries }

    /// The reference engine alone (FIXTURE-FORMAT §5).
    public static let reference = EngineRegistry([ReferenceEngine.entry])

    /// The engine called `name`, or `nil`. O(engines).
    public func entry(named name: String) -> EngineEntry? { entries.first { $0.descriptor.name == name } }

    /// The engines' names, in order.
    public var names: [String] { entries.map(\.descriptor.name) }
}
