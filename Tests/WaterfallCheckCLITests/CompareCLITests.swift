import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// `compare` at the command line.
@Suite("compare: command line")
struct CompareCLITests {

    /// New user: `--engines` dropped `--conventions` and `--max-skipped` silently and passed with
    /// an engine judged on no case.
    @Test("--engines: the candidate's judging options are refused, and an engine judged on no case is an error (exit 2)")
    func matrixVouchesOnlyForWhatItJudged() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        for extra in [["--conventions", "c.json"], ["--expect-claims", "c.json"], ["--max-skipped", "10"]] {
            let r = try CLI.run(["compare", "--engines", "reference,reference", "--fuzz-cases", "5", "--jobs", "1"] + extra, in: dir.url, ci: "true")
            #expect(r.status == 2 && r.stderr.contains(extra[0]), "\(r.stderr)")
        }
        let r = try CLI.run(["compare", "--engines", "reference,classic-004-flowlayout", "--fuzz-cases", "20", "--jobs", "1"], in: dir.url, ci: "true")
        #expect(r.status == 2 && r.stderr.contains("nothing was checked for classic-004-flowlayout"), "\(r.stdout)\(r.stderr)")
        #expect(try CLI.run(["compare", "--engines", "reference,reference", "--fuzz-cases", "20", "--jobs", "1"], in: dir.url, ci: "true").status == 0)
    }

    @Test("compare reference against classic-000: its zero-section crash is a difference, listed first, exit 1")
    func classicCrashIsAFinding() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let out = try CLI.run(["compare", "--baseline", "reference", "--candidate", "classic-000-bqwaterlayout"], in: dir.url, ci: "true")
        #expect(out.status == 1, "\(out.stdout)\(out.stderr)")
        let first = try #require(out.stdout.components(separatedBy: "\ndifference 1 of ").dropFirst().first)
        // UIKit's own exception (the port is a real UICollectionViewLayout), in the driver's words.
        #expect(first.contains("uncaught exception 'NSInternalInconsistencyException', reason: 'request for number of items in section 0 when there are only 0 sections"), "\(first)")
        #expect(first.contains("\"sections\":[]"), "\(first)")
    }

    @Test("a fixture's path is printed as given: relative stays relative (it was made absolute)")
    func relativePaths() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("two", expected: nil), to: "F/two.json")
        let out = try CLI.run(["compare", "--baseline", "reference", "--candidate", "exec:python3 \(ExternalTestSupport.fakeEngine) overlap", "--fuzz-cases", "0", "F"], in: dir.url, ci: "true")
        #expect(out.status == 1, "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.contains("(F/two.json)"), "\(out.stdout)")
        #expect(!out.stdout.contains(dir.url.path), "\(out.stdout)")
        // A fixture error too, with one "error:" (it printed "error: /abs/path:2:13: error: ...").
        try dir.write("{\n  \"format\": 1\n}", to: "G/bad.json")
        let bad = try CLI.run(["compare", "--baseline", "reference", "--candidate", "reference", "--fuzz-cases", "0", "G"], in: dir.url, ci: "true")
        #expect(bad.status == 2 && bad.stderr.hasPrefix("G/bad.json:2:13: error: "), "\(bad.stderr)")
    }

    @Test("--fuzz-cases past 10^12 is a usage error naming the option, exit 2 (Int.max - 7 trapped on an overflow)")
    func hugeCaseCount() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        for n in ["9223372036854775800", "1000000000001", "-1"] {
            let out = try CLI.run(["compare", "--baseline", "reference", "--candidate", "reference", "--fuzz-cases", n], in: dir.url, ci: "true")
            #expect(out.status == 2 && out.stderr.contains("--fuzz-cases") && out.stderr.contains("1000000000000"), "\(n): \(out.stderr)")
        }
    }

    @Test("--shrink-time bounds compare's shrink: a negative or non-numeric one is a usage error, 0 still reports every difference")
    func shrinkTime() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        for bad in ["-1", "soon"] {
            let out = try CLI.run(["compare", "--baseline", "reference", "--candidate", "reference", "--shrink-time", bad], in: dir.url, ci: "true")
            #expect(out.status == 2 && out.stderr.contains("--shrink-time"), "\(bad): \(out.stderr)")
        }
        let args = ["compare", "--baseline", "reference", "--candidate", "exec:python3 \(ExternalTestSupport.fakeEngine) ties", "--fuzz-cases", "100"]
        let quick = try CLI.run(args + ["--shrink-time", "0"], in: dir.url, ci: "true")
        let usual = try CLI.run(args, in: dir.url, ci: "true")
        #expect(quick.status == 1 && usual.status == 1, "\(quick.stdout)\(quick.stderr)")
        // The same cases differ; only how far each was shrunk may change.
        func count(_ text: String) -> String? { text.split(separator: "\n").first { $0.hasPrefix("100 cases:") }.map(String.init) }
        #expect(count(quick.stdout) != nil && count(quick.stdout) == count(usual.stdout), "\(quick.stdout.prefix(400))")
    }
}

