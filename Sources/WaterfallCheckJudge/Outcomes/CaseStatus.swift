import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation

/// What happened to one case of a run (a fixture of `verify` or `record`, a case of `compare`
/// or `fuzz`): the one status vocabulary of every report. Raw values are the JSON summary's spelling.
public enum CaseStatus: String, Hashable, Sendable, CaseIterable {
    /// The engine's answer matches `expected` within the tolerance: a golden pass.
    case passed
    /// A fixture without `expected` whose engine output broke no invariant: checked against the
    /// invariants only, never compared with a golden. Counted apart from ``passed``, so a
    /// deleted `expected` shows; `verify --require-expected` makes it a failure.
    case checked
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

    /// The order reports list statuses in: failing ones first.
    public static let reportOrder: [CaseStatus] = [.failed, .error, .passed, .checked, .skipped, .recorded]

    /// Whether the case is listed and drawn as a failure (``failed`` and ``error``).
    public var isFailing: Bool { self == .failed || self == .error }
}
