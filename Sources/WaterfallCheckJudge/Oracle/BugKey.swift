import Foundation
import WaterfallCheckCore

/// What tells one bug from another, computed once per failing answer: the one key `fuzz`'s
/// counterexample table, its grouping, the saved-file dedup and `compare`'s merging use
/// (issue 30 "one bug key", issue 32 "no bug hidden behind another").
///
/// - A failure the §5 model judges (the geometric invariants, and `compare` between two layouts)
///   is keyed by where the answer first departs, in layout order (``FailureOrigin``): the
///   element's role and what about it (`item: top`, `footer: frame`, `contentSize: frame`).
/// - A failure of the engine's behaviour (`query`, `deterministic`, `prefix-stable`,
///   `complete`, `finite`, the lifecycle checks, `accepts-valid`, `rejects-invalid`) is keyed by
///   its symptom: the invariant and the kind of message (`query: missed`, `query: returned`), so
///   a touching-rect artefact and a vanishing element are two keys, never one.
///
/// Answers are judged with the engine's conventions first (``ConventionalLayout``), so a key
/// never differs from another by a declared convention alone.
package struct BugKey: Hashable, Sendable, CustomStringConvertible {
    /// Where the answer first departs from §5, for a model-judged failure.
    package var origin: FailureOrigin?
    /// The invariant and its message's kind, for a behaviour failure (or a model-judged failure
    /// whose answer has no departure to name).
    package var symptom: String?

    package init(origin: FailureOrigin?, symptom: String?) { self.origin = origin; self.symptom = symptom }

    package var description: String { origin.map(\.description) ?? symptom ?? "?" }

    /// The invariants judged against the §5 model (their key is the answer's first departure).
    package static let modelJudged: Set<String> = [
        "no-overlap", "column-alignment", "item-size", "within-bounds", "stacking", "placement", "supplementary", "content-size",
    ]

    /// The key `fuzz` keeps one counterexample per (with its invariant): the invariant alone for a
    /// model-judged failure (its bugs are told apart by ``FailureOrigin`` when grouped, so its
    /// shrink may move the first departure), else the symptom (``symptom(of:)``). O(message).
    public static func symptomKey(of failure: InvariantFailure) -> BugKey {
        BugKey(origin: nil, symptom: modelJudged.contains(failure.invariant) ? failure.invariant : symptom(of: failure))
    }

    /// The key `fuzz` keeps a counterexample per: for `content-size`, the kind of element the
    /// answer first departs at (``FailureOrigin/element``: a spanning item's as an item's; what
    /// about it is left out, as one span bug departs at its top on one input and at its column
    /// on another); any other failure's ``symptomKey(of:)``.
    ///
    /// `content-size` judges one length that every bug of a section's end reaches, and any one
    /// of them alone fails it, so its minimal input keeps only the bug its first departure
    /// names: Blueprints' footers left out of the content height, hidden in its one slot behind
    /// a collapsed last header counted, are two keys. The invariants that name an element are
    /// not keyed so: their failure can need a second bug beside the first departure's (sgr-ksmt's
    /// column gap, measured by `column-alignment` in a section after an empty one, whose first
    /// departure is the empty section's), and such a slot shrank to an input holding both,
    /// grouped under the wrong one. O(message).
    public static func slotKey(of failure: InvariantFailure, origin: FailureOrigin?) -> BugKey {
        guard failure.invariant == "content-size", var o = origin else { return symptomKey(of: failure) }
        if o.element == .spanningItem { o.element = .item }
        o.departure = .frame
        return BugKey(origin: o, symptom: failure.invariant)
    }

    /// How many keys ``slotKey(of:origin:)`` tells apart for `invariant`: 4 for `query` (returned
    /// twice, returned, missed, threw), 5 for `content-size` (the element kinds), else 1. O(1).
    public static func symptomKinds(of invariant: String) -> Int {
        invariant == "query" ? 4 : invariant == "content-size" ? 5 : 1
    }

    /// The kind of a failure message: what follows the element and frame numbers are stripped
    /// (`query: missed`, `query: returned twice`, `deterministic`). O(message).
    package static func symptom(of failure: InvariantFailure) -> String {
        let m = failure.message
        if failure.invariant == "query" {
            for kind in ["returned twice", "returned, though it does not meet it", "missed", "threw"] where m.contains(kind) {
                return "query: \(kind == "returned, though it does not meet it" ? "returned" : kind)"
            }
        }
        return failure.invariant
    }
}

extension CheckContext {
    /// ``BugKey`` of `failure`, one of this case's. O(elements) for the first model-judged one
    /// (the model the checks already built), O(message) otherwise.
    package func bugKey(for failure: InvariantFailure) -> BugKey {
        if BugKey.modelJudged.contains(failure.invariant), let o = origin { return BugKey(origin: o, symptom: nil) }
        return BugKey(origin: nil, symptom: BugKey.symptom(of: failure))
    }
}
