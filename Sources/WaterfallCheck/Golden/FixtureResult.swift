import Foundation

/// The outcome of one fixture file in a golden run.
public struct FixtureResult: Hashable, Sendable {
    /// What happened to the fixture. Raw values are the JSON summary's spelling.
    public enum Status: String, Hashable, Sendable, CaseIterable {
        /// The engine's answer matches `expected` within the tolerance, or (without `expected`)
        /// the invariant checker found nothing.
        case passed
        /// A golden mismatch (``FixtureResult/differences``) or invariant violations.
        case failed
        /// The fixture could not be run or judged: a fixture error (file, line, column, JSON path),
        /// an engine fault (anything but a ``LayoutError``), no `expected` and no invariant checker,
        /// a path with no fixtures, or a recording that could not be written.
        case error
        /// The engine answered `unsupported` (FIXTURE-FORMAT §6, §9): counted apart.
        case skipped
        /// The fixture was missing `expected` or failed, and the engine's output was recorded.
        case recorded
    }

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
    public var status: Status
    /// Golden differences, sorted (``GoldenDifference/Subject``). Empty unless failed (or recorded).
    public var differences: [GoldenDifference]
    /// Invariant violations, one line each, for a fixture without `expected`.
    public var violations: [String]
    /// One sentence: the first difference, the error, the skip reason; empty when passed.
    public var message: String
    /// Where in the file the message points: the first difference's expected value, or the
    /// fixture error. `nil` when unknown.
    public var position: Position?
    /// The file a recording wrote (`<name>.json.new`, or the fixture itself when accepting).
    public var recorded: URL?

    public init(file: String, url: URL, suite: String, name: String, status: Status,
                differences: [GoldenDifference] = [], violations: [String] = [], message: String = "",
                position: Position? = nil, recorded: URL? = nil) {
        self.file = file; self.url = url; self.suite = suite; self.name = name; self.status = status
        self.differences = differences; self.violations = violations; self.message = message
        self.position = position; self.recorded = recorded
    }

    /// `path:line:column` (or `path` when the position is unknown), as compilers print locations.
    public var location: String { position.map { "\(file):\($0)" } ?? file }
}
