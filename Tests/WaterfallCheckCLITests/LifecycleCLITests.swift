import Foundation
import Testing
import WaterfallCheckTestSupport

/// `fuzz --lifecycle` at the command line: the tutorial that keeps its column width after a
/// rotation (seed 002) is found, saved with its steps, kept red by `verify` and by the next
/// run's replay; an engine without a layout object is a usage-level error.
@Suite("fuzz --lifecycle: command line")
struct LifecycleCLITests {
    @Test("found, saved with steps, red in verify and in the next run's replay")
    func foundSavedReplayed() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let engine = "classic-002-waterflowlayout"
        let out = try CLI.run(["fuzz", "--lifecycle", "--engine", engine, "--seed", "1", "--duration", "5", "--save", "found", "--html", "report"],
                              in: dir.url, ci: "true")
        #expect(out.status == 1, "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.contains("FAIL lifecycle moved"), "\(out.stdout)")
        #expect(out.stdout.contains("<- departs here"), "\(out.stdout)")
        #expect(out.stdout.contains("lifecycle steps: "), "\(out.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("found").path)
        let saved = try #require(files.first { $0.hasPrefix("lifecycle-") })
        let text = try dir.read("found/\(saved)")
        #expect(text.contains("\"steps\": {"))
        #expect(text.contains("\"action\": \"setBounds\""), "\(text)")
        #expect(try dir.read("report/index.html").contains("before step 1"))

        let verify = try CLI.run(["verify", "--engine", engine, "found/\(saved)", "--html", "verify-report"], in: dir.url, ci: "true")
        #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("lifecycle: after step 1"), "\(verify.stdout)")
        let page = try dir.read("verify-report/index.html")
        #expect(page.contains("before step 1") && page.contains("after step 1") && page.contains("departs here"))

        // Over exec: the same fixture, the same verdict (waterfall-engine serves the port's layout objects).
        let served = "exec:\(ExternalTestSupport.engineExecutable) \(engine)"
        let overExec = try CLI.run(["verify", "--engine", served, "found/\(saved)"], in: dir.url, ci: "true")
        #expect(overExec.status == 1, "\(overExec.stdout)\(overExec.stderr)")
        #expect(overExec.stdout.contains("lifecycle: after step 1"), "\(overExec.stdout)")

        let again = try CLI.run(["fuzz", "--lifecycle", "--engine", engine, "--seed", "2", "--duration", "1", "--save", "found"], in: dir.url, ci: "true")
        #expect(again.status == 1)
        #expect(again.stdout.contains("replay FAIL found/\(saved)"), "\(again.stdout)")
    }

    @Test("an engine without a layout object: exit 2, saying why")
    func noCapability() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let out = try CLI.run(["fuzz", "--lifecycle", "--engine", "reference", "--seed", "1", "--duration", "1", "--save", "x"], in: dir.url, ci: "true")
        #expect(out.status == 2, "\(out.stdout)\(out.stderr)")
        #expect(out.stderr.contains("has no lifecycle"), "\(out.stderr)")
    }
}
