import Foundation

/// Everything a golden run found: one result per fixture file (in collection order), and the
/// pending recordings (`*.json.new`) under the verified paths.
public struct VerifyReport: Hashable, Sendable {
    public var results: [FixtureResult]
    /// Pending `*.json.new` files under the run's paths, sorted. A CI gate fails on any.
    public var pending: [FixtureFile]
    /// Fixture files the shard left to other shards (0 without sharding).
    public var otherShards: Int
    /// The engine's descriptor, whose claims judged the run (``EngineClaims/judgedWith(_:)``
    /// heads every report); `nil` when no engine ran (`--lint`) or the caller did not say.
    public var engine: EngineDescriptor?
    /// What the engine claims beyond the allowed set or the bounds (``EngineClaims/excess(_:allowed:)``):
    /// each fails the run.
    public var claimProblems: [String] = []
    /// The largest fraction of fixtures the engine's own claims may skip (`--max-skipped`); `nil`
    /// only says so when most were skipped. More fails the run.
    public var skipLimit: Double?

    public init(results: [FixtureResult], pending: [FixtureFile] = [], otherShards: Int = 0) {
        self.results = results; self.pending = pending; self.otherShards = otherShards
    }

    /// Adds one error result per pending recording, for a CI gate: a `*.json.new` under the
    /// verified paths is an unreviewed change to a golden, so the run cannot vouch for the
    /// fixture set (exit status 2). The caller decides when (the library never reads `CI`).
    public mutating func treatPendingAsErrors() {
        for p in pending {
            var r = FixtureResult(
                file: p.path, url: p.url, suite: p.suite, name: p.url.lastPathComponent, status: .error,
                message: "pending recording not reviewed: accept or reject it locally (waterfall-check review) and commit the result")
            r.nonFixture = .pendingRecording
            results.append(r)
        }
    }

    /// How many results have `status`. O(n).
    public func count(_ status: CaseStatus) -> Int { results.reduce(0) { $0 + ($1.status == status ? 1 : 0) } }

    public var passed: Int { count(.passed) }
    public var checked: Int { count(.checked) }
    public var failed: Int { count(.failed) }
    public var errors: Int { count(.error) }
    public var skipped: Int { count(.skipped) }
    public var recorded: Int { count(.recorded) }

    /// The results that need a reader's attention: failed and errors, in collection order.
    public var problems: [FixtureResult] { results.filter { $0.status == .failed || $0.status == .error } }

    /// `12 fixtures: 10 passed, 1 failed, 1 error, 0 skipped` (`, 2 checked (invariants only)`
    /// and `, 2 recorded` when any were), then the errors that are no fixture apart:
    /// `; also 2 errors: 1 path that names no fixture, 1 pending recording not reviewed`.
    public var summary: String {
        func n(_ k: Int, _ word: String, _ plural: String) -> String { "\(k) \(k == 1 ? word : plural)" }
        // Paths that name no fixture and pending recordings are errors, but not fixtures (a missing
        // path was counted as "2 fixtures" beside the one fixture there was).
        let others = results.filter { !$0.isFixture }
        let errorsInFixtures = errors - others.count
        var s = "\(n(results.count - others.count, "fixture", "fixtures")): \(passed) passed, \(failed) failed, \(n(errorsInFixtures, "error", "errors")), \(skipped) skipped"
        let disabled = results.filter(\.isDisabled).count
        if disabled > 0 { s += " (\(disabled) disabled)" }
        if checked > 0 { s += ", \(checked) checked (invariants only)" }
        if recorded > 0 { s += ", \(recorded) recorded" }
        if otherShards > 0 { s += " (\(otherShards) left to other shards)" }
        if !others.isEmpty {
            let pendingErrors = others.filter { $0.nonFixture == .pendingRecording }.count
            var parts: [String] = []
            if others.count > pendingErrors { parts.append(n(others.count - pendingErrors, "path that names no fixture", "paths that name no fixture")) }
            if pendingErrors > 0 { parts.append(n(pendingErrors, "pending recording not reviewed", "pending recordings not reviewed")) }
            s += "; also \(n(others.count, "error", "errors")): " + parts.joined(separator: ", ")
        }
        return s
    }

    /// The run's verdict for a gate: `error` when any fixture is an error (a fixture, engine, path
    /// or write problem: the gate cannot vouch for it) or when every fixture was skipped (nothing
    /// was checked, or there was nothing to check), else `failed` when any failed, else `passed`.
    /// Pending recordings are the caller's policy (``pending``); `verify` in CI adds them.
    public var verdict: RunVerdict {
        if errors > 0 || nothingChecked { return .error }
        if failed > 0 || !claimProblems.isEmpty || tooManySkipped { return .failed }
        return .passed
    }

    /// The fixtures (not paths or pending recordings) of the run.
    public var fixtureCount: Int { results.filter(\.isFixture).count }

    /// More fixtures were skipped than ``skipLimit`` allows.
    public var tooManySkipped: Bool { engine != nil && (EngineClaims.skipWarning(skipped: skipped, of: fixtureCount, limit: skipLimit)?.fails ?? false) }

    /// `most fixtures were skipped (13 of 15) on the engine's own claims; ...` when more than half
    /// were (or more than ``skipLimit`` allows), else `nil`.
    public var skipWarning: String? {
        engine == nil ? nil : EngineClaims.skipWarning(skipped: skipped, of: fixtureCount, limit: skipLimit)?.text
    }

    /// The run vouches for nothing: it had no fixture at all (and no other shard has any), or
    /// every fixture was skipped.
    public var nothingChecked: Bool {
        results.isEmpty ? otherShards == 0 : skipped == results.count
    }

    /// `true` when every fixture passed, was checked, skipped or recorded: what a user's test target asserts.
    public var succeeded: Bool { verdict == .passed }
}
