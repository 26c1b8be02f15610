import Foundation
import Testing
import WaterfallCheckTesting

/// A folder with one golden fixture (`tie.json`, two equal items in two columns) and its
/// `expected` derived by hand from FIXTURE-FORMAT §5: 2 columns of (100 - 10) / 2 = 45 pt; the
/// tie goes to the leftmost column, so the second item sits in column 1 at x 55.
private func goldenFolder(pending: Bool) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wc-config-\(UUID().uuidString)")
    let input = LayoutInput(layout: LayoutSettings(containerWidth: 100, columnCount: 2, columnSpacing: 10),
                            sections: [SectionInput(items: [.height(10), .height(10)])])
    let expected = LayoutResult(contentSize: CGSize(width: 100, height: 10),
                                sections: [SectionFrames(items: [CGRect(x: 0, y: 0, width: 45, height: 10),
                                                                 CGRect(x: 55, y: 0, width: 45, height: 10)])])
    let url = try Fixture(name: "tie", input: input, expected: .layout(expected)).save(in: dir)
    if pending { try Data(contentsOf: url).write(to: PendingFiles.pending(for: url)) }
    return dir
}

/// The issue comments recorded by `body`, which must record at least one; a warning's start with `warning: `.
private func issues(_ body: () -> Void) -> [String] {
    final class Comments: @unchecked Sendable {  // guarded by lock
        let lock = NSLock()
        var all: [String] = []
    }
    let comments = Comments()
    withKnownIssue { body() } matching: { issue in
        // A warning (severity .warning, which fails nothing) is marked so a test can tell.
        comments.lock.withLock { comments.all += issue.comments.map { (issue.isFailure ? "" : "warning: ") + $0.rawValue } }
        return true
    }
    return comments.lock.withLock { comments.all }
}

@Suite("Swift API under CI behaves as the CLI (adversary A9)")
struct SwiftAPIUnderCI {
    @Test("the golden fixture passes as derived by hand (ci: false, no pending file)")
    func handDerivedGoldenPasses() throws {
        let dir = try goldenFolder(pending: false)
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = try withWaterfallCheck(ci: false) { try verifyGoldens(engine: { ReferenceEngine() }, fixtures: [dir.path]) }
        #expect(report.results.map(\.status) == [.passed])
    }

    @Test("ci: true fails a pending .json.new beside a passing golden, as verify in CI exits 2 on it; ci: false does not")
    func pendingRecordingFailsUnderCI() throws {
        let dir = try goldenFolder(pending: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let ci = try withWaterfallCheck(ci: true) { try verifyGoldens(engine: { ReferenceEngine() }, fixtures: [dir.path]) }
        #expect(ci.verdict == .error)
        #expect(ci.results.contains { $0.nonFixture == .pendingRecording })
        let local = try withWaterfallCheck(ci: false) { try verifyGoldens(engine: { ReferenceEngine() }, fixtures: [dir.path]) }
        #expect(local.succeeded && local.pending.count == 1)
        // The asserting form records the same as an issue at the call site.
        let comments = issues { withWaterfallCheck(ci: true) { _ = assertGoldens(engine: { ReferenceEngine() }, fixtures: [dir.path]) } }
        #expect(comments.contains { $0.contains("pending recording not reviewed") }, "\(comments)")
    }

    @Test("ci: true makes the record mode never: a trait's or closure's record: .all writes nothing")
    func ciNeverRecords() throws {
        let dir = try goldenFolder(pending: false)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("tie.json")
        let before = try Data(contentsOf: file)
        // RightmostTies sends the tie right: a failure that mode all would record.
        let report = try withWaterfallCheck(record: .all, ci: true) { try verifyGoldens(engine: { RightmostTies() }, fixtures: [dir.path]) }
        #expect(report.results.map(\.status) == [.failed])
        #expect(try Data(contentsOf: file) == before)
        #expect(!FileManager.default.fileExists(atPath: PendingFiles.pending(for: file).path))
    }

    @Test("ci: true: assertInvariants saves no counterexample beside the test file; the issue says so and prints the case")
    func invariantsWriteNothingUnderCI() {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Counterexamples__")
        let existed = FileManager.default.fileExists(atPath: folder.path)
        let comments = issues {
            withWaterfallCheck(ci: true) { _ = assertInvariants(engine: RightmostTies(), cases: 200, seed: 1, tolerance: 0) }
        }
        #expect(existed || !FileManager.default.fileExists(atPath: folder.path), "wrote \(folder.path) under CI")
        #expect(comments.contains { $0.contains("CI: not saved into the source tree") && $0.contains("\"format\": \"waterfall-fixture/1\"") }, "\(comments)")
    }
}

@Suite("Record mode precedence: argument, CI, WATERFALL_CHECK_RECORD, trait, default")
struct RecordModePrecedence {
    @Test("each level wins over the ones after it")
    func precedence() throws {
        func mode(_ argument: RecordMode?, trait: RecordMode?, ci: Bool?, _ env: [String: String]) throws -> RecordMode {
            try WaterfallCheckConfiguration(record: trait, ci: ci).resolvedRecordMode(argument, environment: env)
        }
        #expect(try mode(nil, trait: nil, ci: false, [:]) == .missing)
        #expect(try mode(nil, trait: .failed, ci: false, [:]) == .failed)
        #expect(try mode(nil, trait: .failed, ci: false, ["WATERFALL_CHECK_RECORD": "all"]) == .all)
        #expect(try mode(nil, trait: .failed, ci: true, ["WATERFALL_CHECK_RECORD": "all"]) == .never)
        #expect(try mode(nil, trait: .failed, ci: nil, ["CI": "true"]) == .never)
        #expect(try mode(nil, trait: .failed, ci: false, ["CI": "true"]) == .failed)  // an explicit ci wins over the variable
        #expect(try mode(.all, trait: .failed, ci: true, [:]) == .all)               // the argument wins (documented)
    }
}

@Suite(.waterfallCheck(record: .failed, tolerance: 0.5))
struct WaterfallCheckTraitOnASuite {
    @Test("a suite's trait reaches its tests")
    func suiteTrait() {
        #expect(WaterfallCheckConfiguration.current.record == .failed)
        #expect(WaterfallCheckConfiguration.current.tolerance == 0.5)
    }

    @Test("a test's trait overrides the suite's field by field", .waterfallCheck(record: .never))
    func testTraitOverrides() {
        #expect(WaterfallCheckConfiguration.current.record == .never)
        #expect(WaterfallCheckConfiguration.current.tolerance == 0.5)
    }

    @Test("the trait's tolerance judges the goldens: 0.5 pt passes a frame 0.25 pt off", .waterfallCheck(ci: false))
    func traitTolerance() throws {
        let dir = try goldenFolder(pending: false)
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = try verifyGoldens(engine: { ShiftedBy(0.25) }, fixtures: [dir.path], record: .never)
        #expect(report.results.map(\.status) == [.passed])
        let strict = try verifyGoldens(engine: { ShiftedBy(0.25) }, fixtures: [dir.path], record: .never, tolerance: 0.1)
        #expect(strict.results.map(\.status) == [.failed])
    }
}

/// The reference layout with every item moved down by `dy` pt.
private final class ShiftedBy: LayoutEngine {
    let dy: CGFloat
    init(_ dy: CGFloat) { self.dy = dy }
    let descriptor = EngineDescriptor(name: "shifted", version: "1", features: [])
    func layout(_ input: LayoutInput) throws -> LayoutResult {
        var r = try ReferenceEngine().layout(input)
        for s in r.sections.indices { r.sections[s].items = r.sections[s].items.map { $0.offsetBy(dx: 0, dy: dy) } }
        return r
    }
}

@Suite("Failure artifacts: what a failing golden attaches")
struct FailureArtifactTests {
    @Test("a failing golden's artifacts: the actual fixture (the engine's frames as expected) and an SVG")
    func goldenArtifacts() throws {
        let dir = try goldenFolder(pending: false)
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = try verifyGoldens(engine: { RightmostTies() }, fixtures: [dir.path], record: .never)
        let result = try #require(report.results.first)
        let files = FailureArtifacts.files(for: result)
        #expect(files.map(\.name) == ["tie.actual.json", "tie.diff.svg"])
        let actual = try FixtureReader.decode(files[0].data, file: files[0].name)
        #expect(actual.expected == .layout(try RightmostTies().layout(actual.input)))
        #expect(String(decoding: files[1].data, as: UTF8.self).hasPrefix("<svg"))
    }
}

@Suite("a disabled fixture in the Swift API")
struct DisabledFixtureInTheSwiftAPI {
    @Test("assertGoldens skips a disabled fixture whose expected is wrong: a warning, never a failure")
    func disabledIsAWarning() throws {
        let dir = try goldenFolder(pending: false)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("tie.json")
        var fixture = try FixtureReader.read(contentsOf: file)
        fixture.disabled = "waiting for a fix"
        try CanonicalWriter.data(for: fixture).write(to: file)
        // A second, live fixture, so the run checks something.
        var live = fixture
        live.name = "live"; live.disabled = nil
        // Written directly: save(in:) reuses a file holding the same input, as counterexamples should.
        try CanonicalWriter.data(for: live).write(to: dir.appendingPathComponent("live.json"))
        // RightmostTies fails both goldens; only the live one may fail the test.
        let comments = issues { withWaterfallCheck(ci: true) { _ = assertGoldens(engine: { RightmostTies() }, fixtures: [dir.path]) } }
        let failures = comments.filter { !$0.hasPrefix("warning: ") }, warnings = comments.filter { $0.hasPrefix("warning: ") }
        #expect(failures.count == 1 && failures[0].contains("live.json"), "\(comments)")
        #expect(warnings.count == 1 && warnings[0].contains("DISABLED \(dir.path)/tie.json: waiting for a fix"), "\(comments)")
        let report = try withWaterfallCheck(ci: true) { try verifyGoldens(engine: { RightmostTies() }, fixtures: [dir.path]) }
        #expect(report.results.filter(\.isDisabled).map(\.name) == ["tie"])
    }
}
