import Foundation

/// One input both engines are run on: a fixture's, or a generated one.
public struct CompareCase: Sendable {
    public enum Origin: Sendable, Hashable {
        /// The fixture file it was read from.
        case fixture(path: String)
        /// Generated from `seed`, the `index`th case.
        case generated(seed: UInt64, index: Int)
    }

    /// The fixture's name, or `generated-SEED-INDEX`.
    public var name: String
    public var input: LayoutInput
    public var origin: Origin
    /// The fixture's own tolerance (FIXTURE-FORMAT §7), used unless the command line sets one.
    public var tolerance: Tolerance?
    /// For a generated case: its generator and recorded choices.
    public var replay: Replay?

    public init(name: String, input: LayoutInput, origin: Origin, tolerance: Tolerance? = nil, replay: Replay? = nil) {
        self.name = name; self.input = input; self.origin = origin; self.tolerance = tolerance; self.replay = replay
    }

    /// Where it comes from, for reports: the path, or `seed S case I`.
    public var originDescription: String {
        switch origin {
        case .fixture(let path): return path
        case .generated(let seed, let index): return "generated, seed \(seed) case \(index)"
        }
    }
}

/// Generated cases for `compare`: the fuzzer's ``InputGenerator`` (case `i` of seed `s` is the
/// fuzzer's case `i` of seed `s`), restricted to the features both engines declare. Each case
/// keeps its recorded choices, so a difference shrinks through the fuzzer's integrated
/// ``Shrinker`` before the input-level ``InputShrinker`` polishes it.
public struct CaseGenerator: Sendable {
    public var generator: InputGenerator

    public init(_ generator: InputGenerator = InputGenerator()) { self.generator = generator }

    /// `count` cases of stream `seed` using only `features`, within `limits` (tie breaks, largest length).
    public func cases(seed: UInt64, count: Int, features: LayoutFeatures, limits: EngineLimits = .exact) -> [CompareCase] {
        var g = generator
        g.features = g.features.intersection(features)
        g.limits = limits
        return (0..<count).map { i in
            let (input, source) = Fuzzer.generate(seed: seed, case: UInt64(i), generator: g)
            return CompareCase(name: "generated-\(seed)-\(i)", input: input, origin: .generated(seed: seed, index: i),
                               replay: Replay(generator: g, choices: Shrinker.Candidate(source)))
        }
    }
}

/// How a generated case is replayed from (edited) choices, for the integrated shrinker.
public struct Replay: Sendable {
    public var generator: InputGenerator
    public var choices: Shrinker.Candidate

    /// The input `choices` give, with the choices actually used.
    public func input(_ choices: [UInt64]) -> (LayoutInput, Shrinker.Candidate) {
        var source = ChoiceSource(replaying: choices)
        let input = generator.generate(&source)
        return (input, Shrinker.Candidate(source))
    }
}

extension CompareCase {
    /// The fixtures under `paths` (files, or directories searched recursively for `*.json`), in
    /// path order (``FixtureFile/files(at:)``).
    /// - Throws: ``WaterfallCheckError/badPath(path:message:)`` for a missing path; ``FixtureError`` (file, line, column,
    ///   JSON path) for a file that is not a valid fixture.
    public static func fixtures(at paths: [String]) throws -> [CompareCase] {
        // The path as the user gave it (relative stays relative), as `verify` prints it.
        try FixtureFile.files(at: paths).map { file in
            let f: Fixture
            do { f = try FixtureReader.read(contentsOf: file.url) } catch { throw file.shown(error) }
            return CompareCase(name: f.name, input: f.input, origin: .fixture(path: file.path), tolerance: f.tolerance.map(Tolerance.init))
        }
    }
}
