import Foundation

// Compact one-line JSON for the engine protocol (FIXTURE-FORMAT §9): no spaces, same key order
// and number form as the canonical writer, `layout` in full.

extension CanonicalWriter {
    /// `{"layout":{...},"sections":[...]}`: the `input` of a protocol `layout` request, and (parsed
    /// back, ``JSONValue/init(_:)-(LayoutInput)``) of the JSON reports: the one encoder of an input.
    /// - Complexity: O(n) in the items.
    public static func compactInput(_ input: LayoutInput) -> String {
        var out = "{\"layout\":{"
        for (i, (key, value)) in layoutMembers(input.layout, insets: compactInsets).enumerated() {
            out += i == 0 ? "\"\(key)\":\(value)" : ",\"\(key)\":\(value)"
        }
        out += "}"
        out += ",\"sections\":["
        for (i, section) in input.sections.enumerated() {
            if i > 0 { out += "," }
            out += "{"
            if let c = section.columnCount { out += "\"columnCount\":\(c)," }
            if let inset = section.sectionInset { out += "\"sectionInset\":\(compactInsets(inset))," }
            if let h = section.header { out += "\"header\":\(compactSupplementary(h))," }
            out += "\"items\":["
            for (j, item) in section.items.enumerated() {
                if j > 0 { out += "," }
                switch item.dimension {
                case .height(let h): out += "{\"height\":\(number(h))"
                case .size(let z): out += "{\"size\":[\(number(z.width)),\(number(z.height))]"
                }
                out += item.span == 1 ? "}" : ",\"span\":\(item.span)}"
            }
            out += "]"
            if let f = section.footer { out += ",\"footer\":\(compactSupplementary(f))" }
            out += "}"
        }
        return out + "]}"
    }

    /// The members `"contentSize":[w,h],"sections":[...]` of a protocol reply, without braces, so
    /// a caller writes `"{\"id\":\(id)," + compactResult(r) + "}"`. Frames as stored.
    /// - Complexity: O(n) in the frames.
    public static func compactResult(_ result: LayoutResult) -> String {
        var out = "\"contentSize\":[\(number(result.contentSize.width)),\(number(result.contentSize.height))],\"sections\":["
        for (i, s) in result.sections.enumerated() {
            if i > 0 { out += "," }
            out += "{"
            if let h = s.header { out += "\"header\":\(compactFrame(h))," }
            out += "\"items\":["
            for (j, f) in s.items.enumerated() {
                if j > 0 { out += "," }
                out += compactFrame(f)
            }
            out += "]"
            if let f = s.footer { out += ",\"footer\":\(compactFrame(f))" }
            out += "}"
        }
        return out + "]"
    }

    private static func compactInsets(_ i: EdgeInsets) -> String {
        "{\"top\":\(number(i.top)),\"left\":\(number(i.left)),\"bottom\":\(number(i.bottom)),\"right\":\(number(i.right))}"
    }

    private static func compactSupplementary(_ s: HeaderFooter) -> String {
        if let i = s.givenInset { return "{\"height\":\(number(s.height)),\"inset\":\(compactInsets(i))}" }
        return "{\"height\":\(number(s.height))}"
    }

    private static func compactFrame(_ r: CGRect) -> String {
        "[\(number(r.origin.x)),\(number(r.origin.y)),\(number(r.size.width)),\(number(r.size.height))]"
    }
}
