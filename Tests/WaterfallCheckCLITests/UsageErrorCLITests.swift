import Foundation
import Testing
import WaterfallCheckTestSupport

/// Short usage errors (issue 15): the error, the command's synopsis and where the help is, never
/// the whole help, for every command.
@Suite("Usage errors are short")
struct UsageErrorCLITests {
    static let commands = ["verify", "record", "review", "accept", "reject", "fuzz", "compare", "compare-revisions", "render", "engines", "format"]

    @Test("a bad command line prints the error, the USAGE lines and 'see waterfall-check help CMD', and exits 2", arguments: commands)
    func short(_ command: String) throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let out = try CLI.run([command, "--no-such-option"], in: dir.url, ci: "false")
        #expect(out.status == 2)
        let lines = out.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.first?.hasPrefix("error: ") == true, "\(out.stderr)")
        #expect(lines.count >= 3 && lines.count <= 6, "\(out.stderr)")
        #expect(lines.dropFirst().first?.hasPrefix("USAGE: waterfall-check \(command)") == true, "\(out.stderr)")
        #expect(lines.last == "see 'waterfall-check help \(command)'")
        #expect(!out.stderr.contains("OPTIONS:") && !out.stderr.contains("EXIT STATUS"))
    }
}
