import Foundation

// Compact one-line JSON for the engine protocol (FIXTURE-FORMAT §9): no spaces, same key order
// and number form as the canonical writer, `layout` in full. Written as bytes into a caller's
// buffer (the protocol reuses one per connection); the `String` forms wrap the byte forms.

extension CanonicalWriter {
    /// `{"layout":{...},"sections":[...]}`: the `input` of a protocol `layout` request, and (parsed
    /// back, ``JSONValue/init(_:)-(LayoutInput)``) of the JSON reports: the one encoder of an input.
    /// - Complexity: O(n) in the items.
    public static func compactInput(_ input: LayoutInput) -> String {
        var out: [UInt8] = []
        appendCompactInput(input, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``compactInput(_:)`` appended to `out` as UTF-8. O(n) in the items; no allocation per item.
    static func appendCompactInput(_ input: LayoutInput, to out: inout [UInt8]) {
        JSONBytes.append("{\"layout\":{", to: &out)
        for (i, (key, value)) in layoutMembers(input.layout, insets: compactInsets).enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: key.utf8)
            JSONBytes.append("\":", to: &out)
            out.append(contentsOf: value.utf8)
        }
        JSONBytes.append("},\"sections\":[", to: &out)
        for (i, section) in input.sections.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "{"))
            if let c = section.columnCount {
                JSONBytes.append("\"columnCount\":", to: &out); JSONBytes.append(integer: c, to: &out); out.append(UInt8(ascii: ","))
            }
            if let inset = section.sectionInset {
                JSONBytes.append("\"sectionInset\":", to: &out); appendInsets(inset, to: &out); out.append(UInt8(ascii: ","))
            }
            if let h = section.header {
                JSONBytes.append("\"header\":", to: &out); appendSupplementary(h, to: &out); out.append(UInt8(ascii: ","))
            }
            JSONBytes.append("\"items\":[", to: &out)
            for (j, item) in section.items.enumerated() {
                if j > 0 { out.append(UInt8(ascii: ",")) }
                switch item.dimension {
                case .height(let h):
                    JSONBytes.append("{\"height\":", to: &out); JSONBytes.append(number: Double(h), to: &out)
                case .size(let z):
                    JSONBytes.append("{\"size\":[", to: &out); JSONBytes.append(number: Double(z.width), to: &out)
                    out.append(UInt8(ascii: ",")); JSONBytes.append(number: Double(z.height), to: &out); out.append(UInt8(ascii: "]"))
                }
                if item.span == 1 { out.append(UInt8(ascii: "}")) } else {
                    JSONBytes.append(",\"span\":", to: &out); JSONBytes.append(integer: item.span, to: &out); out.append(UInt8(ascii: "}"))
                }
            }
            out.append(UInt8(ascii: "]"))
            if let f = section.footer { JSONBytes.append(",\"footer\":", to: &out); appendSupplementary(f, to: &out) }
            out.append(UInt8(ascii: "}"))
        }
        JSONBytes.append("]}", to: &out)
    }

    /// The members `"contentSize":[w,h],"sections":[...]` of a protocol reply, without braces, so
    /// a caller writes `"{\"id\":\(id)," + compactResult(r) + "}"`. Frames as stored.
    /// - Complexity: O(n) in the frames.
    public static func compactResult(_ result: LayoutResult) -> String {
        var out: [UInt8] = []
        appendCompactResult(result, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``compactResult(_:)`` appended to `out` as UTF-8. O(n) in the frames; no allocation per frame.
    static func appendCompactResult(_ result: LayoutResult, to out: inout [UInt8], cache: NumberTextCache? = nil) {
        JSONBytes.append("\"contentSize\":[", to: &out)
        JSONBytes.append(number: Double(result.contentSize.width), to: &out, cache: cache)
        out.append(UInt8(ascii: ","))
        JSONBytes.append(number: Double(result.contentSize.height), to: &out, cache: cache)
        JSONBytes.append("],\"sections\":[", to: &out)
        for (i, s) in result.sections.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "{"))
            if let h = s.header { JSONBytes.append("\"header\":", to: &out); appendFrame(h, to: &out, cache: cache); out.append(UInt8(ascii: ",")) }
            JSONBytes.append("\"items\":[", to: &out)
            for (j, f) in s.items.enumerated() {
                if j > 0 { out.append(UInt8(ascii: ",")) }
                appendFrame(f, to: &out, cache: cache)
            }
            out.append(UInt8(ascii: "]"))
            if let f = s.footer { JSONBytes.append(",\"footer\":", to: &out); appendFrame(f, to: &out, cache: cache) }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
    }

    private static func compactInsets(_ i: EdgeInsets) -> String {
        var out: [UInt8] = []
        appendInsets(i, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendInsets(_ i: EdgeInsets, to out: inout [UInt8]) {
        JSONBytes.append("{\"top\":", to: &out); JSONBytes.append(number: Double(i.top), to: &out)
        JSONBytes.append(",\"left\":", to: &out); JSONBytes.append(number: Double(i.left), to: &out)
        JSONBytes.append(",\"bottom\":", to: &out); JSONBytes.append(number: Double(i.bottom), to: &out)
        JSONBytes.append(",\"right\":", to: &out); JSONBytes.append(number: Double(i.right), to: &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func appendSupplementary(_ s: HeaderFooter, to out: inout [UInt8]) {
        JSONBytes.append("{\"height\":", to: &out); JSONBytes.append(number: Double(s.height), to: &out)
        if let i = s.givenInset { JSONBytes.append(",\"inset\":", to: &out); appendInsets(i, to: &out) }
        out.append(UInt8(ascii: "}"))
    }

    /// `[x,y,w,h]`.
    static func appendFrame(_ r: CGRect, to out: inout [UInt8], cache: NumberTextCache? = nil) {
        out.append(UInt8(ascii: "["))
        JSONBytes.append(number: Double(r.origin.x), to: &out, cache: cache); out.append(UInt8(ascii: ","))
        JSONBytes.append(number: Double(r.origin.y), to: &out, cache: cache); out.append(UInt8(ascii: ","))
        JSONBytes.append(number: Double(r.size.width), to: &out, cache: cache); out.append(UInt8(ascii: ","))
        JSONBytes.append(number: Double(r.size.height), to: &out, cache: cache)
        out.append(UInt8(ascii: "]"))
    }
}
