import Foundation
import Testing
import WaterfallCheckTesting

/// The reference, declaring `limits` about itself, with `bug` planted (the review's BuggyEngine):
/// 1 adds 1 pt to the content height from 3 items, 2 with a header, 3 from 2 columns and 1 item.
private final class Declaring: LayoutEngine {
    let descriptor: EngineDescriptor
    let bug: Int
    init(_ limits: EngineLimits = .exact, bug: Int = 0) {
        descriptor = EngineDescriptor(name: "my-layout", version: "1", capabilities: [.query], limits: limits)
        self.bug = bug
    }
    private let reference = ReferenceEngine()
    func layout(_ input: LayoutInput) throws -> LayoutResult {
        var r = try reference.layout(input)
        let items = input.itemCount
        if bug == 1 && items >= 3 { r.contentSize.height += 1 }
        if bug == 2 && input.sections.contains(where: { $0.header != nil }) { r.contentSize.height += 1 }
        if bug == 3 && input.layout.columnCount >= 2 && items >= 1 { r.contentSize.height += 1 }
        return r
    }
    func elements(in rect: CGRect) throws -> [ElementID] { try reference.elements(in: rect) }
}

@Suite("Swift API: engine claims pinned, counterexamples never overwritten (issue 33)")
struct ClaimsAPITests {
    static func scratch() -> URL { FileManager.default.temporaryDirectory.appendingPathComponent("wc-claims-\(UUID().uuidString)") }

    @Test("verifyGoldens(expectClaims:) fails an engine declaring a coarser quantum than the file allows; the report names its claims")
    func expectClaimsFailsALooserEngine() throws {
        let dir = Self.scratch(); defer { try? FileManager.default.removeItem(at: dir) }
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 100, columnCount: 2), sections: [SectionInput(items: [.height(10)])])
        // §5 by hand: 2 columns of 50 pt, the one item in column 0 at the top.
        let golden = LayoutResult(contentSize: CGSize(width: 100, height: 10), sections: [SectionFrames(items: [CGRect(x: 0, y: 0, width: 50, height: 10)])])
        try Fixture(name: "one", input: input, expected: .layout(golden)).save(in: dir)
        let claims = dir.appendingPathComponent("claims")
        try FileManager.default.createDirectory(at: claims, withIntermediateDirectories: true)
        let strict = claims.appendingPathComponent("strict.claims").path
        try #"{"lengthQuantum": 0}"#.write(toFile: strict, atomically: true, encoding: .utf8)
        let web = Declaring(EngineLimits(lengthQuantum: 1.0 / 64))
        let pinned = try verifyGoldens(engine: { web }, fixtures: [dir.appendingPathComponent("one.json").path], record: .never, expectClaims: strict)
        #expect(!pinned.succeeded)
        #expect(pinned.claimProblems == ["lengthQuantum: 1/64 pt, allowed at most 0 pt (doubles)"])
        #expect(TextReport.render(pinned).hasPrefix("judged with: lengthQuantum 1/64 pt (declared by the engine)\nFAIL engine claims:"))
        let unpinned = try verifyGoldens(engine: { web }, fixtures: [dir.appendingPathComponent("one.json").path], record: .never)
        #expect(unpinned.succeeded, "\(TextReport.render(unpinned))")
        // A Swift engine never sends a hello: its descriptor is held to the same bounds.
        let coarse = try verifyGoldens(engine: { Declaring(EngineLimits(lengthQuantum: 5)) }, fixtures: [dir.appendingPathComponent("one.json").path], record: .never)
        #expect(!coarse.succeeded && coarse.claimProblems == ["lengthQuantum 5 pt is outside [0, 1] pt"], "\(coarse.claimProblems)")
    }

    @Test("A5: runInvariants of three different bugs saving into one folder keeps three counterexamples, each issue naming its own file")
    func countexamplesOfOneNameAreKept() throws {
        let dir = Self.scratch(); defer { try? FileManager.default.removeItem(at: dir) }
        var saved: [URL: LayoutInput] = [:]
        for bug in 1...3 {
            let run = runInvariants(engine: Declaring(bug: bug), cases: 200, seed: 1, saveTo: dir)
            for f in run.findings {
                let url = try #require(f.saved)
                saved[url] = f.counterexample.input
            }
        }
        #expect(saved.count >= 3, "\(saved.keys.map(\.lastPathComponent))")
        for (url, input) in saved {  // every file holds the input its finding printed
            #expect(try FixtureReader.read(contentsOf: url).input.normalised == input.normalised, "\(url.lastPathComponent)")
        }
    }
}
