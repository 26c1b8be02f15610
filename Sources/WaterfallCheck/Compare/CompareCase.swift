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
    public var tolerance: Double?

    public init(name: String, input: LayoutInput, origin: Origin, tolerance: Double? = nil) {
        self.name = name; self.input = input; self.origin = origin; self.tolerance = tolerance
    }

    /// Where it comes from, for reports: the path, or `seed S case I`.
    public var originDescription: String {
        switch origin {
        case .fixture(let path): return path
        case .generated(let seed, let index): return "generated, seed \(seed) case \(index)"
        }
    }
}

/// The generator `compare` draws inputs from. The one point where the fuzzer's generator plugs in.
///
/// `generate(seed, index, features)` returns the `index`th input of the stream `seed`, using only
/// `features`; the same arguments always give the same input.
public struct CaseGenerator: Sendable {
    public var generate: @Sendable (_ seed: UInt64, _ index: Int, _ features: LayoutFeatures) -> LayoutInput

    public init(_ generate: @escaping @Sendable (UInt64, Int, LayoutFeatures) -> LayoutInput) { self.generate = generate }

    /// `count` cases of stream `seed` restricted to `features`.
    public func cases(seed: UInt64, count: Int, features: LayoutFeatures) -> [CompareCase] {
        (0..<count).map { i in
            CompareCase(name: "generated-\(seed)-\(i)", input: generate(seed, i, features), origin: .generated(seed: seed, index: i))
        }
    }
}

extension CompareCase {
    /// The fixtures under `paths` (files, or directories searched recursively for `*.json`), in
    /// path order (``FixtureFile/files(at:)``).
    /// - Throws: ``FixtureFile/CollectError`` for a missing path; ``FixtureError`` (file, line, column,
    ///   JSON path) for a file that is not a valid fixture.
    public static func fixtures(at paths: [String]) throws -> [CompareCase] {
        try FixtureFile.files(at: paths).map(\.url).map { url in
            let f = try FixtureReader.read(contentsOf: url)
            return CompareCase(name: f.name, input: f.input, origin: .fixture(path: url.path), tolerance: f.tolerance.map(Double.init))
        }
    }
}
