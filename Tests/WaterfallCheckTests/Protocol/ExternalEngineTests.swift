import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
@testable import WaterfallCheckTransport
import WaterfallCheckEngines
import WaterfallCheckTestSupport

/// ExternalEngine against fake engines that misbehave one way each (FIXTURE-FORMAT §9): every
/// misbehaviour is an EngineFault of the documented kind, with the engine's stderr, and the
/// process (and its group) is gone afterwards. Timeouts are 1 s, so nothing can hang the run.
@Suite("External engine client")
struct ExternalEngineTests {
    typealias S = ExternalTestSupport

    @Test("the hello line gives the descriptor; a request gets §5 frames")
    func handshakeAndLayout() throws {
        let engine = try ExternalEngine.start(S.fake("ok"))
        #expect(engine.descriptor.name == "fake-ok")
        #expect(engine.descriptor.version == "1.0")
        #expect(engine.descriptor.capabilities == [])
        #expect(engine.descriptor.features == [])
        let r = try engine.layout(S.threeItems)
        // Column width (100 - 0) / 2 = 50. Items 0 and 1 open columns 0 and 1 at y 0; item 2 goes
        // to column 0 (running height 10 < 20) at y 10 and ends at 40, the content height.
        #expect(r.contentSize == CGSize(width: 100, height: 40))
        #expect(r.sections == [SectionFrames(items: [
            CGRect(x: 0, y: 0, width: 50, height: 10), CGRect(x: 50, y: 0, width: 50, height: 20),
            CGRect(x: 0, y: 10, width: 50, height: 30)])])
        let pid = try #require(engine.processID)
        engine.shutdown()
        #expect(S.isGone(pid))
    }

    @Test("an input with an undeclared feature is never sent: unsupported")
    func undeclaredFeature() throws {
        let engine = try ExternalEngine.start(S.fake("crash"))
        var input = S.threeItems
        input.sections.append(SectionInput())
        guard case .unsupported = engine.answer(input) else { Issue.record("an undeclared feature must be unsupported"); return }
        // NaN cannot be written in JSON: unsupported, not sent either.
        var nan = S.threeItems
        nan.sections[0].items[1] = .height(.nan)
        #expect(throws: LayoutError(.unsupported)) { try engine.layout(nan) }
        // Had either been sent, the crash engine would have died.
        #expect(engine.processID != nil)
    }

    @Test("a crash is a fault with the exit status and the engine's stderr; the next request restarts it")
    func crashAndRestart() throws {
        let engine = try ExternalEngine.start(S.fake("crash-odd"))
        let pid = try #require(engine.processID)
        let f = try #require(S.fault { _ = try engine.layout(S.threeItems) })
        #expect(f.kind == .crashed)
        #expect(f.message.contains("exited with status 3"))
        #expect(f.stderr.contains("fake: boom"))
        #expect(S.isGone(pid))
        // Request 2 goes to a new process, which answers even ids.
        #expect(try engine.layout(S.threeItems).contentSize.height == 40)
        #expect(engine.processID != pid)
    }

    @Test("a signal is named")
    func segv() throws {
        let engine = try ExternalEngine.start(S.fake("segv"))
        let f = try #require(S.fault { _ = try engine.layout(S.threeItems) })
        #expect(f.kind == .crashed)
        // sh -c passes the engine's death on as status 128 + 11 (dash) or as the signal itself.
        #expect(f.message.contains("signal 11") || f.message.contains("status 139"))
    }

    @Test("a hang times out, and the engine is killed and reaped")
    func hang() throws {
        let engine = try ExternalEngine.start(S.fake("hang", timeout: 1))
        let pid = try #require(engine.processID)
        let f = try #require(S.fault { _ = try engine.layout(S.threeItems) })
        #expect(f.kind == .timedOut)
        #expect(f.message.contains("within 1 s"))
        #expect(S.isGone(pid))
    }

    @Test("malformed, truncated, mismatched and misshapen replies", arguments: [
        ("garbage", EngineFault.Kind.malformedReply, "this is not json"),
        ("truncated", .malformedReply, "cut off at end of file"),
        ("wrongid", .mismatchedID, "reply to request 1 carries id 2"),
        ("wrongshape", .wrongShape, "$.contentSize"),
        ("unsupported", .unexpectedUnsupported, "within the declared features"),
    ])
    func badReplies(mode: String, kind: EngineFault.Kind, mentions: String) throws {
        let engine = try ExternalEngine.start(S.fake(mode))
        let f = try #require(S.fault { _ = try engine.layout(S.threeItems) })
        #expect(f.kind == kind)
        #expect(f.description.contains(mentions))
        #expect(engine.processID == nil)
    }

    @Test("no hello, or a hello of another protocol, fails the handshake")
    func handshakeFaults() throws {
        let silent = try #require(S.fault { _ = try ExternalEngine.start(S.fake("nohello", timeout: 1)) })
        #expect(silent.kind == .handshake)
        #expect(silent.message.contains("no hello line within 1 s"))
        let other = try #require(S.fault { _ = try ExternalEngine.start(S.fake("badhello")) })
        #expect(other.kind == .handshake)
        #expect(other.message.contains("waterfall-engine/1"))
        let missing = try #require(S.fault { _ = try ExternalEngine.start(.init(arguments: ["/nonexistent/engine"])) })
        #expect(missing.kind == .spawn || missing.kind == .handshake)
    }

    @Test("a grandchild holding the pipe neither hangs the client nor survives it")
    func grandchild() throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("grandchild-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let engine = try ExternalEngine.start(S.fake("grandchild", pidFile, timeout: 5))
        let start = Date()
        let f = try #require(S.fault { _ = try engine.layout(S.threeItems) })
        // The engine's exit is noticed although `sleep` keeps stdout open: well before the 5-s timeout.
        #expect(f.kind == .crashed)
        #expect(Date().timeIntervalSince(start) < 4)
        let grandchild = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8)))
        // Killed with the group; in a container without an init that reaps, it may linger as a zombie.
        var gone = false
        for _ in 0..<100 where !gone {
            let state = (try? String(contentsOfFile: "/proc/\(grandchild)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first
            gone = S.isGone(grandchild) || state == "Z"
            if !gone { usleep(10_000) }
        }
        #expect(gone)
    }

    @Test("a flood of stderr cannot block the engine; the fault keeps only the last bytes")
    func flood() throws {
        let engine = try ExternalEngine.start(S.fake("flood", timeout: 5))
        // 4 MB of stderr before each reply: far beyond a pipe's 64 KB.
        #expect(try engine.layout(S.threeItems).contentSize.height == 40)
        #expect(try engine.layout(S.threeItems).contentSize.height == 40)
        let crashing = try ExternalEngine.start(S.fake("flood-crash", timeout: 5))
        let f = try #require(S.fault { _ = try crashing.layout(S.threeItems) })
        #expect(f.kind == .crashed)
        #expect(f.stderr.hasSuffix("fake: last words\n"))
        #expect(f.stderr.utf8.count <= crashing.configuration.stderrLimit)
    }

    @Test("exec: specs run through /bin/sh -c; unknown names are refused")
    func resolve() throws {
        let entry = try EngineRegistry.builtIn.resolve("exec:python3 '\(S.fakeEngine)' ok", options: .init(timeout: 10))
        #expect(entry.descriptor.name == "fake-ok")
        let engine = entry.make()
        #expect(try engine.layout(S.threeItems).sections.first?.items.count == 3)
        #expect(throws: WaterfallCheckError.self) { try EngineRegistry.builtIn.resolve("no-such-engine") }
        #expect(try EngineRegistry.builtIn.resolve("reference").make() is ReferenceEngine)
    }
}
