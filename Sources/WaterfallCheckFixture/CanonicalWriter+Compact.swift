import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport

// Compact one-line JSON for the engine protocol (FIXTURE-FORMAT §9): no spaces, same key order
// and number form as the canonical writer, `layout` in full. Written as bytes into a caller's
// buffer (the protocol reuses one per connection) through ``JSONBytes/Cursor``: each run of tokens
// reserves an upper bound of its bytes (``JSONBytes/maximumNumber`` per number) and is stored with
// plain pointer stores. The `String` forms wrap the byte forms.

extension CanonicalWriter {
    /// `{"layout":{...},"sections":[...]}`: the `input` of a protocol `layout` request, and (parsed
    /// back, ``JSONValue/init(_:)-(LayoutInput)``) of the JSON reports: the one encoder of an input.
    /// - Complexity: O(n) in the items.
    public static func compactInput(_ input: LayoutInput) -> String {
        var out: [UInt8] = []
        appendCompactInput(input, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Bytes reserved for one item: `,{"size":[w,h],"span":n}` at most.
    private static let maximumItem = 32 + 2 * JSONBytes.maximumNumber + JSONBytes.maximumInteger
    /// Bytes reserved for an insets object: `{"top":t,"left":l,"bottom":b,"right":r}` at most.
    private static let maximumInsets = 40 + 4 * JSONBytes.maximumNumber
    /// Bytes reserved for a header or footer input: `{"height":h,"inset":{...}}` at most.
    private static let maximumSupplementary = 24 + JSONBytes.maximumNumber + maximumInsets
    /// Bytes reserved for one frame and the comma before it: `,[x,y,w,h]` at most.
    private static let maximumFrame = 8 + 4 * JSONBytes.maximumNumber

    /// ``compactInput(_:)`` appended to `out` as UTF-8. O(n) in the items; no allocation per item.
    package static func appendCompactInput(_ input: LayoutInput, to out: inout [UInt8]) {
        let l = input.layout
        let names = l.placement.rawValue.utf8.count + l.tieBreak.rawValue.utf8.count
        JSONBytes.write(to: &out, atMost: 256 + 6 * JSONBytes.maximumNumber + JSONBytes.maximumInteger + maximumInsets + names) { w in
            w.literal("{\"layout\":{")
            var first = true
            forEachLayoutMember(l) { key, value in
                if !first { w.byte(UInt8(ascii: ",")) }
                first = false
                w.byte(UInt8(ascii: "\"")); w.literal(key); w.literal("\":")
                switch value {
                case .number(let v): w.number(Double(v))
                case .integer(let i): w.integer(i)
                case .insets(let i): insets(i, &w)
                case .name(let n): w.byte(UInt8(ascii: "\"")); w.text(n); w.byte(UInt8(ascii: "\""))
                case .optionalNumber(let v): if let v { w.number(Double(v)) } else { w.literal("null") }
                }
            }
            w.literal("},\"sections\":[")
        }
        for (i, section) in input.sections.enumerated() {
            JSONBytes.write(to: &out, atMost: 64 + JSONBytes.maximumInteger + maximumInsets + maximumSupplementary) { w in
                if i > 0 { w.byte(UInt8(ascii: ",")) }
                w.byte(UInt8(ascii: "{"))
                if let c = section.columnCount { w.literal("\"columnCount\":"); w.integer(c); w.byte(UInt8(ascii: ",")) }
                if let inset = section.sectionInset { w.literal("\"sectionInset\":"); insets(inset, &w); w.byte(UInt8(ascii: ",")) }
                if let h = section.header { w.literal("\"header\":"); supplementary(h, &w); w.byte(UInt8(ascii: ",")) }
                w.literal("\"items\":[")
            }
            JSONBytes.write(section.items, to: &out, eachAtMost: maximumItem) { w, item, k in
                if k > 0 { w.byte(UInt8(ascii: ",")) }
                switch item.dimension {
                case .height(let h):
                    w.literal("{\"height\":"); w.number(Double(h))
                case .size(let z):
                    w.literal("{\"size\":["); w.number(Double(z.width))
                    w.byte(UInt8(ascii: ",")); w.number(Double(z.height)); w.byte(UInt8(ascii: "]"))
                }
                if item.span != 1 { w.literal(",\"span\":"); w.integer(item.span) }
                w.byte(UInt8(ascii: "}"))
            }
            JSONBytes.write(to: &out, atMost: 16 + maximumSupplementary) { w in
                w.byte(UInt8(ascii: "]"))
                if let f = section.footer { w.literal(",\"footer\":"); supplementary(f, &w) }
                w.byte(UInt8(ascii: "}"))
            }
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

    /// ``compactResult(_:)`` appended to `out` as UTF-8. O(n) in the frames; no allocation per
    /// frame, one capacity check per 64 frames.
    package static func appendCompactResult(_ result: LayoutResult, to out: inout [UInt8], cache: NumberTextCache? = nil) {
        JSONBytes.write(to: &out, atMost: 32 + 2 * JSONBytes.maximumNumber) { w in
            w.literal("\"contentSize\":[")
            w.number(Double(result.contentSize.width), cache: cache)
            w.byte(UInt8(ascii: ","))
            w.number(Double(result.contentSize.height), cache: cache)
            w.literal("],\"sections\":[")
        }
        for (i, s) in result.sections.enumerated() {
            JSONBytes.write(to: &out, atMost: 32 + maximumFrame) { w in
                if i > 0 { w.byte(UInt8(ascii: ",")) }
                w.byte(UInt8(ascii: "{"))
                if let h = s.header { w.literal("\"header\":"); frame(h, &w, cache); w.byte(UInt8(ascii: ",")) }
                w.literal("\"items\":[")
            }
            JSONBytes.write(s.items, to: &out, eachAtMost: maximumFrame) { w, f, k in
                if k > 0 { w.byte(UInt8(ascii: ",")) }
                frame(f, &w, cache)
            }
            JSONBytes.write(to: &out, atMost: 32 + maximumFrame) { w in
                w.byte(UInt8(ascii: "]"))
                if let f = s.footer { w.literal(",\"footer\":"); frame(f, &w, cache) }
                w.byte(UInt8(ascii: "}"))
            }
        }
        out.append(UInt8(ascii: "]"))
    }

    /// `{"top":t,"left":l,"bottom":b,"right":r}`: at most ``maximumInsets`` bytes.
    @inline(__always) private static func insets(_ i: LayoutInsets, _ w: inout JSONBytes.Cursor) {
        w.literal("{\"top\":"); w.number(Double(i.top))
        w.literal(",\"left\":"); w.number(Double(i.left))
        w.literal(",\"bottom\":"); w.number(Double(i.bottom))
        w.literal(",\"right\":"); w.number(Double(i.right))
        w.byte(UInt8(ascii: "}"))
    }

    /// `{"height":h}` or `{"height":h,"inset":{...}}`: at most ``maximumSupplementary`` bytes.
    private static func supplementary(_ s: HeaderFooter, _ w: inout JSONBytes.Cursor) {
        w.literal("{\"height\":"); w.number(Double(s.height))
        if let i = s.givenInset { w.literal(",\"inset\":"); insets(i, &w) }
        w.byte(UInt8(ascii: "}"))
    }

    /// `[x,y,w,h]`: at most ``maximumFrame`` bytes less the comma before it.
    @inline(__always) package static func frame(_ r: CGRect, _ w: inout JSONBytes.Cursor, _ cache: NumberTextCache? = nil) {
        w.byte(UInt8(ascii: "["))
        w.number(Double(r.origin.x), cache: cache); w.byte(UInt8(ascii: ","))
        w.number(Double(r.origin.y), cache: cache); w.byte(UInt8(ascii: ","))
        w.number(Double(r.size.width), cache: cache); w.byte(UInt8(ascii: ","))
        w.number(Double(r.size.height), cache: cache)
        w.byte(UInt8(ascii: "]"))
    }

    /// `[x,y,w,h]` appended to `out`.
    static func appendFrame(_ r: CGRect, to out: inout [UInt8], cache: NumberTextCache? = nil) {
        JSONBytes.write(to: &out, atMost: maximumFrame) { frame(r, &$0, cache) }
    }
}
