import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// Issue 14 item 1: a recording never blesses a layout that breaks an invariant, and goldens'
/// own expected frames are checked.
@Suite("record never blesses a broken layout")
struct RecordGuardTests {
    /// The fake engine whose last item sits on the first one's frame (no-overlap breaks).
    static let overlapping = "exec:python3 \(ExternalTestSupport.fakeEngine) overlap"

    /// `F/golden.json` (the right expected) and `F/new.json` (none).
    func corpus() throws -> TempDir {
        let dir = try TempDir()
        try dir.write(TwoColumns.fixture("golden", expected: .layout(TwoColumns.moving(2, by: 5))), to: "F/golden.json")
        try dir.write(TwoColumns.fixture("new", expected: nil), to: "F/new.json")
        return dir
    }

    @Test("record of an overlapping output refuses (exit 1) with and without expected; nothing written")
    func refuses() throws {
        let dir = try corpus(); defer { dir.cleanup() }
        for mode in ["failed", "all"] {
            let r = try CLI.run(["record", "--mode", mode, "--engine", Self.overlapping, "F"], in: dir.url, ci: "false")
            #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("FAIL F/golden.json:32:11: not recorded (breaks no-overlap, item-size, stacking;"), "\(r.stdout)")
            // The element the failure names first, item 0.0, is on line 19 of the input (issue 15).
            #expect(r.stdout.contains("FAIL F/new.json:19:9: not recorded (breaks no-overlap"), "\(r.stdout)")
            #expect(!dir.exists("F/golden.json.new") && !dir.exists("F/new.json.new"))
        }
    }

    @Test("record --force writes the failures into extensions; review shows them; accept refuses unless --force")
    func forced() throws {
        let dir = try corpus(); defer { dir.cleanup() }
        let r = try CLI.run(["record", "--force", "--engine", Self.overlapping, "F/new.json"], in: dir.url, ci: "false")
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("recorded new.json.new breaking no-overlap"), "\(r.stdout)")
        let pending = try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("F/new.json.new"))
        #expect(pending.recordedBreaking.first?.hasPrefix("no-overlap: item 0.0") == true, "\(pending.recordedBreaking)")

        let review = try CLI.run(["review"], in: dir.url, ci: "false")
        #expect(review.stdout.contains("breaks no-overlap: item 0.0"), "\(review.stdout)")
        // The HTML review says so too, and draws the recording (it said "No failing case." and
        // dropped the picture of every pending file).
        let html = try CLI.run(["review", "--html", "R"], in: dir.url, ci: "false")
        #expect(html.status == 0, "\(html.stderr)")
        let index = try dir.read("R/index.html")
        #expect(index.contains("<p class=\"verdict bad\">1 pending recording; 1 breaks invariants"), "\(index.prefix(2000))")
        #expect(!index.contains("No failing case"))
        #expect(index.contains("<h2>Pending recordings</h2>") && index.contains("<svg"), "\(index.prefix(2000))")
        #expect(index.contains("breaks") && index.contains("no-overlap: item 0.0"))
        // A pending file that cannot be read is listed as an error, in the counts and the verdict
        // (the HTML left it out while the terminal said "2 pending").
        try dir.write("{bad", to: "F/golden.json.new")
        let withBad = try CLI.run(["review", "--html", "R2", "F"], in: dir.url, ci: "false")
        #expect(withBad.status == 2 && withBad.stderr.contains("F/golden.json.new:1:2: error:"), "\(withBad.stderr)")
        #expect(!withBad.stderr.contains("error: F/golden.json.new: "), "\(withBad.stderr)")
        let index2 = try dir.read("R2/index.html")
        #expect(index2.contains("2 pending recordings; 1 cannot be read; 1 breaks invariants"), "\(index2.prefix(2000))")
        #expect(index2.contains("F/golden.json.new") && index2.contains("unexpected character"))
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("F/golden.json.new"))
        let refused = try CLI.run(["accept", "--all"], in: dir.url, ci: "false")
        #expect(refused.status == 2 && refused.stderr.contains("not accepted: it breaks"), "\(refused.stderr)")
        #expect(dir.exists("F/new.json.new"))
        let forced = try CLI.run(["accept", "--force", "--all"], in: dir.url, ci: "false")
        #expect(forced.status == 0 && forced.stdout == "accepted F/new.json.new\n", "\(forced.stdout)\(forced.stderr)")
    }

    @Test("an engine fixed later re-records and drops extensions.recordedBreaking")
    func cleared() throws {
        var f = TwoColumns.fixture("x")
        f.setRecordedBreaking(["no-overlap: stale"])
        #expect(f.recordedBreaking == ["no-overlap: stale"])
        f.setRecordedBreaking([])
        #expect(f.extensions == .object([]) && f.recordedBreaking.isEmpty)
    }

    @Test("verify --invariants and --lint flag a golden whose expected frames overlap, at the element's line")
    func lintsExpected() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        // Item 0.2 expected at [0, 0, 50, 30]: on top of item 0.0 (and not stacked below it).
        try dir.write(TwoColumns.fixture("bad", expected: .layout(TwoColumns.moving(2, by: -10))), to: "F/bad.json")
        try dir.write(TwoColumns.fixture("good"), to: "F/good.json")
        let lint = try CLI.run(["verify", "--lint", "F"], in: dir.url, ci: "true")
        #expect(lint.status == 1, "\(lint.stdout)\(lint.stderr)")
        // Item 0.0 is on line 30 of the canonical form, its `[` at column 11.
        #expect(lint.stdout.contains("FAIL F/bad.json:30:11: the golden's expected frames break 2 invariants: no-overlap: item 0.0"), "\(lint.stdout)")
        #expect(lint.stdout.contains("  F/bad.json:30:11: expected frames break no-overlap: item 0.0 [0, 0, 50, 10] and item 0.2 [0, 0, 50, 30]"), "\(lint.stdout)")
        #expect(lint.stdout.contains("  F/bad.json:32:11: expected frames break stacking: item 0.2"), "\(lint.stdout)")
        #expect(lint.stdout.contains("2 fixtures: 1 passed, 1 failed"), "\(lint.stdout)")
        let verify = try CLI.run(["verify", "--invariants", "F"], in: dir.url, ci: "true")
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("F/bad.json:30:11: expected frames break no-overlap"), "\(verify.stdout)")
        // Without --invariants the golden is only compared with the engine.
        #expect(try !CLI.run(["verify", "F"], in: dir.url, ci: "true").stdout.contains("expected frames break"))
    }
}
