import CJSONC
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
    /// path order.
    /// - Throws: ``CompareInputError`` naming the file for one that cannot be read or decoded.
    public static func fixtures(at paths: [String]) throws -> [CompareCase] {
        var files: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CompareInputError(path: path, message: "no such file or directory")
            }
            if isDirectory.boolValue {
                let base = URL(fileURLWithPath: path)
                let found = (fm.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                    .filter { $0.hasSuffix(".json") }.sorted()
                files += found.map { base.appendingPathComponent($0).path }
            } else {
                files.append(path)
            }
        }
        return try files.map(fixture(at:))
    }

    /// TEMPORARY until the fixture codec lands: reads `layout`, `sections`, `name` and `tolerance`.
    static func fixture(at path: String) throws -> CompareCase {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CompareInputError(path: path, message: "cannot read the file")
        }
        do {
            let message = try ProtocolMessage(line: Array(data))
            let input = try ProtocolCodec.input(from: message.root)
            let name = try JSONAccess.member(message.root, "name").map { try JSONAccess.string($0, "$.name") }
                ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let tolerance = try JSONAccess.member(message.root, "tolerance").map { try JSONAccess.number($0, "$.tolerance") }
            return CompareCase(name: name, input: input, origin: .fixture(path: path), tolerance: tolerance)
        } catch {
            throw CompareInputError(path: path, message: "\(error)")
        }
    }
}

/// A fixture `compare` cannot use.
public struct CompareInputError: Error, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
}
