import Foundation
import WaterfallCheck

// The protocol's fixed shapes read in one pass (``JSONLineScanner``): a layout or query request
// on the engine side, a layout or query reply on the harness side. Each returns `nil` for
// anything outside the happy subset (an error reply, an unknown or repeated member, an escape
// in a string, a number that is not plain), and the caller reads the line with ``JSONDocument``,
// so what is accepted and every error message stay exactly as the strict reader has them.
// `Tests/WaterfallCheckTests/Protocol/FastPathTests.swift` holds the two readers to the same
// values on every bundled fixture, generated inputs and mutated lines.

extension EngineProtocol.Request {
    /// The request `line` when it is in the fast subset, with its id. O(n) in the bytes.
    static func decodeFast(_ line: [UInt8], cache: NumberTextCache? = nil) -> (id: Int, request: EngineProtocol.Request)? {
        JSONLineScanner.scan(line, cache: cache) { s throws(JSONLineScanner.Bail) in
            var m = JSONLineScanner.Members()
            var id = 0, isLayout = false
            var input: LayoutInput?
            var rect = (0.0, 0.0, 0.0, 0.0)
            try s.object { s, key throws(JSONLineScanner.Bail) in
                if key == "id" { try m.once(0); id = try s.integer() }
                else if key == "op" {
                    try m.once(1)
                    let op = try s.string()
                    if op == "layout" { isLayout = true } else if !(op == "query") { throw .init() }
                } else if key == "input" { try m.once(2); input = try LayoutInput.scan(&s) }
                else if key == "rect" { try m.once(3); rect = try s.quad() }
                else { throw .init() }
            }
            guard m.has(0), m.has(1) else { throw .init() }
            if isLayout, let input { return (id, .layout(input)) }
            guard !isLayout, m.has(3), rect.2 >= 0, rect.3 >= 0 else { throw .init() }
            return (id, .query(CGRect(x: rect.0, y: rect.1, width: rect.2, height: rect.3)))
        }
    }
}

extension EngineProtocol.Reply {
    /// The reply `line` to a request of kind `op` when it is in the fast subset (never an error
    /// reply), with its id. O(n) in the bytes.
    static func decodeFast(_ line: [UInt8], op: String, cache: NumberTextCache? = nil) -> (id: Int, reply: EngineProtocol.Reply)? {
        let isLayout = op == "layout"
        return JSONLineScanner.scan(line, cache: cache) { s throws(JSONLineScanner.Bail) in
            var m = JSONLineScanner.Members()
            var id = 0
            var size = (0.0, 0.0)
            var sections: [SectionFrames] = []
            var items: [ElementID] = [], headers: [ElementID] = [], footers: [ElementID] = []
            try s.object { s, key throws(JSONLineScanner.Bail) in
                if key == "id" { try m.once(0); id = try s.integer() }
                else if isLayout, key == "contentSize" {
                    try m.once(1)
                    size = try s.pair()
                } else if isLayout, key == "sections" {
                    try m.once(2)
                    try s.array { s throws(JSONLineScanner.Bail) in sections.append(try SectionFrames.scan(&s)) }
                } else if !isLayout, key == "items" {
                    try m.once(3)
                    try s.array { s throws(JSONLineScanner.Bail) in
                        var pair = (0, 0), k = 0
                        try s.array { s throws(JSONLineScanner.Bail) in
                            guard k < 2 else { throw .init() }
                            if k == 0 { pair.0 = try s.integer() } else { pair.1 = try s.integer() }
                            k += 1
                        }
                        guard k == 2 else { throw .init() }
                        items.append(.item(pair.0, pair.1))
                    }
                } else if !isLayout, key == "headers" {
                    try m.once(4); try s.array { s throws(JSONLineScanner.Bail) in headers.append(.header(try s.integer())) }
                } else if !isLayout, key == "footers" {
                    try m.once(5); try s.array { s throws(JSONLineScanner.Bail) in footers.append(.footer(try s.integer())) }
                } else {
                    throw .init()
                }
            }
            guard m.has(0) else { throw .init() }
            if !isLayout { return (id, .elements(items + headers + footers)) }
            guard m.has(1), m.has(2) else { throw .init() }
            return (id, .layout(LayoutResult(contentSize: CGSize(width: size.0, height: size.1), sections: sections)))
        }
    }
}

private extension JSONLineScanner {
    /// A frame `[x, y, width, height]` (pt), as written.
    mutating func frame() throws(Bail) -> CGRect {
        let f = try quad()
        return CGRect(x: f.0, y: f.1, width: f.2, height: f.3)
    }

    /// `{"top","left","bottom","right"}`, missing keys 0.
    mutating func insets() throws(Bail) -> LayoutInsets {
        var m = Members(), e = LayoutInsets()
        try object { s, key throws(Bail) in
            if key == "top" { try m.once(0); e.top = CGFloat(try s.number()) }
            else if key == "left" { try m.once(1); e.left = CGFloat(try s.number()) }
            else if key == "bottom" { try m.once(2); e.bottom = CGFloat(try s.number()) }
            else if key == "right" { try m.once(3); e.right = CGFloat(try s.number()) }
            else { throw Bail() }
        }
        return e
    }

    /// A header or footer `{"height", "inset"?}`.
    mutating func supplementary() throws(Bail) -> HeaderFooter {
        var m = Members(), height = 0.0, inset: LayoutInsets?
        try object { s, key throws(Bail) in
            if key == "height" { try m.once(0); height = try s.number() }
            else if key == "inset" { try m.once(1); inset = try s.insets() }
            else { throw Bail() }
        }
        guard m.has(0) else { throw Bail() }
        return HeaderFooter(height: CGFloat(height), inset: inset)
    }

    /// A string that is one of `E`'s raw values.
    mutating func enumeration<E: RawRepresentable & CaseIterable>(_: E.Type) throws(Bail) -> E where E.RawValue == String {
        let k = try string()
        guard let e = E(rawValue: String(decoding: UnsafeBufferPointer(start: k.start, count: k.count), as: UTF8.self)) else { throw Bail() }
        return e
    }
}

private extension SectionFrames {
    static func scan(_ s: inout JSONLineScanner) throws(JSONLineScanner.Bail) -> SectionFrames {
        var m = JSONLineScanner.Members(), out = SectionFrames()
        try s.object { s, key throws(JSONLineScanner.Bail) in
            if key == "header" { try m.once(0); out.header = try s.frame() }
            else if key == "items" {
                try m.once(1)
                out.items.reserveCapacity(s.capacityHint(each: 10))  // `[0,0,0,0],`
                try s.array { s throws(JSONLineScanner.Bail) in out.items.append(try s.frame()) }
            }
            else if key == "footer" { try m.once(2); out.footer = try s.frame() }
            else { throw .init() }
        }
        guard m.has(1) else { throw .init() }
        return out
    }
}

private extension LayoutInput {
    /// `{"layout": {...}, "sections": [...]}` (FIXTURE-FORMAT §2, §3), as ``init(json:)`` reads it.
    static func scan(_ s: inout JSONLineScanner) throws(JSONLineScanner.Bail) -> LayoutInput {
        var m = JSONLineScanner.Members()
        var layout = LayoutSettings(containerWidth: 0, columnCount: 0)
        var sections: [SectionInput] = []
        try s.object { s, key throws(JSONLineScanner.Bail) in
            if key == "layout" { try m.once(0); layout = try LayoutSettings.scan(&s) }
            else if key == "sections" { try m.once(1); try s.array { s throws(JSONLineScanner.Bail) in sections.append(try SectionInput.scan(&s)) } }
            else { throw .init() }
        }
        guard m.has(0), m.has(1) else { throw .init() }
        return LayoutInput(layout: layout, sections: sections)
    }
}

private extension LayoutSettings {
    static func scan(_ s: inout JSONLineScanner) throws(JSONLineScanner.Bail) -> LayoutSettings {
        var m = JSONLineScanner.Members()
        var l = LayoutSettings(containerWidth: 0, columnCount: 0)
        try s.object { s, key throws(JSONLineScanner.Bail) in
            if key == "containerWidth" { try m.once(0); l.containerWidth = CGFloat(try s.number()) }
            else if key == "columnCount" { try m.once(1); l.columnCount = try s.integer() }
            else if key == "columnSpacing" { try m.once(2); l.columnSpacing = CGFloat(try s.number()) }
            else if key == "rowSpacing" { try m.once(3); l.rowSpacing = CGFloat(try s.number()) }
            else if key == "sectionInset" { try m.once(4); l.sectionInset = try s.insets() }
            else if key == "placement" { try m.once(5); l.placement = try s.enumeration(Placement.self) }
            else if key == "tieTolerance" { try m.once(6); l.tieTolerance = CGFloat(try s.number()) }
            else if key == "tieBreak" { try m.once(7); l.tieBreak = try s.enumeration(TieBreak.self) }
            else if key == "pixelScale" { try m.once(8); l.pixelScale = s.null() ? nil : CGFloat(try s.number()) }
            else if key == "minimumContentHeight" { try m.once(9); l.minimumContentHeight = CGFloat(try s.number()) }
            else { throw .init() }
        }
        guard m.has(0), m.has(1) else { throw .init() }
        return l
    }
}

private extension SectionInput {
    static func scan(_ s: inout JSONLineScanner) throws(JSONLineScanner.Bail) -> SectionInput {
        var m = JSONLineScanner.Members(), out = SectionInput()
        try s.object { s, key throws(JSONLineScanner.Bail) in
            if key == "columnCount" { try m.once(0); out.columnCount = try s.integer() }
            else if key == "sectionInset" { try m.once(1); out.sectionInset = try s.insets() }
            else if key == "header" { try m.once(2); out.header = try s.supplementary() }
            else if key == "footer" { try m.once(3); out.footer = try s.supplementary() }
            else if key == "items" {
                try m.once(4)
                out.items.reserveCapacity(s.capacityHint(each: 13))  // `{"height":0},`
                try s.array { s throws(JSONLineScanner.Bail) in out.items.append(try LayoutItem.scan(&s)) }
            }
            else { throw .init() }
        }
        guard m.has(4) else { throw .init() }
        return out
    }
}

private extension LayoutItem {
    static func scan(_ s: inout JSONLineScanner) throws(JSONLineScanner.Bail) -> LayoutItem {
        // The usual item, `{"height":h}`, byte for byte; anything else (a span, a size, spaces,
        // another order) is read again from its start below. A bad number bails here as it would there.
        let start = s.position
        if s.skip("{\"height\":") {
            let h = try s.number()
            if s.take(0x7D) { return LayoutItem(.height(CGFloat(h)), span: 1) }
            s.position = start
        }
        var m = JSONLineScanner.Members(), dimension = Dimension.height(0), span = 1
        try s.object { s, key throws(JSONLineScanner.Bail) in
            if key == "height" { try m.once(0); dimension = .height(CGFloat(try s.number())) }
            else if key == "size" {
                try m.once(1)
                let z = try s.pair()
                dimension = .size(CGSize(width: z.0, height: z.1))
            }
            else if key == "span" { try m.once(2); span = try s.integer() }
            else { throw .init() }
        }
        // Exactly one of height and size.
        guard m.has(0) != m.has(1) else { throw .init() }
        return LayoutItem(dimension, span: span)
    }
}
