// TEMPORARY: stands in for h/codec's FixtureReader / CanonicalWriter / SourceLocator / AtomicFile
// until that branch lands on main. Delete on merge. Not canonical, not strict, no locations.
import Foundation

public struct FixtureError: Error, CustomStringConvertible {
    public var file: String; public var line: Int; public var column: Int; public var jsonPath: String; public var message: String
    public var description: String { "\(file):\(line):\(column): \(jsonPath): \(message)" }
}

public enum FixtureReader {
    public static func read(contentsOf url: URL) throws -> Fixture {
        try decode(try Data(contentsOf: url), file: url.path)
    }
    public static func decode(_ data: Data, file: String) throws -> Fixture {
        func fail(_ m: String) -> FixtureError { FixtureError(file: file, line: 1, column: 1, jsonPath: "$", message: m) }
        guard let o = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { throw fail("not a JSON object") }
        guard o["format"] as? String == Fixture.format, let name = o["name"] as? String,
              let l = o["layout"] as? [String: Any], let ss = o["sections"] as? [[String: Any]] else { throw fail("bad fixture") }
        func d(_ v: Any?) -> CGFloat? { (v as? NSNumber).map { CGFloat($0.doubleValue) } }
        func ins(_ v: Any?) -> EdgeInsets? {
            guard let i = v as? [String: Any] else { return nil }
            return EdgeInsets(top: d(i["top"]) ?? 0, left: d(i["left"]) ?? 0, bottom: d(i["bottom"]) ?? 0, right: d(i["right"]) ?? 0)
        }
        func sup(_ v: Any?) -> SupplementaryItem? {
            guard let s = v as? [String: Any], let h = d(s["height"]) else { return nil }
            return SupplementaryItem(height: h, inset: ins(s["inset"]) ?? .zero)
        }
        func rect(_ v: Any?) -> CGRect? {
            guard let a = v as? [NSNumber], a.count == 4 else { return nil }
            return CGRect(x: a[0].doubleValue, y: a[1].doubleValue, width: a[2].doubleValue, height: a[3].doubleValue)
        }
        let settings = LayoutSettings(
            containerWidth: d(l["containerWidth"]) ?? 0, columnCount: (l["columnCount"] as? NSNumber)?.intValue ?? 0,
            columnSpacing: d(l["columnSpacing"]) ?? 0, rowSpacing: d(l["rowSpacing"]) ?? 0,
            sectionInset: ins(l["sectionInset"]) ?? .zero,
            placement: Placement(rawValue: l["placement"] as? String ?? "shortestFirst") ?? .shortestFirst,
            tieTolerance: d(l["tieTolerance"]) ?? 0, tieBreak: TieBreak(rawValue: l["tieBreak"] as? String ?? "leftmost") ?? .leftmost,
            pixelScale: d(l["pixelScale"]), minimumContentHeight: d(l["minimumContentHeight"]) ?? 0)
        let sections = ss.map { s in
            LayoutSection(columnCount: (s["columnCount"] as? NSNumber)?.intValue, sectionInset: ins(s["sectionInset"]),
                          header: sup(s["header"]),
                          items: (s["items"] as? [[String: Any]] ?? []).map { i in
                              let span = (i["span"] as? NSNumber)?.intValue ?? 1
                              if let sz = i["size"] as? [NSNumber] { return .size(width: sz[0].doubleValue, height: sz[1].doubleValue, span: span) }
                              return .height(d(i["height"]) ?? 0, span: span)
                          }, footer: sup(s["footer"]))
        }
        var expected: Expected?
        if let e = o["expected"] as? [String: Any] {
            if let c = e["error"] as? String {
                guard let code = LayoutError.Code(rawValue: c) else { throw fail("unknown error code") }
                expected = .error(code)
            } else {
                let cs = e["contentSize"] as? [NSNumber] ?? []
                guard cs.count == 2 else { throw fail("contentSize") }
                expected = .layout(LayoutResult(
                    contentSize: CGSize(width: cs[0].doubleValue, height: cs[1].doubleValue),
                    sections: (e["sections"] as? [[String: Any]] ?? []).map { s in
                        SectionLayout(header: rect(s["header"]), items: (s["items"] as? [Any] ?? []).compactMap(rect), footer: rect(s["footer"]))
                    }))
            }
        }
        return Fixture(name: name, description: o["description"] as? String, source: o["source"] as? String,
                       tolerance: d(o["tolerance"]), input: LayoutInput(settings: settings, sections: sections), expected: expected)
    }
}

public struct SourceLocator {
    public init(_ bytes: Data) {}
    public func location(of jsonPath: String) -> (line: Int, column: Int)? { nil }
}

public enum CanonicalWriter {
    public static func string(for f: Fixture) -> String {
        func n(_ v: CGFloat) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(Double(v))" }
        func ins(_ i: EdgeInsets) -> [String: Any] { ["top": i.top, "left": i.left, "bottom": i.bottom, "right": i.right] }
        func r(_ r: CGRect) -> [Double] { [r.origin.x, r.origin.y, r.size.width, r.size.height] }
        let s = f.input.settings
        var o: [String: Any] = [
            "format": Fixture.format, "name": f.name,
            "layout": ["containerWidth": s.containerWidth, "columnCount": s.columnCount, "columnSpacing": s.columnSpacing,
                       "rowSpacing": s.rowSpacing, "sectionInset": ins(s.sectionInset), "placement": s.placement.rawValue,
                       "tieTolerance": s.tieTolerance, "tieBreak": s.tieBreak.rawValue, "pixelScale": s.pixelScale.map { $0 as Any } ?? NSNull(),
                       "minimumContentHeight": s.minimumContentHeight] as [String: Any],
            "sections": f.input.sections.map { sec -> [String: Any] in
                var d: [String: Any] = ["items": sec.items.map { i -> [String: Any] in
                    var o: [String: Any] = [:]
                    switch i.dimension { case .height(let h): o["height"] = h; case .size(let z): o["size"] = [z.width, z.height] }
                    if i.span != 1 { o["span"] = i.span }
                    return o
                }]
                if let c = sec.columnCount { d["columnCount"] = c }
                if let i = sec.sectionInset { d["sectionInset"] = ins(i) }
                if let h = sec.header { d["header"] = ["height": h.height, "inset": ins(h.inset)] }
                if let h = sec.footer { d["footer"] = ["height": h.height, "inset": ins(h.inset)] }
                return d
            },
        ]
        if let d = f.description { o["description"] = d }
        if let d = f.source { o["source"] = d }
        if let t = f.tolerance { o["tolerance"] = t }
        switch f.expected {
        case .error(let c)?: o["expected"] = ["error": c.rawValue]
        case .layout(let l)?:
            o["expected"] = ["contentSize": [l.contentSize.width, l.contentSize.height],
                             "sections": l.sections.map { s -> [String: Any] in
                                 var d: [String: Any] = ["items": s.items.map(r)]
                                 if let h = s.header { d["header"] = r(h) }
                                 if let h = s.footer { d["footer"] = r(h) }
                                 return d
                             }] as [String: Any]
        case nil: break
        }
        _ = n
        func clean(_ v: Any) -> Any {
            if let c = v as? CGFloat { return Double(c) }
            if let d = v as? [String: Any] { return d.mapValues(clean) }
            if let a = v as? [Any] { return a.map(clean) }
            return v
        }
        let data = try! JSONSerialization.data(withJSONObject: clean(o), options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws { try data.write(to: url, options: .atomic) }
}
