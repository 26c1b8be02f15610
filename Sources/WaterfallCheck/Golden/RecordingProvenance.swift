import Foundation

/// Where a pending recording came from (issue 36): the engine and its version, the tolerance it
/// was judged with and the command that recorded it, kept in the recording under
/// `extensions.recording` (FIXTURE-FORMAT §2, `extensions`) so `review` can show it, and removed
/// by `accept`: a golden holds what the layout must be, not who last wrote it (insta's metadata
/// churn is the warning).
package struct RecordingProvenance: Hashable, Sendable {
    /// The command line that recorded (`waterfall-check record --engine ... F`), as the user
    /// would type it again.
    public var command: String
    /// Set by the recording run from the engine's descriptor and the result's tolerance.
    public var engine: String = ""
    public var engineVersion: String = ""
    public var tolerance: Tolerance = .default

    public init(command: String) { self.command = command }

    /// The `extensions` key: `recording`.
    public static let key = "recording"

    /// The object written under `extensions.recording`.
    public var json: JSONValue {
        .object([("engine", .string(engine)), ("engineVersion", .string(engineVersion)),
                 ("tolerance", .number(Double(tolerance.points))), ("command", .string(command))])
    }

    /// The provenance `extensions.recording` of `fixture` holds, or `nil`.
    public init?(_ fixture: Fixture) {
        guard case .object(let o)? = fixture.extensions?[Self.key] else { return nil }
        func string(_ k: String) -> String { if case .string(let s)? = o.first(where: { $0.key == k })?.value { return s } else { return "" } }
        command = string("command"); engine = string("engine"); engineVersion = string("engineVersion")
        switch o.first(where: { $0.key == "tolerance" })?.value {
        case .number(let d)?: tolerance = Tolerance(CGFloat(d))
        case .integer(let i)?: tolerance = Tolerance(CGFloat(i))
        default: break
        }
    }

    /// One line for `review`: `recorded by ENGINE VERSION at tolerance T pt: COMMAND`.
    public var line: String {
        "recorded by \(engine.isEmpty ? "?" : engine) \(engineVersion) at tolerance \(tolerance.points) pt: \(command)"
    }
}

extension Fixture {
    /// Sets (or with `nil` removes) `extensions.recording`, keeping the other extensions in order.
    package mutating func setRecordingProvenance(_ provenance: RecordingProvenance?) {
        var entries: [(key: String, value: JSONValue)] = []
        if case .object(let o)? = extensions { entries = o.filter { $0.key != RecordingProvenance.key } }
        if let provenance { entries.append((RecordingProvenance.key, provenance.json)) }
        extensions = entries.isEmpty ? nil : .object(entries)
    }
}
