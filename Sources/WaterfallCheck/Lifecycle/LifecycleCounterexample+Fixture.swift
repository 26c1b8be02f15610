import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckSupport

extension LifecycleCounterexample {
    /// The counterexample as a fixture (FIXTURE-FORMAT §10): its starting input, its steps, no
    /// `expected` (the oracle is a fresh layout object), and under `extensions.lifecycle` the
    /// engine, the departing step (1-based), the key and the message.
    public func fixture(engine: EngineDescriptor, source: String? = nil) -> Fixture {
        let name = "lifecycle-" + String(engine.name.map { Fixture.isValidName(String($0)) ? $0 : "-" }) + "-\(finding.key)"
        return Fixture(name: name, description: "lifecycle counterexample: \(finding)", source: source, input: lifecycle.input,
                       extensions: .object([("lifecycle", .object([
                           ("engine", .string(engine.name)), ("step", .integer(finding.step + 1)),
                           ("key", .string(finding.key)), ("message", .string(finding.message)),
                       ]))]),
                       steps: lifecycle.steps)
    }

    /// Writes ``fixture(engine:source:)`` to `directory` (made if need be), unless a fixture there
    /// already has the same input and steps; returns its URL. - Throws: the file system's error.
    public func save(in directory: URL, engine: EngineDescriptor, source: String? = nil) throws -> URL {
        let fixture = fixture(engine: engine, source: source)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".json") {
            let url = directory.appendingPathComponent(name)
            if let f = try? FixtureReader.read(contentsOf: url), f.steps == fixture.steps, f.input == fixture.input { return url }
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var url = directory.appendingPathComponent(fixture.name + ".json")
        var n = 2
        while FileManager.default.fileExists(atPath: url.path) {
            url = directory.appendingPathComponent("\(fixture.name)-\(n).json")
            n += 1
        }
        try AtomicFile.write(Data(CanonicalWriter.string(for: fixture).utf8), to: url)
        return url
    }
}

extension LifecycleStatistics {
    /// One line per kind of step, then the scroll cost: `lifecycle steps: 1234 (insertItems 120, ...)`.
    public var summary: String {
        let kinds = steps.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        var s = "lifecycle steps: \(totalSteps)" + (kinds.isEmpty ? "" : " (\(kinds))")
        if scrolls > 0 {
            s += "\nscrolls: \(scrolls), of which \(scrollInvalidations) invalidated the layout (shouldInvalidateLayout(forBoundsChange:) true for the same width: a re-prepare per scroll, a cost, not a bug)"
        }
        if refused > 0 { s += "\nstarting inputs refused by the engine: \(refused)" }
        if faulted > 0 { s += "\ncases ended unjudged where the data alone made the engine fault (a fresh object faults too): \(faulted)" }
        return s
    }
}
