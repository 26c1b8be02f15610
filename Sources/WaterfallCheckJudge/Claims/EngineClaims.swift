import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON

/// What an engine says about itself that changes what the harness checks (issue 33): the
/// features it implements (an input using another is skipped), its capabilities (no `query`: no
/// query check), the tie breaks it implements, its length quantum (positions that differ by
/// accumulated rounding pass as drift), its largest length (longer layouts are skipped) and its
/// query predicate (touching elements forgiven). Each is one ``EngineClaim`` in ``all``: the one
/// table that the hello decoder, the bounds, the "judged with" line of every report and
/// `--expect-claims` read. A new kind of claim (conventions, constraints) is one more entry there
/// and nothing else (docs/engine-claims.md).
///
/// Three guards, so that nothing the engine under test says can switch a gate off:
/// - **bounds** (``bounds``): a hello declaring a value outside them is refused (an engine error),
///   whatever the run pins: `lengthQuantum` at most 1 pt (one physical pixel at scale 1, the
///   coarsest screen; Chromium's LayoutUnit is 1/64 px), `maxLength` at least 100,000 pt;
/// - **shown**: ``judgedWith(_:)`` is printed at the head of every report;
/// - **pinned**: ``excess(_:allowed:)`` lists what an engine declares beyond an allowed set
///   (`--expect-claims FILE`, `expectClaims:` in the testing API), and the run is an error.
package struct EngineClaim: Sendable {
    /// The hello member (and `--expect-claims` member) name.
    package let member: String
    /// Reads the member from a hello or a claims file into `d`, refusing values outside the bounds.
    /// Absent members are left as they are (the exact default).
    let decode: @Sendable (_ member: JSONNode, _ d: inout EngineDescriptor) throws -> Void
    /// The declaration as a report prints it, or `nil` when it is the exact default (nothing loosened).
    let shown: @Sendable (EngineDescriptor) -> String?
    /// Why `declared` claims more than `allowed` does, or `nil`.
    let excess: @Sendable (_ declared: EngineDescriptor, _ allowed: EngineDescriptor) -> String?
    /// Why `d`'s value is outside the documented bounds, or `nil` (for engines that never send a hello).
    let outOfBounds: @Sendable (EngineDescriptor) -> String?
}

package enum EngineClaims {
    /// The coarsest length quantum an engine may declare, pt: one physical pixel at scale 1.
    package static let maximumQuantum: CGFloat = 1
    /// The smallest largest length an engine may declare, pt.
    package static let minimumMaxLength: CGFloat = 100_000

    /// Every kind of claim, in the order reports print them.
    package static let all: [EngineClaim] = [features, capabilities, tieBreaks, lengthQuantum, maxLength, query, conventions, constraints]

    /// The widest built-in tie band an engine may declare (`conventions.tieTolerance`), pt: the
    /// widest real one is 5 pt (one library of /work/shared/reviews/real-layouts.md).
    package static let maximumTieTolerance: CGFloat = 8
    /// The most floating-point noise an engine may declare (`conventions.positionNoiseULPs`).
    package static let maximumNoiseULPs = 1_024

    static let features = EngineClaim(
        member: "features",
        decode: { node, d in
            let names = Set(try node.array().map { try $0.string() })
            d.features = LayoutFeatures(LayoutFeatures.named.filter { names.contains($0.0) }.map(\.1))
        },
        shown: { d in d.features == .all ? nil : "features " + (d.features.names.isEmpty ? "none" : d.features.names.joined(separator: ", ")) },
        excess: { declared, allowed in
            let missing = allowed.features.subtracting(declared.features)
            return missing.isEmpty ? nil : "features: leaves out \(missing.names.joined(separator: ", ")) (inputs using them are skipped)"
        },
        outOfBounds: { _ in nil })

    static let capabilities = EngineClaim(
        member: "capabilities",
        decode: { node, d in
            let names = try node.array().map { try $0.string() }
            d.capabilities = names.contains("query") ? d.capabilities.union(.query) : d.capabilities.subtracting(.query)
            // `lifecycle` (FIXTURE-FORMAT §9) adds checks; it loosens nothing, so it is never an excess.
            if names.contains("lifecycle") { d.capabilities.formUnion([.lifecycle, .collectionViewLayout]) }
        },
        shown: { d in d.capabilities.contains(.query) ? nil : "no query capability (rect queries unchecked)" },
        excess: { declared, allowed in
            allowed.capabilities.contains(.query) && !declared.capabilities.contains(.query)
                ? "capabilities: no query (the query check is skipped)" : nil
        },
        outOfBounds: { _ in nil })

    static let tieBreaks = EngineClaim(
        member: "tieBreaks",
        decode: { node, d in
            let names = Set(try node.array().map { try $0.string() })
            d.limits.tieBreaks = Set(TieBreak.allCases.filter { names.contains($0.rawValue) })
            guard !d.limits.tieBreaks.isEmpty else { throw node.fault("tieBreaks must name leftmost or afterPrevious") }
        },
        shown: { d in d.limits.tieBreaks == EngineLimits.exact.tieBreaks ? nil : "tieBreaks \(d.limits.tieBreakNames.joined(separator: ", ")) only" },
        excess: { declared, allowed in
            let missing = allowed.limits.tieBreaks.subtracting(declared.limits.tieBreaks)
            return missing.isEmpty ? nil : "tieBreaks: leaves out \(TieBreak.allCases.filter(missing.contains).map(\.rawValue).joined(separator: ", "))"
        },
        outOfBounds: { _ in nil })

    static let lengthQuantum = EngineClaim(
        member: "lengthQuantum",
        decode: { node, d in
            let v = try node.number()
            guard v >= 0, v.isFinite else { throw node.fault("lengthQuantum must be a number >= 0 (pt), got \(JSONWriter.number(v))") }
            guard CGFloat(v) <= maximumQuantum else {
                throw node.fault("lengthQuantum \(JSONWriter.number(v)) pt is beyond one physical pixel at scale 1 (at most \(formatPoints(maximumQuantum)) pt; docs/engine-claims.md)")
            }
            d.limits.lengthQuantum = CGFloat(v)
        },
        shown: { d in d.limits.lengthQuantum == 0 ? nil : "lengthQuantum \(quantumText(d.limits.lengthQuantum))" },
        excess: { declared, allowed in
            declared.limits.lengthQuantum > allowed.limits.lengthQuantum
                ? "lengthQuantum: \(quantumText(declared.limits.lengthQuantum)), allowed at most \(quantumText(allowed.limits.lengthQuantum))" : nil
        },
        outOfBounds: { d in
            let q = d.limits.lengthQuantum
            return q >= 0 && q <= maximumQuantum ? nil : "lengthQuantum \(formatPoints(q)) pt is outside [0, \(formatPoints(maximumQuantum))] pt"
        })

    static let maxLength = EngineClaim(
        member: "maxLength",
        decode: { node, d in
            let v = try node.number()
            guard v > 0, v.isFinite else { throw node.fault("maxLength must be a number > 0 (pt), got \(JSONWriter.number(v))") }
            guard CGFloat(v) >= minimumMaxLength else {
                throw node.fault("maxLength \(JSONWriter.number(v)) pt is below the smallest an engine may declare (\(formatPoints(minimumMaxLength)) pt; docs/engine-claims.md)")
            }
            d.limits.maxLength = CGFloat(min(v, Double(ReferenceLayout.maximumLength)))
        },
        shown: { d in d.limits.maxLength >= ReferenceLayout.maximumLength ? nil : "maxLength \(formatPoints(d.limits.maxLength)) pt" },
        excess: { declared, allowed in
            declared.limits.maxLength < allowed.limits.maxLength
                ? "maxLength: \(formatPoints(declared.limits.maxLength)) pt, allowed at least \(formatPoints(allowed.limits.maxLength)) pt" : nil
        },
        outOfBounds: { d in
            d.limits.maxLength >= minimumMaxLength ? nil : "maxLength \(formatPoints(d.limits.maxLength)) pt is below \(formatPoints(minimumMaxLength)) pt"
        })

    static let query = EngineClaim(
        member: "query",
        decode: { node, d in
            let name = try node.string()
            guard let p = QueryPredicate(rawValue: name) else { throw node.fault("query must be \"strict\" or \"closed\", got \"\(name)\"") }
            d.limits.queryPredicate = p
        },
        shown: { d in d.limits.queryPredicate == .strict ? nil : "query \(d.limits.queryPredicate.rawValue) (touching elements forgiven)" },
        excess: { declared, allowed in
            declared.limits.queryPredicate == .closed && allowed.limits.queryPredicate == .strict ? "query: closed, allowed strict only" : nil
        },
        outOfBounds: { _ in nil })

    /// Conventions (FIXTURE-FORMAT §9 `conventions`, issue 32): each one forgives a departure from
    /// §5, so each declared one is shown, bounded (no rounding coarser than a whole point, a tie
    /// band of at most ``maximumTieTolerance``, noise of at most ``maximumNoiseULPs`` ulps) and,
    /// when pinned, must be one the claims file lists with the same value.
    static let conventions = EngineClaim(
        member: "conventions",
        decode: { node, d in
            let c = try EngineConventions(json: node)
            if let why = conventionBounds(c) { throw node.fault(why + " (docs/engine-claims.md)") }
            d.conventions = c
        },
        shown: { d in d.conventions == .none ? nil : "conventions " + d.conventions.lines.joined(separator: ", ") },
        excess: { declared, allowed in
            // The numeric members are the loosest allowed: a smaller band or less noise is within.
            var d = declared.conventions
            let a = allowed.conventions
            if d.builtInTieTolerance <= a.builtInTieTolerance { d.builtInTieTolerance = a.builtInTieTolerance }
            if d.positionNoiseULPs <= a.positionNoiseULPs { d.positionNoiseULPs = a.positionNoiseULPs }
            let extra = d.lines.filter { !a.lines.contains($0) }
            return extra.isEmpty ? nil : "conventions: \(extra.joined(separator: ", ")), not allowed"
        },
        outOfBounds: { d in conventionBounds(d.conventions) })

    /// Why `c` forgives more than any real engine needs, or `nil`.
    package static func conventionBounds(_ c: EngineConventions) -> String? {
        // Scale 0 is the input's own pixelScale (at least 1 px per pt): never coarser than a point.
        for (key, r) in [("columnWidth", c.columnWidthRounding), ("height", c.heightRounding), ("sizeHeight", c.sizeHeightRounding),
                         ("position", c.positionRounding)] {
            if let r, r.scale != 0, r.scale < 1 { return "conventions.\(key) rounds to \(r.description), coarser than a whole point" }
        }
        if c.builtInTieTolerance < 0 || c.builtInTieTolerance > maximumTieTolerance {
            return "conventions.tieTolerance \(formatPoints(c.builtInTieTolerance)) pt is outside [0, \(formatPoints(maximumTieTolerance))] pt"
        }
        if c.positionNoiseULPs < 0 || c.positionNoiseULPs > maximumNoiseULPs {
            return "conventions.positionNoiseULPs \(c.positionNoiseULPs) is outside [0, \(maximumNoiseULPs)]"
        }
        return nil
    }

    /// Constraints (FIXTURE-FORMAT §9 `constraints`, issue 32): inputs outside them are not
    /// generated and an `unsupported` answer to one is a skip, so each declared one narrows what
    /// is checked: shown, and when pinned, one the claims file must list.
    static let constraints = EngineClaim(
        member: "constraints",
        decode: { node, d in
            d.constraints = try EngineConstraints(json: node)
            // Every item would be outside the features: nothing checked, nothing failing.
            if d.constraints.sizedItemsOnly && !d.features.contains(.size) {
                throw node.fault("constraints.sizedItemsOnly needs the size feature: without it no input is inside both (docs/fixture-format.md §9)")
            }
        },
        shown: { d in d.constraints == .none ? nil : "constraints " + d.constraints.lines.joined(separator: ", ") },
        excess: { declared, allowed in
            let extra = declared.constraints.lines.filter { !allowed.constraints.lines.contains($0) }
            return extra.isEmpty ? nil : "constraints: \(extra.joined(separator: ", ")), not allowed (inputs outside them go unchecked)"
        },
        outOfBounds: { _ in nil })

    /// `1/64 pt` for a power-of-two fraction, else the number.
    package static func quantumText(_ q: CGFloat) -> String {
        if q == 0 { return "0 pt (doubles)" }
        let inverse = 1 / q
        if q < 1, inverse == inverse.rounded(), inverse < 1e9 { return "1/\(Int(inverse)) pt" }
        return "\(JSONWriter.number(q)) pt"
    }

    /// Reads every claim member of `node` (a hello line or a claims file) into `d`. Members that
    /// are no claim are left to the caller. Throws ``JSONFault`` for a mistyped member or a value
    /// beyond the bounds.
    package static func decode(_ node: JSONNode, into d: inout EngineDescriptor) throws {
        for claim in all {
            if let m = node.member(claim.member) { try claim.decode(m, &d) }
        }
    }

    /// The claims `d` makes beyond the exact default, as reports print them; empty when it makes none.
    package static func shown(_ d: EngineDescriptor) -> [String] { all.compactMap { $0.shown(d) } }

    /// `judged with: lengthQuantum 1/64 pt, maxLength 524282 pt (declared by the engine)`, or
    /// `judged with: the exact claims (every feature, both tie breaks, doubles, lengths to 1e9 pt, strict query)`.
    package static func judgedWith(_ d: EngineDescriptor) -> String {
        let s = shown(d)
        if s.isEmpty { return "judged with: the exact claims (every feature, the query capability, both tie breaks, doubles, lengths to 1e9 pt, the strict query predicate)" }
        // `--conventions FILE|auto` replaces the engine's own conventions (the command prints
        // which, above this line): the header must not credit the engine with them.
        return "judged with: " + s.joined(separator: "; ")
            + (d.conventions == .none ? " (declared by the engine)" : " (declared by the engine; the conventions by it or by --conventions)")
    }

    /// What `declared` claims beyond `allowed` (one line per claim), and any value outside the bounds.
    package static func excess(_ declared: EngineDescriptor, allowed: EngineDescriptor?) -> [String] {
        var out = all.compactMap { $0.outOfBounds(declared) }
        if let allowed { out += all.compactMap { $0.excess(declared, allowed) } }
        return out
    }

    /// `most fixtures were skipped (13 of 15) on the engine's own claims; ...` when more than
    /// half of `cases` were skipped, or more than `limit` (a fraction, `--max-skipped`); `fails`
    /// when more than `limit`. `nil` otherwise. `noun` is the plural of what was run.
    package static func skipWarning(skipped: Int, of cases: Int, limit: Double?, noun: String = "fixtures") -> (text: String, fails: Bool)? {
        guard cases > 0, skipped > 0 else { return nil }
        let fails = limit.map { Double(skipped) > $0 * Double(cases) } ?? false
        guard fails || 2 * skipped > cases else { return nil }
        var s = "\(2 * skipped > cases ? "most \(noun) were" : "\(skipped) \(noun) were") skipped (\(skipped) of \(cases)) on the engine's own claims"
        if let limit { s += fails ? "; more than --max-skipped \(formatPoints(CGFloat(limit * 100)))% allows: the run fails" : "" }
        else { s += "; --max-skipped PERCENT makes such a run fail" }
        return (s, fails)
    }

    /// The members a claims file may hold.
    package static var members: [String] { all.map(\.member) }

    /// Reads a claims file (`--expect-claims FILE`): one JSON object with the hello's claim
    /// members, each the loosest value the run allows; an absent member allows only the exact
    /// default (every feature, query, both tie breaks, quantum 0, maxLength 1e9 pt, strict).
    /// - Throws: ``JSONError`` (file, line, column, path) for a file that is not such an object,
    ///   an unknown member (a typo must never allow more), or a value beyond the bounds.
    package static func allowed(contentsOf url: URL) throws -> EngineDescriptor {
        let document = try JSONDocument(contentsOf: url)
        return try document.decode { node in
            try node.forEachMember { k, m in
                guard members.contains(k) else { throw m.fault("unknown claim \"\(k)\"; known: \(members.joined(separator: ", "))") }
            }
            var d = EngineDescriptor(name: "allowed", version: "", capabilities: [.query])
            try decode(node, into: &d)
            return d
        }
    }
}
