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

extension ProtocolCodec {
    /// An input from a request's `input` object (FIXTURE-FORMAT §2-3, defaults filled in).
    /// - Throws: ``ProtocolMessage/Shape`` with the JSON path of the first missing or mistyped field.
    static func input(from v: OpaquePointer?) throws -> LayoutInput {
        guard let v, json_object_get_type(v) == json_type_object else { throw ProtocolMessage.Shape(path: "$.input", expected: "an object") }
        guard let l = JSONAccess.member(v, "layout"), json_object_get_type(l) == json_type_object else {
            throw ProtocolMessage.Shape(path: "$.input.layout", expected: "an object")
        }
        let p = "$.input.layout"
        func number(_ key: String, _ obj: OpaquePointer, _ path: String, default d: Double? = nil) throws -> Double {
            guard let m = JSONAccess.member(obj, key) else {
                guard let d else { throw ProtocolMessage.Shape(path: "\(path).\(key)", expected: "a number") }
                return d
            }
            return try JSONAccess.number(m, "\(path).\(key)")
        }
        func insets(_ v: OpaquePointer?, _ path: String) throws -> EdgeInsets? {
            guard let v else { return nil }
            guard json_object_get_type(v) == json_type_object else { throw ProtocolMessage.Shape(path: path, expected: "an object") }
            return EdgeInsets(top: try number("top", v, path, default: 0), left: try number("left", v, path, default: 0),
                              bottom: try number("bottom", v, path, default: 0), right: try number("right", v, path, default: 0))
        }
        func enumValue<E: RawRepresentable>(_ key: String, _ d: E) throws -> E where E.RawValue == String {
            guard let m = JSONAccess.member(l, key) else { return d }
            let s = try JSONAccess.string(m, "\(p).\(key)")
            guard let e = E(rawValue: s) else { throw ProtocolMessage.Shape(path: "\(p).\(key)", expected: "a known name, got \"\(s)\"") }
            return e
        }
        func supplementary(_ v: OpaquePointer?, _ path: String) throws -> SupplementaryItem? {
            guard let v else { return nil }
            guard json_object_get_type(v) == json_type_object else { throw ProtocolMessage.Shape(path: path, expected: "an object") }
            return SupplementaryItem(height: try number("height", v, path), inset: try insets(JSONAccess.member(v, "inset"), path + ".inset") ?? .zero)
        }
        var settings = LayoutSettings(
            containerWidth: try number("containerWidth", l, p),
            columnCount: try JSONAccess.integer(JSONAccess.member(l, "columnCount"), "\(p).columnCount"),
            columnSpacing: try number("columnSpacing", l, p, default: 0),
            rowSpacing: try number("rowSpacing", l, p, default: 0),
            sectionInset: try insets(JSONAccess.member(l, "sectionInset"), "\(p).sectionInset") ?? .zero,
            placement: try enumValue("placement", Placement.shortestFirst),
            tieTolerance: try number("tieTolerance", l, p, default: 0),
            tieBreak: try enumValue("tieBreak", TieBreak.leftmost),
            minimumContentHeight: try number("minimumContentHeight", l, p, default: 0))
        if let ps = JSONAccess.member(l, "pixelScale"), json_object_get_type(ps) != json_type_null {
            settings.pixelScale = try JSONAccess.number(ps, "\(p).pixelScale")
        }
        let sections = try JSONAccess.array(JSONAccess.member(v, "sections"), "$.input.sections").enumerated().map { s, sv -> LayoutSection in
            let path = "$.input.sections[\(s)]"
            guard let sv, json_object_get_type(sv) == json_type_object else { throw ProtocolMessage.Shape(path: path, expected: "an object") }
            let items = try JSONAccess.array(JSONAccess.member(sv, "items"), path + ".items").enumerated().map { i, iv -> LayoutItem in
                let ip = "\(path).items[\(i)]"
                guard let iv, json_object_get_type(iv) == json_type_object else { throw ProtocolMessage.Shape(path: ip, expected: "an object") }
                let span = try JSONAccess.member(iv, "span").map { try JSONAccess.integer($0, ip + ".span") } ?? 1
                switch (JSONAccess.member(iv, "height"), JSONAccess.member(iv, "size")) {
                case (let h?, nil): return .height(try JSONAccess.number(h, ip + ".height"), span: span)
                case (nil, let sz?):
                    let n = try JSONAccess.numbers(sz, count: 2, ip + ".size")
                    return .size(width: n[0], height: n[1], span: span)
                default: throw ProtocolMessage.Shape(path: ip, expected: "exactly one of height and size")
                }
            }
            return LayoutSection(
                columnCount: try JSONAccess.member(sv, "columnCount").map { try JSONAccess.integer($0, path + ".columnCount") },
                sectionInset: try insets(JSONAccess.member(sv, "sectionInset"), path + ".sectionInset"),
                header: try supplementary(JSONAccess.member(sv, "header"), path + ".header"),
                items: items,
                footer: try supplementary(JSONAccess.member(sv, "footer"), path + ".footer"))
        }
        return LayoutInput(settings: settings, sections: sections)
    }
}
