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
    /// Per-component tolerance in pt overriding every fixture's (`--tolerance`); `nil` uses the
    /// fixture's `tolerance`, else ``Fixture/defaultTolerance``.
    public var tolerance: CGFloat?
    public var recordMode: RecordMode
    public var recordTarget: RecordTarget
    /// Worker count, ≥ 1.
    public var jobs: Int
    /// Runs only this shard's fixtures when set.
    public var shard: Shard?
    /// Judges fixtures without `expected`; without one they are errors.
    public var invariants: InvariantChecking?
    /// Also checks ``invariants`` on fixtures that have `expected` (`verify --invariants`).
    public var invariantsOnGoldens = false

    public init(engine: @escaping @Sendable () -> LayoutEngine, tolerance: CGFloat? = nil,
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
        let mine = shard.map { s in files.filter { s.contains(key: $0.key) } } ?? files
        return VerifyReport(results: problems + run(files: mine), pending: PendingFiles.find(under: paths),
                            otherShards: files.count - mine.count)
    }

    /// Runs `files` on ``jobs`` workers; one result per file, in order.
    public func run(files: [FixtureFile]) -> [FixtureResult] {
        guard !files.isEmpty else { return [] }
        let box = ResultBox(count: files.count)
        DispatchQueue.concurrentPerform(iterations: min(jobs, files.count)) { _ in
            let engine = makeEngine()
            while let i = box.claim() { box.store(i, run(file: files[i], engine: engine)) }
        }
        return box.results
    }

    /// Loads, runs, judges and (per ``recordMode``) records one fixture file on `engine`.
    public func run(file: FixtureFile, engine: LayoutEngine) -> FixtureResult {
        let fallbackName = (file.url.lastPathComponent as NSString).deletingPathExtension
        var result = FixtureResult(file: file.path, url: file.url, suite: file.suite, name: fallbackName, status: .error)
        let fixture: Fixture
        do {
            fixture = try FixtureReader.read(contentsOf: file.url)
        } catch let e as FixtureError {
            result.message = "fixture error at \(e.jsonPath): \(e.message)"
            result.position = FixtureResult.Position(line: e.line, column: e.column)
            return result
        } catch {
            result.message = "cannot read fixture: \(error.localizedDescription)"
            return result
        }
        result.name = fixture.name
        let verdict = judge(fixture, engine: engine)
        result.status = verdict.status
        result.differences = verdict.differences
        result.violations = verdict.violations
        result.message = verdict.message
        if let path = verdict.differences.first?.jsonPath { result.position = locate(path, in: file.url) }
        if let output = verdict.output { record(output, of: fixture, into: &result) }
        return result
    }

    /// The judgement of one fixture, before recording.
    public struct Verdict: Sendable {
        public var status: FixtureResult.Status
        public var differences: [GoldenDifference] = []
        public var violations: [String] = []
        public var message: String = ""
        /// The engine's answer as an `expected` value, when it gave one (a layout or a §6 error).
        public var output: Expected?
    }

    /// Runs `fixture` on `engine` and judges it: against `expected` (FIXTURE-FORMAT §7) when it
    /// has one, else against ``invariants``. A fixture using a feature the engine does not declare
    /// (FIXTURE-FORMAT §9) is skipped without running, and so is `unsupported`; any error but a
    /// ``LayoutError`` is an engine fault (error). No file is read or written.
    public func judge(_ fixture: Fixture, engine: LayoutEngine) -> Verdict {
        let tol = tolerance ?? fixture.tolerance ?? Fixture.defaultTolerance
        // The harness never sends an input that uses a feature the engine did not declare (§9).
        let undeclared = LayoutFeatures(usedBy: fixture.input).subtracting(engine.descriptor.features)
        guard undeclared.isEmpty else {
            return Verdict(status: .skipped, message: "\(engine.descriptor.name) does not declare \(undeclared.names.joined(separator: ", "))")
        }
        let actual: Result<LayoutResult, LayoutError>
        do {
            actual = .success(try engine.layout(fixture.input))
        } catch let e as LayoutError {
            if e.code == .unsupported {
                return Verdict(status: .skipped, message: "\(engine.descriptor.name) does not support this input" + (e.message.isEmpty ? "" : ": \(e.message)"))
            }
            actual = .failure(e)
        } catch {
            return Verdict(status: .error, message: "engine fault: \(error)")
        }
        let output: Expected
        switch actual {
        case .success(let r): output = .layout(r)
        case .failure(let e): output = .error(e.code)
        }
        guard let expected = fixture.expected else {
            guard let invariants else {
                return Verdict(status: .error, message: "no expected and no invariant checker", output: output)
            }
            do {
                let v = try invariants.violations(of: fixture, engine: engine, tolerance: tol)
                return Verdict(status: v.isEmpty ? .passed : .failed, violations: v, message: v.first ?? "", output: output)
            } catch {
                return Verdict(status: .error, message: "engine fault: \(error)")
            }
        }
        let differences = GoldenComparison.differences(expected: expected, actual: actual, tolerance: tol)
        var violations: [String] = []
        if invariantsOnGoldens, let invariants {
            do {
                violations = try invariants.violations(of: fixture, engine: engine, tolerance: tol)
            } catch {
                return Verdict(status: .error, message: "engine fault: \(error)")
            }
        }
        let ok = differences.isEmpty && violations.isEmpty
        return Verdict(status: ok ? .passed : .failed, differences: differences, violations: violations,
                       message: differences.first?.sentence ?? violations.first ?? "", output: output)
    }

    /// The 1-based line and column of `jsonPath` in the file at `url`, or `nil`.
    func locate(_ jsonPath: String, in url: URL) -> FixtureResult.Position? {
        guard let bytes = try? Data(contentsOf: url), let (line, column) = SourceLocator(bytes: bytes).location(of: jsonPath) else { return nil }
        return FixtureResult.Position(line: line, column: column)
    }
}

/// The workers' shared queue of indices and their results.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var slots: [FixtureResult?]

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
