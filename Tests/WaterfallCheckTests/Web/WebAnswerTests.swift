import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckTransport
import WaterfallCheckTestSupport

/// The page's answers (docs/web-engines.md, "Answers"): JSON text of flat lists, read by the
/// one-pass scanner or, when it bails, by the strict reader. No browser: the texts are written
/// here, the expected frames worked out by hand from the flat-list rule.
@Suite("Web engines: reading the page's answers")
struct WebAnswerTests {
    /// Two sections: a header and two items, then two items and a footer.
    static let input = LayoutInput(
        layout: LayoutSettings(containerWidth: 100, columnCount: 2),
        sections: [SectionInput(header: HeaderFooter(height: 4), items: [.height(10), .height(20)]),
                   SectionInput(items: [.height(6), .height(8)], footer: HeaderFooter(height: 2))])
    /// px at scale 2: [width, height], header, 2 items, 2 items, footer.
    static let flat: [Double] = [200, 90,
                                 0, 0, 200, 8,
                                 0, 8, 100, 20, 100, 8, 100, 40,
                                 0, 48, 100, 12, 100, 48, 100, 16,
                                 0, 64, 200, 4]

    @Test("a flat list is the frames in input order (header, items, footer per section), divided by the scale")
    func flatList() throws {
        let r = try WebEngine.result(Self.flat, input: Self.input, scale: 2)
        #expect(r.contentSize == CGSize(width: 100, height: 45))
        #expect(r.sections[0].header == CGRect(x: 0, y: 0, width: 100, height: 4))
        #expect(r.sections[0].items == [CGRect(x: 0, y: 4, width: 50, height: 10), CGRect(x: 50, y: 4, width: 50, height: 20)])
        #expect(r.sections[0].footer == nil)
        #expect(r.sections[1].header == nil)
        #expect(r.sections[1].items == [CGRect(x: 0, y: 24, width: 50, height: 6), CGRect(x: 50, y: 24, width: 50, height: 8)])
        #expect(r.sections[1].footer == CGRect(x: 0, y: 32, width: 100, height: 2))
    }

    @Test("a list one frame short, one number long, or without the header's frame is refused with the counts")
    func wrongCounts() {
        for bad in [Array(Self.flat.dropLast(4)), Self.flat + [1], Array(Self.flat[0..<2] + Self.flat[6...])] {
            #expect(throws: WebEngine.AnswerError.self) { try WebEngine.result(bad, input: Self.input, scale: 2) }
        }
        do { _ = try WebEngine.result(Self.flat + [1], input: Self.input, scale: 2) } catch {
            #expect("\(error)".contains("27 numbers for 26"), "\(error)")
        }
    }

    @Test("numbers read back exactly as written, exponents included; a text that is not a list of numbers is refused")
    func readers() throws {
        let text = "[" + Self.flat.map { JSONWriter.number($0) }.joined(separator: ",") + "]"
        #expect(try WebEngine.flatAnswer(text) == Self.flat)
        #expect(try WebEngine.flatAnswer("[1e21,1.5e-7,0.015625,-3]") == [1e21, 1.5e-7, 0.015625, -3])
        #expect(throws: (any Error).self) { try WebEngine.flatAnswer("[1,2,") }
        #expect(throws: (any Error).self) { try WebEngine.flatAnswer("{\"width\":1}") }
    }

    @Test("a batch's answers: an {error} answers its own input only; a count other than the inputs' is refused")
    func batch() throws {
        let answers = try WebEngine.batchAnswers(#"[[1,2],{"error":"TypeError: x"},[3,4.5]]"#, count: 3)
        #expect(try answers[0].get() == [1, 2])
        #expect(try answers[2].get() == [3, 4.5])
        guard case .failure(let e) = answers[1] else { Issue.record("expected the script's error"); return }
        #expect(e.description == "script threw: TypeError: x")
        #expect(try WebEngine.batchAnswers("[[1,2],[3]]", count: 2).map { try $0.get() } == [[1, 2], [3]])
        #expect(throws: WebEngine.AnswerError.self) { try WebEngine.batchAnswers("[[1,2],[3]]", count: 3) }
        #expect(throws: (any Error).self) { try WebEngine.batchAnswers(#"[[1,2],{"width":3}]"#, count: 2) }
    }
}

/// A library engine lays out and reads each input of a batch alone (docs/web-engines.md,
/// "Batches"): a library that throws on one input fails that input only.
@Suite("Web engines: a library's error in a batch", .serialized,
       .enabled(if: WebTestSupport.hasChromium, "no Chromium: scripts/bootstrap --web"))
struct WebBatchErrorTests {
    @Test("a masonry.js stand-in that throws on three items: that input is a fault, the others are laid out")
    func oneInputThrows() throws {
        // Leaves the items where block flow puts them (one column, `margin-bottom` the row
        // spacing), and throws for a section of three items.
        let library = #"window.Masonry = function (g) { if (g.children.length === 3) throw new Error('three items'); };"#
        let path = NSTemporaryDirectory() + "/waterfall-test-masonry-\(getpid()).js"
        try library.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let engine = try WebEngine(.init(kind: .masonry(path: path), timeout: 30))
        defer { engine.shutdown() }
        func input(_ heights: [CGFloat]) -> LayoutInput {
            LayoutInput(layout: LayoutSettings(containerWidth: 100, columnCount: 1, rowSpacing: 10),
                        sections: [SectionInput(items: heights.map { .height($0) })])
        }
        let answers = engine.layoutBatch([input([10, 20]), input([1, 2, 3]), input([5])])
        // Block flow, width 100: the second item below the first's height and its 10 of margin.
        #expect(try answers[0].get().sections[0].items == [CGRect(x: 0, y: 0, width: 100, height: 10), CGRect(x: 0, y: 20, width: 100, height: 20)])
        #expect(try answers[2].get().sections[0].items == [CGRect(x: 0, y: 0, width: 100, height: 5)])
        guard case .failure(let f as EngineFault) = answers[1] else { Issue.record("expected a fault for the input of three items"); return }
        #expect(f.kind == .wrongShape)
        #expect(f.message.contains("three items"), "\(f.message)")
        // The browser was not restarted for it.
        #expect(engine.browserProcessID != nil)
    }
}
