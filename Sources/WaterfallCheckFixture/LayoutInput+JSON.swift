import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport

// Decoding the input half of a fixture (FIXTURE-FORMAT §2, §3) from a strict JSON document.
// Types and presence are checked here; ranges are not (a negative width or a column count of 0
// loads fine and is the engine's §6 error).

extension LayoutInput {
    /// Decodes `{ "layout": {...}, "sections": [...] }`, the `input` of a protocol request
    /// (FIXTURE-FORMAT §9). No other member is allowed.
    /// - Throws: ``JSONFault`` for a wrong type, a missing or unknown field, an unknown enum string.
    package init(json node: JSONNode) throws {
        var layout: JSONNode?, sections: JSONNode?
        try node.forEachMember { key, value in
            switch key {
            case "layout": layout = value
            case "sections": sections = value
            default: throw value.unknownField(key, in: "input", expected: "layout, sections")
            }
        }
        guard let l = layout else { throw node.missing("layout") }
        guard let s = sections else { throw node.missing("sections") }
        try self.init(layoutNode: l, sectionsNode: s)
    }

    /// Decodes the fixture's `layout` object and `sections` array.
    init(layoutNode layout: JSONNode, sectionsNode sections: JSONNode) throws {
        self.init(layout: try LayoutSettings(json: layout), sections: try sections.array().map(SectionInput.init(json:)))
    }
}

extension LayoutSettings {
    /// Decodes a `layout` object (FIXTURE-FORMAT §2): `containerWidth` and `columnCount` required,
    /// every other field defaulted as the table says.
    /// - Throws: ``JSONFault``.
    package init(json node: JSONNode) throws {
        var width: Double?, columns: Int?
        self.init(containerWidth: 0, columnCount: 0)
        try node.forEachMember { key, v in
            switch key {
            case "containerWidth": width = try v.number()
            case "columnCount": columns = try v.integer()
            case "columnSpacing": columnSpacing = CGFloat(try v.number())
            case "rowSpacing": rowSpacing = CGFloat(try v.number())
            case "sectionInset": sectionInset = try LayoutInsets(json: v)
            case "placement": placement = try v.enumeration(Placement.self, "placement")
            case "tieTolerance": tieTolerance = CGFloat(try v.number())
            case "tieBreak": tieBreak = try v.enumeration(TieBreak.self, "tieBreak")
            case "pixelScale": pixelScale = v.isNull ? nil : CGFloat(try v.number())
            case "minimumContentHeight": minimumContentHeight = CGFloat(try v.number())
            default:
                throw v.unknownField(key, in: "layout", expected: CanonicalWriter.layoutKeys.joined(separator: ", "))
            }
        }
        guard let w = width else { throw node.missing("containerWidth") }
        guard let c = columns else { throw node.missing("columnCount") }
        containerWidth = CGFloat(w)
        columnCount = c
    }
}

extension LayoutInsets {
    /// Decodes `{ "top", "left", "bottom", "right" }`, each a number, missing keys 0 (FIXTURE-FORMAT §2).
    /// - Throws: ``JSONFault``.
    package init(json node: JSONNode) throws {
        self.init()
        try node.forEachMember { key, v in
            switch key {
            case "top": top = CGFloat(try v.number())
            case "left": left = CGFloat(try v.number())
            case "bottom": bottom = CGFloat(try v.number())
            case "right": right = CGFloat(try v.number())
            default: throw v.unknownField(key, in: "insets", expected: "top, left, bottom, right")
            }
        }
    }
}

extension SectionInput {
    /// Decodes one `sections[]` object (FIXTURE-FORMAT §3); `items` required.
    /// - Throws: ``JSONFault``.
    package init(json node: JSONNode) throws {
        self.init()
        var items: JSONNode?
        try node.forEachMember { key, v in
            switch key {
            case "columnCount": columnCount = try v.integer()
            case "sectionInset": sectionInset = try LayoutInsets(json: v)
            case "header": header = try HeaderFooter(json: v)
            case "items": items = v
            case "footer": footer = try HeaderFooter(json: v)
            default: throw v.unknownField(key, in: "section", expected: "columnCount, sectionInset, header, items, footer")
            }
        }
        guard let i = items else { throw node.missing("items") }
        self.items = try i.array().map(LayoutItem.init(json:))
    }
}

extension HeaderFooter {
    /// Decodes a header or footer `{ "height", "inset" }`: `height` required, `inset` optional
    /// (kept as ``givenInset`` so the writer can reproduce the file).
    /// - Throws: ``JSONFault``.
    package init(json node: JSONNode) throws {
        var height: Double?
        var inset: LayoutInsets?
        try node.forEachMember { key, v in
            switch key {
            case "height": height = try v.number()
            case "inset": inset = try LayoutInsets(json: v)
            default: throw v.unknownField(key, in: "header/footer", expected: "height, inset")
            }
        }
        guard let h = height else { throw node.missing("height") }
        self.init(height: CGFloat(h), inset: inset)
    }
}

extension LayoutItem {
    /// Decodes an item: exactly one of `{ "height": h }` and `{ "size": [w, h] }`, plus an optional
    /// integer `span` (default 1) (FIXTURE-FORMAT §3).
    /// - Throws: ``JSONFault``, also for an item with both or neither of `height` and `size`.
    package init(json node: JSONNode) throws {
        var dimension: Dimension?
        var span = 1
        try node.forEachMember { key, v in
            switch key {
            case "height", "size":
                if dimension != nil { throw v.fault("an item has either \"height\" or \"size\", not both") }
                if key == "height" {
                    dimension = .height(CGFloat(try v.number()))
                } else {
                    let s = try v.tuple(2, "[width, height]")
                    dimension = .size(CGSize(width: try s[0].number(), height: try s[1].number()))
                }
            case "span": span = try v.integer()
            default: throw v.unknownField(key, in: "item", expected: "height, size, span")
            }
        }
        guard let d = dimension else { throw node.fault("an item needs \"height\" or \"size\"") }
        self.init(d, span: span)
    }
}

extension JSONNode {
    /// The fault for an unknown member `key` of the object `what`.
    func unknownField(_ key: String, in what: String, expected: String) -> JSONFault {
        fault("unknown field \(JSONWriter.quoted(key)) in \(what); expected one of: \(expected) (put anything else under \"extensions\")")
    }

    /// A string that must be one of `E`'s raw values.
    func enumeration<E: RawRepresentable & CaseIterable>(_: E.Type, _ what: String) throws -> E where E.RawValue == String {
        let s = try string()
        guard let e = E(rawValue: s) else {
            throw fault("unknown \(what) \(JSONWriter.quoted(s)); expected one of: \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return e
    }
}

// MARK: - Encoding

extension JSONValue {
    /// An input as a fixture's `layout` and `sections` (FIXTURE-FORMAT §2, §3), for the JSON
    /// reports: ``CanonicalWriter/compactInput(_:)``, the one input encoder, read back (a cold
    /// path: a report holds a few inputs). An input holding NaN or an infinity, which JSON cannot
    /// carry, is its compact text as a string.
    /// - Complexity: O(n) in the items.
    public init(_ input: LayoutInput) {
        let text = CanonicalWriter.compactInput(input)
        self = (try? JSONDocument(parsing: Array(text.utf8), file: "input").decode { try $0.value() }) ?? .string(text)
    }
}
