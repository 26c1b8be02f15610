import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON

/// The JSON form of ``EngineConventions`` (FIXTURE-FORMAT §9 `conventions`, docs/fixture-format.md):
/// an object whose keys are ``EngineConventions/keys``; an absent key is §5's behaviour. A
/// rounding is `{"rule": "down"|"nearest", "scale": S}`. The hello line's `conventions` member,
/// `--conventions FILE` and `waterfall-check conventions --save` all use it.
extension EngineConventions {
    /// The object, with only the conventions set (``none`` is `{}`).
    public var json: JSONValue {
        var o: [(key: String, value: JSONValue)] = []
        func rounding(_ r: LengthRounding) -> JSONValue {
            .object([("rule", .string(r.rule.rawValue)), ("scale", r.scale == 0 ? .string("pixelScale") : .number(Double(r.scale)))])
        }
        if let r = columnWidthRounding { o.append(("columnWidth", rounding(r))) }
        if let r = heightRounding { o.append(("height", rounding(r))) }
        if let r = sizeHeightRounding { o.append(("sizeHeight", rounding(r))) }
        if let r = positionRounding { o.append(("position", rounding(r))) }
        if omitsZeroHeightSupplementaryViews { o.append(("omitsZeroHeightSupplementaryViews", .bool(true))) }
        if zeroContentSizeWithoutSections { o.append(("zeroContentSizeWithoutSections", .bool(true))) }
        if emptySectionsCollapse { o.append(("emptySectionsCollapse", .bool(true))) }
        if countsTrailingSpacing { o.append(("countsTrailingSpacing", .bool(true))) }
        if builtInTieTolerance != 0 { o.append(("tieTolerance", .number(Double(builtInTieTolerance)))) }
        if closedRectQueries { o.append(("closedRectQueries", .bool(true))) }
        if positionNoiseULPs != 0 { o.append(("positionNoiseULPs", .integer(positionNoiseULPs))) }
        if firstRowInOrder { o.append(("firstRowInOrder", .bool(true))) }
        if tiesToLeastRecentColumn { o.append(("tiesToLeastRecentColumn", .bool(true))) }
        if invalidatesOnScroll { o.append(("invalidatesOnScroll", .bool(true))) }
        return .object(o)
    }

    /// Reads the object. - Throws: ``JSONFault`` naming the member: an unknown key (a typo must
    /// never silently judge by plain §5), a mistyped value, a rounding whose rule is not `down` or
    /// `nearest` or whose scale is not > 0, a `columnWidth` rounding that is not `down`, a
    /// negative tie band or noise.
    package init(json node: JSONNode) throws {
        self = .none
        try node.refuseUnknownMembers(Self.keys, kind: "convention")
        func rounding(_ key: String) throws -> LengthRounding? {
            guard let r = node.member(key) else { return nil }
            let ruleNode = try r.requiredMember("rule")
            let name = try ruleNode.string()
            guard let rule = LengthRounding.Rule(rawValue: name) else { throw ruleNode.fault("rule must be \"down\" or \"nearest\", got \"\(name)\"") }
            var scale: CGFloat = 1
            if let s = r.member("scale"), (try? s.string()) == "pixelScale" {
                scale = 0
            } else if let s = r.member("scale") {
                let v = try s.number()
                guard v > 0, v.isFinite else { throw s.fault("scale must be a number > 0 (steps per pt), or \"pixelScale\" (the input's)") }
                scale = CGFloat(v)
            }
            return LengthRounding(rule, scale: scale)
        }
        columnWidthRounding = try rounding("columnWidth")
        if let r = columnWidthRounding, r.rule != .down {
            throw node.member("columnWidth")!.fault("a column width rounding must be \"down\" (the one real layouts use; §5's pixelScale floors too)")
        }
        heightRounding = try rounding("height")
        sizeHeightRounding = try rounding("sizeHeight")
        positionRounding = try rounding("position")
        omitsZeroHeightSupplementaryViews = try node.member("omitsZeroHeightSupplementaryViews")?.bool() ?? false
        zeroContentSizeWithoutSections = try node.member("zeroContentSizeWithoutSections")?.bool() ?? false
        emptySectionsCollapse = try node.member("emptySectionsCollapse")?.bool() ?? false
        countsTrailingSpacing = try node.member("countsTrailingSpacing")?.bool() ?? false
        closedRectQueries = try node.member("closedRectQueries")?.bool() ?? false
        firstRowInOrder = try node.member("firstRowInOrder")?.bool() ?? false
        tiesToLeastRecentColumn = try node.member("tiesToLeastRecentColumn")?.bool() ?? false
        invalidatesOnScroll = try node.member("invalidatesOnScroll")?.bool() ?? false
        if let t = node.member("tieTolerance") {
            let v = try t.number()
            guard v >= 0, v.isFinite else { throw t.fault("tieTolerance must be a number >= 0 (pt)") }
            builtInTieTolerance = CGFloat(v)
        }
        if let n = node.member("positionNoiseULPs") {
            let v = try n.integer()
            guard v >= 0, v <= 1 << 20 else { throw n.fault("positionNoiseULPs must be an integer in 0...1048576") }
            positionNoiseULPs = v
        }
    }

    /// Reads a conventions file: the object itself, or an object with a `conventions` member (what
    /// `waterfall-check conventions --save` writes, with its evidence beside it).
    /// - Throws: ``JSONError`` with the file and position of the fault.
    ///   A saved file's `undetermined` list (conventions whose probes faulted) declares nothing;
    ///   a key both set and listed there is refused (the file contradicts itself).
    public init(contentsOf url: URL) throws {
        self = try Self.read(contentsOf: url).conventions
    }

    /// The conventions of a file as ``init(contentsOf:)`` reads them, and the keys its
    /// `undetermined` member lists (what `waterfall-check conventions --save` could not detect
    /// because a probe faulted; empty without the member). Undetermined is not declared.
    /// - Throws: ``JSONError``: as ``init(contentsOf:)``; an `undetermined` that is not an array of
    ///   ``keys``, or names a key the file also sets.
    public static func read(contentsOf url: URL) throws -> (conventions: EngineConventions, undetermined: [String]) {
        let doc = try JSONDocument(contentsOf: url)
        return try doc.decode { root in
            guard let saved = root.member("conventions") else { return (try EngineConventions(json: root), []) }
            // What `conventions --save` writes; a misspelt member (`undetermind`) must not pass.
            try root.refuseUnknownMembers([("engine", ""), ("conventions", ""), ("evidence", ""), ("unexplained", ""), ("undetermined", "")],
                                          kind: "conventions file member")
            let conventions = try EngineConventions(json: saved)
            var undetermined: [String] = []
            if let list = root.member("undetermined") {
                for node in try list.array() {
                    let key = try node.string()
                    guard keys.contains(where: { $0.key == key }) else {
                        throw node.fault("unknown convention \"\(key)\" in undetermined (known: \(keys.map(\.key).joined(separator: ", ")))")
                    }
                    if saved.member(key) != nil {
                        throw node.fault("\"\(key)\" is undetermined (its probe faulted) and also set in conventions: remove it from one")
                    }
                    undetermined.append(key)
                }
            }
            return (conventions, undetermined)
        }
    }
}

/// The JSON form of ``EngineConstraints`` (FIXTURE-FORMAT §9 `constraints`): an object whose keys
/// are ``EngineConstraints/keys``; the flags are booleans, `fixedContainerWidth` a length in pt.
extension EngineConstraints {
    /// The object, with only the constraints set (``none`` is `{}`).
    public var json: JSONValue {
        var o: [(key: String, value: JSONValue)] = []
        for (k, on) in flags where on { o.append((k, .bool(true))) }
        if let w = fixedContainerWidth { o.append(("fixedContainerWidth", .number(Double(w)))) }
        return .object(o)
    }

    /// Reads the object. - Throws: ``JSONFault`` naming an unknown key or a mistyped value, or a
    /// `fixedContainerWidth` that is not a §6 length > 0.
    package init(json node: JSONNode) throws {
        self = .none
        try node.refuseUnknownMembers(Self.keys, kind: "constraint")
        func flag(_ key: String) throws -> Bool { try node.member(key)?.bool() ?? false }
        supplementaryWithoutInsets = try flag("supplementaryWithoutInsets")
        noFooters = try flag("noFooters")
        oneSpacing = try flag("oneSpacing")
        noSectionInsets = try flag("noSectionInsets")
        noSectionInsetOverrides = try flag("noSectionInsetOverrides")
        leftToRightOnly = try flag("leftToRightOnly")
        sizedItemsOnly = try flag("sizedItemsOnly")
        if let w = node.member("fixedContainerWidth") {
            let v = try w.number()
            guard v > 0, ReferenceLayout.isValidLength(CGFloat(v)) else { throw w.fault("fixedContainerWidth must be a length > 0 (pt)") }
            fixedContainerWidth = CGFloat(v)
        }
    }
}

extension JSONNode {
    /// Throws ``JSONFault`` at the first member whose key is not one of `keys` (a typo must never
    /// be read as "not declared"), naming it and the known ones. O(members + keys).
    fileprivate func refuseUnknownMembers(_ keys: [(key: String, meaning: String)], kind: String) throws {
        let known = Set(keys.map(\.key))
        try forEachMember { key, value in
            guard known.contains(key) else {
                throw value.fault("unknown \(kind) \"\(key)\"; known: \(keys.map(\.key).joined(separator: ", "))")
            }
        }
    }
}
