import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON

// The JSON of lifecycle steps (FIXTURE-FORMAT §10, a fixture's `steps`) and of the §9 `lifecycle`
// requests and replies: one encoding for both.

extension JSONValue {
    /// A step: `{"action": "reloadData", "sections": [...]}`, `{"action": "performBatchUpdates",
    /// "updates": [...]}`, `{"action": "setBounds", "bounds": [x, y, w, h]}`,
    /// `{"action": "invalidateLayout"}`, `{"action": "invalidateItems", "items": [[s, i], ...]}`.
    public init(_ step: LifecycleStep) {
        var o: [(key: String, value: JSONValue)] = [("action", .string(step.action))]
        switch step {
        case .reloadData(let sections): o.append(("sections", Self.sections(sections)))
        case .performBatchUpdates(let updates): o.append(("updates", .array(updates.map(JSONValue.init))))
        case .setBounds(let r): o.append(("bounds", JSONValue.frame(r)))
        case .invalidateLayout: break
        case .invalidateItems(let ids): o.append(("items", .array(ids.map { .array([.integer($0.section), .integer($0.item)]) })))
        }
        self = .object(o)
    }

    /// An update: `{"action": "insertItems", "at": [s, i], "item": {...}}`, `deleteItems` and
    /// `reloadItems` (with `item`) likewise, `{"action": "moveItem", "at": [s, i], "to": [s, i]}`,
    /// `{"action": "insertSections", "at": k, "section": {...}}`, `deleteSections`, `reloadSections`.
    public init(_ update: LifecycleUpdate) {
        func path(_ s: Int, _ i: Int) -> JSONValue { .array([.integer(s), .integer(i)]) }
        var o: [(key: String, value: JSONValue)] = [("action", .string(update.action))]
        switch update {
        case .insertItem(let s, let i, let item), .reloadItem(let s, let i, let item):
            o.append(("at", path(s, i))); o.append(("item", Self.item(item)))
        case .deleteItem(let s, let i): o.append(("at", path(s, i)))
        case .moveItem(let a, let b): o.append(("at", path(a.section, a.item))); o.append(("to", path(b.section, b.item)))
        case .insertSection(let k, let section), .reloadSection(let k, let section):
            o.append(("at", .integer(k))); o.append(("section", Self.sections([section]).array?.first ?? .null))
        case .deleteSection(let k): o.append(("at", .integer(k)))
        }
        self = .object(o)
    }

    /// Sections as a fixture's `sections` (§3), through the one input encoder.
    static func sections(_ sections: [SectionInput]) -> JSONValue {
        JSONValue(LayoutInput(layout: LayoutSettings(containerWidth: 1, columnCount: 1), sections: sections))["sections"] ?? .array([])
    }

    static func item(_ item: LayoutItem) -> JSONValue { sections([SectionInput(items: [item])]).array?.first?["items"]?.array?.first ?? .null }

    var array: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }

    /// An element: `["item", s, i]`, `["header", s]`, `["footer", s]`.
    public init(_ id: ElementID) {
        switch id.kind {
        case .item: self = .array([.string("item"), .integer(id.section), .integer(id.item)])
        case .header: self = .array([.string("header"), .integer(id.section)])
        case .footer: self = .array([.string("footer"), .integer(id.section)])
        }
    }

    /// A state: `{"contentSize": [w, h], "elements": [[element, [x, y, w, h]], ...]}` (an
    /// attribute that names no element of the data: `null` for its element).
    public init(_ state: LifecycleState) {
        self = .object([("contentSize", JSONValue.size(state.contentSize)),
                        ("elements", .array(state.elements.map { .array([$0.id.map(JSONValue.init) ?? .null, JSONValue.frame($0.frame)]) }))])
    }
}

extension LifecycleStep {
    /// Decodes a step (``JSONValue/init(_:)-(LifecycleStep)``). - Throws: ``JSONFault`` naming the field.
    package init(json node: JSONNode) throws {
        let action = try node.requiredMember("action").string()
        let members: [String: [String]] = ["reloadData": ["sections"], "performBatchUpdates": ["updates"], "setBounds": ["bounds"],
                                           "invalidateLayout": [], "invalidateItems": ["items"]]
        if let allowed = members[action] {
            // An unknown member is refused here as everywhere else in a fixture (a typo must not be ignored).
            try node.forEachMember { key, v in
                guard key == "action" || allowed.contains(key) else {
                    throw v.unknownField(key, in: "\(action) step", expected: (["action"] + allowed).joined(separator: ", "))
                }
            }
        }
        switch action {
        case "reloadData": self = .reloadData(try node.requiredMember("sections").array().map(SectionInput.init(json:)))
        case "performBatchUpdates": self = .performBatchUpdates(try node.requiredMember("updates").array().map(LifecycleUpdate.init(json:)))
        case "setBounds":
            let b = try node.requiredMember("bounds")
            let r = try CGRect(json: b)
            // size, not width/height: CGRect's width and height are of the standardized rect (never negative).
            let (x, y, w, h) = (r.origin.x, r.origin.y, r.size.width, r.size.height)
            guard [x, y, w, h].allSatisfy(\.isFinite), w > 0, h >= 0 else {
                throw b.fault("bounds must be finite with a width > 0 and a height >= 0 (pt), got [\(x), \(y), \(w), \(h)]")
            }
            self = .setBounds(r)
        case "invalidateLayout": self = .invalidateLayout
        case "invalidateItems":
            self = .invalidateItems(try node.requiredMember("items").array().map { p in
                let t = try p.tuple(2, "[section, item]")
                return .item(try t[0].integer(), try t[1].integer())
            })
        default:
            throw try node.requiredMember("action").fault("unknown step action \"\(action)\"; expected reloadData, performBatchUpdates, setBounds, invalidateLayout or invalidateItems")
        }
    }
}

extension LifecycleUpdate {
    /// Decodes an update (``JSONValue/init(_:)-(LifecycleUpdate)``). - Throws: ``JSONFault``.
    package init(json node: JSONNode) throws {
        let action = try node.requiredMember("action").string()
        let members: [String: [String]] = ["insertItems": ["at", "item"], "deleteItems": ["at"], "reloadItems": ["at", "item"],
                                           "moveItem": ["at", "to"], "insertSections": ["at", "section"], "deleteSections": ["at"],
                                           "reloadSections": ["at", "section"]]
        if let allowed = members[action] {
            try node.forEachMember { key, v in
                guard key == "action" || allowed.contains(key) else {
                    throw v.unknownField(key, in: "\(action) update", expected: (["action"] + allowed).joined(separator: ", "))
                }
            }
        }
        func path(_ key: String) throws -> ElementID {
            let m = try node.requiredMember(key)
            let t = try m.tuple(2, "[section, item]")
            let (s, i) = (try t[0].integer(), try t[1].integer())
            guard s >= 0, i >= 0 else { throw m.fault("an index path is [section, item], each >= 0, got [\(s), \(i)]") }
            return .item(s, i)
        }
        func index() throws -> Int {
            let m = try node.requiredMember("at")
            let i = try m.integer()
            guard i >= 0 else { throw m.fault("a section index is >= 0, got \(i)") }
            return i
        }
        switch action {
        case "insertItems": let p = try path("at"); self = .insertItem(section: p.section, index: p.item, try LayoutItem(json: node.requiredMember("item")))
        case "deleteItems": let p = try path("at"); self = .deleteItem(section: p.section, index: p.item)
        case "reloadItems": let p = try path("at"); self = .reloadItem(section: p.section, index: p.item, try LayoutItem(json: node.requiredMember("item")))
        case "moveItem": self = .moveItem(from: try path("at"), to: try path("to"))
        case "insertSections": self = .insertSection(index: try index(), try SectionInput(json: node.requiredMember("section")))
        case "deleteSections": self = .deleteSection(index: try index())
        case "reloadSections": self = .reloadSection(index: try index(), try SectionInput(json: node.requiredMember("section")))
        default:
            throw try node.requiredMember("action").fault("unknown update action \"\(action)\"; expected insertItems, deleteItems, reloadItems, moveItem, insertSections, deleteSections or reloadSections")
        }
    }
}

extension ElementID {
    /// Decodes `["item", s, i]`, `["header", s]` or `["footer", s]`. - Throws: ``JSONFault``.
    package init(json node: JSONNode) throws {
        let a = try node.array()
        guard a.count >= 2 else { throw node.fault("an element is [\"item\", section, item], [\"header\", section] or [\"footer\", section]") }
        switch try a[0].string() {
        case "item":
            guard a.count == 3 else { throw node.fault("an item is [\"item\", section, item]") }
            self = .item(try a[1].integer(), try a[2].integer())
        case "header": self = .header(try a[1].integer())
        case "footer": self = .footer(try a[1].integer())
        case let other: throw a[0].fault("unknown element kind \"\(other)\"; expected item, header or footer")
        }
    }
}

extension LifecycleState {
    /// Decodes a state (``JSONValue/init(_:)-(LifecycleState)``). - Throws: ``JSONFault``.
    package init(json node: JSONNode) throws {
        let size = try node.requiredMember("contentSize").numbers(2, "[width, height]")
        let elements = try node.requiredMember("elements").array().map { e -> LifecycleElement in
            let t = try e.tuple(2, "[element, [x, y, width, height]]")
            return LifecycleElement(id: t[0].isNull ? nil : try ElementID(json: t[0]), frame: try CGRect(json: t[1]))
        }
        self.init(contentSize: CGSize(width: size[0], height: size[1]), elements: elements)
    }
}

extension CGRect {
    /// Decodes `[x, y, width, height]`. - Throws: ``JSONFault``.
    package init(json node: JSONNode) throws {
        let n = try node.numbers(4, "[x, y, width, height]")
        self.init(x: n[0], y: n[1], width: n[2], height: n[3])
    }
}
