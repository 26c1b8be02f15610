import Foundation

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
        top.append(("layout", layout(fixture.input.settings, indent: 2)))
        top.append(("sections", array(fixture.input.sections.map { section($0, indent: 4) }, indent: 2)))
        if let e = fixture.expected { top.append(("expected", expected(e, indent: 2))) }
        if let x = fixture.extensions { top.append(("extensions", value(x, indent: 2))) }
        return object(top, indent: 0) + "\n"
    }

    /// ``string(for:)`` as UTF-8 data.
    public static func data(for fixture: Fixture) -> Data { Data(string(for: fixture).utf8) }

    // MARK: - Fixture parts

    private static func layout(_ s: LayoutSettings, indent: Int) -> String {
        object([
            ("containerWidth", number(s.containerWidth)),
            ("columnCount", String(s.columnCount)),
            ("columnSpacing", number(s.columnSpacing)),
            ("rowSpacing", number(s.rowSpacing)),
            ("sectionInset", insets(s.sectionInset)),
            ("placement", quoted(s.placement.rawValue)),
            ("tieTolerance", number(s.tieTolerance)),
            ("tieBreak", quoted(s.tieBreak.rawValue)),
            ("pixelScale", s.pixelScale.map(number) ?? "null"),
            ("minimumContentHeight", number(s.minimumContentHeight)),
        ], indent: indent)
    }

    private static func section(_ s: LayoutSection, indent: Int) -> String {
        var m: [(String, String)] = []
        if let c = s.columnCount { m.append(("columnCount", String(c))) }
        if let i = s.sectionInset { m.append(("sectionInset", insets(i))) }
        if let h = s.header { m.append(("header", supplementary(h))) }
        m.append(("items", array(s.items.map(item), indent: indent + 2)))
        if let f = s.footer { m.append(("footer", supplementary(f))) }
        return object(m, indent: indent)
    }

    private static func expected(_ e: Expected, indent: Int) -> String {
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
    private static func insets(_ i: EdgeInsets) -> String {
        "{ \"top\": \(number(i.top)), \"left\": \(number(i.left)), \"bottom\": \(number(i.bottom)), \"right\": \(number(i.right)) }"
    }

    /// `{ "height": 44, "inset": {...} }`, the inset only when the input gave it.
    private static func supplementary(_ s: SupplementaryItem) -> String {
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

    /// A ``JSONValue`` (`extensions`): arrays of numbers on one line, other arrays and objects one
    /// member per line, `[]` and `{}` when empty.
    private static func value(_ v: JSONValue, indent: Int) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let d): return number(d)
        case .string(let s): return quoted(s)
        case .array(let a):
            if !a.isEmpty, a.allSatisfy({ if case .number = $0 { return true }; return false }) {
                return "[" + a.map { value($0, indent: 0) }.joined(separator: ", ") + "]"
            }
            return array(a.map { value($0, indent: indent + 2) }, indent: indent)
        case .object(let o):
            if o.isEmpty { return "{}" }
            return object(o.map { ($0.key, value($0.value, indent: indent + 2)) }, indent: indent)
        }
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

    /// A number as §8 writes it: an integral value with magnitude below 10^15 as an integer (`10`,
    /// `-0` as `0`), any other as Swift's `Double.description` (`111.66666666666667`, `1e+16`).
    /// Non-finite values, which JSON cannot hold, are written `NaN`, `Infinity`, `-Infinity` so the
    /// file keeps the case and the reader rejects it with a located fixture error.
    public static func number(_ v: Double) -> String {
        if !v.isFinite { return v.isNaN ? "NaN" : v < 0 ? "-Infinity" : "Infinity" }
        if abs(v) < 1e15, v.rounded(.towardZero) == v { return String(Int64(v)) }
        return v.description
    }

    /// ``number(_:)`` for a length in pt.
    public static func number(_ v: CGFloat) -> String { number(Double(v)) }

    /// A JSON string literal as §8 writes it: `"` and `\` escaped, control characters (U+0000-001F,
    /// U+007F-009F) as `\n`, `\t`, `\r`, `\b`, `\f` or `\u00xx` (lower-case hex); nothing else.
    public static func quoted(_ s: String) -> String {
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 }) {
            return "\"" + s + "\""
        }
        var out = "\""
        for u in s.unicodeScalars {
            switch u.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0..<0x20, 0x7F...0x9F:
                let h = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
