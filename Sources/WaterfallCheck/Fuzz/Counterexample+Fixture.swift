import Foundation
import WaterfallCheckCore

extension Counterexample {
    /// The counterexample as an input-only fixture (no `expected`: it is checked against the
    /// invariants), named `fuzz-<invariant>-<engine>-<seed>-<case>`, with what the fuzzer knows
    /// under `extensions.fuzz`: engine, invariant, message, elements, seed (a decimal string: a
    /// UInt64 does not fit a double), case index, and the engine's actual output (`contentSize`
    /// and `sections` as in `expected`, or `error`; non-finite numbers as strings, a missing frame as null).
    ///
    /// `source` is a runnable command line (`--from-bytes FILE` for one shrunk from a libFuzzer input): `--engine` is `engineArgument` (what the user passed,
    /// e.g. `exec:./my-engine`), else the engine's name, shell-quoted either way (D15: an
    /// engine's hello name is untrusted text).
    ///
    /// A `tolerance` other than the default is written as the fixture's `tolerance`, so
    /// `verify` judges the saved case as the run did and keeps it red.
    /// `tolerance` defaults to the run's (``tolerance``). `source` replaces the command line
    /// described above: the CLI passes the replay line it prints, so the two never disagree.
    public func fixture(engine: EngineDescriptor, engineArgument: String? = nil, tolerance: Tolerance? = nil, source: String? = nil) -> Fixture {
        let tol = tolerance ?? self.tolerance
        let safeEngine = String(engine.name.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
        var fuzz: [(key: String, value: JSONValue)] = [
            ("engine", .string(engine.name)), ("version", .string(engine.version)),
            ("invariant", .string(invariant)), ("message", .string(failure.message)),
            ("elements", .array(failure.elements.map { .string($0.description) })),
            ("seed", .string(String(seed))), ("case", .number(Double(caseIndex))),
            ("querySeed", .string(String(querySeed))),
        ]
        if invariants != .all { fuzz.append(("invariants", .array(invariants.invariants.map { .string($0.id) }))) }
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
            source: source ?? "waterfall-check fuzz --engine \(shellQuoted(engineArgument ?? engine.name)) \(bytesFile.map { "--from-bytes \(shellQuoted($0))" } ?? "--seed \(seed) --cases \(caseIndex + 1)")\(Counterexample.verdictOptions(tolerance: tol, invariants: invariants))",
            tolerance: tol == .default ? nil : tol.points, input: input, extensions: .object([("fuzz", .object(fuzz))]))
    }

    /// The options that change a verdict, as command-line arguments with a leading space:
    /// `--tolerance` unless the default, `--invariants` unless all.
    public static func verdictOptions(tolerance: Tolerance, invariants: InvariantSet) -> String {
        (tolerance == .default ? "" : " --tolerance \(Double(tolerance.points))")
            + (invariants == .all ? "" : " --invariants \(invariants.invariants.map(\.id).joined(separator: ","))")
    }

    /// Writes ``fixture(engine:)`` to `directory/<name>.json` (creating the directory) atomically,
    /// unless a fixture there already has the same input (after ``LayoutInput/normalised``): a
    /// different seed finding the same bug adds nothing. A file of that name holding another
    /// input is never overwritten (`<name>-2.json`, ...).
    /// - Returns: the file written, or the one that already holds this input.
    @discardableResult
    public func save(in directory: URL, engine: EngineDescriptor, engineArgument: String? = nil, source: String? = nil) throws -> URL {
        try fixture(engine: engine, engineArgument: engineArgument, source: source).save(in: directory)
    }

    /// The fixture in `directory` (not its subdirectories) whose input equals `input` after
    /// normalisation, if any. Unreadable files are passed over (the replay reports them).
    public static func saved(_ input: LayoutInput, in directory: URL, among names: ((String) -> Bool)? = nil) -> URL? {
        let key = input.normalised
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in files.sorted() where name.hasSuffix(".json") && names?(name) != false {
            let url = directory.appendingPathComponent(name)
            if let f = try? FixtureReader.read(contentsOf: url), f.input.normalised == key { return url }
        }
        return nil
    }
}

extension Fixture {
    /// A saved counterexample's invariant selection (`extensions.fuzz.invariants`), or `nil` (all).
    /// An id not in the catalogue, a non-string entry or an empty list makes it `nil`: a typo
    /// must never check less (review A8).
    var fuzzInvariants: InvariantSet? {
        guard case .array(let ids)? = extensions?["fuzz"]?["invariants"] else { return nil }
        var names: Set<String> = []
        for id in ids {
            // A non-string entry is a typo too: all invariants (review A8).
            guard case .string(let name) = id else { return nil }
            names.insert(name)
        }
        // An empty selection would check nothing: all invariants (review A8).
        guard !names.isEmpty, let set = try? InvariantSet(ids: names), !set.isEmpty else { return nil }
        return set
    }

    /// A saved counterexample's query-rect seed (`extensions.fuzz.querySeed`), else 0.
    var fuzzQuerySeed: UInt64 {
        guard case .string(let s)? = extensions?["fuzz"]?["querySeed"] else { return 0 }
        return UInt64(s) ?? 0
    }

    /// Writes the fixture in canonical form as a new file `<directory>/<name>.json` (creating the
    /// directory), or `<name>-2.json`, `<name>-3.json`, ... when that name is taken; returns the
    /// file. A fixture in `directory` with an equal input (after normalisation) is returned
    /// instead, unwritten (with `anyName` false, only one of this name: `<name>.json`,
    /// `<name>-N.json`). No file is ever overwritten, even by writers racing for one name
    /// (``AtomicFile/create(_:in:names:)``): every writer of counterexamples and saved inputs
    /// (fuzz, the testing API, compare) saves through here (review A5).
    /// - Throws: the directory's or the write's error.
    @discardableResult
    public func save(in directory: URL, reusingAnyName anyName: Bool = true) throws -> URL {
        let family: ((String) -> Bool)? = anyName ? nil : { file in
            guard file.hasPrefix(name), file.hasSuffix(".json") else { return false }
            let middle = file.dropFirst(name.count).dropLast(5)
            return middle.isEmpty || (middle.first == "-" && middle.dropFirst().allSatisfy(\.isNumber) && middle.count > 1)
        }
        if let existing = Counterexample.saved(input, in: directory, among: family) { return existing }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The name inside follows the file's: names are unique per folder (FIXTURE-FORMAT §1).
        func named(_ n: Int) -> String { name + (n == 1 ? "" : "-\(n)") }
        return try AtomicFile.create(in: directory, names: { named($0) + ".json" }) { n in
            var f = self
            f.name = named(n)
            return Data(CanonicalWriter.string(for: f).utf8)
        }
    }
}

/// The invariant catalogue as the golden runner's checker for fixtures without `expected`.
package struct InvariantChecker: InvariantChecking {
    /// Invariant ids to check; `nil` for all.
    public var selection: Set<String>?

    public init(selection: Set<String>? = nil) { self.selection = selection }

    /// - Throws: the engine's fault when `answer` is one.
    public func violations(of input: LayoutInput, answer: EngineAnswer, engine: LayoutEngine, tolerance: Tolerance) throws -> [InvariantFailure] {
        try violations(of: input, answer: answer, engine: engine, tolerance: tolerance, invariants: (try? InvariantSet(ids: selection)) ?? .all, seed: 0)
    }

    /// Honours a saved counterexample's invariant selection (intersected with ``selection``) and
    /// its query rects' seed, so a replay judges as the fuzz run did.
    /// - Throws: ``CannotCheck`` when the fixture is a saved counterexample of an invariant this
    ///   engine cannot be checked against (`reprepare` over `exec:`): a replay that checked the
    ///   rest and passed would keep nothing red.
    public func violations(of fixture: Fixture, answer: EngineAnswer, engine: LayoutEngine, tolerance: Tolerance) throws -> [InvariantFailure] {
        if case .string(let id)? = fixture.extensions?["fuzz"]?["invariant"],
           let invariant = Invariants.named(id),
           let why = Fuzzer.notApplicable(to: engine, among: InvariantSet(invariant)).first?.reason {
            // Another engine's counterexample (one --save folder for several engines) is skipped:
            // it says nothing about this one. This engine's own must not pass unchecked.
            if case .string(let owner)? = fixture.extensions?["fuzz"]?["engine"], owner != engine.descriptor.name {
                throw CannotCheck(message: "a counterexample of \(owner) for \(id), which cannot be checked on \(engine.descriptor.name): \(why)", skip: true)
            }
            throw CannotCheck(message: "this counterexample failed \(id), which cannot be checked on \(engine.descriptor.name): \(why); replay it in process (assertGoldens with the engine, as the test that found it)")
        }
        var set = (try? InvariantSet(ids: selection)) ?? .all
        if let saved = fixture.fuzzInvariants { set.formIntersection(saved) }
        return try violations(of: fixture.input, answer: answer, engine: engine, tolerance: tolerance, invariants: set, seed: fixture.fuzzQuerySeed)
    }

    func violations(of input: LayoutInput, answer: EngineAnswer, engine: LayoutEngine, tolerance: Tolerance,
                    invariants: InvariantSet, seed: UInt64) throws -> [InvariantFailure] {
        if case .fault(let f) = answer { throw f }
        let context = CheckContext(input: input, engine: engine, tolerance: tolerance, seed: seed, answer: answer)
        let failures = context.check(invariants)
        if let f = context.fault { throw f }  // a fault during the checks is an engine error, not a failure
        return failures
    }
}

/// A saved counterexample whose invariant the engine cannot be checked against: an error of the
/// replay, never a pass.
public struct CannotCheck: Error, CustomStringConvertible {
    public var message: String
    /// Another engine's counterexample: skipped, not an error.
    public var skip = false
    public var description: String { message }
}
