import Foundation
import Testing
@testable import WaterfallCheck

/// `fuzz` and `compare` at the command line: nothing found is ever dropped, no fixture overwritten.
@Suite("fuzz and compare: command line")
struct FuzzCLITests {
    @Test("a saved counterexample that cannot be read fails the run (exit 1), never passes silently")
    func unreadableReplay() throws {
        let (dir, _) = try adversarialCorpus()
        defer { dir.cleanup() }
        try dir.write("{ \"format\": ", to: "saved/broken.json")
        let out = try CLI.run(["fuzz", "--cases", "5", "--seed", "1", "--save", "saved"], in: dir.url, ci: "true")
        #expect(out.status == 1, "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.contains("replay FAIL saved/broken.json: cannot be read"), "\(out.stdout)")
    }

    @Test("--json onto a fixture is refused for fuzz (save directory) and compare (PATHs)")
    func jsonOntoFixtures() throws {
        let (dir, text) = try adversarialCorpus()
        defer { dir.cleanup() }
        let fuzz = try CLI.run(["fuzz", "--cases", "5", "--save", "fx", "--json", "fx/a.json"], in: dir.url, ci: "true")
        #expect(fuzz.status == 2)
        let compare = try CLI.run(["compare", "--baseline", "reference", "--candidate", "reference", "--fuzz-cases", "0",
                                   "--json", "fx/a.json", "fx"], in: dir.url, ci: "true")
        #expect(compare.status == 2)
        #expect(compare.stderr.contains("--json fx/a.json would"), "\(compare.stderr)")
        #expect(try dir.read("fx/a.json") == text)
    }
}

@Suite("Option values")
struct OptionValueTests {
    @Test("hexadecimal or special tolerances, absurd job counts and scales are usage errors (exit 2)")
    func rejected() throws {
        let (dir, _) = try adversarialCorpus()
        defer { dir.cleanup() }
        for args in [["verify", "--tolerance", "0x10", "fx"], ["verify", "--tolerance", "inf", "fx"],
                     ["verify", "--jobs", "100000", "fx"], ["fuzz", "--jobs", "0", "--cases", "1", "--save", "s"],
                     ["render", "fx/a.json", "--scale", "1e300"]] {
            let out = try CLI.run(args, in: dir.url, ci: "true")
            #expect(out.status == 2, "\(args)")
            #expect(out.stderr.contains("expects"), "\(args): \(out.stderr)")
        }
        #expect(try CLI.run(["verify", "--tolerance", "1e-3", "--jobs", "256", "fx"], in: dir.url, ci: "true").status == 0)
    }
}
