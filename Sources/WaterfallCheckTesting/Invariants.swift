import Foundation
import Testing
@_exported import WaterfallCheck

/// One shrunk failure of ``verifyInvariants(engine:cases:seed:tolerance:saveTo:)``: the fuzzer's
/// counterexample, the same case as an input-only fixture (what `waterfall-check verify` keeps
/// red), and the file it was saved to.
public struct InvariantFinding {
    /// The shrunk failure: ``Counterexample/failure``, ``Counterexample/input``, seed and case.
    public var counterexample: Counterexample
    /// The shrunk input as a fixture (with the run's tolerance when it is not the default).
    public var fixture: Fixture
    /// Where the fixture was saved; `nil` when not asked to save or when the write failed.
    public var saved: URL?

    /// The failure, its seed and case, the fixture in canonical form, where it was saved and
    /// how to replay it: what an issue says.
    public var report: String {
        var s = "\(counterexample.failure.message)\nseed \(counterexample.seed), case \(counterexample.caseIndex); shrunk input:\n"
        s += CanonicalWriter.string(for: fixture)
        if let saved {
            s += "saved: \(saved.path)\n"
            if Invariants.needingLayoutObject.contains(counterexample.invariant) {
                // Over exec: the harness cannot reach the layout object: verify would not check it.
                s += "keep it red in process: assertGoldens(engine: { YOUR-ENGINE }, fixtures: [\"\(saved.deletingLastPathComponent().path)\"])\n"
            } else {
                s += "keep it red: waterfall-check verify --engine exec:'YOUR-ENGINE --serve' \(saved.path)\n"
            }
        }
        return s
    }
}

/// Checks `cases` generated inputs against every invariant: the returning form of
/// ``assertInvariants(engine:cases:seed:tolerance:saveTo:fileID:filePath:line:column:)``.
///
/// ```swift
/// let found = verifyInvariants(engine: MyEngine(), cases: 500, seed: 1, tolerance: 0)
/// #expect(found.isEmpty, "\(found.map(\.report))")
/// ```
///
/// - Parameters:
///   - cases: inputs generated from `seed`; the same seed always gives the same inputs.
///   - tolerance: FIXTURE-FORMAT §7. `0` also judges exact ties (a tie sent to the wrong column),
///     which a positive tolerance cannot decide; it then needs an engine that computes positions
///     as §5 does (`pos + height + rowSpacing`), or float noise fails too.
///   - saveTo: a directory to save each shrunk case into as `<name>.json`; `nil` saves nothing.
/// - Returns: one finding per failed invariant, shrunk; empty when all hold.
/// - Note: engine faults (a crash, a UIKit exception, a non-`LayoutError` throw) are not invariant
///   failures and are not in the findings: ``runInvariants(engine:cases:seed:tolerance:saveTo:)``
///   returns them too, and ``assertInvariants(engine:cases:seed:tolerance:saveTo:fileID:filePath:line:column:)``
///   records them as an issue.
public func verifyInvariants(engine: @autoclosure @escaping () -> LayoutEngine, cases: Int, seed: UInt64,
                             tolerance: Tolerance = .default, saveTo directory: URL? = nil) -> [InvariantFinding] {
    runInvariants(engine: engine(), cases: cases, seed: seed, tolerance: tolerance, saveTo: directory).findings
}

/// What a run of ``runInvariants(engine:cases:seed:tolerance:saveTo:)`` found: the shrunk
/// invariant failures, and the cases the engine faulted on (the first ten, with messages).
public struct InvariantRun {
    public var findings: [InvariantFinding]
    /// How many cases the engine faulted on.
    public var engineFaultCases: Int
    /// The first faults: case number and message.
    public var engineFaults: [(case: UInt64, message: String)]
    /// The seed, for the replay line.
    public var seed: UInt64

    /// Nothing found: no invariant failure and no engine fault.
    public var isClean: Bool { findings.isEmpty && engineFaultCases == 0 }

    /// The faults as an issue says them, or `nil` without faults.
    public var faultReport: String? {
        guard engineFaultCases > 0 else { return nil }
        var s = "the engine faulted on \(engineFaultCases) case(s) (engine faults, not invariant failures):\n"
        for f in engineFaults.prefix(3) { s += "  case \(f.case): \(f.message)\n" }
        if engineFaultCases > 3 { s += "  ... and \(engineFaultCases - 3) more case(s)\n" }
        s += "replay with the engine in its own process: waterfall-check fuzz --engine exec:'YOUR-ENGINE --serve' --seed \(seed)\n"
        return s
    }
}

/// ``verifyInvariants(engine:cases:seed:tolerance:saveTo:)`` with the engine's faults as well.
public func runInvariants(engine: @autoclosure @escaping () -> LayoutEngine, cases: Int, seed: UInt64,
                           tolerance: Tolerance = .default, saveTo directory: URL? = nil) -> InvariantRun {
    // Read here: the workers that make engines are threads, where no task-local value reaches.
    let configuration = WaterfallCheckConfiguration.current
    let engine = { configuration.judged(engine()) }
    let fuzzer = Fuzzer(configuration: FuzzConfiguration(seed: seed, cases: cases, tolerance: tolerance, shrinkTime: 2), engine: engine)
    let descriptor = engine().descriptor
    let report = fuzzer.run()
    let findings = report.counterexamples.map { c in
        let fixture = c.fixture(engine: descriptor, tolerance: tolerance)
        return InvariantFinding(counterexample: c, fixture: fixture, saved: directory.flatMap { try? fixture.save(in: $0) })
    }
    return InvariantRun(findings: findings, engineFaultCases: report.engineFaultCases,
                        engineFaults: report.engineFaults.map { (case: $0.0, message: $0.1) }, seed: seed)
}

/// Checks `cases` generated inputs against every invariant and records one failure per failed
/// invariant at the caller's source location (and one for the engine's faults, if any), with the
/// shrunk input printed as a fixture, its seed and case, and the fixture saved (like Hypothesis's
/// falsifying example and database) so `waterfall-check verify` keeps it red. In a Swift Testing
/// test the failure is an `Issue.record` with two attachments, the shrunk fixture
/// (`<name>.json`) and its frames drawn with the broken invariant's elements highlighted
/// (`<name>.svg`); in an XCTest test case it is `XCTFail` with the same message.
///
/// ```swift
/// @Test func invariants() {
///     assertInvariants(engine: MyEngine(), cases: 500, seed: 1, tolerance: 0)
/// }
/// ```
///
/// - Parameters:
///   - tolerance: `nil` takes the `.waterfallCheck(tolerance:)` trait's, else 0.001 pt.
///   - saveTo: where shrunk cases are saved; `nil` means `__Counterexamples__` beside the
///     calling test file (like swift-snapshot-testing's `__Snapshots__`), except under CI
///     (``WaterfallCheckConfiguration/ci``, else the `CI` variable), where nothing is written into
///     the source tree: the case is printed and attached only, as `waterfall-check fuzz` prints it.
/// - Returns: the findings, for further checks.
@discardableResult
public func assertInvariants(engine: @autoclosure @escaping () -> LayoutEngine, cases: Int, seed: UInt64,
                             tolerance: Tolerance? = nil, saveTo directory: URL? = nil,
                             fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [InvariantFinding] {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let configuration = WaterfallCheckConfiguration.current
    let ci = configuration.isCI(ProcessInfo.processInfo.environment)
    let folder = directory ?? (ci ? nil : URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent("__Counterexamples__"))
    let run = runInvariants(engine: engine(), cases: cases, seed: seed, tolerance: tolerance ?? configuration.tolerance ?? .default, saveTo: folder)
    for f in run.findings {
        var text = f.report
        if folder == nil { text += "CI: not saved into the source tree (printed and attached only)\n" }
        let c = f.counterexample
        var frames: LayoutResult?
        if case .layout(let r) = c.actual { frames = r }
        site.fail(text, attachments: FailureArtifacts.files(for: f.fixture, frames: frames, highlighted: c.failure.elements,
                                                           title: "\(c.invariant): seed \(c.seed), case \(c.caseIndex)"))
    }
    // A layout that crashes on device (a UIKit exception, a throw) is never a green test.
    if let faults = run.faultReport { site.fail(faults) }
    return run.findings
}

/// ``assertInvariants(engine:cases:seed:tolerance:saveTo:fileID:filePath:line:column:)``, then
/// with `lifecycle` also the engine's layout object through a lifecycle (issue 34,
/// docs/lifecycle.md): step sequences (`reloadData`, batch updates, bounds changes,
/// invalidations) from `seed`, about `cases * 4` steps, each state compared with a fresh layout
/// object. A departure is recorded as one issue with the shrunk step list, saved (with its
/// `steps`, FIXTURE-FORMAT §10) where the invariant counterexamples go, so `verify` keeps it red.
/// An engine without the `lifecycle` capability (a UIKit layout through `UIKitLayoutEngine` has
/// it) is an issue too: the check asked for cannot run.
///
/// ```swift
/// @Test func lifecycle() {
///     assertInvariants(engine: myUIKitEngine(), cases: 500, seed: 1, lifecycle: true)
/// }
/// ```
@discardableResult
public func assertInvariants(engine: @autoclosure @escaping () -> LayoutEngine, cases: Int, seed: UInt64,
                             tolerance: Tolerance? = nil, saveTo directory: URL? = nil, lifecycle: Bool,
                             fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> [InvariantFinding] {
    let findings = assertInvariants(engine: engine(), cases: cases, seed: seed, tolerance: tolerance, saveTo: directory,
                                    fileID: fileID, filePath: filePath, line: line, column: column)
    guard lifecycle else { return findings }
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let e = engine()
    guard e.descriptor.capabilities.contains(.lifecycle), let layouts = e as? LifecycleLayoutEngine else {
        site.fail("\(e.descriptor.name) has no lifecycle (capability lifecycle): drive a UICollectionViewLayout through UIKitLayoutEngine, or declare it over exec:")
        return findings
    }
    var fuzzer = LifecycleFuzzer(engine: e, seed: seed, seconds: 3_600, maxSteps: cases * 4)
    // The trait's tolerance when the call passes none, as the single-input half does.
    fuzzer.runner = LifecycleRunner(tolerance: tolerance ?? WaterfallCheckConfiguration.current.tolerance ?? .default)
    fuzzer.shrinkSeconds = 2
    let report = fuzzer.run(engine: layouts)
    if let cx = report.counterexample {
        // Under CI nothing is written into the source tree (A9): printed and attached only.
        let ci = WaterfallCheckConfiguration.current.isCI(ProcessInfo.processInfo.environment)
        let folder = directory ?? (ci ? nil : URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent("__Counterexamples__"))
        let saved = folder.flatMap { try? cx.save(in: $0, engine: e.descriptor, source: "assertInvariants(..., seed: \(seed), lifecycle: true)") }
        var s = "lifecycle \(cx.finding.key): \(cx.finding)\nseed \(seed); steps:\n"
        for (k, step) in cx.lifecycle.steps.enumerated() { s += "  \(k + 1). \(describe(step))\n" }
        s += CanonicalWriter.string(for: cx.fixture(engine: e.descriptor))
        if let saved { s += "saved: \(saved.path)\n" } else if folder == nil { s += "CI: not saved into the source tree (printed and attached only)\n" }
        site.fail(s, attachments: FailureArtifacts.files(for: cx.fixture(engine: e.descriptor), frames: nil, highlighted: [],
                                                         title: "lifecycle: seed \(seed)"))
    }
    return findings
}
