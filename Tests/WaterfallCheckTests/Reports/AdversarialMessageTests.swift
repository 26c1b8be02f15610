import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckReports
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// Review D17: messages that say what is wrong, in a bounded, readable form.
@Suite("Adversarial: messages (D17)")
struct AdversarialMessageTests {
    @Test("D17: null, true, 42 at top level without a final newline say the top-level value must be an object, not incomplete")
    func topLevelScalarWithoutNewline() throws {
        for text in ["null", "true", "42", "-1.5", "null\n", "  false"] {
            do {
                _ = try FixtureReader.decode(Array(text.utf8), file: "t.json")
                Issue.record("\(text) was read as a fixture")
            } catch let e as FixtureError {
                #expect(e.message.contains("the top-level value must be an object"), "\(text): \(e)")
                #expect(!e.message.contains("incomplete"), "\(text): \(e)")
            }
        }
        // Still incomplete: a truncated literal, an unclosed object.
        for text in ["nul", #"{"format": 1"#] {
            do { _ = try FixtureReader.decode(Array(text.utf8), file: "t.json") } catch let e as FixtureError {
                #expect(!e.message.contains("must be an object"), "\(text): \(e)")
            }
        }
    }

    @Test("D17: coordinates beyond 1e15 print in exponent form, never as 309-digit integers")
    func hugeCoordinatesPrintCompactly() {
        #expect(formatPoints(1.7e308) == "1.7e+308")
        #expect(formatPoints(-CGFloat.greatestFiniteMagnitude) == "-1.79769e+308")
        #expect(formatPoints(1e15) == "1e+15")
        #expect(formatPoints(999_999_999_999_999) == "999999999999999")
        #expect(formatPoints(131.666) == "131.67")
        let v = LayoutDiff.Value.frame(CGRect(x: 1.7e308, y: 0, width: 1e300, height: 2))
        #expect(v.description.count < 60, "\(v)")
    }

    @Test("D17: a multi-line fault message prints as an indented block, not \\u{A}")
    func multiLineMessagesAreBlocks() {
        let block = TextReport.printableBlock("engine crashed; stderr:\nline one\n\u{1B}[31mline two")
        #expect(block == "engine crashed; stderr:\n    line one\n    \\u{1B}[31mline two")
        #expect(!block.contains("\\u{A}"))
        #expect(TextReport.printableBlock("one line") == "one line")
    }
    @Test("D17: CI=False, FALSE, 0 are not CI; true, 1, empty are")
    func ciAnyCase() {
        for v in ["false", "False", "FALSE", "0"] { #expect(!RecordMode.isCI(["CI": v]), "\(v)") }
        for v in ["true", "True", "1", ""] { #expect(RecordMode.isCI(["CI": v]), "\(v)") }
        #expect(!RecordMode.isCI([:]))
    }
}
