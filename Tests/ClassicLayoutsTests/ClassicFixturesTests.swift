import Foundation
import Testing
import WaterfallLayout
@testable import ClassicLayouts

/// The minimal counterexamples in Fixtures/classic: each expects what a correct engine gives
/// (FIXTURE-FORMAT §5), so the reference passes it, and each names in `extensions.classicEngines`
/// the classic engines whose quirk it exposes: those fail it (others may fail it through other
/// quirks: every 001 result has content width 10, for one). Read with Foundation's
/// JSONSerialization (these fixtures use only `height` items and one or no section).
@Suite("Fixtures/classic")
struct ClassicFixturesTests {
    struct Case: CustomTestStringConvertible {
        var name: String
        var input: LayoutInput
        var expected: Result<(CGSize, [CGRect]), LayoutError>
        var failing: Set<String>
        var testDescription: String { name }
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/classic").standardized

    static func load() throws -> [Case] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        return try files.map { file in
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent(file))) as! [String: Any]
            let l = json["layout"] as! [String: Any]
            let i = l["sectionInset"] as! [String: Double]
            let settings = LayoutSettings(
                containerWidth: l["containerWidth"] as! Double, columnCount: l["columnCount"] as! Int,
                columnSpacing: l["columnSpacing"] as! Double, rowSpacing: l["rowSpacing"] as! Double,
                sectionInset: EdgeInsets(top: i["top"]!, left: i["left"]!, bottom: i["bottom"]!, right: i["right"]!))
            let sections = (json["sections"] as! [[String: Any]]).map { s in
                LayoutSection(items: (s["items"] as! [[String: Double]]).map { .height($0["height"]!) })
            }
            let e = json["expected"] as! [String: Any]
            let expected: Result<(CGSize, [CGRect]), LayoutError>
            if let code = e["error"] as? String {
                expected = .failure(LayoutError(LayoutError.Code(rawValue: code)!))
            } else {
                let size = e["contentSize"] as! [Double]
                let frames = (e["sections"] as! [[String: Any]]).flatMap { ($0["items"] as! [[Double]]) }
                expected = .success((CGSize(width: size[0], height: size[1]),
                                     frames.map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }))
            }
            let ext = json["extensions"] as! [String: Any]
            return Case(name: json["name"] as! String, input: LayoutInput(settings: settings, sections: sections),
                        expected: expected, failing: Set(ext["classicEngines"] as! [String]))
        }
    }

    /// Whether `engine` gives what `c` expects, within 0.001 pt (FIXTURE-FORMAT §7).
    static func passes(_ engine: LayoutEngine, _ c: Case) -> Bool {
        let close = { (a: CGFloat, b: CGFloat) in abs(a - b) <= 0.001 }
        switch (Result { try engine.layout(c.input) }, c.expected) {
        case (.failure(let e as LayoutError), .failure(let want)): return e.code == want.code
        case (.success(let r), .success(let (size, frames))):
            let got = r.sections.flatMap(\.items)
            return r.extraElements.isEmpty && close(r.contentSize.width, size.width) && close(r.contentSize.height, size.height)
                && got.count == frames.count
                && zip(got, frames).allSatisfy { close($0.minX, $1.minX) && close($0.minY, $1.minY) && close($0.width, $1.width) && close($0.height, $1.height) }
        default: return false
        }
    }

    @Test("every fixture is there and readable")
    func corpus() throws {
        #expect(try Self.load().count == 17)
    }

    @Test("the reference passes, the named classic engines fail", arguments: try load())
    func fixture(_ c: Case) throws {
        #expect(Self.passes(ReferenceEngine(), c))
        let failing = Set(ClassicEngines.all.filter { !Self.passes($0.make(), c) }.map(\.descriptor.name))
        #expect(c.failing.isSubset(of: failing))
    }
}
