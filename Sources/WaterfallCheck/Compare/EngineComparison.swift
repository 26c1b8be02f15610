import Foundation

/// Runs two engines over the same inputs and collects every difference, each shrunk to a minimal
/// input on which the engines still differ (DESIGN.md "Comparing engine versions").
package struct EngineComparison {
    /// One difference: the case it was found in, and the minimal input with both answers.
    package struct Finding: Sendable {
        package var origin: CompareCase
        /// The smallest input found on which the engines still differ.
        package var minimal: LayoutInput
        package var baseline: EngineAnswer
        package var candidate: EngineAnswer
        package var difference: LayoutDiff
        /// The tolerance the case was compared with.
        package var tolerance: Tolerance
        /// Other cases showing this difference, reported once: they shrank to the same minimal
        /// input, or their answers first differ the same way (``signature``, before shrinking:
        /// such a case is not shrunk at all, or after).
        package var alsoIn: [String] = []
        /// The cases of ``alsoIn`` (their index in the run: fixtures first, then generated),
        /// before findings are merged (``mergeFindings(_:name:input:signature:rank:size:)``).
        package var alsoInCases: [Int] = []
        /// The index in the run of the case this finding was shrunk from.
        package var caseIndex = 0
        /// The kind of difference of that case's unshrunk answers (``signature``, or
        /// ``faultSignature(_:_:)``), by which later cases are listed in ``alsoIn`` unshrunk.
        package var kind: String?
        /// The placement-level verdict on the minimal input, when an engine declares a length
        /// quantum (``PlacementVerdict``): what kind of difference this is.
        package var verdict: PlacementVerdict?

        /// The fault of the side that faulted, when the difference is one engine faulting where
        /// the other answered (listed before every other difference).
        package var fault: EngineFault? {
            if case .fault(let f) = candidate { return f }
            if case .fault(let f) = baseline { return f }
            return nil
        }

        /// Sections + headers + footers + items of the minimal input: "smallest first".
        package var size: Int {
            minimal.sections.reduce(0) { $0 + 1 + $1.items.count + ($1.header == nil ? 0 : 1) + ($1.footer == nil ? 0 : 1) }
        }
    }

    /// A case on which an engine faulted (crashed, hung, answered garbage, threw).
    package struct FaultCase: Sendable {
        package var origin: CompareCase
        package var fault: EngineFault
        package var baseline: EngineAnswer?
        package var candidate: EngineAnswer?
        package var name: String { origin.name }
        /// The case's index in the run.
        package var caseIndex = 0
    }

    /// What a whole comparison found.
    package struct Report: Sendable {
        package var baseline: EngineDescriptor
        package var candidate: EngineDescriptor
        package var cases = 0
        package var identical = 0
        /// Cases whose answers differed (``differences`` holds one finding per distinct difference).
        package var differingCases = 0
        /// Differences, smallest minimal input first.
        package var differences: [Finding] = []
        /// Cases skipped (`unsupported`, or a feature one side does not declare), with the reason.
        package var skipped: [(name: String, reason: String)] = []
        /// Cases on which both engines faulted, with their inputs (never dropped: `--save` writes
        /// them). One engine faulting where the other answers is a difference (``Finding/fault``).
        package var faults: [FaultCase] = []
        /// Cases on which either engine faulted.
        package var faultingCases = 0
        /// Cases whose frames differ only by drift (or a tie the quantum could flip), which an
        /// engine declaring a length quantum is allowed: counted, not differences.
        package var driftCases = 0
        /// Of ``driftCases``, those where a tie the quantum could flip went the other way.
        package var tieCases = 0
        /// The largest drift of any drift case, pt.
        package var largestDrift: CGFloat = 0
        /// The name of the case with the largest drift.
        package var largestDriftCase = ""
        /// The git revisions the two engines were built from (`compare-revisions`), or `nil`.
        package var revisions: (baseline: Revision, candidate: Revision)?
        /// What either engine claims beyond the allowed set or the bounds (``judgeClaims(allowed:skipLimit:)``),
        /// each prefixed with the side: each fails the run.
        package var claimProblems: [String] = []
        /// The largest fraction of cases the engines' claims may skip (`--max-skipped`), or `nil`.
        package var skipLimit: Double?
        /// A shard's run (``run(_:generated:partial:progress:)`` with `partial`): the cases on
        /// which one engine faulted where the other answered, kept whole besides their shrunk
        /// findings (only the merge knows whether every case of the run faulted).
        package var oneSidedFaults: [FaultCase] = []
        /// The index in the run of each of ``skipped``, and of ``largestDriftCase``.
        package var skippedCases: [Int] = []
        package var largestDriftIndex: Int?

        /// Checks both engines' claims against the bounds and `allowed` (`--expect-claims`), and
        /// keeps the skip limit (issue 33).
        package mutating func judgeClaims(allowed: EngineDescriptor?, skipLimit: Double?) {
            claimProblems = EngineClaims.excess(baseline, allowed: allowed).map { "baseline: " + $0 }
                + EngineClaims.excess(candidate, allowed: allowed).map { "candidate: " + $0 }
            self.skipLimit = skipLimit
        }

        /// More cases were skipped than ``skipLimit`` allows.
        package var tooManySkipped: Bool { EngineClaims.skipWarning(skipped: skipped.count, of: cases, limit: skipLimit)?.fails ?? false }

        /// `most cases were skipped (...)` when more than half were, or more than ``skipLimit`` allows.
        package var skipWarning: String? { EngineClaims.skipWarning(skipped: skipped.count, of: cases, limit: skipLimit, noun: "cases")?.text }

        /// `passed` identical; `failed` a difference or a fault (a fault is a finding), a claim
        /// beyond the allowed set, too many skips; `error` only when the comparison could not
        /// run at all: an engine faulted on every case.
        package var verdict: RunVerdict {
            if cases > 0 && faultingCases == cases { return .error }
            // Nothing compared: every case was skipped (a side answered unsupported).
            if cases > 0 && skipped.count == cases { return .error }
            return differences.isEmpty && faults.isEmpty && claimProblems.isEmpty && !tooManySkipped ? .passed : .failed
        }
    }

    package var baseline: LayoutEngine
    package var candidate: LayoutEngine
    /// The command line's `--tolerance`; `nil`: each fixture's own, else 0.001 pt (§7).
    package var tolerance: Tolerance?
    package var shrinker: InputShrinker
    /// Time one difference's shrink may take, seconds (`--shrink-time`): the fuzzer's choice
    /// shrinker for a generated case, then ``InputShrinker`` within what is left.
    package var choiceShrinkSeconds: Double = 5
    /// Worker threads comparing cases (each with its own pair from ``makeEngines``); 1 without a
    /// factory. The report is the same whatever the number: cases are compared in parallel, then
    /// counted, shrunk and ordered in case order on ``baseline`` and ``candidate``.
    package var jobs: Int
    /// Makes a fresh (baseline, candidate) pair for each extra worker.
    package var makeEngines: (() -> (baseline: LayoutEngine, candidate: LayoutEngine))?

    package init(baseline: LayoutEngine, candidate: LayoutEngine, tolerance: Tolerance? = nil, shrinker: InputShrinker = InputShrinker()) {
        self.baseline = baseline; self.candidate = candidate; self.tolerance = tolerance; self.shrinker = shrinker
        self.jobs = 1
    }

    /// A comparison on `jobs` threads: `makeEngines` makes each worker's pair (the first pair
    /// also shrinks). Deterministic whatever `jobs`.
    package init(jobs: Int, tolerance: Tolerance? = nil, shrinker: InputShrinker = InputShrinker(),
                makeEngines: @escaping () -> (baseline: LayoutEngine, candidate: LayoutEngine)) {
        let (b, c) = makeEngines()
        self.init(baseline: b, candidate: c, tolerance: tolerance, shrinker: shrinker)
        self.jobs = max(1, jobs)
        self.makeEngines = makeEngines
    }

    /// The comparison of each case whose answers are not identical (or that has a verdict), with
    /// its index, in case order: on ``jobs`` threads when there is a factory, the first worker on
    /// ``baseline`` and ``candidate``, each other on its own pair. An identical case's frames are
    /// dropped at once and nothing is kept for it, so memory stays O(differing cases) (a slot per
    /// case was a few hundred bytes each, touched for every case) and the workers do not contend
    /// on page faults.
    /// Cases `0 ..< cases.count` are `cases`; the `generated` ones follow, each made by the worker
    /// that compares it.
    private func compareAll(_ cases: [CompareCase], generated: GeneratedCases?,
                            progress: ((ComparisonProgress) -> Void)?) -> [(index: Int, comparison: CaseComparison)] {
        let total = cases.count + (generated?.count ?? 0)
        let workers = makeEngines == nil ? 1 : max(1, min(jobs, total))
        // Each worker's findings, merged in case order at the end.
        var found = [[(index: Int, comparison: CaseComparison)]](repeating: [], count: workers)
        let lock = NSLock()
        var next = 0
        var done = ComparisonProgress(compared: 0, total: total, differing: 0)
        // Cases go to workers in chunks; a pipelined external engine is sent a chunk's layouts
        // at once (``LayoutEngine/prefetch(_:)``) and answers them in order.
        let chunk = 16
        found.withUnsafeMutableBufferPointer { buffer in
            let slots = buffer
            DispatchQueue.concurrentPerform(iterations: workers) { job in
                let pair = job == 0 ? (baseline: baseline, candidate: candidate) : makeEngines!()
                let worker = EngineComparison(baseline: pair.baseline, candidate: pair.candidate, tolerance: tolerance)
                var inputs: [LayoutInput] = []
                var signatures = Set<String>()
                while true {
                    let start: Int = lock.withLock { defer { next += chunk }; return next }
                    guard start < total else { break }
                    let range = start..<min(start + chunk, total)
                    inputs.removeAll(keepingCapacity: true)
                    for i in range { inputs.append(i < cases.count ? cases[i].input : generated!.input(i - cases.count)) }
                    for engine in [pair.baseline, pair.candidate] {
                        if engine.pipelineWindow > 1 { engine.prefetch(inputs.map { .layout($0) }) }
                    }
                    var differing = 0
                    for (k, i) in range.enumerated() {
                        let tol = Tolerance.resolve(explicit: tolerance, fixture: i < cases.count ? cases[i].tolerance : nil)
                        var c = worker.compare(inputs[k], tolerance: tol)
                        if c.status == .failed || c.status == .error { differing += 1 }
                        guard c.status != .passed || c.verdict != nil else { continue }
                        // Drift and skips are counted from the verdict and the reason alone.
                        if c.status == .passed || c.status == .skipped { c.dropAnswers() }
                        if c.status == .failed, let diff = c.diff {
                            c.signature = Self.signature(c.baseline, c.candidate, diff, on: inputs[k], tolerance: tol, verdict: c.verdict)
                            // This worker's first case of a signature comes before its later ones,
                            // so the first in case order, the one shrunk, keeps its answers.
                            if let signature = c.signature, !signatures.insert(signature).inserted { c.dropAnswers() }
                        }
                        slots[job].append((i, c))
                    }
                    if let progress {
                        lock.withLock {
                            done.compared += range.count
                            done.differing += differing
                            progress(done)
                        }
                    }
                }
            }
        }
        return found.joined().sorted { $0.index < $1.index }
    }

    /// How far ``run(_:generated:progress:)`` is, for a progress line.
    package struct ComparisonProgress: Sendable {
        /// Cases compared so far, of ``total``.
        package var compared: Int
        package var total: Int
        /// Compared cases whose answers differed or faulted.
        package var differing: Int
        /// After every case is compared: the differing case now being reported (1-based; shrunk
        /// unless one like it already was) and how many there are (one-sided faults not
        /// counted); 0 while comparing.
        package var shrinking = 0
        package var toShrink = 0
        /// Whether ``shrinking`` counts the cases where one engine faulted (shrunk last).
        package var faults = false
    }

    /// A fault's kind, for shrinking one case of each and keeping it while shrinking: the first
    /// side that faulted and how (the fault's kind and message, numbers elided: a request id, an
    /// exit status); `nil` when neither faulted. Not the other side's answer: an engine that
    /// throws on every input with an empty section does so whether the reference answers frames
    /// or one of ten error codes, and each was shrunk (5 s apiece).
    static func faultSignature(_ baseline: EngineAnswer, _ candidate: EngineAnswer) -> String? {
        for (side, answer) in [("baseline", baseline), ("candidate", candidate)] {
            if case .fault(let f) = answer { return "\(side) \(f.kind.rawValue): \(numbersElided(f.message))" }
        }
        return nil
    }

    /// `answer` reconciled with §5 by the conventions `engine` declares
    /// (``ConventionalLayout/reconcile(_:input:conventions:tolerance:)``): a difference that is
    /// only a convention is none, and one beyond it is still one. O(frames) plus two reference
    /// layouts when the engine declares conventions that change frames; nothing otherwise.
    static func judged(_ answer: EngineAnswer, of engine: LayoutEngine, _ input: LayoutInput, _ tolerance: Tolerance) -> EngineAnswer {
        guard case .layout(let r) = answer else { return answer }
        let conventions = engine.descriptor.conventions
        guard conventions.changesFrames else { return answer }
        return .layout(ConventionalLayout.reconcile(r, input: input, conventions: conventions, tolerance: tolerance))
    }

    /// The constraints of both engines: generated inputs stay inside each.
    package var commonConstraints: EngineConstraints {
        baseline.descriptor.constraints.union(candidate.descriptor.constraints)
    }

    /// Both engines' column-width roundings: generated columns stay at least one step wide
    /// (``InputGenerator/columnWidthRoundings``).
    package var columnWidthRoundings: [LengthRounding] {
        [baseline.descriptor.conventions.columnWidthRounding, candidate.descriptor.conventions.columnWidthRounding].compactMap { $0 }
    }

    /// The features both engines declare: the only ones generated inputs may use.
    package var commonFeatures: LayoutFeatures { baseline.descriptor.features.intersection(candidate.descriptor.features) }

    /// The limits both engines can be sent within (``EngineLimits/common(with:)``).
    package var commonLimits: EngineLimits { baseline.descriptor.limits.common(with: candidate.descriptor.limits) }

    /// How two engines' answers to one input compare.
    package struct CaseComparison: Sendable {
        package var baseline: EngineAnswer
        package var candidate: EngineAnswer
        /// The diff (baseline as expected, candidate as actual) when both gave frames or a §6
        /// error; `nil` when a side was skipped or faulted.
        package var diff: LayoutDiff?
        /// `passed` (identical within the tolerance), `failed` (different), `skipped` (a side
        /// answered `unsupported` or does not declare a feature the input uses), `error` (a fault).
        package var status: CaseStatus
        /// Why the case was skipped, or the fault.
        package var reason: String?
        package var fault: EngineFault?
        /// The placement-level verdict, for frames that differ when an engine declares a length
        /// quantum; `passed` when it ``PlacementVerdict/agrees``.
        package var verdict: PlacementVerdict?
        /// For a `failed` comparison in a run: ``Finding/signature`` of its answers.
        package var signature: String?
        /// In a run, answers and diff dropped: a drift or a skip (counted from ``verdict`` and
        /// ``reason``), or a `failed` comparison whose signature a case before it on the same
        /// worker had (listed under that case's finding). A run keeps O(kinds of difference +
        /// faults) answers, not O(differing cases).
        package var answersDropped = false

        /// Drops the answers and diff (``answersDropped``).
        mutating func dropAnswers() {
            (baseline, candidate, diff, answersDropped) = (.unsupported(""), .unsupported(""), nil, true)
        }
    }

    /// The quantum placement verdicts use: the larger declared one (0: frame diffs only).
    package var quantum: CGFloat { max(baseline.descriptor.limits.lengthQuantum, candidate.descriptor.limits.lengthQuantum) }

    /// Both answers for `input` (each through ``LayoutEngine/answer(_:)``, the feature gate) and
    /// how they compare. A fault on either side wins over a skip (the baseline's first).
    /// - Complexity: both layouts plus O(frames).
    /// Frames that differ are then judged at placement level (``PlacementVerdict``) when an engine
    /// declares a length quantum: the side that declares it (the candidate, if both) against the
    /// other's frames; drift, or a tie the quantum could flip, is `passed` with the verdict kept.
    package func compare(_ input: LayoutInput, tolerance: Tolerance) -> CaseComparison {
        var c = Self.compare(Self.judged(baseline.answer(input), of: baseline, input, tolerance),
                             Self.judged(candidate.answer(input), of: candidate, input, tolerance), tolerance: tolerance)
        let q = quantum
        guard q > 0, c.status == .failed, case .layout(let a) = c.baseline, case .layout(let b) = c.candidate else { return c }
        let candidateSide = candidate.descriptor.limits.lengthQuantum > 0
        let v = PlacementVerdict(input: input, expected: candidateSide ? a : b, actual: candidateSide ? b : a, quantum: q, tolerance: tolerance)
        c.verdict = v
        if v.agrees { c.status = .passed }
        return c
    }

    /// How two answers compare (FIXTURE-FORMAT §7): a fault on either side is an `error` (the
    /// baseline's first), `unsupported` on either side `skipped`, else the diff decides between
    /// `passed` and `failed`. O(frames).
    package static func compare(_ a: EngineAnswer, _ b: EngineAnswer, tolerance: Tolerance) -> CaseComparison {
        var c = CaseComparison(baseline: a, candidate: b, diff: nil, status: .error)
        switch (a, b) {
        case (.fault(let f), _), (_, .fault(let f)):
            c.fault = f
            c.reason = "\(f)"
        case (.unsupported(let r), _), (_, .unsupported(let r)):
            c.status = .skipped
            c.reason = r
        default:
            let diff = LayoutDiff(expected: a.outcome!, actual: b.outcome!, tolerance: tolerance)
            c.diff = diff
            c.status = diff.isEmpty ? .passed : .failed
        }
        return c
    }

    /// Compares every case (on ``jobs`` threads), shrinking each difference. Faults are recorded
    /// and the run goes on (external engines restart themselves).
    /// - Parameter generated: cases compared after `cases`, each generated by the worker that
    ///   compares it and kept only when it differs (``CaseGenerator/stream(seed:count:features:limits:)``).
    /// - Parameter progress: for a progress line: called after each chunk of 16 cases compared
    ///   (from the worker threads, one call at a time), then before each difference is shrunk
    ///   (on the caller's thread). It must not block.
    /// - Parameter partial: a shard's run (`compare --shard K/N --partial FILE`): the findings are
    ///   left unmerged (``mergeFindings(_:name:input:signature:rank:size:)`` is the merge's), and
    ///   one-sided faults are both shrunk as differences (not counted in ``Report/differingCases``)
    ///   and kept in ``Report/oneSidedFaults``, for `merge-reports` to choose as the whole run would.
    package func run(_ cases: [CompareCase], generated: GeneratedCases? = nil, partial: Bool = false,
                     progress: ((ComparisonProgress) -> Void)? = nil) -> Report {
        var report = Report(baseline: baseline.descriptor, candidate: candidate.descriptor)
        // One engine faulting where the other answers: a difference, shrunk after every case ran
        // (so a restarted engine sees the cases in order), unless every case faulted.
        var oneSided: [(FaultCase, Tolerance)] = []
        let outcomes = compareAll(cases, generated: generated, progress: progress)
        let total = cases.count + (generated?.count ?? 0)
        let toShrink = outcomes.filter { $0.comparison.status == .failed }.count
        var shrinking = 0
        // The first case of each kind of difference (``Finding/signature`` of its unshrunk answers,
        // or ``faultSignature(_:_:)``) is shrunk; each later one is listed under its finding, not
        // shrunk again: against a broken engine most cases differ, and shrinking each (85,000 of
        // 100,000 cases, at up to --shrink-time apiece) took hours to report a handful of bugs.
        var shrunkByKind: [String: Int] = [:]
        func list(_ name: String, case n: Int, kind: String?, shrink: () -> Finding) {
            if let kind, let k = shrunkByKind[kind] {
                report.differences[k].alsoIn.append(name); report.differences[k].alsoInCases.append(n); return
            }
            var finding = shrink()
            finding.caseIndex = n; finding.kind = kind
            report.differences.append(finding)
            if let kind { shrunkByKind[kind] = report.differences.count - 1 }
        }
        var nextOutcome = 0  // the first of `outcomes` not yet reported
        for n in 0..<total {
            report.cases += 1
            guard nextOutcome < outcomes.count, outcomes[nextOutcome].index == n else { report.identical += 1; continue }
            let outcome = outcomes[nextOutcome].comparison
            nextOutcome += 1
            // Made again, the same case, only when it is reported.
            let c = n < cases.count ? cases[n] : generated!.make(n - cases.count)
            let tol = Tolerance.resolve(explicit: tolerance, fixture: c.tolerance)
            switch outcome.status {
            case .passed, .checked, .recorded:
                if let v = outcome.verdict {
                    report.driftCases += 1
                    if v.kind == .tie { report.tieCases += 1 }
                    if v.largestDrift > report.largestDrift { report.largestDrift = v.largestDrift; report.largestDriftCase = c.name; report.largestDriftIndex = n }
                } else {
                    report.identical += 1
                }
            case .skipped: report.skipped.append((c.name, outcome.reason ?? "")); report.skippedCases.append(n)
            case .error:
                report.faultingCases += 1
                let fault = FaultCase(origin: c, fault: outcome.fault!, baseline: outcome.baseline, candidate: outcome.candidate, caseIndex: n)
                if case .fault = outcome.baseline, case .fault = outcome.candidate { report.faults.append(fault) } else { oneSided.append((fault, tol)) }
            case .failed:
                report.differingCases += 1
                shrinking += 1
                progress?(ComparisonProgress(compared: total, total: total, differing: toShrink, shrinking: shrinking, toShrink: toShrink))
                list(c.name, case: n, kind: outcome.signature) {
                    precondition(!outcome.answersDropped, "the first case of a signature keeps its answers")
                    return shrunk(c, outcome.baseline, outcome.candidate, outcome.diff!, tolerance: tol, verdict: outcome.verdict)
                }
            }
        }
        if partial { report.oneSidedFaults = oneSided.map(\.0) }
        if report.faultingCases == report.cases && !partial {
            report.faults += oneSided.map(\.0)
        } else {
            // As differences, one of each kind of fault shrunk (each shrink step that faults
            // restarts an exec: engine: 20,000 cases with 355 faults took 5 minutes).
            for (k, (f, tol)) in oneSided.enumerated() {
                if !partial { report.differingCases += 1 }
                progress?(ComparisonProgress(compared: total, total: total, differing: toShrink, shrinking: k + 1, toShrink: oneSided.count, faults: true))
                list(f.origin.name, case: f.caseIndex, kind: Self.faultSignature(f.baseline!, f.candidate!)) {
                    shrunk(f.origin, f.baseline!, f.candidate!, LayoutDiff(entries: [], tolerance: tol), tolerance: tol)
                }
            }
        }
        return partial ? report : Self.mergingFindings(report)
    }

    /// A shard's report (``run(_:generated:partial:progress:)`` with `partial`) as a run of its
    /// cases alone reports it: the one-sided faults faults when every case faulted, else
    /// differences; the findings merged. What the shard prints.
    package static func finished(_ part: Report) -> Report {
        var r = part
        if r.cases > 0 && r.faultingCases == r.cases {
            r.faults += r.oneSidedFaults
            r.differences.removeAll { $0.fault != nil }
        } else {
            r.differingCases += r.oneSidedFaults.count
        }
        r.oneSidedFaults = []
        return mergingFindings(r)
    }

    /// `report` with its findings merged (``mergeFindings(_:name:input:signature:rank:size:)``).
    static func mergingFindings(_ report: Report) -> Report {
        var report = report
        let differences = report.differences
        report.differences = Self.mergeFindings(differences.count, name: { differences[$0].origin.name }, input: { differences[$0].minimal.normalised },
                                                signature: { differences[$0].signature }, rank: { Self.rank(differences[$0]) },
                                                size: { differences[$0].size }).map { kept, others in
            var f = differences[kept]
            for k in others { f.alsoIn += [differences[k].origin.name] + differences[k].alsoIn }
            return f
        }
        return report
    }

    /// Where a finding is listed: faults first, then placement differences before stacking, size and other ones.
    package static func rank(_ f: Finding) -> Int { f.fault != nil ? 0 : PlacementVerdict.Kind.placement.rawValue + 1 - (f.verdict?.kind.rawValue ?? 0) }

    /// One finding per bug, of findings `0 ..< count` (in the order they were listed): findings
    /// merge when their minimal inputs are equal (`input`, normalised: a clamped span is its
    /// column count) or their first difference is of the same kind (`signature`, the bug key,
    /// ``Finding/signature``); the smallest (`size`, then `name`) is kept. Returns each kept
    /// finding with the others merged into it (in the order merged), faults first (`rank`), then
    /// smallest first. `merge-reports` merges the shards' findings through it.
    /// - Complexity: O(count log count).
    package static func mergeFindings<Input: Hashable>(_ count: Int, name: (Int) -> String, input: (Int) -> Input, signature: (Int) -> String?,
                                                       rank: (Int) -> Int, size: (Int) -> Int) -> [(kept: Int, others: [Int])] {
        var merged: [(kept: Int, others: [Int])] = []
        var index: [Input: Int] = [:], bySignature: [String: Int] = [:]
        for f in (0..<count).sorted(by: { (size($0), name($0), $0) < (size($1), name($1), $1) }) {
            let signature = signature(f)
            if let k = index[input(f)] ?? signature.flatMap({ bySignature[$0] }) {
                merged[k].others.append(f)
            } else {
                index[input(f)] = merged.count
                if let signature { bySignature[signature] = merged.count }
                merged.append((f, []))
            }
        }
        return merged.sorted { (rank($0.kept), size($0.kept), name($0.kept), $0.kept) < (rank($1.kept), size($1.kept), name($1.kept), $1.kept) }
    }

    /// The finding for a differing case, after shrinking its input: a generated case first through
    /// the fuzzer's integrated ``Shrinker`` over its choices (bounded by ``choiceShrinkSeconds``),
    /// then every case through ``InputShrinker``. A shrink step must keep the kind of difference
    /// (frames against frames, or the same error code on the same side; between frames, the same
    /// ``Finding/signature``), so the minimal input shows the bug found, not another one the
    /// shrinker slipped into.
    private func shrunk(_ c: CompareCase, _ a: EngineAnswer, _ b: EngineAnswer, _ d: LayoutDiff, tolerance: Tolerance,
                        verdict: PlacementVerdict? = nil) -> Finding {
        // The answers of the last input that kept the difference (the minimal one, at the end).
        var last = (a, b, d), lastVerdict = verdict, lastInput = c.input
        let kind = (Self.kind(a), Self.kind(b))
        // Between two layouts, the first difference's kind too (``Finding/signature(movedHow:)``):
        // with two bugs, a case showing one (an item in another column) could shrink to the other (only
        // the content height), and the first was never shown.
        let signature = Finding(origin: c, minimal: c.input, baseline: a, candidate: b, difference: d, tolerance: tolerance, verdict: verdict)
            .signature(movedHow: false)
        // A fault keeps its kind and message the same way (a crash shrank into a garbage reply).
        let fault = Self.faultSignature(a, b)
        // --shrink-time bounds the whole shrink: no step starts after it (one already running, on
        // a hung engine, still takes up to the engine timeout).
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, min(choiceShrinkSeconds, 1e9)) * 1e9)
        // The placement kind too: a placement difference shrinks to a placement difference.
        func keeps(_ input: LayoutInput) -> Bool {
            guard DispatchTime.now().uptimeNanoseconds < deadline else { return false }
            let outcome = compare(input, tolerance: tolerance)
            guard outcome.status == .failed || outcome.status == .error,
                  (Self.kind(outcome.baseline), Self.kind(outcome.candidate)) == kind,
                  outcome.verdict?.kind == verdict?.kind,
                  Self.faultSignature(outcome.baseline, outcome.candidate) == fault else { return false }
            let diff = outcome.diff ?? LayoutDiff(entries: [], tolerance: tolerance, largestDelta: nil)
            if let signature, Finding(origin: c, minimal: input, baseline: outcome.baseline, candidate: outcome.candidate, difference: diff,
                                      tolerance: tolerance, verdict: outcome.verdict).signature(movedHow: false) != signature { return false }
            (last, lastVerdict, lastInput) = ((outcome.baseline, outcome.candidate, diff), outcome.verdict, input)
            return true
        }
        var start = c.input
        if let replay = c.replay {
            let outcome = Shrinker(timeLimit: choiceShrinkSeconds).shrink(replay.choices) { choices in
                let (input, used) = replay.input(choices)
                return keeps(input) ? used : nil
            }
            start = replay.input(outcome.best.choices).0
        }
        var minimal = shrinker.shrink(start, until: deadline, while: keeps)
        if minimal.normalised != minimal, keeps(minimal.normalised) { minimal = minimal.normalised }
        // The finding's answers are always the minimal input's own: asked again only when the last
        // input that kept the difference is another (else, or past the deadline, that input is it).
        if minimal != lastInput && !keeps(minimal) { minimal = lastInput }
        return Finding(origin: c, minimal: minimal, baseline: last.0, candidate: last.1, difference: last.2, tolerance: tolerance,
                       verdict: lastVerdict)
    }

    /// `layout`, or the error code: what shrinking keeps.
    static func answerKind(_ a: EngineAnswer) -> String { kind(a) }

    /// `layout`, or the error code: what shrinking keeps.
    private static func kind(_ a: EngineAnswer) -> String {
        switch a {
        case .layout: return "layout"
        case .error(let e): return e.code.rawValue
        case .unsupported: return "unsupported"
        case .fault: return "fault"
        }
    }
}

extension EngineComparison.Finding {
    /// What kind of difference this is, for telling bugs apart: the two answers' kinds (`layout`
    /// or an error code) and, between two layouts, the first differing element in layout order
    /// (header, item, spanning item, footer, contentSize), how it changed (moved, missing, extra)
    /// and, for a move, what moved first (x: `column`; else y: `top`; else `frame`). The span bug
    /// reads "spanning item moved top" on every minimal input it shrinks to, ties sent right
    /// "item moved column"; with a placement verdict, its kind is added (`(offset)`, `(placement)`).
    /// For a fault, the fault's own (``EngineFault/signature``: a crash by its message and frame), or
    /// `nil` when it has none: such faults merge only on equal inputs.
    package var signature: String? { signature(movedHow: true) }

    /// ``signature``, or without what moved first (`column`, `top`, `frame`) when `movedHow` is
    /// false: what a shrink step keeps (the span bug moves a spanning item's column on one input
    /// and its top on a smaller one; ties sent right and trailing spacing stay apart).
    func signature(movedHow: Bool) -> String? {
        EngineComparison.signature(baseline, candidate, difference, on: minimal, tolerance: tolerance, verdict: verdict, movedHow: movedHow)
    }
}

extension EngineComparison {
    /// ``Finding/signature(movedHow:)`` of two answers to `input` and their diff; for a fault its own signature, if any.
    /// - Complexity: O(differences).
    static func signature(_ baseline: EngineAnswer, _ candidate: EngineAnswer, _ difference: LayoutDiff, on input: LayoutInput,
                          tolerance: Tolerance, verdict: PlacementVerdict?, movedHow: Bool = true) -> String? {
        // A fault groups by where it happened (``EngineFault/signature``), else only on equal inputs.
        if case .fault(let f) = baseline { return f.signature.map { "fault/baseline \($0)" } }
        if case .fault(let f) = candidate { return f.signature.map { "fault/candidate \($0)" } }
        let kinds = answerKind(baseline) + "/" + answerKind(candidate)
        guard case .layout = baseline, case .layout = candidate,
              let first = difference.entries.filter({ $0.change != .same }).min(by: { $0.subject < $1.subject }) else { return kinds }
        var role = first.subject.description
        if case .element(let id) = first.subject {
            switch id.kind {
            case .header: role = "header"
            case .footer: role = "footer"
            case .item:
                let span = input.sections.indices.contains(id.section) && input.sections[id.section].items.indices.contains(id.item)
                    ? input.sections[id.section].items[id.item].span : 1
                role = span > 1 ? "spanning item" : "item"
            }
        }
        var what = first.change.rawValue
        if movedHow, first.change == .moved, let e = first.expected?.components, let a = first.actual?.components, e.count == 4, a.count == 4 {
            what += !tolerance.matches(e[0], a[0]) ? " column" : !tolerance.matches(e[1], a[1]) ? " top" : " frame"
        }
        // What stands first on an empty section's end, moved down or up: one key whichever
        // element that is (``FailureOrigin/standsOnEmptySection(_:_:)``).
        if first.change == .moved, let e = first.expected?.components, let a = first.actual?.components, e.count == a.count {
            var element: ElementID?
            var vertical = false
            switch first.subject {
            case .contentSize: vertical = e.count == 2 && tolerance.matches(e[0], a[0]) && !tolerance.matches(e[1], a[1])
            case .element(let id):
                vertical = e.count == 4 && tolerance.matches(e[0], a[0]) && !tolerance.matches(e[1], a[1])
                element = id
                // An item stands on the section's end only in the first row: no item of its
                // section above it in §5's (the baseline's) answer.
                if id.kind == .item, case .layout(let r) = baseline, r.sections.indices.contains(id.section),
                   r.sections[id.section].items.enumerated().contains(where: { j, f in
                       j != id.item && f.maxY <= e[1] && f.minX < e[0] + e[2] && e[0] < f.maxX }) {
                    vertical = false
                }
            default: break
            }
            if vertical && FailureOrigin.standsOnEmptySection(input, element) {
                role = FailureOrigin.Element.afterEmptySection.rawValue
                what = movedHow ? "moved top" : "moved"
            }
        }
        // The placement verdict's kind keeps an offset and a placement difference apart.
        return "\(kinds) \(role) \(what)" + (verdict.map { " (\($0.kind))" } ?? "")
    }
}
