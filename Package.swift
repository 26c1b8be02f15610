// swift-tools-version:6.0
import Foundation
import PackageDescription

var package = Package(
    name: "WaterfallCheck",
    // The engine contract (WaterfallLayout) builds for iOS too; the harness needs json-c
    // (pkg-config), which iOS does not have (docs/swift-api.md, "What works where").
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "WaterfallLayout", targets: ["WaterfallLayout"]),
        .library(name: "WaterfallCheck", targets: ["WaterfallCheck"]),
        .library(name: "WaterfallCheckTesting", targets: ["WaterfallCheckTesting"]),
        .library(name: "ClassicLayouts", targets: ["ClassicLayouts"]),
        .executable(name: "waterfall-check", targets: ["waterfall-check"]),
        .executable(name: "waterfall-engine", targets: ["waterfall-engine"]),
    ],
    targets: [
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]
        ),
        .target(name: "WaterfallLayout"),
        .target(name: "ClassicLayouts", dependencies: ["WaterfallLayout"]),
        // The harness: depends on the engine contract and json-c, never on the tutorial ports.
        .target(name: "WaterfallCheck", dependencies: ["WaterfallLayout", "CJSONC"]),
        // assertGoldens / assertInvariants for a package's own test target (Swift Testing).
        .target(name: "WaterfallCheckTesting", dependencies: ["WaterfallCheck"]),
        // The executables' engine list: the reference plus the classic ports.
        .target(name: "WaterfallEngines", dependencies: ["WaterfallCheck", "ClassicLayouts"]),
        .executableTarget(name: "waterfall-check", dependencies: ["WaterfallEngines"]),
        // The mechanical @objc/optional rewrite of iOS layout files for Linux (Foundation only).
        .target(name: "WaterfallCheckUIKitRewrite"),
        .executableTarget(name: "waterfall-engine", dependencies: ["WaterfallEngines"]),
        // Benchmarks, run by scripts/bench in a release build (never part of `swift test`).
        .executableTarget(name: "waterfall-bench", dependencies: ["WaterfallEngines", "WaterfallCheckTestSupport"]),
        // What the test targets and the bench share (as swift-collections' _CollectionsTestSupport):
        // the broken engines, fixtures derived by hand, the subprocess and CLI runners, the fake
        // engines. Public API only, so the release-built bench can use it.
        .target(name: "WaterfallCheckTestSupport", dependencies: ["WaterfallEngines"],
                path: "Tests/WaterfallCheckTestSupport", exclude: ["FakeEngines"]),
        .testTarget(name: "WaterfallLayoutTests", dependencies: ["WaterfallLayout"]),
        .testTarget(name: "ClassicLayoutsTests", dependencies: ["ClassicLayouts", "WaterfallEngines"]),
        // The library's tests, one folder per folder of Sources/WaterfallCheck.
        .testTarget(name: "WaterfallCheckTests", dependencies: ["WaterfallCheck", "WaterfallEngines", "WaterfallCheckTestSupport"]),
        // The executables run as a user runs them (subprocesses, signals, exit codes).
        .testTarget(name: "WaterfallCheckCLITests", dependencies: ["WaterfallCheck", "WaterfallEngines", "WaterfallCheckTestSupport"]),
        .testTarget(name: "WaterfallCheckTestingTests", dependencies: ["WaterfallCheckTesting"]),
        .testTarget(name: "WaterfallCheckUIKitRewriteTests", dependencies: ["WaterfallCheckUIKitRewrite"]),
    ],
    // Swift 5 language mode: strict concurrency checking would add ceremony to the CLI and the
    // harness's worker pools without catching anything the tests do not.
    swiftLanguageModes: [.v5]
)

// The libFuzzer target's engines (built-in plus the tests' broken ones), only for scripts/libfuzz,
// which sets WATERFALL_LIBFUZZ=1 and builds this static library with -sanitize=fuzzer in its own
// scratch path, then links Sources/WaterfallLibFuzz/Entry/main.swift against it with swiftc
// (docs/libfuzzer.md). `swift build`, `swift test` and the gate never see it.
if ProcessInfo.processInfo.environment["WATERFALL_LIBFUZZ"] == "1" {
    package.products.append(.library(name: "WaterfallLibFuzz", type: .static, targets: ["WaterfallLibFuzz"]))
    package.targets.append(.target(name: "WaterfallLibFuzz", dependencies: ["WaterfallEngines", "WaterfallCheckTestSupport"], exclude: ["Entry"]))
    // Coverage of the engines' code only (scripts/libfuzz's default): the flags go to the modules
    // that hold engines, not to the harness, whose generator and invariants would add features
    // about themselves to the corpus.
    if let flags = ProcessInfo.processInfo.environment["WATERFALL_LIBFUZZ_ENGINE_FLAGS"], !flags.isEmpty {
        let engines: Set<String> = ["WaterfallLayout", "ClassicLayouts", "WaterfallCheckTestSupport", "WaterfallLibFuzz"]
        for t in package.targets where engines.contains(t.name) {
            t.swiftSettings = (t.swiftSettings ?? []) + [.unsafeFlags(flags.split(separator: " ").map(String.init))]
        }
    }
}
