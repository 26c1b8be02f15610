import Foundation
import Testing
@_exported import WaterfallCheck
@_exported import WaterfallCheckReports

/// Runs the golden fixtures under `fixtures` against `engine` and records per the record mode:
/// the returning form of ``assertGoldens(engine:fixtures:record:tolerance:expectClaims:maxSkipped:fileID:filePath:line:column:)``.
///
/// ```swift
/// let report = verifyGoldens(engine: { MyEngine() }, fixtures: ["Fixtures"], record: .never)
/// #expect(report.succeeded, "\(TextReport.render(report))")
/// ```
///
/// - Parameters:
///   - engine: makes one engine per worker (each used from one thread at a time).
///   - fixtures: fixture files or directories; relative paths are resolved against the working
///     directory (`swift test` runs in the package root).
///   - record: `nil` takes the mode from ``WaterfallCheckConfiguration`` (`.never` under CI, else
///     `WATERFALL_CHECK_RECORD`, else the `.waterfallCheck(record:)` trait, else `.missing`). Recordings go into
///     the fixture files themselves, and only after the output passes every invariant: a
///     broken layout is never recorded.
///   - tolerance: overrides every fixture's tolerance (FIXTURE-FORMAT §7); `nil` uses the trait's,
///     else each fixture's, else 0.001 pt.
///   - expectClaims: a claims file (`waterfall-check verify --expect-claims FILE`, docs/engine-claims.md):
///     an engine claiming more than it allows (a coarser length quantum, fewer features, ...)
///     fails the run (``VerifyReport/claimProblems``), so the engine under test cannot loosen
///     its own gate. `nil` checks only the documented bounds.
///   - maxSkipped: the largest percentage of fixtures the engine's own claims may skip
///     (`--max-skipped`); more fails the run. `nil`: a run where most were skipped only says so.
/// - Returns: one result per fixture; input-only fixtures are ``CaseStatus/checked``. Under CI
///   (``WaterfallCheckConfiguration/ci``, else the `CI` variable) each pending recording
///   (`*.json.new`) under `fixtures` is an error result, as `waterfall-check verify` makes it
///   (exit status 2 there). Each result keeps its fixture and the engine's answer
///   (``FixtureResult/fixture``, ``FixtureResult/answer``).
/// - Throws: ``WaterfallCheckError/usage(_:)`` for a bad `WATERFALL_CHECK_RECORD`; ``JSONError``
///   naming the claims file's line and member for a bad `expectClaims` file.
public func verifyGoldens(engine: @escaping @Sendable () -> LayoutEngine, fixtures: [String], record: RecordMode? = nil,
                          tolerance: Tolerance? = nil, expectClaims: String? = nil, maxSkipped: Double? = nil) throws -> VerifyReport {
    let environment = ProcessInfo.processInfo.environment
    let configuration = WaterfallCheckConfiguration.current
    let mode = try configuration.resolvedRecordMode(record, environment: environment)
    var runner = GoldenRunner(engine: { configuration.judged(engine()) }, tolerance: tolerance ?? configuration.tolerance, recordMode: mode, recordTarget: .fixture,
                              invariants: InvariantChecker())
    runner.keepsLayouts = true
    runner.allowedClaims = try expectClaims.map { try EngineClaims.allowed(contentsOf: URL(fileURLWithPath: $0)) }
    runner.skipLimit = maxSkipped.map { $0 / 100 }
    var report = runner.run(paths: fixtures.map { URL(fileURLWithPath: $0) })
    if configuration.isCI(environment) { report.treatPendingAsErrors() }
    return report
}

/// Checks `engine` against the golden fixtures under `fixtures`, recording one failure at the
/// caller's source location per failing, errored or recorded fixture, like swift-snapshot-testing's
/// `assertSnapshot`: in a Swift Testing test an `Issue.record` with attachments, in an XCTest
/// test case `XCTFail` with the same message (the framework in use is chosen automatically).
/// Each failure starts with the fixture's `path:line:column` and holds the difference table or
/// the broken invariants. A failing fixture attaches `<name>.actual.json` (the fixture with the
/// engine's output as `expected`) and `<name>.diff.svg` (expected and actual side by side)
/// (``FailureArtifacts``; `swift test --attachments-path DIR` saves them).
///
/// ```swift
/// @Test func goldens() {
///     assertGoldens(engine: { MyEngine() }, fixtures: ["Fixtures"])
/// }
/// ```
///
/// A fixture recorded by this run (mode `missing`, `failed` or `all`; see
/// ``verifyGoldens(engine:fixtures:record:tolerance:expectClaims:maxSkipped:)``) is an issue too ("recorded ...; check
/// it and run again"), so a first run never passes silently. A run that checked nothing (no
/// fixtures, every one skipped) is an issue, and so is each claim beyond `expectClaims` and a run
/// skipping more than `maxSkipped` percent (``verifyGoldens(engine:fixtures:record:tolerance:expectClaims:maxSkipped:)``).
/// Under CI a pending recording is one too. A disabled fixture is a warning (Swift Testing
/// `severity: .warning`; a `warning:` line under XCTest).
/// - Returns: the report, for further checks.
@discardableResult
public func assertGoldens(engine: @escaping @Sendable () -> LayoutEngine, fixtures: [String], record: RecordMode? = nil,
                          tolerance: Tolerance? = nil, expectClaims: String? = nil, maxSkipped: Double? = nil,
                          fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> VerifyReport? {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let report: VerifyReport
    do {
        report = try verifyGoldens(engine: engine, fixtures: fixtures, record: record, tolerance: tolerance,
                                   expectClaims: expectClaims, maxSkipped: maxSkipped)
    } catch {
        site.fail("\(error)")
        return nil
    }
    for r in report.results where r.status.isFailing || r.status == .recorded {
        var text = TextReport.render(r, rows: .max)
        if r.status == .recorded { text += "check the recording (git diff) and run again\n" }
        site.fail(text, attachments: r.status.isFailing ? FailureArtifacts.files(for: r) : [])
    }
    // A disabled fixture fails nothing but is never silent (FIXTURE-FORMAT §1, `disabled`).
    for r in report.results where r.isDisabled { site.warn("DISABLED \(r.file): \(r.message.dropFirst(FixtureResult.disabledPrefix.count))") }
    if report.nothingChecked { site.fail(TextReport.render(report)) }
    // Claims beyond the pinned set, and too many skips, fail as the CLI's verify does (issue 33).
    for p in report.claimProblems { site.fail("engine claims: \(p)\n\(report.engine.map(EngineClaims.judgedWith) ?? "")") }
    if report.tooManySkipped, let w = report.skipWarning { site.fail(w) }
    return report
}
