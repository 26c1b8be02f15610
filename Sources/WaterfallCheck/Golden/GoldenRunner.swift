import Foundation

/// Runs fixture files against an engine and judges each (FIXTURE-FORMAT §7): the library behind
/// `waterfall-check verify` and `record`, usable from a package's own test target:
///
/// ```swift
/// @Test func goldens() {
///     let runner = GoldenRunner(engine: { MyWaterfallEngine() })
///     let report = runner.run(paths: [URL(fileURLWithPath: "Fixtures")])
///     #expect(report.succeeded, "\(TextReport.render(report))")
/// }
/// ```
///
/// Fixtures run in parallel on ``jobs`` workers, each with its own engine instance (an engine is
/// used from one thread at a time); a failure never stops the run. The runner never reads the
/// environment: record mode is a parameter, so a CI caller passes `.never`.
public struct GoldenRunner: Sendable {
    /// Makes one engine per worker.
    public var makeEngine: @Sendable () -> LayoutEngine
    /// The tolerance overriding every fixture's (`--tolerance`); `nil` uses the fixture's
    /// `tolerance`, else ``Tolerance/default``.
    public var tolerance: Tolerance?
    public var recordMode: RecordMode
    public var recordTarget: RecordTarget
    /// Worker count, ≥ 1.
    public var jobs: Int
    /// Runs only this shard's fixtures when set.
    public var shard: Shard?
    /// Judges fixtures without `expected`; without one they are errors.
    public var invariants: InvariantChecking?
    /// Fails a fixture without `expected` even when it breaks no invariant
    /// (`verify --require-expected`), for a CI that wants every fixture golden; off, it is
    /// ``CaseStatus/checked``.
    public var requiresExpected = false
    /// Also checks ``invariants`` on fixtures that have `expected` (`verify --invariants`).
    public var invariantsOnGoldens = false
    /// Also checks each golden's `expected` frames against ``Invariants/framesOnly``, judged from
    /// the input alone (`verify --invariants`, `lint`): a failure names the element's file, line
    /// and column, and fails the fixture.
    public var checksExpected = false
    /// Asks the engine; off (`lint`), a fixture is judged by its `expected` frames alone
    /// (with ``checksExpected``) and one without expected frames is skipped.
    public var runsEngine = true
    /// Records output that breaks an invariant anyway (`record --force`), listing the failures
    /// under the recording's `extensions.recordedBreaking`; off, such output is never recorded.
    public var forceRecord = false
    /// Written into each pending recording (``RecordTarget/pending``) under
    /// `extensions.recording`, with the engine, its version and the tolerance filled in; never
    /// into a fixture written directly. `nil` writes none.
    package var provenance: RecordingProvenance?
    /// Keeps each fixture and the engine's answer in its result (``FixtureResult/fixture``,
    /// ``FixtureResult/answer``), for reports that draw them (`--html`); off, a run keeps only
    /// the diff and the invariant failures.
    public var keepsLayouts = false
    /// The loosest claims the run allows (`--expect-claims FILE`, the testing API's
    /// `expectClaims:`): an engine declaring more (``EngineClaims/excess(_:allowed:)``) fails the
    /// run, so the engine under test cannot loosen its own gate. `nil` checks the bounds only.
    public var allowedClaims: EngineDescriptor?
    /// The largest fraction of fixtures the engine's own claims may skip (`--max-skipped`).
    public var skipLimit: Double?

    public init(engine: @escaping @Sendable () -> LayoutEngine, tolerance: Tolerance? = nil,
                recordMode: RecordMode = .never, recordTarget: RecordTarget = .pending,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount, shard: Shard? = nil,
                invariants: InvariantChecking? = nil) {
        self.makeEngine = engine; self.tolerance = tolerance; self.recordMode = recordMode
        self.recordTarget = recordTarget; self.jobs = max(1, jobs); self.shard = shard; self.invariants = invariants
    }

    /// Collects the fixtures under `paths` (``FixtureFile/collect(_:)``), keeps this shard's,
    /// runs them, and lists the pending recordings under `paths`.
    ///
    /// Paths that do not exist and directories without fixtures are error results, so an empty
    /// run never passes. Results are in collection order whatever the parallelism.
    public func run(paths: [URL]) -> VerifyReport {
        let (files, problems) = FixtureFile.collect(paths)
        var report: VerifyReport
        let engine: EngineDescriptor?
        if let shard {
            let mine = shard.select(files, key: \.key)
            // Names are unique per folder across the whole set, not per shard: the other shards'
            // files in this shard's folders are read for their names, so a duplicate is reported
            // (by the shard holding the later file) exactly as an unsharded run reports it.
            let run = runUnmarked(files: mine)
            engine = run.engine
            report = VerifyReport(results: problems.map(FixtureResult.init) + Self.markingDuplicateNames(run.results, among: files),
                                  pending: PendingFiles.find(under: paths), otherShards: files.count - mine.count)
        } else {
            let run = runUnmarked(files: files)
            engine = run.engine
            report = VerifyReport(results: problems.map(FixtureResult.init) + Self.markingDuplicateNames(run.results, among: files),
                                  pending: PendingFiles.find(under: paths))
        }
        // The claims the run was judged with (a worker's engine's: no extra engine is made),
        // shown in every report and checked against the bounds and the allowed set (issue 33).
        if runsEngine, let engine {
            report.engine = engine
            report.claimProblems = EngineClaims.excess(engine, allowed: allowedClaims)
            report.skipLimit = skipLimit
        }
        return report
    }

    /// Runs `files` on ``jobs`` workers; one result per file, in order.
    public func run(files: [FixtureFile]) -> [FixtureResult] {
        Self.markingDuplicateNames(runUnmarked(files: files).results, among: files)
    }

    /// ``run(files:)`` without the duplicate-name check, and the descriptor of the engines that
    /// ran (`nil` when no file did).
    private func runUnmarked(files: [FixtureFile]) -> (results: [FixtureResult], engine: EngineDescriptor?) {
        guard !files.isEmpty else { return ([], nil) }
        let box = ResultBox(count: files.count)
        DispatchQueue.concurrentPerform(iterations: min(jobs, files.count)) { _ in
            let engine = makeEngine()
            box.note(engine.descriptor)
            while let i = box.claim() { box.store(i, run(file: files[i], engine: engine)) }
        }
        return (box.results, box.descriptor)
    }

    /// `results` (of `all`'s files, or of one shard's) with every fixture whose `name` an earlier
    /// file of the same folder in `all` (collection order, any shard) already has turned into an
    /// error naming both (FIXTURE-FORMAT §1: names are unique per folder; D11). Files that could
    /// not be read keep their own error and name nothing. Other shards' files in the results'
    /// folders are read for their names only.
    /// - Complexity: O(all), plus reading the other shards' files in the same folders.
    static func markingDuplicateNames(_ results: [FixtureResult], among all: [FixtureFile]) -> [FixtureResult] {
        func folder(_ url: URL) -> String { FilePath.parent(url.standardizedFileURL.path) }
        var mine: [String: Int] = [:]
        for (i, r) in results.enumerated() { mine[r.url.standardizedFileURL.path] = i }
        let folders = Set(results.map { folder($0.url) })
        // Every file of those folders in collection order, with its name (nil: unreadable).
        var named: [(result: Int?, file: String, key: String?)] = []
        for f in all where folders.contains(folder(f.url)) {
            if let i = mine[f.url.standardizedFileURL.path] {
                let r = results[i]
                let unreadable = r.isFixtureError && !r.message.hasPrefix("duplicate fixture name")
                named.append((i, r.file, unreadable ? nil : folder(r.url) + "\u{0}" + r.name))
            } else {
                let name = (try? FixtureReader.load(contentsOf: f.url))?.0.name
                named.append((nil, f.path, name.map { folder(f.url) + "\u{0}" + $0 }))
            }
        }
        var first: [String: String] = [:]
        var out = results
        for entry in named {
            guard let key = entry.key else { continue }
            guard let earlier = first[key] else { first[key] = entry.file; continue }
            guard let i = entry.result else { continue }
            out[i].markDuplicate(of: earlier)
        }
        return out
    }

    /// Loads, runs, judges and (per ``recordMode``) records one fixture file on `engine`. The
    /// file is read once: its bytes locate the first difference (line and column) from the
    /// difference's path components.
    public func run(file: FixtureFile, engine: LayoutEngine) -> FixtureResult {
        var result = FixtureResult(file: file.path, url: file.url, suite: file.suite, name: file.stem, status: .error)
        let fixture: Fixture, source: SourceLocator
        do {
            (fixture, source) = try FixtureReader.load(contentsOf: file.url)
        } catch let e as FixtureError {
            result.message = "fixture error at \(e.jsonPath): \(e.message)"
            result.position = FixtureResult.Position(line: e.line, column: e.column)
            return result
        } catch {
            result.message = "cannot read fixture: \(error.localizedDescription)"
            return result
        }
        result.name = fixture.name
        if let reason = fixture.disabled {
            // Switched off by hand: never run, never recorded, shown in every report.
            result.status = .skipped
            result.message = FixtureResult.disabledPrefix + reason
            return result
        }
        let verdict = runsEngine ? judge(fixture, engine: engine) : Self.lintOnly(fixture)
        result.status = verdict.status
        result.diff = verdict.diff
        result.failures = verdict.failures
        result.message = verdict.message
        result.tolerance = verdict.tolerance
        result.placement = verdict.placement
        result.lifecycle = verdict.lifecycle
        if keepsLayouts { result.fixture = fixture; result.answer = verdict.answer }
        if let path = verdict.diff?.first?.path { let (line, column) = source.location(of: path); result.position = FixtureResult.Position(line: line, column: column) }
        // An invariant failure points at the element it names first: its expected frame, else its input.
        if result.position == nil, let id = verdict.failures.first?.elements.first {
            let (line, column) = source.location(of: fixture.expected == nil ? id.inputPath : id.expectedPath)
            result.position = FixtureResult.Position(line: line, column: column)
        }
        if let answer = verdict.answer, answer.outcome != nil {
            if recordMode == .never {
                if result.status == .failed, !result.differences.isEmpty { result.recordRefusal = recordRefusal(answer, of: fixture, engine: engine, result: result) }
            } else {
                record(answer, of: fixture, engine: engine, into: &result)
            }
        }
        if checksExpected && result.recorded == nil { checkExpected(fixture, source, into: &result) }
        return result
    }

    /// The verdict of a run that asks no engine (`lint`): passed when the fixture has `expected`
    /// (its frames are then judged by ``checksExpected``), else skipped.
    static func lintOnly(_ fixture: Fixture) -> Verdict {
        fixture.expected == nil ? Verdict(status: .skipped, message: "no expected to lint") : Verdict(status: .passed)
    }

    /// Adds the invariants the fixture's `expected` frames break to `result`, each message led by
    /// `path:line:col` of the element named first; a passing or skipped fixture becomes failed and
    /// points at the first one.
    private func checkExpected(_ fixture: Fixture, _ source: SourceLocator, into result: inout FixtureResult) {
        let found = fixture.expectedViolations(tolerance: tolerance)
        guard !found.isEmpty else { return }
        var first: FixtureResult.Position?
        for var f in found {
            let (line, column) = source.location(of: f.elements.first?.expectedPath ?? [.key("expected")])
            first = first ?? FixtureResult.Position(line: line, column: column)
            f.message = "\(result.file):\(line):\(column): expected frames break \(f.message)"
            result.failures.append(f)
        }
        guard result.status != .failed && result.status != .error else { return }
        result.status = .failed
        result.position = first
        result.message = "the golden's expected frames break \(found.count) invariant\(found.count == 1 ? "" : "s"): \(found[0].message)"
    }

    /// The judgement of one fixture, before recording.
    public struct Verdict: Sendable {
        public var status: CaseStatus
        /// The golden diff (differences only), when the fixture has `expected` and the engine answered.
        public var diff: LayoutDiff?
        public var failures: [InvariantFailure] = []
        public var message: String = ""
        /// The engine's answer; `nil` when the engine was not run.
        public var answer: EngineAnswer?
        /// The tolerance the fixture was judged with.
        public var tolerance: Tolerance = .default
        /// The placement-level verdict, when the engine declares a length quantum and the frames differ.
        package var placement: PlacementVerdict?
        /// Where a fixture's steps departed from a fresh layout object (FIXTURE-FORMAT §10).
        public var lifecycle: LifecycleFinding?

        /// The golden differences in report order.
        public var differences: [LayoutDiff.Entry] { diff?.differences ?? [] }
        /// The invariant failures, one line each.
        public var violations: [String] { failures.map(\.message) }
    }

    /// Runs `fixture` on `engine` and judges it: against `expected` (FIXTURE-FORMAT §7) when it
    /// has one, else against ``invariants``. The engine is asked through
    /// ``LayoutEngine/answer(_:)``: an input using a feature it does not declare (FIXTURE-FORMAT
    /// §9), and an `unsupported` answer, are skipped; a fault is an error. No file is read or written.
    public func judge(_ fixture: Fixture, engine: LayoutEngine) -> Verdict {
        if fixture.steps != nil { return judgeLifecycle(fixture, engine: engine) }
        let tol = Tolerance.resolve(explicit: tolerance, fixture: fixture.tolerance)
        let answer = engine.answer(fixture.input)
        var verdict = Verdict(status: .error, answer: answer, tolerance: tol)
        switch answer {
        case .unsupported(let reason):
            verdict.status = .skipped
            verdict.message = reason
            return verdict
        case .fault(let f):
            verdict.message = "\(f)"
            return verdict
        case .layout, .error:
            break
        }
        if fixture.expected == nil || invariantsOnGoldens {
            guard let invariants else {
                if fixture.expected == nil { verdict.message = "no expected and no invariant checker"; return verdict }
                return judgeGolden(fixture, EngineComparison.judged(answer, of: engine, fixture.input, tol), into: verdict, quantum: engine.descriptor.limits.lengthQuantum)
            }
            do {
                verdict.failures = try invariants.violations(of: fixture, answer: answer, engine: engine, tolerance: tol)
            } catch let e as CannotCheck {
                verdict.message = e.message
                if e.skip { verdict.status = .skipped }
                return verdict
            } catch {
                verdict.message = "engine fault: \(error)"
                return verdict
            }
        }
        guard fixture.expected != nil else {
            verdict.status = verdict.failures.isEmpty ? (requiresExpected ? .failed : .checked) : .failed
            verdict.message = verdict.failures.first?.message
                ?? (requiresExpected ? "no expected (--require-expected): only checked against the invariants" : "")
            return verdict
        }
        return judgeGolden(fixture, EngineComparison.judged(answer, of: engine, fixture.input, tol), into: verdict, quantum: engine.descriptor.limits.lengthQuantum)
    }

    /// The golden part of ``judge(_:engine:)``: `expected` against the answer. For an engine that
    /// declares a length quantum, differing frames are judged at placement level
    /// (``PlacementVerdict``): drift, or a tie the quantum could flip, passes (kept in
    /// ``Verdict/placement``, the message says how large the drift is).
    private func judgeGolden(_ fixture: Fixture, _ answer: EngineAnswer, into verdict: Verdict, quantum: CGFloat) -> Verdict {
        var verdict = verdict
        guard let expected = fixture.expected, let outcome = answer.outcome else { return verdict }
        // A reply with another number of sections than the input (an extra empty one compares
        // equal element by element) is no layout of this input: record and --invariants refuse
        // it, and so does the golden diff (review A10).
        // A golden whose expected frames do not fit its input (a frame removed by hand) read as
        // items moving columns, the one "extra" line beyond the rows shown (review A16): it is
        // the fixture's fault, said as such.
        if case .layout(let e) = expected, let problem = e.shapeProblem(for: fixture.input) {
            verdict.status = .error
            verdict.message = "fixture error at $.expected: the expected frames do not fit the input: \(problem.message)"
            return verdict
        }
        if case .layout(let a) = outcome, a.sections.count != fixture.input.sections.count {
            verdict.status = .failed
            verdict.message = "the engine answered \(a.sections.count) section(s) of frames for \(fixture.input.sections.count) input section(s)"
            return verdict
        }
        let diff = LayoutDiff(expected: expected, actual: outcome, tolerance: verdict.tolerance)
        verdict.diff = diff
        if quantum > 0, !diff.isEmpty, case .layout(let e) = expected, case .layout(let a) = outcome {
            let p = PlacementVerdict(input: fixture.input, expected: e, actual: a, quantum: quantum, tolerance: verdict.tolerance)
            verdict.placement = p
            if p.agrees && verdict.failures.isEmpty {
                verdict.status = .passed
                verdict.diff = LayoutDiff(entries: [], tolerance: verdict.tolerance)
                verdict.message = p.summary
                return verdict
            }
            verdict.message = p.summary
            verdict.status = .failed
            return verdict
        }
        let ok = diff.isEmpty && verdict.failures.isEmpty
        verdict.status = ok ? .passed : .failed
        verdict.message = diff.first?.sentence(input: fixture.input) ?? verdict.failures.first?.message ?? ""
        return verdict
    }
}

/// The workers' shared queue of indices and their results.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var slots: [FixtureResult?]
    /// The first worker's engine's descriptor.
    private(set) var descriptor: EngineDescriptor?

    /// Keeps `d` when no descriptor is kept yet.
    func note(_ d: EngineDescriptor) {
        lock.lock(); defer { lock.unlock() }
        if descriptor == nil { descriptor = d }
    }

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next index to run, or `nil` when all are taken.
    func claim() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ i: Int, _ r: FixtureResult) { lock.lock(); slots[i] = r; lock.unlock() }

    var results: [FixtureResult] { lock.lock(); defer { lock.unlock() }; return slots.map { $0! } }
}

extension FixtureResult {
    /// Turns this result into the duplicate-name error naming `earlier` (the file that has the
    /// name first).
    mutating func markDuplicate(of earlier: String) {
        status = .error
        diff = nil
        failures = []
        position = nil
        message = "duplicate fixture name \"\(name)\": \(earlier) in the same folder has it too (names are unique per folder)"
    }
}
