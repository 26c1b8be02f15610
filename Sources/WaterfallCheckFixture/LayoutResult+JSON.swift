import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport

// Decoding frames (FIXTURE-FORMAT §4): a fixture's `expected`, or an engine's reply (§9).
// Frames are kept exactly as written (a negative width stays negative) so a harness can report it.

extension LayoutResult {
    /// Decodes the `contentSize` and `sections` members of `node` and ignores any other member,
    /// so it reads both a fixture's `expected` (after its own member check) and a protocol reply
    /// `{"id":1,"contentSize":[w,h],"sections":[...]}` (FIXTURE-FORMAT §9: extra fields are ignored).
    /// - Throws: ``JSONFault`` when either is missing or has the wrong shape.
    package init(json node: JSONNode) throws {
        let size = try node.requiredMember("contentSize").tuple(2, "contentSize [width, height]")
        let sections = try node.requiredMember("sections").array().map(SectionFrames.init(json:))
        self.init(contentSize: CGSize(width: try size[0].number(), height: try size[1].number()), sections: sections)
    }
}

extension SectionFrames {
    /// Decodes `{ "header"?: frame, "items": [frame...], "footer"?: frame }`; no other member.
    /// - Throws: ``JSONFault``.
    package init(json node: JSONNode) throws {
        self.init()
        var items: JSONNode?
        try node.forEachMember { key, v in
            switch key {
            case "header": header = try CGRect(frame: v)
            case "items": items = v
            case "footer": footer = try CGRect(frame: v)
            default: throw v.unknownField(key, in: "expected section", expected: "header, items, footer")
            }
        }
        guard let i = items else { throw node.missing("items") }
        self.items = try i.array().map(CGRect.init(frame:))
    }
}

extension CGRect {
    /// Decodes a frame `[x, y, width, height]` (pt), kept as written.
    /// - Throws: ``JSONFault`` unless the value is an array of 4 numbers.
    package init(frame node: JSONNode) throws {
        let f = try node.tuple(4, "a frame [x, y, width, height]")
        self.init(x: try f[0].number(), y: try f[1].number(), width: try f[2].number(), height: try f[3].number())
    }
}

// MARK: - Encoding

extension JSONValue {
    /// A layout result in the shape of a fixture's `expected` (FIXTURE-FORMAT §4); non-finite
    /// numbers as the strings `nan`, `inf`, `-inf`, an item without a frame as `null`, extra
    /// elements under `extra`.
    public init(_ r: LayoutResult) {
        func frame(_ f: CGRect) -> JSONValue { f.isNull ? .null : .frame(f) }
        var top: [(key: String, value: JSONValue)] = [("contentSize", .size(r.contentSize))]
        top.append(("sections", .array(r.sections.map { s in
            var o: [(key: String, value: JSONValue)] = []
            if let h = s.header { o.append(("header", frame(h))) }
            o.append(("items", .array(s.items.map(frame))))
            if let f = s.footer { o.append(("footer", frame(f))) }
            return .object(o)
        })))
        if !r.extraElements.isEmpty {
            top.append(("extra", .array(r.extraElements.map { .array([.string($0.id.description), frame($0.frame)]) })))
        }
        self = .object(top)
    }
}
