import Foundation
import Testing
import WaterfallCheckTestSupport

/// The module graph is the architecture (docs/architecture.md): every module sits on a layer and
/// depends only on modules of lower layers, so the compiler rejects an import that runs back up,
/// and this test rejects the `Package.swift` edit that would let it.
@Suite("Module graph")
struct ModuleGraphTests {
    /// Each non-test module's layer. A module missing here fails the test: placing a new module
    /// is a decision, written down here and in docs/architecture.md.
    static let layers: [String: Int] = [
        // Leaves: Foundation (and json-c) only.
        "CWaterfallCheckJSONC": 0, "WaterfallCheckSupport": 0, "WaterfallCheckCore": 0,
        "UIKit": 0, "CoreGraphics": 0, "_Testing_UIKit": 0, "_Testing_CoreGraphics": 0, "WaterfallCheckUIKitRewrite": 0,
        "WaterfallCheckJSON": 1,
        // Fixtures: the model's codecs and the corpus.
        "WaterfallCheckFixture": 2,
        // Judging: diff, tolerance, invariants, the §5 oracle, verdicts. Decides, never runs.
        "WaterfallCheckJudge": 3,
        // The harness: the runners (verify, fuzz, compare).
        "WaterfallCheck": 4,
        // Every report of every run; how the executables reach engines; the UIKit driver.
        "WaterfallCheckReports": 5, "WaterfallCheckTransport": 5, "WaterfallCheckUIKit": 5,
        // What a user's test target imports; the tutorial ports (real UIKit layouts).
        "WaterfallCheckTesting": 6, "WaterfallCheckClassics": 6,
        "WaterfallCheckEngines": 7,
        "WaterfallCheckTestSupport": 8, "waterfall-check": 8, "waterfall-engine": 8,
        "waterfall-bench": 9, "WaterfallCheckLibFuzz": 9,
    ]

    struct Target { var name: String; var type: String; var dependencies: [String] }

    /// `swift package dump-package`'s targets (its own scratch path: no lock shared with the
    /// running `swift test`).
    static func targets(environment: [String: String] = [:]) throws -> [Target] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["swift", "package", "--package-path", ExternalTestSupport.packageRoot.path,
                       "--scratch-path", scratch.path, "dump-package"]
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (json["targets"] as? [[String: Any]] ?? []).map { t in
            let deps = (t["dependencies"] as? [[String: Any]] ?? []).compactMap { d -> String? in
                for key in ["byName", "target", "product"] { if let v = d[key] as? [Any], let n = v.first as? String { return n } }
                return nil
            }
            return Target(name: t["name"] as? String ?? "?", type: t["type"] as? String ?? "?", dependencies: deps)
        }
    }

    /// The edges that do not run strictly down the layers, as `A -> B` lines.
    static func backEdges(_ targets: [Target]) -> [String] {
        var out: [String] = []
        for t in targets where t.type != "test" {
            guard let mine = layers[t.name] else { out.append("\(t.name) has no layer"); continue }
            for d in t.dependencies {
                guard let theirs = layers[d] else { out.append("\(t.name) -> \(d), which has no layer"); continue }
                if theirs >= mine { out.append("\(t.name) (layer \(mine)) -> \(d) (layer \(theirs))") }
            }
        }
        return out
    }

    @Test("every dependency runs down the layers, including the libFuzzer target's")
    func noBackEdge() throws {
        #expect(Self.backEdges(try Self.targets()) == [])
        #expect(Self.backEdges(try Self.targets(environment: ["WATERFALL_LIBFUZZ": "1"])) == [])
    }

    @Test("a dependency added back up is caught")
    func backEdgeCaught() throws {
        var targets = try Self.targets()
        let i = try #require(targets.firstIndex { $0.name == "WaterfallCheckJSON" })
        targets[i].dependencies.append("WaterfallCheck")
        #expect(Self.backEdges(targets) == ["WaterfallCheckJSON (layer 1) -> WaterfallCheck (layer 4)"])
    }

    /// Swift files under `Sources/` whose code (comments left out) matches `pattern`.
    static func sources(matching pattern: String) throws -> [String] {
        let root = ExternalTestSupport.packageRoot.appendingPathComponent("Sources")
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        var hits: [String] = []
        let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = walk?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let code = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            if regex.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                hits.append(String(url.path.dropFirst(root.path.count + 1)))
            }
        }
        return hits.sorted()
    }

    @Test("only the JSON module imports json-c")
    func jsonC() throws {
        #expect(try Self.sources(matching: #"^\s*import\s+CWaterfallCheckJSONC"#).allSatisfy { $0.hasPrefix("WaterfallCheckJSON/") })
    }

    @Test("no transport type is named outside the transport module; no conditional import of UIKit")
    func transportsStayInside() throws {
        let outside = try Self.sources(matching: #"\b(ExternalEngine|EngineServer|WebEngine|ChromiumBrowser|EngineProtocol)\b"#)
            .filter { !$0.hasPrefix("WaterfallCheckTransport/") && !$0.hasPrefix("waterfall-") && !$0.hasPrefix("WaterfallCheckEngines/")
                && !$0.hasPrefix("WaterfallCheckLibFuzz/Entry/") }  // the executables
        #expect(outside == [])
        #expect(try Self.sources(matching: #"canImport\(UIKit\)"#) == [])
    }
}
