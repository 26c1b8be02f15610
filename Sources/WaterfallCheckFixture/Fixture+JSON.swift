import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport

extension Fixture {
    /// Decodes a fixture object (FIXTURE-FORMAT §1): `format` exactly `waterfall-fixture/1`,
    /// `name` matching `[A-Za-z0-9._-]+`, `layout` and `sections` required, `tolerance` a finite
    /// number ≥ 0, `extensions` an object kept as written; no other member.
    /// - Throws: ``JSONFault``.
    package init(json node: JSONNode) throws {
        var format: JSONNode?, name: JSONNode?, layout: JSONNode?, sections: JSONNode?
        var description: String?, source: String?, tolerance: CGFloat?
        var expected: LayoutOutcome?, extensions: JSONValue?, disabled: String?, steps: [LifecycleStep]?
        try node.forEachMember { key, v in
            switch key {
            case "format": format = v
            case "name": name = v
            case "description": description = try v.string()
            case "source": source = try v.string()
            case "tolerance":
                let t = try v.number()
                guard t >= 0 else { throw v.fault("tolerance must be a number ≥ 0 (pt), got \(JSONWriter.number(t))") }
                tolerance = CGFloat(t)
            case "disabled":
                let reason = try v.string()
                guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else { throw v.fault("disabled must say why (a non-empty string)") }
                disabled = reason
            case "layout": layout = v
            case "sections": sections = v
            case "expected": expected = try LayoutOutcome(json: v)
            case "extensions":
                let value = try v.value()
                guard case .object = value else { throw v.fault("extensions must be an object, got \(v.typeDescription)") }
                extensions = value
            case "steps": steps = try Fixture.steps(json: v)
            default:
                throw v.unknownField(key, in: "fixture", expected: "format, name, description, source, tolerance, disabled, layout, sections, expected, steps, extensions")
            }
        }
        guard let f = format else { throw node.missing("format") }
        guard try f.string() == Fixture.format else {
            throw f.fault("unsupported format \(JSONWriter.quoted(try f.string())); this reader reads \"\(Fixture.format)\"")
        }
        guard let n = name else { throw node.missing("name") }
        let nameValue = try n.string()
        guard Fixture.isValidName(nameValue) else {
            throw n.fault("name \(JSONWriter.quoted(nameValue)) must match [A-Za-z0-9._-]+")
        }
        guard let l = layout else { throw node.missing("layout") }
        guard let s = sections else { throw node.missing("sections") }
        self.init(name: nameValue, description: description, source: source, tolerance: tolerance,
                  input: try LayoutInput(layoutNode: l, sectionsNode: s), expected: expected, extensions: extensions, steps: steps)
        self.disabled = disabled
    }

    /// Decodes `steps` (FIXTURE-FORMAT §10): `{"version": 1, "steps": [step, ...]}`.
    /// - Throws: ``JSONFault``: another version, an unknown member, a step that is not one.
    static func steps(json node: JSONNode) throws -> [LifecycleStep] {
        var version: JSONNode?, list: JSONNode?
        try node.forEachMember { key, v in
            switch key {
            case "version": version = v
            case "steps": list = v
            default: throw v.unknownField(key, in: "steps", expected: "version, steps")
            }
        }
        guard let version else { throw node.missing("version") }
        guard try version.integer() == Fixture.stepsVersion else {
            throw version.fault("steps version \(try version.integer()) is not supported; this reader reads version \(Fixture.stepsVersion)")
        }
        guard let list else { throw node.missing("steps") }
        return try list.array().map(LifecycleStep.init(json:))
    }

    /// Whether `name` matches `[A-Za-z0-9._-]+` (FIXTURE-FORMAT §1).
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2E || c == 0x5F || c == 0x2D
        }
    }
}

extension LayoutOutcome {
    /// Decodes `expected` (FIXTURE-FORMAT §4): `{ "error": code }` with a §6 code (not
    /// `unsupported`), or `{ "contentSize", "sections" }`.
    /// - Throws: ``JSONFault``.
    package init(json node: JSONNode) throws {
        var error: JSONNode?, hasFrames = false
        try node.forEachMember { key, v in
            switch key {
            case "error": error = v
            case "contentSize", "sections": hasFrames = true
            default: throw v.unknownField(key, in: "expected", expected: "error, or contentSize and sections")
            }
        }
        if let e = error {
            guard !hasFrames else { throw e.fault("expected holds either \"error\" or \"contentSize\" and \"sections\", not both") }
            let s = try e.string()
            guard let code = LayoutError.Code(rawValue: s), code != .unsupported else {
                let codes = LayoutError.Code.allCases.filter { $0 != .unsupported }.map(\.rawValue).joined(separator: ", ")
                throw e.fault("unknown error code \(JSONWriter.quoted(s)); expected one of: \(codes)")
            }
            self = .error(code)
        } else {
            self = .layout(try LayoutResult(json: node))
        }
    }
}
