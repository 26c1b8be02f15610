import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// D9: Ctrl-C (SIGINT) stops external engines like SIGTERM does, and ends a fuzz run against a
/// hung engine within one engine timeout.
@Suite("Adversarial: signals")
struct AdversarialSignalTests {
    /// A deaf engine script: writes its pid, a hello, then never answers.
    private func deafEngine(in dir: TempDir) throws -> (script: String, pidFile: URL) {
        let pidFile = dir.url.appendingPathComponent("engine.pid")
        let script = try dir.write("""
            #!/bin/sh
            trap '' INT TERM HUP
            echo $$ > '\(pidFile.path)'
            echo '{"protocol":"waterfall-engine/1","engine":"deaf","version":"1","capabilities":[],"features":["size","span"]}'
            exec sleep 1000
            """, to: "deaf.sh")
        chmod(script.path, 0o755)
        return (script.path, pidFile)
    }

    private func waitForPID(_ file: URL) -> pid_t? {
        for _ in 0..<400 {
            if let p = (try? String(contentsOf: file, encoding: .utf8)).flatMap({ pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) { return p }
            usleep(25_000)
        }
        return nil
    }

    private func isRunning(_ pid: pid_t) -> Bool {
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?
            .split(separator: ")").last?.split(separator: " ").first
        return state != nil && state != "Z"
    }

    private func start(_ arguments: [String], in dir: URL) throws -> Subprocess {
        try Subprocess(try CLI.executable().path, arguments, in: dir, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], capture: false)
    }

    @Test("D9: SIGINT of verify and of record stops a hung external engine and exits 130")
    func sigintStopsEngines() throws {
        for command in [["verify"], ["record", "--mode", "all"]] {
            let (dir, _) = try adversarialCorpus()
            defer { dir.cleanup() }
            let (script, pidFile) = try deafEngine(in: dir)
            let p = try start(command + ["--jobs", "1", "--engine-timeout", "60", "--engine", "exec:\(script)", "fx"], in: dir.url)
            let engine = try #require(waitForPID(pidFile))
            usleep(300_000)
            p.signal(SIGINT)
            let status = p.wait()
            #expect(status == 130, "\(command)")
            #expect(!isRunning(engine), "\(command): engine \(engine) still running")
            if isRunning(engine) { kill(engine, SIGKILL) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path + "/fx") == ["a.json"])
        }
    }

    @Test("D9: Ctrl-C ends a fuzz run against a hung engine within one engine timeout, engine stopped")
    func fuzzSigintIsPrompt() throws {
        let (dir, _) = try adversarialCorpus()
        defer { dir.cleanup() }
        let (script, pidFile) = try deafEngine(in: dir)
        let p = try start(["fuzz", "--jobs", "1", "--engine-timeout", "4", "--cases", "1000", "--seed", "1",
                           "--save", "saved", "--engine", "exec:\(script)"], in: dir.url)
        let engine = try #require(waitForPID(pidFile))
        usleep(300_000)
        let sent = Date()
        p.signal(SIGINT)
        let status = p.wait()
        #expect(Date().timeIntervalSince(sent) < 4, "took \(Date().timeIntervalSince(sent)) s")
        // Interrupted with nothing found: 130, and the engine we killed is not an engine fault
        // of the run (it exited 2, "the engine faulted on 1 case(s)").
        #expect(status == 130, "exit \(status)")
        #expect(!isRunning(engine))
        if isRunning(engine) { kill(engine, SIGKILL) }
    }

    @Test("Ctrl-C after a failure was found: the saved counterexample holds the engine's answer, not the stop's fault")
    func sigintKeepsTheFoundAnswer() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let p = try start(["fuzz", "--jobs", "1", "--engine", "exec:python3 \(ExternalTestSupport.fakeEngine) nudge", "--tolerance", "1e-7",
                           "--seed", "5", "--duration", "60", "--save", "saved"], in: dir.url)
        // Case 0 fails `stacking` at once; the run goes on for the other invariants.
        sleep(3)
        p.signal(SIGINT)
        _ = p.wait()
        let saved = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("saved").path)
        #expect(saved.contains { $0.hasPrefix("fuzz-stacking-") }, "\(saved)")
        for name in saved {
            // It was `"actual": {"fault": "... not restarted: the run is being stopped"}`, and the
            // printout listed an accepts-valid failure that never happened.
            let text = try dir.read("saved/" + name)
            #expect(!text.contains("being stopped") && !text.contains("\"fault\""), "\(name): \(text.prefix(600))")
        }
    }

    @Test("SIGTERM of fuzz and verify while the engine's group dies slowly: exit 143, no report, no saved case (they were written, every later case a fault)",
          arguments: ["fuzz", "verify"])
    func sigtermWritesNothing(command: String) throws {
        let (dir, text) = try adversarialCorpus()
        defer { dir.cleanup() }
        // The engine answers and dies of SIGTERM at once; a child in its process group ignores
        // SIGTERM, so stopping the group takes the 2-s grace and then SIGKILL, while the run sees
        // its engine gone and goes on (the cases left fault at once: nothing else holds the pipes).
        // For verify, 200 fixtures and the pipeline fake's `strict` mode (20 ms per answer); for
        // fuzz, the real engine on 5,000 cases (several seconds in a debug build).
        for i in 0..<(command == "verify" ? 200 : 0) { try dir.write(text, to: "fx/copy\(i).json") }
        let engine = command == "verify"
            ? "python3 '\(ExternalTestSupport.packageRoot.path)/Tests/WaterfallCheckTestSupport/FakeEngines/pipeline_engine.py' strict 1"
            : "'\(ExternalTestSupport.engineExecutable)' reference"
        let pidFile = dir.url.appendingPathComponent("engine.pid")
        let script = try dir.write("""
            #!/bin/sh
            trap '' TERM HUP INT
            sleep 1000 </dev/null >/dev/null 2>&1 &
            trap - TERM HUP INT
            echo $$ > '\(pidFile.path)'
            exec \(engine)
            """, to: "slow-group.sh")
        chmod(script.path, 0o755)
        let options = command == "verify" ? ["fx"] : ["--cases", "5000", "--seed", "1", "--save", "saved", "--html", "page"]
        let p = try start([command, "--jobs", "1", "--json", "report.json", "--engine", "exec:\(script.path)"] + options, in: dir.url)
        let enginePID = try #require(waitForPID(pidFile))
        usleep(500_000)
        p.signal(SIGTERM)
        #expect(p.wait() == 143)
        #expect(!isRunning(enginePID))
        if isRunning(enginePID) { kill(enginePID, SIGKILL) }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path)
        #expect(!left.contains("report.json") && !left.contains("page") && !left.contains("saved"), "\(left)")
    }
}
