import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckReports
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
@testable import WaterfallCheckTransport
import WaterfallCheckTestSupport

/// Firefox and WebKitGTK beside Chromium, jQuery Masonry 2, batched layouts (docs/web-engines.md).
/// Each browser's tests are skipped, never failed, when it is not installed
/// (`scripts/bootstrap --web`); `.ci/run` installs all three.
enum BrowserTestSupport {
    static let hasFirefox = WebEngine.isAvailable(.firefox)
    static let hasWebKit = WebEngine.isAvailable(.webkit)
    static var jqueryMasonry: String? {
        let path = ProcessInfo.processInfo.environment["WATERFALL_JQUERY_MASONRY"]
            ?? WebTestSupport.root.appendingPathComponent(".build/web/jquery-masonry-2.1.05/jquery.masonry.js").path
        return FileManager.default.fileExists(atPath: path) && WebEngine.jqueryPath(besides: path) != nil ? path : nil
    }
    /// Processes of group `group` that are alive (not zombies waiting for init), after up to 2 s.
    /// Of the temporary directories `names`, those no live process names on its command line:
    /// a profile another test's browser is using (the suites run in parallel, and other processes
    /// may run browsers too) is not this test's leftover.
    static func unused(_ names: Set<String>) -> Set<String> {
        guard !names.isEmpty else { return names }
        var inUse = Set<String>()
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int32(entry) != nil {
            guard let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"), let line = String(data: data, encoding: .utf8) else { continue }
            for name in names where line.contains(name) { inUse.insert(name) }
        }
        return names.subtracting(inUse)
    }

    static func liveMembers(ofGroup group: Int32) -> Int {
        var live = 0
        for _ in 0..<40 {
            live = 0
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int32(entry) != nil {
                guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { continue }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 2, fields[0] != "Z", Int32(fields[2]) == group { live += 1 }
            }
            if live == 0 { return 0 }
            usleep(50_000)
        }
        return live
    }
    /// The browsers installed here.
    static var browsers: [WebEngine.Browser] {
        WebEngine.Browser.allCases.filter { WebEngine.isAvailable($0) }
    }
    /// The engine of each browser's own CSS layout: grid-lanes in Chromium, masonry elsewhere.
    static func cssEngine(_ b: WebEngine.Browser, batch: Int = 64) throws -> WebEngine {
        try WebEngine(.init(kind: b == .chromium ? .gridLanes : .cssMasonry, browser: b, timeout: 30, batch: batch))
    }
    /// Generated inputs the engine declares everything of.
    static func cases(for engine: WebEngine, seed: UInt64, count: Int) -> [LayoutInput] {
        CaseGenerator().cases(seed: seed, count: count, features: engine.descriptor.features, limits: engine.descriptor.limits)
            .map(\.input)
    }
}

@Suite("Browser engines", .serialized)
struct BrowserEngineTests {
    @Test("spec parsing: each browser's engines, and a clear error for one the browser does not have")
    func specs() throws {
        #expect(try WebEngine.parse(spec: "firefox:masonry")! == (.firefox, .cssMasonry))
        #expect(try WebEngine.parse(spec: "webkit:jquery-masonry=/x.js")! == (.webkit, .jqueryMasonry(path: "/x.js")))
        #expect(try WebEngine.parse(spec: "chromium:masonry=/m.js")! == (.chromium, .masonry(path: "/m.js")))
        #expect(try WebEngine.parse(spec: "reference") == nil)
        for bad in ["firefox:grid-lanes", "chromium:masonry", "webkit:jquery-masonry=", "firefox:flex"] {
            #expect(throws: WaterfallCheckError.self, "\(bad)") { try WebEngine.parse(spec: bad) }
        }
        // What each declares: the older masonry is leftmost at tolerance 0, Gecko's quantum 1/60 px.
        let gecko = WebEngine.descriptor(.init(kind: .cssMasonry, browser: .firefox), version: "")
        #expect(gecko.limits.tieBreaks == [.leftmost] && gecko.limits.lengthQuantum == 1.0 / 60)
        #expect(!gecko.features.contains(.tieTolerance) && gecko.features.contains(.roundRobin))
        let webkit = WebEngine.descriptor(.init(kind: .cssMasonry, browser: .webkit), version: "")
        #expect(webkit.limits.lengthQuantum == 1.0 / 64)
        // A grid-lanes browser that honours no tolerance property cannot express a tolerance.
        #expect(!WebEngine.descriptor(.init(kind: .gridLanes), version: "", toleranceProperty: "none").features.contains(.tieTolerance))
        #expect(WebEngine.descriptor(.init(kind: .gridLanes), version: "", toleranceProperty: "flow-tolerance").features.contains(.tieTolerance))
    }

    @Test("Gecko's 1/60-px quantum: an exact tie in app units, read back through float, is a tie, not a placement difference")
    func nonDyadicQuantumTies() throws {
        // Two columns 100 wide; items 100 + 1e-9 and 100 tall: §5 puts item 2 in column 1 (lower by
        // 1e-9). An engine that saw the two tops equal (its app units) takes column 0, the start-most.
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 200, columnCount: 2, columnSpacing: 0, rowSpacing: 0),
                                sections: [SectionInput(items: [.height(100.000000001), .height(100), .height(10)])])
        let expected = try ReferenceLayout.layout(input)
        #expect(expected.sections[0].items[2].minX == 100)
        var actual = expected
        actual.sections[0].items[2] = CGRect(x: 0, y: 100.000000001, width: 100, height: 10)
        let gecko = PlacementVerdict(input: input, expected: expected, actual: actual, quantum: 1.0 / 60, tolerance: .default)
        #expect(gecko.kind == .tie, "\(gecko.summary)")
        // With a power-of-two quantum the engine's numbers are exact: the same choice is a placement difference.
        let dyadic = PlacementVerdict(input: input, expected: expected, actual: actual, quantum: 1.0 / 64, tolerance: .default)
        #expect(dyadic.kind == .placement, "\(dyadic.summary)")
    }

    @Test("a missing browser is a usage error naming how to install it")
    func missingBrowser() throws {
        #expect(throws: WaterfallCheckError.self) {
            try WebPageSupport.findExecutable(variable: "X", names: ["no-such-browser-here"], install: "install it",
                                              environment: ["PATH": "/nonexistent"])
        }
        #expect(throws: WaterfallCheckError.self) {
            try GeckoBrowser.findExecutable(environment: ["WATERFALL_FIREFOX": "/nonexistent/firefox"])
        }
    }

    @Test("Firefox and WebKit: the leftmost conformance fixtures pass but Gecko's zero-height tie (Fixtures/web)",
          .enabled(if: BrowserTestSupport.hasFirefox || BrowserTestSupport.hasWebKit, "no Firefox or WebKitGTK"))
    func conformance() throws {
        for b in BrowserTestSupport.browsers where b != .chromium {
            let engine = try BrowserTestSupport.cssEngine(b)
            let report = GoldenRunner(engine: { engine }, jobs: 1).run(paths: [WebTestSupport.fixtures("conformance")])
            let failed = report.results.filter { $0.status == .failed }.map { $0.url.lastPathComponent }
            #expect(failed == (b == .firefox ? ["zero-heights-touching.json"] : []), Comment(rawValue: TextReport.render(report)))
            #expect(report.results.filter { $0.status == .passed }.count >= 11)
            engine.shutdown()
        }
    }

    @Test("a batch lays out exactly what one layout at a time does, in every browser; announced layouts are answered from it",
          .enabled(if: !BrowserTestSupport.browsers.isEmpty, "no browser"))
    func batchEqualsSingle() throws {
        for b in BrowserTestSupport.browsers {
            let batched = try BrowserTestSupport.cssEngine(b)
            let single = try BrowserTestSupport.cssEngine(b, batch: 1)
            // Valid inputs within the engine's limits only: an invalid one is answered by validation,
            // one beyond maxLength is never sent.
            let inputs = BrowserTestSupport.cases(for: batched, seed: 3, count: 40).filter {
                (try? ReferenceLayout.validate($0)) != nil && batched.descriptor.limits.refusal($0) == nil
            }
            #expect(inputs.count >= 10)
            let one = inputs.map { single.answer($0).result }
            #expect(one.allSatisfy { $0 != nil }, "\(b)")
            let all = batched.layoutBatch(inputs).map { try? $0.get() }
            #expect(all == one, "\(b)")
            // Through prefetch, as compare uses it: the same answers; a skipped one is dropped.
            batched.prefetch(inputs.map { .layout($0) })
            for (k, input) in inputs.enumerated() where k != 5 {
                #expect(batched.answer(input).result == one[k], "\(b) case \(k)")
            }
            batched.shutdown(); single.shutdown()
        }
    }

    @Test("Chromium: two pages side by side answer a batch exactly as one page does",
          .enabled(if: WebTestSupport.hasChromium, "no Chromium"))
    func pagesSideBySide() throws {
        let two = try WebEngine(.init(kind: .gridLanes, timeout: 30, pages: 2))
        let one = try WebEngine(.init(kind: .gridLanes, timeout: 30, pages: 1))
        let inputs = BrowserTestSupport.cases(for: two, seed: 5, count: 200).filter {
            (try? ReferenceLayout.validate($0)) != nil && two.descriptor.limits.refusal($0) == nil
        }
        #expect(inputs.count >= 100)
        let a = two.layoutBatch(inputs).map { try? $0.get() }, b = one.layoutBatch(inputs).map { try? $0.get() }
        #expect(two.browserPages == 2 && one.browserPages == 1)
        #expect(a.allSatisfy { $0 != nil } && a == b)
        // An odd batch splits unevenly, in order.
        #expect(two.layoutBatch(Array(inputs.prefix(3))).map { try? $0.get() } == Array(b.prefix(3)))
        two.shutdown(); one.shutdown()
    }

    @Test("a killed browser is a fault; the next layout starts a new one; shutdown leaves no process and no profile",
          .enabled(if: BrowserTestSupport.hasFirefox || BrowserTestSupport.hasWebKit, "no Firefox or WebKitGTK"))
    func faultsAndCleanup() throws {
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 320, columnCount: 3, columnSpacing: 10),
                                sections: [SectionInput(items: [.height(50), .height(30)])])
        for b in BrowserTestSupport.browsers where b != .chromium {
            let before = Set((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? [])
            let engine = try BrowserTestSupport.cssEngine(b)
            #expect(engine.answer(input).result?.sections[0].items[1] == CGRect(x: 110, y: 0, width: 100, height: 30))
            var bad = input
            bad.layout.columnCount = 0
            if case .error(let e) = engine.answer(bad) { #expect(e.code == .invalidColumnCount) } else { Issue.record("expected invalidColumnCount") }
            let pid = try #require(engine.browserProcessID)
            kill(-pid, SIGKILL)
            if case .fault = engine.answer(input) {} else { Issue.record("\(b): expected a fault after the browser was killed") }
            #expect(engine.browserProcessID == nil)
            #expect(engine.answer(input).result?.sections[0].items[1] == CGRect(x: 110, y: 0, width: 100, height: 30))
            let second = try #require(engine.browserProcessID)
            #expect(second != pid)
            engine.shutdown()
            #expect(BrowserTestSupport.liveMembers(ofGroup: second) == 0, "\(b): the browser's process group outlived shutdown")
            let after = Set((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? [])
            #expect(BrowserTestSupport.unused(after.subtracting(before).filter { $0.hasPrefix("waterfall-firefox-") }).isEmpty,
                    "\(b): a profile was left behind")
            // The signal path: browsers killed (ExternalEngine.killAll), then their profiles removed.
            if b == .firefox {
                _ = engine.answer(input)
                let live = try #require(engine.browserProcessID)
                kill(-live, SIGKILL)
                #expect(WebEngine.removeBrowserDirectories() >= 1)
                let left = Set((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? [])
                #expect(BrowserTestSupport.unused(left.subtracting(before).filter { $0.hasPrefix("waterfall-firefox-") }).isEmpty,
                        "the signal path left a profile")
                engine.shutdown()
            }
        }
    }

    @Test("webkit:masonry declares 2^18 px: beyond it WebKitGTK's running positions are float32, one float step apart ties",
          .enabled(if: BrowserTestSupport.hasWebKit, "no WebKitGTK"))
    func webkitFloat32() throws {
        let engine = try BrowserTestSupport.cssEngine(.webkit)
        #expect(engine.descriptor.limits.maxLength == 262_144)
        // Two columns of 100; heights 301,486 and 301,485.984375 (1/64 less): §5 puts the third in
        // column 1, the lower. In float32 (step 1/32 there) both tops are 301,486: start-most, column 0.
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 200, columnCount: 2, columnSpacing: 0, rowSpacing: 0),
                                sections: [SectionInput(items: [.height(301_486), .height(301_485.984375), .height(10)])])
        #expect(try ReferenceLayout.layout(input).sections[0].items[2].minX == 100)
        #expect(try engine.layout(input).sections[0].items[2].minX == 0)
        // The gate never sends it: beyond the declared length.
        if case .unsupported = engine.answer(input) {} else { Issue.record("expected the input to be refused by maxLength") }
        // The same shape below 2^18 px is decided exactly: column 1.
        let small = LayoutInput(layout: input.layout, sections: [SectionInput(items: [.height(200_000), .height(199_999.984375), .height(10)])])
        #expect(try engine.layout(small).sections[0].items[2].minX == 100)
        engine.shutdown()
    }

    @Test("grid-lanes: the tolerance property Chromium honours is detected, and the tolerance it writes takes effect",
          .enabled(if: WebTestSupport.hasChromium, "no Chromium"))
    func toleranceProperty() throws {
        let engine = try BrowserTestSupport.cssEngine(.chromium)
        let property = try engine.toleranceProperty()
        #expect(["fit-tolerance", "flow-tolerance"].contains(property))
        // Tops 30, 20, 25 after three items: with tolerance 0 column 1 is the one shortest; with
        // tolerance 10 columns 1 and 2 tie and the cursor picks column 2 (after item 2, in column 2,
        // the cursor-first rule starts at... the reference, §5, decides): the two placements differ,
        // so a browser that ignored the property written would fail one of them.
        var input = LayoutInput(layout: LayoutSettings(containerWidth: 320, columnCount: 3, columnSpacing: 10, rowSpacing: 0,
                                                       tieTolerance: 0, tieBreak: .afterPrevious),
                                sections: [SectionInput(items: [.height(30), .height(20), .height(25), .height(5)])])
        let strict = try ReferenceLayout.layout(input).sections[0].items[3].minX
        #expect(engine.answer(input).result?.sections[0].items[3].minX == strict)
        input.layout.tieTolerance = 10
        let tolerant = try ReferenceLayout.layout(input).sections[0].items[3].minX
        #expect(strict != tolerant)
        #expect(engine.answer(input).result?.sections[0].items[3].minX == tolerant)
        engine.shutdown()
    }

    @Test("jQuery Masonry 2 in each browser: leftmost exact ties, and the trailing gutter (Fixtures/web)",
          .enabled(if: BrowserTestSupport.jqueryMasonry != nil && !BrowserTestSupport.browsers.isEmpty, "no jQuery Masonry or browser"))
    func jqueryMasonry() throws {
        let path = try #require(BrowserTestSupport.jqueryMasonry)
        for b in BrowserTestSupport.browsers {
            let engine = try WebEngine(.init(kind: .jqueryMasonry(path: path), browser: b, timeout: 30))
            // 3 columns of 100 at 0, 110, 220; heights 30, 20, 20, 10: the 4th goes to the leftmost of
            // the tied columns 1 and 2 at y 20 + 10 (row spacing).
            let input = LayoutInput(layout: LayoutSettings(containerWidth: 320, columnCount: 3, columnSpacing: 10, rowSpacing: 10),
                                    sections: [SectionInput(items: [.height(30), .height(20), .height(20), .height(10)])])
            let r = try #require(engine.answer(input).result, "\(b)")
            #expect(r.sections[0].items[3] == CGRect(x: 110, y: 30, width: 100, height: 10), "\(b)")
            // §5's content height is 40 (item 3's bottom); jQuery Masonry counts its margin: 50.
            #expect(r.contentSize.height == 50, "\(b)")
            engine.shutdown()
        }
    }
}
