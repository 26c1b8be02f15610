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
///   - record: `nil` takes the mode from the environment (``RecordMode/from(environment:default:)``:
///     `.never` under CI, else `WATERFALL_CHECK_RECORD`, else `.missing`). Recordings go into
///     the fixture files themselves, and only after the output passes every invariant: a
///     broken layout is never recorded.
///   - tolerance: overrides every fixture's tolerance (FIXTURE-FORMAT §7); `nil` uses each
///     fixture's, else 0.001 pt.
///   - expectClaims: a claims file (`waterfall-check verify --expect-claims FILE`, docs/engine-claims.md):
///     an engine claiming more than it allows (a coarser length quantum, fewer features, ...)
///     fails the run (``VerifyReport/claimProblems``), so the engine under test cannot loosen
///     its own gate. `nil` checks only the documented bounds.
///   - maxSkipped: the largest percentage of fixtures the engine's own claims may skip
///     (`--max-skipped`); more fails the run. `nil`: a run where most were skipped only says so.
/// - Returns: one result per fixture; input-only fixtures are ``CaseStatus/checked``.
/// - Throws: ``WaterfallCheckError/usage(_:)`` for a bad `WATERFALL_CHECK_RECORD`; ``JSONError``
///   naming the claims file's line and member for a bad `expectClaims` file.
public func verifyGoldens(engine: @escaping @Sendable () -> LayoutEngine, fixtures: [String], record: RecordMode? = nil,
                          tolerance: Tolerance? = nil, expectClaims: String? = nil, maxSkipped: Double? = nil) throws -> VerifyReport {
    let mode = try record ?? RecordMode.from(environment: ProcessInfo.processInfo.environment)
    var runner = GoldenRunner(engine: engine, tolerance: tolerance, recordMode: mode, recordTarget: .fixture,
                              invariants: InvariantChecker())
    runner.allowedClaims = try expectClaims.map { try EngineClaims.allowed(contentsOf: URL(fileURLWithPath: $0)) }
    runner.skipLimit = maxSkipped.map { $0 / 100 }
    return runner.run(paths: fixtures.map { URL(fileURLWithPath: $0) })
}

/// Checks `engine` against the golden fixtures under `fixtures`, recording one Swift Testing
/// issue (`Issue.record`) at the caller's source location per failing, errored or recorded
/// fixture, like swift-snapshot-testing's `assertSnapshot`. Each issue starts with the
/// fixture's `path:line:column` and holds the difference table or the broken invariants.
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
/// - Returns: the report, for further checks.
@discardableResult
public func assertGoldens(engine: @escaping @Sendable () -> LayoutEngine, fixtures: [String], record: RecordMode? = nil,
                          tolerance: Tolerance? = nil, expectClaims: String? = nil, maxSkipped: Double? = nil,
                          fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) -> VerifyReport? {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let report: VerifyReport
    do {
        report = try verifyGoldens(engine: engine, fixtures: fixtures, record: record, tolerance: tolerance,
                                   expectClaims: expectClaims, maxSkipped: maxSkipped)
    } catch {
        Issue.record("\(error)", sourceLocation: location)
        return nil
    }
    for r in report.results where r.status.isFailing || r.status == .recorded {
        var text = TextReport.render(r, rows: .max)
        if r.status == .recorded { text += "check the recording (git diff) and run again\n" }
        Issue.record(Comment(rawValue: text), sourceLocation: location)
    }
    if report.nothingChecked { Issue.record(Comment(rawValue: TextReport.render(report)), sourceLocation: location) }
    // Claims beyond the pinned set, and too many skips, fail as the CLI's verify does (issue 33).
    for p in report.claimProblems { Issue.record(Comment(rawValue: "engine claims: \(p)\n\(report.engine.map(EngineClaims.judgedWith) ?? "")"), sourceLocation: location) }
    if report.tooManySkipped, let w = report.skipWarning { Issue.record(Comment(rawValue: w), sourceLocation: location) }
    return report
}
