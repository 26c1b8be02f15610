import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport

/// Writes fixtures in canonical form (FIXTURE-FORMAT §8), byte for byte, and the compact one-line
/// JSON of the engine protocol (§9). Our own writer on the parsed model: json-c's serializer
/// cannot produce this form.
///
/// Canonical form: two-space indentation, `": "` after keys, key order of the §1-4 tables, `layout`
/// written in full (`"pixelScale": null`), insets objects with all four keys; insets, items,
/// headers/footers, frames, `contentSize` and `size` on one line (`{ "height": 120 }`,
/// `[0, 0, 375, 44]`); everything else one member per line; `[]` for an empty array; LF line
/// ends and a final newline. Re-writing a canonical file changes no byte.
public enum CanonicalWriter {
    /// The canonical text of `fixture`, ending in a newline.
    /// - Complexity: O(n) in the fixture's elements.
    public static func string(for fixture: Fixture) -> String {
        var top: [(String, String)] = [("format", quoted(Fixture.format)), ("name", quoted(fixture.name))]
        if let d = fixture.description { top.append(("description", quoted(d))) }
        if let s = fixture.source { top.append(("source", quoted(s))) }
        if let t = fixture.tolerance { top.append(("tolerance", number(t))) }
        if let d = fixture.disabled { top.append(("disabled", quoted(d))) }
        top.append(("layout", layout(fixture.input.layout, indent: 2)))
        top.append(("sections", array(fixture.input.sections.map { section($0, indent: 4) }, indent: 2)))
        if let e = fixture.expected { top.append(("expected", expected(e, indent: 2))) }
        if let steps = fixture.steps {
            top.append(("steps", value(.object([("version", .integer(Fixture.stepsVersion)), ("steps", .array(steps.map(JSONValue.init)))]), indent: 2)))
        }
        if let x = fixture.extensions { top.append(("extensions", value(x, indent: 2))) }
        return object(top, indent: 0) + "\n"
    }

    /// ``string(for:)`` as UTF-8 data.
    public static func data(for fixture: Fixture) -> Data { Data(string(for: fixture).utf8) }

    // MARK: - Fixture parts

    private static func layout(_ s: LayoutSettings, indent: Int) -> String {
        object(layoutMembers(s, insets: insets), indent: indent)
    }

    /// A `layout` member's value, as ``forEachLayoutMember(_:_:)`` hands it to a writer.
    enum LayoutValue {
        case number(CGFloat)
        case integer(Int)
        case insets(LayoutInsets)
        /// An enumeration's raw value: an identifier, written quoted, with nothing to escape.
        case name(String)
        /// A number, or `null` for `nil`.
        case optionalNumber(CGFloat?)
    }

    /// Calls `body` with each `layout` member in FIXTURE-FORMAT §2's order (`insets` is
    /// `sectionInset`): the one key table of the canonical and the compact writer. O(1).
    @inline(__always) static func forEachLayoutMember(_ s: LayoutSettings, _ body: (StaticString, LayoutValue) -> Void) {
        body("containerWidth", .number(s.containerWidth))
        body("columnCount", .integer(s.columnCount))
        body("columnSpacing", .number(s.columnSpacing))
        body("rowSpacing", .number(s.rowSpacing))
        body("sectionInset", .insets(s.sectionInset))
        body("placement", .name(s.placement.rawValue))
        body("tieTolerance", .number(s.tieTolerance))
        body("tieBreak", .name(s.tieBreak.rawValue))
        body("pixelScale", .optionalNumber(s.pixelScale))
        body("minimumContentHeight", .number(s.minimumContentHeight))
    }

    /// The `layout` members (``forEachLayoutMember(_:_:)``), each value written, as pairs of key
    /// and text.
    static func layoutMembers(_ s: LayoutSettings, insets: (LayoutInsets) -> String) -> [(String, String)] {
        var m: [(String, String)] = []
        forEachLayoutMember(s) { key, value in
            let text: String = switch value {
            case .number(let v): number(v)
            case .integer(let i): String(i)
            case .insets(let i): insets(i)
            case .name(let n): quoted(n)
            case .optionalNumber(let v): v.map(number) ?? "null"
            }
            m.append((key.description, text))
        }
        return m
    }

    /// The keys of ``layoutMembers(_:insets:)``, for the reader's "expected one of" message.
    static let layoutKeys = layoutMembers(LayoutSettings(containerWidth: 0, columnCount: 1), insets: { _ in "" }).map(\.0)

    private static func section(_ s: SectionInput, indent: Int) -> String {
        var m: [(String, String)] = []
        if let c = s.columnCount { m.append(("columnCount", String(c))) }
        if let i = s.sectionInset { m.append(("sectionInset", insets(i))) }
        if let h = s.header { m.append(("header", supplementary(h))) }
        m.append(("items", array(s.items.map(item), indent: indent + 2)))
        if let f = s.footer { m.append(("footer", supplementary(f))) }
        return object(m, indent: indent)
    }

    private static func expected(_ e: LayoutOutcome, indent: Int) -> String {
        switch e {
        case .error(let code):
            return object([("error", quoted(code.rawValue))], indent: indent)
        case .layout(let r):
            return object([
                ("contentSize", inlineArray([r.contentSize.width, r.contentSize.height])),
                ("sections", array(r.sections.map { s in
                    var m: [(String, String)] = []
                    if let h = s.header { m.append(("header", frame(h))) }
                    m.append(("items", array(s.items.map(frame), indent: indent + 6)))
                    if let f = s.footer { m.append(("footer", frame(f))) }
                    return object(m, indent: indent + 4)
                }, indent: indent + 2)),
            ], indent: indent)
        }
    }

    /// `{ "top": 0, "left": 0, "bottom": 0, "right": 0 }`
    private static func insets(_ i: LayoutInsets) -> String {
        "{ \"top\": \(number(i.top)), \"left\": \(number(i.left)), \"bottom\": \(number(i.bottom)), \"right\": \(number(i.right)) }"
    }

    /// `{ "height": 44, "inset": {...} }`, the inset only when the input gave it.
    private static func supplementary(_ s: HeaderFooter) -> String {
        if let i = s.givenInset { return "{ \"height\": \(number(s.height)), \"inset\": \(insets(i)) }" }
        return "{ \"height\": \(number(s.height)) }"
    }

    /// `{ "height": 80, "span": 2 }` or `{ "size": [640, 480] }`; `span` dropped when 1.
    private static func item(_ i: LayoutItem) -> String {
        var s: String
        switch i.dimension {
        case .height(let h): s = "{ \"height\": \(number(h))"
        case .size(let z): s = "{ \"size\": \(inlineArray([z.width, z.height]))"
        }
        if i.span != 1 { s += ", \"span\": \(i.span)" }
        return s + " }"
    }

    /// `[x, y, width, height]`, as stored (not standardized).
    private static func frame(_ r: CGRect) -> String {
        inlineArray([r.origin.x, r.origin.y, r.size.width, r.size.height])
    }

    /// A ``JSONValue`` (`extensions`), in §8's layout (``JSONWriter/Style/pretty``).
    private static func value(_ v: JSONValue, indent: Int) -> String {
        var out = ""
        JSONWriter.write(v, style: .pretty, indent: indent, into: &out)
        return out
    }

    // MARK: - Layout of text

    private static func pad(_ n: Int) -> String { String(repeating: " ", count: n) }

    /// A multi-line object whose members are already rendered for `indent + 2`.
    private static func object(_ members: [(String, String)], indent: Int) -> String {
        let p = pad(indent + 2)
        return "{\n" + members.map { p + quoted($0.0) + ": " + $0.1 }.joined(separator: ",\n") + "\n" + pad(indent) + "}"
    }

    /// A multi-line array of elements already rendered for `indent + 2`; `[]` when empty.
    private static func array(_ elements: [String], indent: Int) -> String {
        if elements.isEmpty { return "[]" }
        let p = pad(indent + 2)
        return "[\n" + elements.map { p + $0 }.joined(separator: ",\n") + "\n" + pad(indent) + "]"
    }

    /// `[1, 2.5]`
    private static func inlineArray(_ numbers: [CGFloat]) -> String {
        "[" + numbers.map(number).joined(separator: ", ") + "]"
    }

    // MARK: - Scalars

    static func number(_ v: CGFloat) -> String { JSONWriter.number(v) }
    static func quoted(_ s: String) -> String { JSONWriter.quoted(s) }
}
