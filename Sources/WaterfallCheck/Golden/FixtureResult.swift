import Foundation

/// The outcome of one fixture file in a golden run.
public struct FixtureResult: Hashable, Sendable {
    /// A 1-based line and column in the fixture file.
    public struct Position: Hashable, Sendable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public init(line: Int, column: Int) { self.line = line; self.column = column }
        public var description: String { "\(line):\(column)" }
    }

    /// The file as the caller named it (relative paths stay relative), for reports.
    public var file: String
    public var url: URL
    /// The fixture's directory as the caller named it: the JUnit test suite.
    public var suite: String
    /// The fixture's `name`, or the file name without `.json` when the file could not be read.
    public var name: String
    public var status: CaseStatus
    /// The golden diff (differences only), when the fixture has `expected` and the engine answered.
    public var diff: LayoutDiff?
    /// Invariant failures (a fixture without `expected`, or `verify --invariants`).
    public var failures: [InvariantFailure]
    /// The tolerance the fixture was judged with.
    public var tolerance: Tolerance = .default
    /// The placement-level verdict (``PlacementVerdict``), when the engine declares a length
    /// quantum and its frames differ from `expected`: a pass with drift, or what kind of failure.
    package var placement: PlacementVerdict?
    /// Where the fixture's steps departed from a fresh layout object (FIXTURE-FORMAT §10).
    public var lifecycle: LifecycleFinding?
    /// The fixture as read, when the run keeps layouts (``GoldenRunner/keepsLayouts``).
    public var fixture: Fixture?
    /// The engine's answer, when the run keeps layouts and the engine was run.
    public var answer: EngineAnswer?

    /// Golden differences in report order (``LayoutDiff/Subject``). Empty unless failed (or recorded).
    public var differences: [LayoutDiff.Entry] { diff?.differences ?? [] }
    /// Invariant failures, one line each.
    public var violations: [String] { failures.map(\.message) }
    /// One sentence: the first difference, the error, the skip reason; empty when passed.
    public var message: String
    /// Where in the file the message points: the first difference's expected value, or the
    /// fixture error. `nil` when unknown.
    public var position: Position?
    /// The file a recording wrote (`<name>.json.new`, or the fixture itself when accepting).
    public var recorded: URL?
    /// Why `record` would refuse this golden mismatch's new output (`breaks no-overlap`, or not a
    /// golden for the input), so `verify` does not advise recording it; `nil` when it would
    /// record it, and for every other result. Set by a run that records nothing (``RecordMode/never``).
    public var recordRefusal: String?

    public init(file: String, url: URL, suite: String, name: String, status: CaseStatus,
                diff: LayoutDiff? = nil, failures: [InvariantFailure] = [], message: String = "",
                position: Position? = nil, recorded: URL? = nil) {
        self.file = file; self.url = url; self.suite = suite; self.name = name; self.status = status
        self.diff = diff; self.failures = failures; self.message = message
        self.position = position; self.recorded = recorded
    }

    /// The error result of a path ``FixtureFile/collect(_:)`` cannot use (``NonFixture/path``).
    public init(_ problem: PathProblem) {
        self.init(file: problem.path, url: problem.url, suite: problem.suite, name: problem.path, status: .error, message: problem.message)
        nonFixture = .path
    }

    /// What an error that is no fixture is: a path ``FixtureFile/collect(_:)`` cannot use
    /// (missing, unreadable, a pending recording named as a fixture) or, in CI, a pending
    /// recording (``VerifyReport/treatPendingAsErrors()``); `nil` for a fixture. The text summary
    /// counts them apart, and `--github` titles them.
    public var nonFixture: NonFixture?
    public enum NonFixture: Hashable, Sendable { case path, pendingRecording }
    /// Whether this result is a fixture's (``nonFixture`` is `nil`).
    public var isFixture: Bool { nonFixture == nil }

    /// Whether an ``CaseStatus/error`` lies in the fixture file itself (unreadable, invalid, a
    /// duplicate name) rather than in the engine (a fault) or the run (a pending recording in CI).
    public var isFixtureError: Bool {
        status == .error && (message.hasPrefix("fixture error") || message.hasPrefix("cannot read fixture")
                             || message.hasPrefix("duplicate fixture name"))
    }

    /// The start of a disabled fixture's message: `disabled: REASON`.
    public static let disabledPrefix = "disabled: "
    /// Whether the fixture was skipped because it is marked `disabled` (FIXTURE-FORMAT §1).
    public var isDisabled: Bool { status == .skipped && message.hasPrefix(Self.disabledPrefix) }

    /// `path:line:column` (or `path` when the position is unknown), as compilers print locations.
    public var location: String { position.map { "\(file):\($0)" } ?? file }
}
