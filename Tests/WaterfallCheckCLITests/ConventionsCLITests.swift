import Foundation
import Testing
import WaterfallCheck
import WaterfallCheckTestSupport
@testable import WaterfallCheckTransport
import WaterfallCheckJSON

/// `waterfall-check conventions`: what it prints, and what it refuses to vouch for.
@Suite("conventions command")
struct ConventionsCLITests {
    /// Adversary: a file past the bounds a hello has was accepted, the run judged with it, and
    /// the engine blamed at the end (exit 1).
    @Test("--conventions FILE past the claims' bounds is refused before anything runs: exit 2, the file and member named")
    func fileBounds() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        for (name, text, member) in [("n.json", #"{"positionNoiseULPs": 2000}"#, "positionNoiseULPs"),
                                     ("t.json", #"{"tieTolerance": 1000}"#, "tieTolerance"),
                                     ("w.json", #"{"columnWidth": {"rule": "down", "scale": 0.001}}"#, "columnWidth")] {
            _ = try dir.write(text, to: name)
            let r = try CLI.run(["fuzz", "--engine", "reference", "--conventions", name, "--cases", "5", "--save", "out"], in: dir.url, ci: "true")
            #expect(r.status == 2 && r.stderr.contains(name) && r.stderr.contains(member), "\(r.stdout)\(r.stderr)")
            #expect(!r.stdout.contains("cases:"), "nothing ran: \(r.stdout)")
        }
    }

    /// Adversary: `sizedItemsOnly` without the `size` feature left no input inside both, and
    /// fuzz passed a buggy engine with exit 0 (91 of 100 cases skipped).
    @Test("a hello declaring sizedItemsOnly without the size feature is a handshake error naming the member")
    func sizedWithoutSize() throws {
        let hello = #"{"protocol":"waterfall-engine/1","engine":"x","version":"1","capabilities":[],"features":[],"constraints":{"sizedItemsOnly":true}}"#
        do {
            _ = try JSONDocument(parsing: Array(hello.utf8), file: "hello").decode { try EngineProtocol.Hello(json: $0) }
            Issue.record("accepted")
        } catch {
            #expect("\(error)".contains("sizedItemsOnly needs the size feature"), "\(error)")
        }
        let ok = #"{"protocol":"waterfall-engine/1","engine":"x","version":"1","capabilities":[],"features":["size"],"constraints":{"sizedItemsOnly":true}}"#
        #expect(throws: Never.self) { _ = try JSONDocument(parsing: Array(ok.utf8), file: "hello").decode { try EngineProtocol.Hello(json: $0) } }
    }

    @Test("an engine that crashes on every probe: exit 2, each fault a bug with its input, every convention undetermined, and the saved file forgives nothing")
    func faultsAreNotPlainSection5() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let engine = "exec:python3 \(ExternalTestSupport.fakeEngine) crash"
        let r = try CLI.run(["conventions", "--engine", engine, "--save", "c.json"], in: dir.url, ci: "true")
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("faulted on a valid input (a bug in the engine") && r.stderr.contains("    input: {\"layout\":"), "\(r.stderr)")
        #expect(!r.stdout.contains("plain §5 explains every probe"), "\(r.stdout)")
        #expect(!r.stdout.contains("\nfound "), "\(r.stdout)")
        // Saved (issue 32 follow-up: what other probes find is kept), but declaring nothing: every
        // probed convention is undetermined, and undetermined is judged as plain §5.
        let file = try EngineConventions.read(contentsOf: dir.url.appendingPathComponent("c.json"))
        #expect(file.conventions == .none)
        // Every convention probed; the fake declares no features, so those probed with headers,
        // several sections or sizes are not probed (and not undetermined either: not declared).
        #expect(file.undetermined == ["columnWidth", "height", "zeroContentSizeWithoutSections", "countsTrailingSpacing", "firstRowInOrder", "tiesToLeastRecentColumn", "position", "tieTolerance"])
        #expect(r.stdout.contains("not probed (emptySectionsCollapse)"), "\(r.stdout)")
        #expect(r.stdout.contains("undetermined (columnWidth): its probe faulted"), "\(r.stdout)")
    }

    /// `probe_fault_engine.py`: floors column widths to whole points, and `crash-empty` traps on
    /// no sections (Blueprints asks its delegate for section -1); `zero-empty` answers [0, 0] there.
    static func probeFault(_ mode: String) -> String {
        "exec:python3 " + ExternalTestSupport.packageRoot.appendingPathComponent("Tests/WaterfallCheckTestSupport/FakeEngines/probe_fault_engine.py").path + " " + mode
    }

    @Test("one probe faults: exit 2 with the fault as a bug and its input, the other conventions still found and saved, the faulted one undetermined")
    func oneFaultKeepsTheRest() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let r = try CLI.run(["conventions", "--engine", Self.probeFault("crash-empty"), "--save", "c.json"], in: dir.url, ci: "true")
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("found columnWidth: down to 1 pt"), "\(r.stdout)")
        #expect(r.stdout.contains("undetermined (zeroContentSizeWithoutSections): its probe faulted"), "\(r.stdout)")
        #expect(r.stdout.contains("saved c.json (undetermined: zeroContentSizeWithoutSections)"), "\(r.stdout)")
        #expect(r.stderr.contains("a bug in the engine; zeroContentSizeWithoutSections undetermined"), "\(r.stderr)")
        #expect(r.stderr.contains("probe-fault: section -1"), "\(r.stderr)")
        // The probe's input, as JSON a fixture can take: width 320, 2 columns, no sections.
        #expect(r.stderr.contains(#"input: {"layout":{"containerWidth":320,"columnCount":2"#) && r.stderr.contains(#""sections":[]}"#), "\(r.stderr)")
        let file = try EngineConventions.read(contentsOf: dir.url.appendingPathComponent("c.json"))
        #expect(file.conventions == EngineConventions(columnWidthRounding: LengthRounding(.down)))
        #expect(file.undetermined == ["zeroContentSizeWithoutSections"])
    }

    @Test("--conventions FILE forgives nothing its file lists as undetermined; the same convention declared is forgiven; a file setting an undetermined key is refused")
    func undeterminedIsNotForgiven() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        // §5 with no sections: contentSize [W, 0] (FIXTURE-FORMAT §5: the content height of no
        // sections is 0, its width the container's), derived by hand.
        _ = try dir.write("""
            {"format": "waterfall-fixture/1", "name": "no-sections", "layout": {"containerWidth": 320, "columnCount": 2},
             "sections": [], "expected": {"contentSize": [320, 0], "sections": []}}
            """, to: "fixtures/no-sections.json")
        _ = try dir.write(#"{"engine": "x", "conventions": {"columnWidth": {"rule": "down", "scale": 1}}, "undetermined": ["zeroContentSizeWithoutSections"]}"#, to: "undetermined.json")
        _ = try dir.write(#"{"conventions": {"columnWidth": {"rule": "down", "scale": 1}, "zeroContentSizeWithoutSections": true}}"#, to: "declared.json")
        _ = try dir.write(#"{"conventions": {"zeroContentSizeWithoutSections": true}, "undetermined": ["zeroContentSizeWithoutSections"]}"#, to: "both.json")
        let engine = Self.probeFault("zero-empty")
        let judged = try CLI.run(["verify", "--engine", engine, "--conventions", "undetermined.json", "fixtures"], in: dir.url, ci: "true")
        #expect(judged.status == 1, "\(judged.stdout)\(judged.stderr)")
        #expect(judged.stdout.contains("undetermined in undetermined.json (a probe faulted): zeroContentSizeWithoutSections; not declared"), "\(judged.stdout)")
        let declared = try CLI.run(["verify", "--engine", engine, "--conventions", "declared.json", "fixtures"], in: dir.url, ci: "true")
        #expect(declared.status == 0, "\(declared.stdout)\(declared.stderr)")
        let both = try CLI.run(["verify", "--engine", engine, "--conventions", "both.json", "fixtures"], in: dir.url, ci: "true")
        #expect(both.status == 2, "\(both.stdout)\(both.stderr)")
        #expect(both.stderr.contains("both.json") && both.stderr.contains("is undetermined (its probe faulted) and also set in conventions"), "\(both.stderr)")
    }

    @Test("the reference engine: plain §5 explains every probe, exit 0, and --save writes the empty conventions")
    func reference() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let r = try CLI.run(["conventions", "--engine", "reference", "--save", "c.json"], in: dir.url, ci: "true")
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("found: none (plain §5 explains every probe)"), "\(r.stdout)")
        #expect(try dir.read("c.json").contains("\"conventions\": {}"))
    }
}
