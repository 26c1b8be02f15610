import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// Review D17 at the command line: bounded, readable messages.
@Suite("Adversarial: messages at the command line (D17)")
struct MessageCLITests {

    @Test("D17: a 100,000-character path gives a bounded error line")
    func longPathsAreBounded() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wc-d17-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = String(repeating: "a/", count: 50_000) + "x.json"
        let out = try CLI.run(["verify", "--engine", "reference", path], in: dir, ci: "false")
        #expect(out.status == 2)
        let longest = (out.stderr + out.stdout).split(separator: "\n").map(\.count).max() ?? 0
        #expect(longest < 2_100, "a line of \(longest) characters")
    }
}
