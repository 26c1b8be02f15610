import Foundation

/// An engine that answers every input with one fixed layout: how the invariants judge frames no
/// engine is asked for again (a golden's `expected`, a pending recording).
package final class FixedEngine: LayoutEngine {
    public let descriptor: EngineDescriptor
    /// The layout every `layout(_:)` returns.
    public let result: LayoutResult

    public init(_ result: LayoutResult, name: String = "fixed") {
        self.result = result
        descriptor = EngineDescriptor(name: name, version: "0")
    }

    public func layout(_ input: LayoutInput) throws -> LayoutResult { result }
}

extension Invariants {
    /// The invariants judged from an input and its frames alone, asking no engine: what
    /// `verify --invariants`, `lint`, `review` and `accept` check a golden's `expected` frames with
    /// (complete, finite, no-overlap, column-alignment, item-size, within-bounds, stacking,
    /// placement, supplementary, content-size).
    public static let framesOnly: InvariantSet = try! InvariantSet(ids: [
        "complete", "finite", "no-overlap", "column-alignment", "item-size", "within-bounds",
        "stacking", "placement", "supplementary", "content-size",
    ])
}

extension Fixture {
    /// The invariants (``Invariants/framesOnly``) this fixture's `expected` frames break, judged
    /// from its input by FIXTURE-FORMAT §5; empty when it has no expected frames (none, or an error).
    /// - Parameter tolerance: `nil` uses the fixture's own, else ``Tolerance/default``.
    public func expectedViolations(tolerance: Tolerance? = nil) -> [InvariantFailure] {
        guard case .layout(let frames)? = expected else { return [] }
        let tol = Tolerance.resolve(explicit: tolerance, fixture: self.tolerance)
        return checkInvariants(input, engine: FixedEngine(frames), tolerance: tol, invariants: Invariants.framesOnly, seed: 0)
    }

    /// The key under `extensions` where a forced recording lists the invariants it breaks.
    public static let brokenInvariantsKey = "recordedBreaking"

    /// The invariant failures a forced recording (`record --force`) wrote under
    /// `extensions.recordedBreaking`, one message each; empty for any other fixture.
    public var recordedBreaking: [String] {
        guard case .array(let items)? = extensions?[Self.brokenInvariantsKey] else { return [] }
        return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }

    /// Sets (non-empty `messages`) or removes (empty) `extensions.recordedBreaking`, keeping the
    /// other extensions in order.
    mutating func setRecordedBreaking(_ messages: [String]) {
        var entries: [(key: String, value: JSONValue)] = []
        if case .object(let o)? = extensions { entries = o.filter { $0.key != Self.brokenInvariantsKey } }
        if !messages.isEmpty { entries.append((Self.brokenInvariantsKey, .array(messages.map(JSONValue.string)))) }
        extensions = entries.isEmpty && extensions == nil ? nil : .object(entries)
    }

    /// Every invariant this fixture is known to break: those a forced recording listed, then
    /// those its `expected` frames break. What `review` shows and `accept` refuses without `--force`.
    public var knownBrokenInvariants: [String] {
        var out = recordedBreaking
        for f in expectedViolations() where !out.contains(f.message) { out.append(f.message) }
        return out
    }
}
