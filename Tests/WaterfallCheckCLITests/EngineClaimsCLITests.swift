import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// Issue 33: nothing an engine says about itself switches the gate off. The engine is the third
/// adversarial review's proxy (`FakeEngines/claims_engine.py`): the reference behind a hello that
/// declares what the test asks (`q=` lengthQuantum, `maxlen=` maxLength) and frames moved down
/// (`shift=` pt for every item and the content height).
@Suite("engine claims: bounded, shown, pinnable (issue 33, review A1)")
struct EngineClaimsCLITests {
    static let root = ExternalTestSupport.packageRoot
    static let conformance = root.appendingPathComponent("Fixtures/conformance").path
    static let spans = conformance + "/spans.json"
    static let sectionOne = conformance + "/section-one-example.json"

    /// `exec:` the review's proxy with `options` (`q=1000`, `shift=5`, ...).
    static func engine(_ options: String...) -> String {
        let script = root.appendingPathComponent("Tests/WaterfallCheckTestSupport/FakeEngines/claims_engine.py").path
        return "exec:python3 \(script) \(ExternalTestSupport.engineExecutable) " + options.joined(separator: " ")
    }

    static func run(_ args: [String], in dir: URL = root) throws -> CLI.Output { try CLI.run(args, in: dir, ci: "true") }

    @Test("A1: lengthQuantum 1000 with every item 5 pt low fails verify and compare as an engine error (exit 2) naming the bound; it passed with exit 0")
    func quantumBeyondAPixelIsRefused() throws {
        let verify = try Self.run(["verify", "--jobs", "1", "--engine", Self.engine("q=1000", "shift=5"), Self.sectionOne, Self.spans])
        #expect(verify.status == 2, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stderr.contains("lengthQuantum 1000 pt is beyond one physical pixel at scale 1 (at most 1 pt"), "\(verify.stderr)")
        #expect(!verify.stdout.contains("passed fixtures differ only by drift"))
        let compare = try Self.run(["compare", "--baseline", "reference", "--candidate", Self.engine("q=1000", "per=3"),
                                    "--fuzz-cases", "5", "--jobs", "1", Self.spans])
        #expect(compare.status == 2, "\(compare.stdout)\(compare.stderr)")
        #expect(compare.stderr.contains("lengthQuantum 1000 pt is beyond"), "\(compare.stderr)")
    }

    @Test("A1: maxLength 1 (13 of 15 conformance fixtures skipped, exit 0) is refused at the hello, exit 2; 1e308 is not a bound problem")
    func maxLengthBelowTheFloorIsRefused() throws {
        let r = try Self.run(["verify", "--jobs", "1", "--engine", Self.engine("maxlen=1", "shift=5"), Self.conformance])
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("maxLength 1 pt is below the smallest an engine may declare (100000 pt"), "\(r.stderr)")
        let huge = try Self.run(["verify", "--jobs", "1", "--engine", Self.engine("maxlen=1e308"), Self.spans])
        #expect(huge.status == 0, "\(huge.stdout)\(huge.stderr)")
    }

    @Test("an honest 1/64-pt quantum is shown in the header of the text, JSON, JUnit, GitHub and HTML reports of verify")
    func judgedWithInEveryVerifyReport() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let r = try Self.run(["verify", "--jobs", "1", "--engine", Self.engine("q=0.015625"), Self.spans, "--github",
                              "--json", dir.url.appendingPathComponent("v.json").path, "--junit", dir.url.appendingPathComponent("j.xml").path,
                              "--html", dir.url.appendingPathComponent("html").path])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let line = "judged with: lengthQuantum 1/64 pt (declared by the engine)"
        #expect(r.stdout.hasPrefix(line + "\n"), "\(r.stdout)")
        #expect(r.stdout.contains("::notice title=engine claims::" + line), "\(r.stdout)")
        #expect(try dir.read("v.json").contains("\"judgedWith\": \"\(line)\""))
        #expect(try dir.read("j.xml").contains("<property name=\"waterfall-check.judgedWith\" value=\"\(line)\"/>"))
        #expect(try dir.read("html/index.html").contains(line))
        // An engine declaring nothing beyond the exact default says so.
        let exact = try Self.run(["verify", "--jobs", "1", Self.spans])
        #expect(exact.stdout.hasPrefix("judged with: the exact claims"), "\(exact.stdout)")
    }

    @Test("--expect-claims: an engine declaring a quantum the file does not allow fails verify, compare and fuzz (exit 1); allowed, it passes")
    func pinnedClaimsFailALooserEngine() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let strict = try dir.write(#"{"lengthQuantum": 0}"#, to: "strict.json").path
        let web = try dir.write(#"{"lengthQuantum": 0.015625}"#, to: "web.json").path
        let engine = Self.engine("q=0.015625")
        let verify = try Self.run(["verify", "--jobs", "1", "--engine", engine, "--expect-claims", strict, Self.spans])
        #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("FAIL engine claims: lengthQuantum: 1/64 pt, allowed at most 0 pt (doubles)"), "\(verify.stdout)")
        let allowed = try Self.run(["verify", "--jobs", "1", "--engine", engine, "--expect-claims", web, Self.spans])
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
        let compare = try Self.run(["compare", "--baseline", "reference", "--candidate", engine, "--fuzz-cases", "0",
                                    "--jobs", "1", "--expect-claims", strict, Self.spans])
        #expect(compare.status == 1 && compare.stdout.contains("FAIL engine claims: candidate: lengthQuantum"), "\(compare.stdout)\(compare.stderr)")
        #expect(compare.stdout.contains("candidate judged with: lengthQuantum 1/64 pt (declared by the engine)"), "\(compare.stdout)")
        let fuzz = try Self.run(["fuzz", "--engine", engine, "--cases", "3", "--seed", "1", "--jobs", "1",
                                 "--save", dir.url.appendingPathComponent("cx").path, "--expect-claims", strict])
        #expect(fuzz.status == 1 && fuzz.stdout.contains("FAIL engine claims: lengthQuantum"), "\(fuzz.stdout)\(fuzz.stderr)")
    }

    @Test("--expect-claims: a file with an unknown member, a non-object or a value beyond the bounds is a usage error naming file, line and member")
    func badClaimsFile() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        for (text, says) in [(#"{"lengthQuantm": 0}"#, #"unknown claim "lengthQuantm""#), ("[1]", "top-level value must be an object"),
                             (#"{"lengthQuantum": 5}"#, "lengthQuantum 5 pt is beyond")] {
            let file = try dir.write(text, to: "c.json").path
            let r = try Self.run(["verify", "--expect-claims", file, Self.spans])
            #expect(r.status == 2, "\(text): \(r.stdout)")
            #expect(r.stderr.contains("--expect-claims \(file): \(file):1:") && r.stderr.contains(says), "\(text): \(r.stderr)")
        }
    }

    @Test("skips caused by the engine's own claims: most skipped says so; --max-skipped fails the run (exit 1)")
    func skipsCountTowardTheVerdict() throws {
        // maxLength 100000 pt (the floor) skips the one conformance fixture longer than that? None
        // are: use a fixture made long here (a single item 150000 pt tall), beside one short one.
        let dir = try TempDir(); defer { dir.cleanup() }
        let tall = LayoutInput(layout: LayoutSettings(containerWidth: 100, columnCount: 1),
                               sections: [SectionInput(items: [.height(150_000)])])
        // §5 by hand: one column of 100 pt, the item at the origin, content height its height.
        let expected = LayoutResult(contentSize: CGSize(width: 100, height: 150_000),
                                    sections: [SectionFrames(items: [CGRect(x: 0, y: 0, width: 100, height: 150_000)])])
        try dir.write(Fixture(name: "tall", input: tall, expected: .layout(expected)), to: "F/tall.json")
        try dir.write(Fixture(name: "tall2", input: tall, expected: .layout(expected)), to: "F/tall2.json")
        try dir.write(TwoColumns.fixture("short"), to: "F/short.json")
        let engine = Self.engine("maxlen=100000")
        let plain = try Self.run(["verify", "--jobs", "1", "--engine", engine, "F"], in: dir.url)
        #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        #expect(plain.stdout.contains("most fixtures were skipped (2 of 3) on the engine's own claims; --max-skipped PERCENT makes such a run fail"), "\(plain.stdout)")
        #expect(plain.stdout.contains("holds lengths up to 100000 pt; this layout needs 150000 pt"), "\(plain.stdout)")
        let gated = try Self.run(["verify", "--jobs", "1", "--engine", engine, "--max-skipped", "50", "F"], in: dir.url)
        #expect(gated.status == 1, "\(gated.stdout)\(gated.stderr)")
        #expect(gated.stdout.contains("more than --max-skipped 50% allows: the run fails"), "\(gated.stdout)")
        let loose = try Self.run(["verify", "--jobs", "1", "--engine", engine, "--max-skipped", "70", "F"], in: dir.url)
        #expect(loose.status == 0, "\(loose.stdout)\(loose.stderr)")
    }
}
