// swift-tools-version:6.0
import Foundation
import PackageDescription

var package = Package(
    name: "WaterfallCheck",
    // The engine contract (WaterfallCheckCore) builds for iOS too; the harness needs json-c
    // (pkg-config), which iOS does not have (docs/swift-api.md, "What works where").
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "WaterfallCheckCore", targets: ["WaterfallCheckCore"]),
        .library(name: "WaterfallCheck", targets: ["WaterfallCheck"]),
        .library(name: "WaterfallCheckTesting", targets: ["WaterfallCheckTesting"]),
        // serve(_:) for a user's engine executable behind exec:, and the engine registry.
        .library(name: "WaterfallCheckTransport", targets: ["WaterfallCheckTransport"]),
        .library(name: "WaterfallCheckClassics", targets: ["WaterfallCheckClassics"]),
        .executable(name: "waterfall-check", targets: ["waterfall-check"]),
        .executable(name: "waterfall-engine", targets: ["waterfall-engine"]),
        .library(name: "WaterfallCheckUIKit", targets: ["UIKit", "_Testing_UIKit", "WaterfallCheckUIKit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CWaterfallCheckJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]
        ),
        .target(name: "WaterfallCheckCore"),
        // The harness: depends on the engine contract and json-c, never on the tutorial ports.
        // Processes, cleanup, atomic file writes, the harness's one I/O and usage error.
        .target(name: "WaterfallCheckSupport"),
        // The JSON reader and writers with their own error (file, line, column, path); the only
        // module that imports json-c.
        .target(name: "WaterfallCheckJSON", dependencies: ["CWaterfallCheckJSONC", "WaterfallCheckSupport"]),
        // Fixtures: the model, its codecs (strict read, canonical and compact write), the corpus
        // (walking, sharding, pending recordings, record modes).
        .target(name: "WaterfallCheckFixture", dependencies: ["WaterfallCheckCore", "WaterfallCheckJSON", "WaterfallCheckSupport"]),
        // Judging: the diff and tolerance, the invariants and the §5 oracle, placement verdicts,
        // case statuses and run verdicts. Everything that decides; nothing that runs.
        .target(name: "WaterfallCheckJudge", dependencies: ["WaterfallCheckFixture"]),
        .target(name: "WaterfallCheck", dependencies: ["WaterfallCheckCore", "WaterfallCheckJSON", "WaterfallCheckSupport", "WaterfallCheckFixture", "WaterfallCheckJudge"]),
        // Every report of every run: text, JSON, JUnit, GitHub annotations, HTML with SVG pictures.
        .target(name: "WaterfallCheckReports", dependencies: ["WaterfallCheck"]),
        // How the executables reach engines: the waterfall-engine/1 protocol (exec:, serve(_:)),
        // the browsers, the engine registry. Not in what a user's test target compiles.
        .target(name: "WaterfallCheckTransport", dependencies: ["WaterfallCheck"]),
        // assertGoldens / assertInvariants for a package's own test target (Swift Testing).
        .target(name: "WaterfallCheckTesting", dependencies: ["WaterfallCheckReports"]),
        // The executables' engine list: the reference plus the classic ports.
        .target(name: "WaterfallCheckEngines", dependencies: ["WaterfallCheckTransport", "WaterfallCheckClassics", "WaterfallCheckReports"]),
        .executableTarget(name: "waterfall-check", dependencies: ["WaterfallCheckEngines", "WaterfallCheckUIKitRewrite"]),
        .executableTarget(name: "waterfall-engine", dependencies: ["WaterfallCheckEngines"]),
        // The mechanical @objc/optional rewrite of iOS layout files for Linux (Foundation only;
        // docs/uikit-rewrite.md), behind `waterfall-check uikit-rewrite`.
        .target(name: "WaterfallCheckUIKitRewrite"),
        // Benchmarks, run by scripts/bench in a release build (never part of `swift test`).
        .executableTarget(name: "waterfall-bench", dependencies: ["WaterfallCheckEngines", "WaterfallCheckTestSupport"]),
        // What the test targets and the bench share (as swift-collections' _CollectionsTestSupport):
        // the broken engines, fixtures derived by hand, the subprocess and CLI runners, the fake
        // engines. Public API only, so the release-built bench can use it.
        .target(name: "WaterfallCheckTestSupport", dependencies: ["WaterfallCheckEngines", "UIKit", "WaterfallCheckUIKit"],
                path: "Tests/WaterfallCheckTestSupport", exclude: ["FakeEngines"]),
        .testTarget(name: "WaterfallCheckCoreTests", dependencies: ["WaterfallCheckCore"]),
        // Imports Testing and UIKit: needs the cross-import overlay stub (Sources/_Testing_UIKit).
        .testTarget(name: "WaterfallCheckClassicsTests", dependencies: ["WaterfallCheckClassics", "WaterfallCheckEngines", "UIKit",
                                                                        "_Testing_UIKit", "WaterfallCheckUIKit"]),
        // The library's tests, one folder per folder of Sources/WaterfallCheck.
        .testTarget(name: "WaterfallCheckTests", dependencies: ["WaterfallCheck", "WaterfallCheckEngines", "WaterfallCheckTestSupport"]),
        // The executables run as a user runs them (subprocesses, signals, exit codes).
        // They also import the executable (@testable) to read its option tables (HelpTableTests).
        .testTarget(name: "WaterfallCheckCLITests", dependencies: ["WaterfallCheck", "WaterfallCheckEngines", "WaterfallCheckTestSupport", "waterfall-check"]),
        .testTarget(name: "WaterfallCheckTestingTests", dependencies: ["WaterfallCheckTesting"]),
        // UIKit for Linux and macOS: what iOS UICollectionViewLayout subclasses need, so real
        // waterfall layouts compile and run off-device (docs/uikit.md). Foundation only.
        .target(name: "UIKit"),
        // Empty stand-in for swift-testing's cross-import overlay, which the compiler looks for
        // when a file imports both Testing and UIKit (Sources/_Testing_UIKit).
        .target(name: "_Testing_UIKit"),
        // The driver: a real UICollectionViewLayout as a LayoutEngine, called in UIKit's order.
        .target(name: "WaterfallCheckUIKit", dependencies: ["UIKit", "WaterfallCheck"]),
        // The five tutorial layouts (shared/seeds), ported as real UICollectionViewLayout
        // subclasses, quirks kept, each an engine through the driver.
        .target(name: "WaterfallCheckClassics", dependencies: ["WaterfallCheckCore", "UIKit", "WaterfallCheckUIKit"]),
        .testTarget(name: "WaterfallCheckUIKitTests", dependencies: ["UIKit", "_Testing_UIKit", "WaterfallCheckUIKit", "WaterfallCheckTestSupport"]),
        .testTarget(name: "WaterfallCheckUIKitRewriteTests", dependencies: ["WaterfallCheckUIKitRewrite"]),
    ],
    // Swift 5 language mode: strict concurrency checking would add ceremony to the CLI and the
    // harness's worker pools without catching anything the tests do not.
    swiftLanguageModes: [.v5]
)

// A module named CoreGraphics that re-exports Foundation, for layouts that `import CoreGraphics`.
// Linux only: on Apple platforms the real framework exists and must not be shadowed (the manifest
// is compiled for the host, so `#if os(Linux)` is the host's OS).
#if os(Linux)
package.targets.append(contentsOf: [.target(name: "CoreGraphics"), .target(name: "_Testing_CoreGraphics")])
if let uikit = package.products.firstIndex(where: { $0.name == "WaterfallCheckUIKit" }) {
    package.products[uikit] = .library(name: "WaterfallCheckUIKit", targets: ["UIKit", "_Testing_UIKit", "CoreGraphics", "_Testing_CoreGraphics", "WaterfallCheckUIKit"])
}
#endif

// The libFuzzer target's engines (built-in plus the tests' broken ones), only for scripts/libfuzz,
// which sets WATERFALL_LIBFUZZ=1 and builds this static library with -sanitize=fuzzer in its own
// scratch path, then links Sources/WaterfallCheckLibFuzz/Entry/main.swift against it with swiftc
// (docs/libfuzzer.md). `swift build`, `swift test` and the gate never see it.
if ProcessInfo.processInfo.environment["WATERFALL_LIBFUZZ"] == "1" {
    package.products.append(.library(name: "WaterfallCheckLibFuzz", type: .static, targets: ["WaterfallCheckLibFuzz"]))
    package.targets.append(.target(name: "WaterfallCheckLibFuzz", dependencies: ["WaterfallCheckEngines", "WaterfallCheckTestSupport"], exclude: ["Entry"]))
    // The test-support files that import Testing or XCTest are left out of the fuzz target: it
    // uses only the broken engines, and a -static-stdlib build (OSS-Fuzz's SWIFTFLAGS,
    // .clusterfuzzlite/build.sh) finds no Testing module in the static resource directory.
    for t in package.targets where t.name == "WaterfallCheckTestSupport" {
        t.exclude += ["CLI.swift", "CLI+Printed.swift", "FixtureTexts.swift", "Goldens.swift", "Probe.swift", "Python.swift"]
    }
    // Coverage of the engines' code only (scripts/libfuzz's default): the flags go to the modules
    // that hold engines, not to the harness, whose generator and invariants would add features
    // about themselves to the corpus.
    if let flags = ProcessInfo.processInfo.environment["WATERFALL_LIBFUZZ_ENGINE_FLAGS"], !flags.isEmpty {
        let engines: Set<String> = ["WaterfallCheckCore", "WaterfallCheckClassics", "WaterfallCheckTestSupport", "WaterfallCheckLibFuzz"]
        for t in package.targets where engines.contains(t.name) {
            t.swiftSettings = (t.swiftSettings ?? []) + [.unsafeFlags(flags.split(separator: " ").map(String.init))]
        }
    }
}
