import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckTransport
import WaterfallCheckTestSupport

/// A page's renderer process that dies (killed, out of memory) never replies to the batch it was
/// given: the batch waited out its whole timeout (up to 10 times the engine's: 100 s by default)
/// and was called `timedOut`. Chromium says so at once (`Inspector.targetCrashed`): a `crashed`
/// fault in well under the timeout; the next batch restarts the browser and answers as before;
/// shutdown leaves no process.
@Suite("Chromium: a renderer that dies mid-batch")
struct ChromiumRendererCrashTests {
    /// The renderer processes of the browser's process group (not Chromium's own UI renderers).
    static func renderers(ofGroup group: Int32) -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { e -> Int32? in
            guard let pid = Int32(e), getpgid(pid) == group,
                  let d = FileManager.default.contents(atPath: "/proc/\(e)/cmdline") else { return nil }
            let line = String(decoding: d, as: UTF8.self)
            return line.contains("--type=renderer") && !line.contains("top-chrome-webui") ? pid : nil
        }
    }

    @Test("a killed renderer is a crashed fault at once, not the batch's timeout; the next batch answers as before",
          .enabled(if: WebTestSupport.hasChromium, "no Chromium"))
    func killedRenderer() throws {
        let engine = try WebEngine(.init(kind: .gridLanes, timeout: 5, pages: 2))
        let inputs = BrowserTestSupport.cases(for: engine, seed: 5, count: 40).filter {
            (try? ReferenceLayout.validate($0)) != nil && engine.descriptor.limits.refusal($0) == nil
        }
        let before = engine.layoutBatch(inputs).map { try? $0.get() }
        #expect(before.allSatisfy { $0 != nil } && engine.browserPages == 2)
        let group = try #require(engine.browserProcessID)
        let renderers = Self.renderers(ofGroup: group)
        #expect(!renderers.isEmpty)
        for pid in renderers { kill(pid, SIGKILL) }
        let start = Date()
        let after = engine.layoutBatch(inputs)
        let seconds = Date().timeIntervalSince(start)
        let faults = after.compactMap { r -> EngineFault? in if case .failure(let f as EngineFault) = r { return f }; return nil }
        #expect(faults.count == inputs.count && faults.allSatisfy { $0.kind == .crashed }, "\(faults.first.map { "\($0)" } ?? "no fault")")
        #expect(seconds < 25, "\(seconds) s: the batch's timeout is \(5 * 10) s")
        #expect(engine.layoutBatch(inputs).map { try? $0.get() } == before)
        let restarted = engine.browserProcessID
        engine.shutdown()
        #expect(restarted.map { BrowserTestSupport.liveMembers(ofGroup: $0) } == 0)
    }
}
