import Foundation
import WaterfallLayout

extension Counterexample {
    /// The counterexample as an input-only fixture (no `expected`: it is checked against the
    /// invariants), named `fuzz-<invariant>-<engine>-<seed>-<case>`, with what the fuzzer knows
    /// under `extensions.fuzz`: engine, invariant, message, elements, seed (a decimal string: a
    /// UInt64 does not fit a double), case index, and the engine's actual output (`contentSize`
    /// and `sections` as in `expected`, or `error`; non-finite numbers as strings, a missing frame as null).
    ///
    /// `source` is a runnable command line: `--engine` is `engineArgument` (what the user passed,
    /// e.g. `exec:./my-engine`), else the engine's name, shell-quoted either way (D15: an
    /// engine's hello name is untrusted text).
    ///
    /// A `tolerance` other than the default is written as the fixture's `tolerance`, so
    /// `verify` judges the saved case as the run did and keeps it red.
    public func fixture(engine: EngineDescriptor, engineArgument: String? = nil, tolerance: Tolerance = .default) -> Fixture {
        let safeEngine = String(engine.name.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
        var fuzz: [(key: String, value: JSONValue)] = [
            ("engine", .string(engine.name)), ("version", .string(engine.version)),
            ("invariant", .string(invariant)), ("message", .string(failure.message)),
            ("elements", .array(failure.elements.map { .string($0.description) })),
            ("seed", .string(String(seed))), ("case", .number(Double(caseIndex))),
        ]
        switch actual {
        case .layout(let r): fuzz.append(("actual", JSONValue(r)))
        case .error(let e):
            fuzz.append(("actual", .object([("error", .string(e.code.rawValue)), ("message", .string(e.message))])))
        case .unsupported(let reason):
            fuzz.append(("actual", .object([("error", .string(LayoutError.Code.unsupported.rawValue)), ("message", .string(reason))])))
        case .fault(let f): fuzz.append(("actual", .object([("fault", .string("\(f)"))])))
        }
        return Fixture(
            name: "fuzz-\(invariant)-\(safeEngine)-\(seed)-\(caseIndex)",
            description: "Shrunk counterexample: \(failure.message)",
            source: "waterfall-check fuzz --engine \(shellQuoted(engineArgument ?? engine.name)) --seed \(seed) --cases \(caseIndex + 1)",
            tolerance: tolerance == .default ? nil : tolerance.points, input: input, extensions: .object([("fuzz", .object(fuzz))]))
    }
}

extension Fixture {
    /// Writes the fixture in canonical form as `<directory>/<name>.json` (creating the
    /// directory), atomically; returns the file.
    /// - Throws: the directory's or the write's error.
    @discardableResult
    public func save(in directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name + ".json")
        try AtomicFile.write(Data(CanonicalWriter.string(for: self).utf8), to: file)
        return file
    }
}

/// The invariant catalogue as the golden runner's checker for fixtures without `expected`.
public struct InvariantChecker: InvariantChecking {
    /// Invariant ids to check; `nil` for all.
    public var selection: Set<String>?

    public init(selection: Set<String>? = nil) { self.selection = selection }

    /// - Throws: the engine's fault when `answer` is one.
    public func violations(of input: LayoutInput, answer: EngineAnswer, engine: LayoutEngine, tolerance: Tolerance) throws -> [InvariantFailure] {
        let set = (try? InvariantSet(ids: selection)) ?? .all
        if case .fault(let f) = answer { throw f }
        let context = CheckContext(input: input, engine: engine, tolerance: tolerance, seed: 0, answer: answer)
        return context.check(set)
    }
}
