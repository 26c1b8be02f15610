import CJSONC
import Foundation

/// The bodies of `waterfall-engine/1` messages: an input written as one compact line, and a
/// result read from a reply (FIXTURE-FORMAT §4 shape, §9).
///
/// TEMPORARY: stands in for the fixture codec (h/codec) until it lands; then these forward to
/// `CanonicalWriter.compactInput` and the codec's decoders.
enum ProtocolCodec {
    /// `{"layout":{...},"sections":[...]}` on one line, numbers as FIXTURE-FORMAT §8 writes them.
    static func compactInput(_ input: LayoutInput) -> String {
        let s = input.settings
        var o = "{\"layout\":{\"containerWidth\":\(num(s.containerWidth)),\"columnCount\":\(s.columnCount)"
        o += ",\"columnSpacing\":\(num(s.columnSpacing)),\"rowSpacing\":\(num(s.rowSpacing))"
        o += ",\"sectionInset\":\(insets(s.sectionInset)),\"placement\":\"\(s.placement.rawValue)\""
        o += ",\"tieTolerance\":\(num(s.tieTolerance)),\"tieBreak\":\"\(s.tieBreak.rawValue)\""
        o += ",\"pixelScale\":\(s.pixelScale.map(num) ?? "null"),\"minimumContentHeight\":\(num(s.minimumContentHeight))},\"sections\":["
        for (i, section) in input.sections.enumerated() {
            if i > 0 { o += "," }
            var members: [String] = []
            if let c = section.columnCount { members.append("\"columnCount\":\(c)") }
            if let inset = section.sectionInset { members.append("\"sectionInset\":\(insets(inset))") }
            if let h = section.header { members.append("\"header\":\(supplementary(h))") }
            members.append("\"items\":[" + section.items.map(item).joined(separator: ",") + "]")
            if let f = section.footer { members.append("\"footer\":\(supplementary(f))") }
            o += "{" + members.joined(separator: ",") + "}"
        }
        return o + "]}"
    }

    /// A result from a reply object: `contentSize` and `sections` of §4 (other members ignored).
    /// - Throws: ``ProtocolMessage/Shape`` with the JSON path of the first misshapen value.
    static func result(from reply: OpaquePointer) throws -> LayoutResult {
        let size = try JSONAccess.numbers(JSONAccess.member(reply, "contentSize"), count: 2, "$.contentSize")
        let sections = try JSONAccess.array(JSONAccess.member(reply, "sections"), "$.sections").enumerated().map { s, v in
            let path = "$.sections[\(s)]"
            guard let v, json_object_get_type(v) == json_type_object else {
                throw ProtocolMessage.Shape(path: path, expected: "an object")
            }
            let header = try JSONAccess.member(v, "header").map { try JSONAccess.rect($0, path + ".header") }
            let footer = try JSONAccess.member(v, "footer").map { try JSONAccess.rect($0, path + ".footer") }
            let items = try JSONAccess.array(JSONAccess.member(v, "items"), path + ".items").enumerated().map {
                try JSONAccess.rect($1, "\(path).items[\($0)]")
            }
            return SectionLayout(header: header, items: items, footer: footer)
        }
        return LayoutResult(contentSize: CGSize(width: size[0], height: size[1]), sections: sections)
    }

    /// `"contentSize":[w,h],"sections":[...]` (no braces), for a reply.
    static func compactResultMembers(_ r: LayoutResult) -> String {
        var o = "\"contentSize\":[\(num(r.contentSize.width)),\(num(r.contentSize.height))],\"sections\":["
        for (i, s) in r.sections.enumerated() {
            if i > 0 { o += "," }
            var members: [String] = []
            if let h = s.header { members.append("\"header\":\(rect(h))") }
            members.append("\"items\":[" + s.items.map(rect).joined(separator: ",") + "]")
            if let f = s.footer { members.append("\"footer\":\(rect(f))") }
            o += "{" + members.joined(separator: ",") + "}"
        }
        return o + "]"
    }

    private static func rect(_ r: CGRect) -> String {
        "[\(num(r.origin.x)),\(num(r.origin.y)),\(num(r.size.width)),\(num(r.size.height))]"
    }

    private static func insets(_ i: EdgeInsets) -> String {
        "{\"top\":\(num(i.top)),\"left\":\(num(i.left)),\"bottom\":\(num(i.bottom)),\"right\":\(num(i.right))}"
    }

    private static func supplementary(_ s: SupplementaryItem) -> String {
        "{\"height\":\(num(s.height)),\"inset\":\(insets(s.inset))}"
    }

    private static func item(_ item: LayoutItem) -> String {
        var o: String
        switch item.dimension {
        case .height(let h): o = "{\"height\":\(num(h))"
        case .size(let s): o = "{\"size\":[\(num(s.width)),\(num(s.height))]"
        }
        if item.span != 1 { o += ",\"span\":\(item.span)" }
        return o + "}"
    }

    /// FIXTURE-FORMAT §8 numbers: integral below 10^15 as an integer, else the shortest round trip.
    static func num(_ v: CGFloat) -> String {
        let d = Double(v)
        if d == d.rounded() && abs(d) < 1e15 { return String(Int64(d)) }
        return d.description
    }
}
