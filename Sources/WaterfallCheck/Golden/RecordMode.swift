/// Which fixtures a run re-records from the engine's output (swift-snapshot-testing's record
/// modes). The library never reads the environment: callers pass `.never` in CI.
public enum RecordMode: String, Hashable, Sendable, CaseIterable {
    /// Compare only (what `verify` does).
    case never
    /// Record fixtures without `expected`.
    case missing
    /// Record fixtures without `expected` and fixtures that fail.
    case failed
    /// Record every fixture whose output differs from its `expected` in any bit, within the
    /// tolerance or not (a fixture already holding exactly the output is left alone).
    case all
}

/// Where a recording goes (FIXTURE-FORMAT §1).
public enum RecordTarget: String, Hashable, Sendable {
    /// `<name>.json.new` beside the fixture, pending review (`review`, `accept`, `reject`).
    case pending
    /// The fixture file itself (`record --accept`).
    case fixture
}
