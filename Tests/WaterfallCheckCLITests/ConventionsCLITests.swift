import Foundation
import Testing
import WaterfallCheckTestSupport

/// `waterfall-check conventions`: what it prints, and what it refuses to vouch for.
@Suite("conventions command")
struct ConventionsCLITests {
    @Test("an engine that crashes on its probes is an engine error (exit 2) with the fault shown, and --save writes nothing")
    func faultsAreNotPlainSection5() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let engine = "exec:python3 \(ExternalTestSupport.fakeEngine) crash"
        let r = try CLI.run(["conventions", "--engine", engine, "--save", "c.json"], in: dir.url, ci: "true")
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("faulted on a probe") && r.stderr.contains("nothing saved"), "\(r.stderr)")
        #expect(!r.stdout.contains("plain §5 explains every probe"), "\(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("c.json").path))
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
