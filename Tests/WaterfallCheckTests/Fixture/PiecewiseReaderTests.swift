import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// Large fixtures are decoded piece by piece (docs/decisions/adversarial.md, peak memory); the
/// result must be exactly the whole-text decoder's, and every error the whole-text decoder's.
@Suite("Fixture reader: piece by piece")
struct PiecewiseReaderTests {
    static let bundled: [URL] = {
        let root = ExternalTestSupport.packageRoot.appendingPathComponent("Fixtures")
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }()

    @Test("every bundled fixture decodes to the same value piece by piece, in chunks of 1, 3 and 2048 items")
    func sameAsWhole() throws {
        #expect(Self.bundled.count > 100)
        var decoded = 0
        for url in Self.bundled {
            let bytes = try JSONDocument.bytes(contentsOf: url)
            guard let whole = try? JSONDocument(parsing: bytes, file: url.path).decode(Fixture.init(json:)) else {
                // An invalid fixture (Fixtures/invalid): the piecewise reader must not accept it.
                for chunk in [1, 3, 2048] { #expect(FixtureReader.decodePiecewise(bytes, file: url.path, chunk: chunk) == nil, "\(url.lastPathComponent)") }
                continue
            }
            for chunk in [1, 3, 2048] {
                #expect(FixtureReader.decodePiecewise(bytes, file: url.path, chunk: chunk) == whole, "\(url.lastPathComponent), chunk \(chunk)")
            }
            decoded += 1
        }
        #expect(decoded > 100)
    }

    /// A 1.2 MB golden, 25,000 items and their frames, with one defect put in at item 12,345.
    static func large(_ defect: (String) -> String) -> [UInt8] {
        let items = (0..<25_000).map { "{ \"height\": \($0 % 97 + 1) }" }
        let frames = (0..<25_000).map { "[0, \($0), 100, \($0 % 97 + 1)]" }
        var text = """
        {
          "format": "waterfall-fixture/1",
          "name": "large",
          "layout": { "containerWidth": 100, "columnCount": 1 },
          "sections": [
            {
              "items": [
                \(items.joined(separator: ",\n        "))
              ]
            }
          ],
          "expected": {
            "contentSize": [100, 1],
            "sections": [{ "items": [\(frames.joined(separator: ", "))] }]
          }
        }

        """
        text = defect(text)
        return Array(text.utf8)
    }

    /// `text` with `defect` put in.
    static func edit(_ text: String, _ defect: String) -> String {
        switch defect {
        case "a string height": return text.replacingOccurrences(of: "{ \"height\": 27 }", with: "{ \"height\": \"27\" }")
        case "a trailing comma": return text.replacingOccurrences(of: "[0, 12345, 100, 27]", with: "[0, 12345, 100, 27],")
        case "a missing comma": return text.replacingOccurrences(of: "[0, 12345, 100, 27],", with: "[0, 12345, 100, 27]")
        case "a duplicate key": return text.replacingOccurrences(of: "\"name\": \"large\",", with: "\"name\": \"large\", \"name\": \"again\",")
        case "an unknown item field": return text.replacingOccurrences(of: "{ \"height\": 44 }", with: "{ \"height\": 44, \"hieght\": 1 }")
        case "an escaped key": return text.replacingOccurrences(of: "\"sections\": [\n    {", with: "\"sect\\u0069ons\": [\n    {")
        case "trailing bytes": return text + "x"
        case "invalid UTF-8 in a description":
            return text.replacingOccurrences(of: "\"name\": \"large\",", with: "\"name\": \"large\", \"description\": \"\u{FFFD}\",")
        default: return text
        }
    }

    @Test("a large fixture with a defect gives the whole-text decoder's located error",
          arguments: ["a string height", "a trailing comma", "a missing comma", "a duplicate key", "an unknown item field",
                      "an escaped key", "trailing bytes", "invalid UTF-8 in a description"])
    func defectsAreLocated(_ defect: String) throws {
        var bytes = Self.large { Self.edit($0, defect) }
        #expect(bytes != Self.large { $0 }, "the defect was put in")
        if defect.hasPrefix("invalid UTF-8") {  // U+FFFD becomes the overlong form C1 81 of U+0041
            let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
            let at = try #require((0..<(bytes.count - 2)).first { Array(bytes[$0..<($0 + 3)]) == replacement })
            bytes.replaceSubrange(at..<(at + 3), with: [0xC1, 0x81])
        }
        #expect(bytes.count > FixtureReader.piecewiseThreshold)
        let piecewise = FixtureReader.decodePiecewise(bytes, file: "large.json") != nil
        #expect(!piecewise, "\(defect): the piecewise reader gives up and the whole text is decoded")
        func outcome(_ body: () throws -> Fixture) -> String {
            do { return "accepted \(try body().input.itemCount) items" } catch { return "\(error)" }
        }
        let whole = outcome { try JSONDocument(parsing: bytes, file: "large.json").decode(Fixture.init(json:)) }
        let read = outcome { try FixtureReader.decode(bytes, file: "large.json") }
        #expect(read == whole, "\(defect)")
        // json-c reads an escaped key as the key it spells; every other defect is an error.
        #expect(whole.hasPrefix("accepted") == (defect == "an escaped key"), "\(defect): \(whole)")
    }

    @Test("a large valid fixture decodes piece by piece to the whole-text value")
    func largeValid() throws {
        let bytes = Self.large { $0 }
        let whole = try JSONDocument(parsing: bytes, file: "large.json").decode(Fixture.init(json:))
        #expect(FixtureReader.decodePiecewise(bytes, file: "large.json") == whole)
        #expect(whole.input.itemCount == 25_000)
    }
}
