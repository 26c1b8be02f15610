import Foundation
import WaterfallCheckCore

/// The counterexamples a fuzz run saved (``Counterexample/save(in:engine:)``), replayed before it
/// generates anything, through the same path as `verify`: ``GoldenRunner`` with the
/// ``InvariantChecker``, so a saved failure stays red in both.
package enum SavedCounterexamples {
    /// Replays every fixture in `directory`. The tolerance is `tolerance` (`--tolerance`), else
    /// each fixture's (a counterexample saves its run's), else the default; the invariants are
    /// `invariants` intersected with each fixture's saved selection; the query rects are the
    /// saved seed's. A file that cannot be read is an error result, never dropped.
    /// - Returns: `nil` when `directory` is not a directory; an empty report when it holds no fixture.
    package static func replay(_ directory: URL, engine: @escaping @Sendable () -> LayoutEngine, invariants: InvariantSet,
                              tolerance: Tolerance?, jobs: Int = 1) -> VerifyReport? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        let (files, problems) = FixtureFile.collect([directory])
        guard !files.isEmpty else { return VerifyReport(results: problems.filter { !$0.message.hasPrefix("no fixtures") }.map(FixtureResult.init), pending: []) }
        let selection = Set(invariants.invariants.map(\.id))
        let runner = GoldenRunner(engine: engine, tolerance: tolerance, recordMode: .never, jobs: jobs,
                                  invariants: InvariantChecker(selection: selection))
        return VerifyReport(results: problems.map(FixtureResult.init) + runner.run(files: files), pending: [])
    }

    /// The saved fixture that already shows `group`'s bug, so a different seed finding it adds
    /// nothing: one with an equal input (normalised), or one that `replayed` (this run's replay of
    /// the folder) found failing whose answer from `engine` first departs from §5 where the group's
    /// does (``FailureOrigin``); for a group with no such departure (an engine-level invariant),
    /// one failing the group's primary invariant. `nil`: the group is new, and must be saved.
    /// - Complexity: one layout and one model per failing saved fixture.
    package static func known(_ group: CounterexampleGroup, in directory: URL, replayed: VerifyReport?, engine: LayoutEngine) -> URL? {
        if let same = Counterexample.saved(group.primary.input, in: directory) { return same }
        for r in replayed?.results ?? [] where r.status == .failed {
            if let origin = group.origin {
                guard let input = r.fixture?.input ?? (try? FixtureReader.read(contentsOf: r.url))?.input else { continue }
                let context = CheckContext(input: input, engine: engine, tolerance: group.primary.tolerance, seed: group.primary.querySeed)
                if context.origin == origin { return r.url }
            } else if r.failures.contains(where: { f in
                // The same invariant with the same symptom (``BugKey``): `query: missed` is not
                // known from a saved `query: returned`.
                f.invariant == group.primary.invariant && (group.primary.key?.symptom == nil || BugKey.symptom(of: f) == group.primary.key?.symptom)
            }) {
                return r.url
            }
        }
        return nil
    }
}
