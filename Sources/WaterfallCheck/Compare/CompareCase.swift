import Foundation

/// One input both engines are run on: a fixture's, or a generated one.
package struct CompareCase: Sendable {
    package enum Origin: Sendable, Hashable {
        /// The fixture file it was read from.
        case fixture(path: String)
        /// Generated from `seed`, the `index`th case.
        case generated(seed: UInt64, index: Int)
    }

    /// The fixture's name, or `generated-SEED-INDEX`.
    package var name: String
    package var input: LayoutInput
    package var origin: Origin
    /// The fixture's own tolerance (FIXTURE-FORMAT §7), used unless the command line sets one.
    package var tolerance: Tolerance?
    /// For a generated case: its generator and recorded choices.
    package var replay: Replay?

    package init(name: String, input: LayoutInput, origin: Origin, tolerance: Tolerance? = nil, replay: Replay? = nil) {
        self.name = name; self.input = input; self.origin = origin; self.tolerance = tolerance; self.replay = replay
    }

    /// Where it comes from, for reports: the path, or `seed S case I`.
    package var originDescription: String {
        switch origin {
        case .fixture(let path): return path
        case .generated(let seed, let index): return "generated, seed \(seed) case \(index)"
        }
    }
}

/// Generated cases for `compare`: the fuzzer's ``InputGenerator`` (case `i` of seed `s` is the
/// fuzzer's case `i` of seed `s`), restricted to the features both engines declare. Each case
/// can replay its choices (``Replay``), so a difference shrinks through the fuzzer's integrated
/// ``Shrinker`` before the input-level ``InputShrinker`` polishes it.
package struct CaseGenerator: Sendable {
    package var generator: InputGenerator

    package init(_ generator: InputGenerator = InputGenerator()) { self.generator = generator }

    /// `count` cases of stream `seed` using only `features`, within `limits` (tie breaks, largest
    /// length), made up front. ``stream(seed:count:features:limits:)`` makes each when it is
    /// compared instead (what `compare` does).
    /// - Complexity: O(count) inputs; memory O(their items).
    package func cases(seed: UInt64, count: Int, features: LayoutFeatures, limits: EngineLimits = .exact) -> [CompareCase] {
        let stream = stream(seed: seed, count: count, features: features, limits: limits)
        return (0..<count).map(stream.make)
    }

    /// The same cases as ``cases(seed:count:features:limits:)``, made on demand: by the worker
    /// that compares each (``EngineComparison/run(_:generated:progress:)``), in parallel and
    /// without keeping any. - Complexity: O(1).
    package func stream(seed: UInt64, count: Int, features: LayoutFeatures, limits: EngineLimits = .exact,
                       constraints: EngineConstraints = .none, columnWidthRoundings: [LengthRounding] = []) -> GeneratedCases {
        var g = generator
        g.features = g.features.intersection(features)
        g.limits = limits
        g.constraints = constraints
        g.columnWidthRoundings = columnWidthRoundings
        return GeneratedCases(generator: g, seed: seed, count: max(0, count))
    }
}

/// Cases `0 ..< count` of stream `seed`, each generated when asked for. `compare --fuzz-cases
/// 300000` kept every case made up front: 1.1 GB of inputs (3 GB while each also kept its
/// recorded choices), made on one thread before the run.
package struct GeneratedCases: Sendable {
    /// The fuzzer's generator, restricted to the features and limits both engines declare.
    package var generator: InputGenerator
    package var seed: UInt64
    package var count: Int
    /// The stream's index of case 0 (a shard's range, `compare --shard K/N`): case `i` is the
    /// stream's case `first + i`.
    package var first = 0

    /// Case `i`'s input (``Fuzzer/generate(seed:case:generator:recording:)``, no record). O(its items).
    package func input(_ i: Int) -> LayoutInput {
        Fuzzer.generate(seed: seed, case: UInt64(first + i), generator: generator, recording: false).0
    }

    /// Case `i` whole: named `generated-SEED-I`, replayable for the shrinker. Generated without a
    /// record of its choices (a case that differs records them again when it is shrunk,
    /// ``Replay/choices``): the records were about 8 KB a case. O(its items).
    package func make(_ i: Int) -> CompareCase {
        CompareCase(name: "generated-\(seed)-\(first + i)", input: input(i), origin: .generated(seed: seed, index: first + i),
                    replay: Replay(generator: generator, seed: seed, index: first + i))
    }
}

/// How a generated case is replayed from (edited) choices, for the integrated shrinker.
package struct Replay: Sendable {
    package var generator: InputGenerator
    /// The case's stream and index in it (``Fuzzer/generate(seed:case:generator:recording:)``).
    package var seed: UInt64
    package var index: Int

    /// The choices that generate the case, recorded again on each call (the generator is
    /// deterministic: the same input as when the case was made). - Complexity: one generation.
    package var choices: Shrinker.Candidate {
        Shrinker.Candidate(Fuzzer.generate(seed: seed, case: UInt64(index), generator: generator).1)
    }

    /// The input `choices` give, with the choices actually used.
    package func input(_ choices: [UInt64]) -> (LayoutInput, Shrinker.Candidate) {
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
    package static func fixtures(at paths: [String]) throws -> [CompareCase] { try fixtures(at: paths, shard: nil).cases }

    /// ``fixtures(at:)``, of them the `shard`'s as `verify --shard` deals them (``Shard/select(_:key:)``
    /// by ``FixtureFile/key``), with each one's index among all of them and how many there are.
    /// Every fixture is read, so a shard refuses a bad one as the unsharded run does.
    package static func fixtures(at paths: [String], shard: Shard?) throws -> (cases: [CompareCase], indices: [Int], total: Int) {
        let files = try FixtureFile.files(at: paths)
        let all = try read(files)
        let mine = shard?.select(Array(files.indices), key: { files[$0].key }) ?? Array(files.indices)
        return (mine.map { all[$0] }, mine, all.count)
    }

    private static func read(_ files: [FixtureFile]) throws -> [CompareCase] {
        // The path as the user gave it (relative stays relative), as `verify` prints it.
        try files.map { file in
            let f: Fixture
            do { f = try FixtureReader.read(contentsOf: file.url) } catch { throw file.shown(error) }
            return CompareCase(name: f.name, input: f.input, origin: .fixture(path: file.path), tolerance: f.tolerance.map(Tolerance.init))
        }
    }
}
