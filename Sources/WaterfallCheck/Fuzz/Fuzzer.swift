import Foundation
import WaterfallCheckCore

/// How a fuzz run goes.
public struct FuzzConfiguration: Sendable {
    /// Case `i` of seed `s` is the same input everywhere (``SplitMix64/init(seed:case:)``).
    public var seed: UInt64
    /// Cases to run; `nil` runs until ``duration`` (or until every invariant failed).
    public var cases: Int?
    /// Seconds to run when ``cases`` is `nil`.
    public var duration: Double?
    /// Worker threads, each with its own engine.
    public var jobs: Int
    public var invariants: InvariantSet
    /// The comparison tolerance (FIXTURE-FORMAT §7).
    public var tolerance: Tolerance
    /// Keep checking every invariant on every case instead of retiring one at its first failure.
    public var keepGoing: Bool
    /// Seconds each counterexample may spend shrinking.
    public var shrinkTime: Double
    /// The generator; its features are intersected with the engine's declared ones.
    public var generator: InputGenerator
    /// How many distinct keys (``BugKey/slotKey(of:origin:)``) one invariant may find before it
    /// retires: after its first failure `query` keeps looking for failures of another kind
    /// (missed, returned, returned twice, threw), so a touching-rect artefact cannot retire it
    /// (issue 32); with ``keepGoing`` `content-size` keeps one counterexample per kind of
    /// element its failures first depart at (header, item, footer, content size, after an empty
    /// section: ``BugKey/slotKey(of:origin:)``), so one bug of the content height cannot hide
    /// another. Each is shrunk keeping its key. ≥ 1.
    public var keysPerInvariant = 4

    /// The first case run (`fuzz --shard K/N`: shard K runs cases `firstCase ..< cases` of the
    /// seed, a range disjoint from the other shards'); 0 otherwise.
    public var firstCase: UInt64 = 0

    public init(seed: UInt64, cases: Int? = 10_000, duration: Double? = nil, jobs: Int = 1,
                invariants: InvariantSet = .all, tolerance: Tolerance = .default,
                keepGoing: Bool = false, shrinkTime: Double = 10, generator: InputGenerator = InputGenerator()) {
        self.seed = seed; self.cases = cases; self.duration = duration; self.jobs = max(1, jobs)
        self.invariants = invariants; self.tolerance = tolerance; self.keepGoing = keepGoing
        self.shrinkTime = shrinkTime; self.generator = generator
    }
}

/// A failing case, shrunk.
public struct Counterexample {
    public var invariant: String
    /// The failure of the shrunk input.
    public var failure: InvariantFailure
    /// The shrunk input.
    public var input: LayoutInput
    /// What the engine answered for ``input``.
    public var actual: EngineAnswer
    public var seed: UInt64
    /// The case that first failed (its index within the run).
    public var caseIndex: UInt64
    /// The failing case before shrinking.
    public var originalInput: LayoutInput
    public var originalFailure: InvariantFailure
    package var shrink: Shrinker.Outcome
    /// Everything else that decides the verdict, so a replay judges the same way: the run's
    /// tolerance, its invariant selection, and the query rects' seed.
    public var tolerance: Tolerance
    public var invariants: InvariantSet
    public var querySeed: UInt64
    /// The libFuzzer input file this was shrunk from (``Fuzzer/run(bytes:file:)``), for the
    /// fixture's `source` line; `nil` for a generated case.
    public var bytesFile: String? = nil
    /// The bug key of the shrunk failure (``BugKey``); the shrink kept the original case's.
    package var key: BugKey? = nil
}

/// Live figures for a progress line.
public struct FuzzProgress: Sendable {
    public var cases: Int
    public var seconds: Double
    public var failures: Int
    public var casesPerSecond: Double { seconds > 0 ? Double(cases) / seconds : 0 }
}

/// Everything a run found and counted.
public struct FuzzReport {
    public var seed: UInt64
    public var cases = 0
    /// Seconds generating and checking (shrinking excluded).
    public var seconds: Double = 0
    public var casesPerSecond: Double { seconds > 0 ? Double(cases) / seconds : 0 }
    /// One per failed invariant, in catalogue order.
    public var counterexamples: [Counterexample] = []
    /// The counterexamples grouped by equal minimal input: one bug, one report.
    package var groups: [CounterexampleGroup] = []
    /// Failing cases per invariant id (more than one only with keep-going, or from parallel jobs).
    public var failingCases: [String: Int] = [:]
    /// Cases per item-count bucket (``FuzzReport/sizeBuckets``).
    public var casesBySize: [Int] = Array(repeating: 0, count: FuzzReport.sizeBuckets.count)
    /// Cases using each feature (FIXTURE-FORMAT §9 names).
    public var casesByFeature: [String: Int] = [:]
    /// Cases per container-width bucket (``FuzzReport/widthBuckets``): the run's proof that
    /// phones, tablets, desktop windows, TVs and web pages were all tried.
    public var casesByWidth: [Int] = Array(repeating: 0, count: FuzzReport.widthBuckets.count)
    /// Cases per bucket of their longest section's item count (``FuzzReport/longSectionBuckets``);
    /// cases whose sections all have fewer than 1,000 items are not counted.
    public var casesByLongestSection: [Int] = Array(repeating: 0, count: FuzzReport.longSectionBuckets.count)
    /// Invalid inputs generated; cases skipped as `unsupported` (the engine's answer, or the
    /// harness's refusal to send an undeclared feature or a non-finite number), valid or not.
    public var invalidCases = 0
    public var skippedCases = 0
    /// Cases that broke at least one invariant, each once (``counts``).
    public var failedCases = 0
    /// Skipped cases that broke no invariant (``counts``: a case has one status).
    public var skippedPassingCases = 0
    /// Invariant evaluations over all cases.
    public var checks = 0
    public var shrinkSeconds: Double = 0
    /// Stopped by ``Fuzzer/cancel()``.
    public var interrupted = false
    /// The selected invariants this engine cannot be checked against, each with why: `query`
    /// without the query capability; `lookup-consistency` and `reprepare` without a layout object
    /// (a browser engine, or an `exec:` one without the `lifecycle` capability). Never counted in ``checks``.
    public var notApplicable: [(invariant: String, reason: String)] = []
    /// The invariants that found ``FuzzConfiguration/keysPerInvariant`` distinct bug keys and
    /// retired: more may exist (a run with `--keep-going` looks on, still up to the bound).
    public var keyBoundReached: [String] = []

    /// The run's verdict: `failed` when an invariant failure was found, even beside engine
    /// faults (the bug is the finding; the faults are listed as errors too), else `error` when
    /// any case faulted, else `passed`. An interrupted run that found nothing is the caller's to
    /// report (it did not finish).
    public var verdict: RunVerdict {
        if !counterexamples.isEmpty { return .failed }
        // Nothing checked: every case was answered unsupported (an engine declaring a constraint
        // may answer so), as verify's run where every fixture was skipped.
        if nothingChecked { return .error }
        return engineFaultCases > 0 ? .error : .passed
    }

    /// Every case was skipped (the engine answered `unsupported`): the run vouches for nothing.
    public var nothingChecked: Bool { cases > 0 && skippedCases == cases }
    /// Cases the engine faulted on (crashed, hung, answered garbage), with the fault; never
    /// counted as invariant failures, never saved (D13). The first few are kept.
    public var engineFaults: [(case: UInt64, message: String)] = []
    public var engineFaultCases = 0
    /// The faults by kind: a crash by its `Fatal error:` message and first frame outside the
    /// runtime (``EngineFault/signature``), any other by its kind (`timedOut`, `malformedReply`),
    /// with how many cases and the first of them; most cases first. One trap on many inputs
    /// (Blueprints asking for section -1) is one line.
    public var faultKinds: [(kind: String, cases: Int, first: UInt64)] {
        faultCounts.map { (kind: $0.key, cases: $0.value.cases, first: $0.value.first) }
            .sorted { ($1.cases, $0.first) < ($0.cases, $1.first) }
    }
    var faultCounts: [String: (cases: Int, first: UInt64)] = [:]
    mutating func countFault(_ fault: EngineFault, case index: UInt64) {
        let kind = fault.signature ?? fault.kind.rawValue
        let old = faultCounts[kind]
        faultCounts[kind] = ((old?.cases ?? 0) + 1, min(old?.first ?? index, index))
    }

    /// Item-count buckets: upper bounds, inclusive.
    public static let sizeBuckets: [(name: String, upTo: Int)] = [("0", 0), ("1-8", 8), ("9-32", 32), ("33-64", 64), ("65+", .max)]
    /// Container-width buckets, pt: upper bounds, inclusive.
    public static let widthBuckets: [(name: String, upTo: CGFloat)] = [
        ("below 320", 319.999), ("320-430 (phones)", 430), ("431-1366 (tablets)", 1366),
        ("1367-1920 (desktop windows, TVs)", 1920), ("1921-3840 (web pages)", 3840), ("above 3840", .infinity)]
    /// Longest-section buckets, items: lower bounds, inclusive.
    public static let longSectionBuckets: [(name: String, from: Int)] = [("1000-1999", 1000), ("2000-4999", 2000), ("5000+", 5000)]

    /// Cases using each feature, by bit of ``LayoutFeatures/rawValue``: counted per case without
    /// building names, folded into ``casesByFeature`` by ``flushFeatures()`` (and ``merge(_:)``).
    var featureCounts = [Int](repeating: 0, count: 16)

    /// Counts one case. O(items), no allocation.
    mutating func count(_ input: LayoutInput, invalid: Bool, skipped: Bool, checks: Int, failed: Bool = false) {
        cases += 1
        if failed { failedCases += 1 } else if skipped { skippedPassingCases += 1 }
        let n = input.itemCount
        var bucket = 0
        while n > FuzzReport.sizeBuckets[bucket].upTo { bucket += 1 }
        casesBySize[bucket] += 1
        let w = input.layout.containerWidth
        var wb = 0
        while wb < FuzzReport.widthBuckets.count - 1, !(w <= FuzzReport.widthBuckets[wb].upTo) { wb += 1 }
        casesByWidth[wb] += 1
        if n >= FuzzReport.longSectionBuckets[0].from {
            var longest = 0
            for s in input.sections where s.items.count > longest { longest = s.items.count }
            var lb = -1
            while lb + 1 < FuzzReport.longSectionBuckets.count, longest >= FuzzReport.longSectionBuckets[lb + 1].from { lb += 1 }
            if lb >= 0 { casesByLongestSection[lb] += 1 }
        }
        var used = LayoutFeatures(usedBy: input).rawValue
        while used != 0 {
            let bit = used.trailingZeroBitCount
            if bit < featureCounts.count { featureCounts[bit] += 1 }
            used &= used - 1
        }
        if invalid { invalidCases += 1 }
        if skipped { skippedCases += 1 }
        self.checks += checks
    }

    /// Adds ``featureCounts`` to ``casesByFeature`` (by §9 name) and clears them.
    mutating func flushFeatures() {
        for (name, feature) in LayoutFeatures.named {
            let bit = feature.rawValue.trailingZeroBitCount
            guard bit < featureCounts.count, featureCounts[bit] > 0 else { continue }
            casesByFeature[name, default: 0] += featureCounts[bit]
            featureCounts[bit] = 0
        }
    }

    mutating func merge(_ o: FuzzReport) {
        var o = o
        o.flushFeatures()
        flushFeatures()
        cases += o.cases
        engineFaultCases += o.engineFaultCases
        engineFaults = Array((engineFaults + o.engineFaults).sorted { $0.case < $1.case }.prefix(10))
        for (k, v) in o.faultCounts {
            let old = faultCounts[k]
            faultCounts[k] = ((old?.cases ?? 0) + v.cases, min(old?.first ?? v.first, v.first))
        }
        for i in casesBySize.indices { casesBySize[i] += o.casesBySize[i] }
        for i in casesByWidth.indices { casesByWidth[i] += o.casesByWidth[i] }
        for i in casesByLongestSection.indices { casesByLongestSection[i] += o.casesByLongestSection[i] }
        for (k, v) in o.casesByFeature { casesByFeature[k, default: 0] += v }
        invalidCases += o.invalidCases; skippedCases += o.skippedCases; checks += o.checks
        failedCases += o.failedCases; skippedPassingCases += o.skippedPassingCases
    }
}

/// Runs generated cases against an engine on several threads, then shrinks the first failing
/// case of each invariant.
///
/// Deterministic for a seed and a case count whatever the number of jobs: an invariant's
/// counterexample is the lowest-numbered failing case (a case checks an invariant unless a
/// lower-numbered case already failed it), and shrinking is sequential.
public final class Fuzzer {
    public let configuration: FuzzConfiguration
    private let makeEngine: () -> LayoutEngine
    private let generator: InputGenerator
    private let lock = NSLock()
    private var cancelled = false
    /// Per invariant index: the lowest failing case so far, its failure, and its recorded choices.
    private var firstFailure: [Slot: (index: UInt64, failure: InvariantFailure, choices: Shrinker.Candidate, answer: EngineAnswer?)] = [:]
    /// One counterexample's place: an invariant (catalogue index) and a bug key.
    private struct Slot: Hashable { var invariant: Int; var key: BugKey }
    private var failingCases: [String: Int] = [:]
    private var nextCase: UInt64 = 0
    private var done = 0

    /// - Parameter engine: makes one engine per worker (and one for shrinking).
    public init(configuration: FuzzConfiguration, engine: @escaping () -> LayoutEngine) {
        self.configuration = configuration
        self.makeEngine = engine
        self.generator = configuration.generator.fitted(to: engine().descriptor)
    }

    /// Stops the run (and any shrink) soon; what was found is kept. Thread-safe.
    public func cancel() { lock.withLock { cancelled = true } }
    private var isCancelled: Bool { lock.withLock { cancelled } }

    /// The input of case `index` and its recorded choices (none without `recording`: the same
    /// input, for a caller that needs no record).
    package static func generate(seed: UInt64, case index: UInt64, generator: InputGenerator,
                                recording: Bool = true) -> (LayoutInput, ChoiceSource) {
        var source = ChoiceSource(random: SplitMix64(seed: seed, case: index), recording: recording)
        let input = generator.generate(&source)
        return (input, source)
    }

    /// The seed of the query rects of case `index`: fixed per case, so a shrink replays the same rects.
    static func querySeed(_ seed: UInt64, _ index: UInt64) -> UInt64 { SplitMix64.mix(seed ^ 0x5155_4552_5953) &+ index }

    /// Runs the cases, then shrinks. `progress` is called about 5 times a second from another thread.
    /// Each call starts afresh (case 0, nothing found).
    public func run(progress: ((FuzzProgress) -> Void)? = nil) -> FuzzReport {
        lock.withLock { nextCase = configuration.firstCase; done = 0; firstFailure = [:]; failingCases = [:] }
        let config = configuration
        let start = now()
        let deadline = config.cases == nil ? start + (config.duration ?? 10) : .infinity
        let limit = UInt64(config.cases ?? Int.max)
        var reports = [FuzzReport](repeating: FuzzReport(seed: config.seed), count: config.jobs)

        let timer = progress.map { callback -> DispatchSourceTimer in
            let t = DispatchSource.makeTimerSource(queue: .global())
            t.schedule(deadline: .now() + 0.2, repeating: 0.2)
            t.setEventHandler { [unowned self] in
                let (cases, failures) = self.lock.withLock { (self.done, self.firstFailure.count) }
                callback(FuzzProgress(cases: cases, seconds: now() - start, failures: failures))
            }
            t.resume()
            return t
        }
        let generator = self.generator  // once: reading the class's copy per case retains its arrays
        reports.withUnsafeMutableBufferPointer { buffer in
            let reportsPointer = buffer
            DispatchQueue.concurrentPerform(iterations: config.jobs) { job in
                let engine = makeEngine()
                let inapplicable = Fuzzer.inapplicable(to: engine)
                var local = FuzzReport(seed: config.seed)
                // A pipelined external engine is sent the next case's layout while this one's
                // checks run: the worker takes its next case early (what it checks is still
                // decided when it runs, so the run stays deterministic).
                let pipelined = engine.pipelineWindow > 1
                var upcoming: (index: UInt64, input: LayoutInput)?
                // A passing case is counted as done when the next one is taken: one lock per
                // passing case, not two (both jobs take the same lock; each take moves its cache
                // line between the cores).
                var passed = 0
                defer { if passed > 0 { lock.withLock { done += passed } } }
                while true {
                    // Take the next case and what it must check.
                    let (index, active, stop): (UInt64, InvariantSet, Bool) = lock.withLock {
                        done += passed
                        let i: UInt64
                        if let u = upcoming { i = u.index } else { i = nextCase; nextCase += 1 }
                        return (i, activeSet(for: i), cancelled)
                    }
                    passed = 0
                    if index >= limit || active.isEmpty || stop || now() > deadline { break }
                    // Generated without a record of its choices; a failing case is generated
                    // again with one (below), the same input.
                    let input = upcoming?.input
                        ?? Fuzzer.generate(seed: config.seed, case: index, generator: generator, recording: false).0
                    upcoming = nil
                    let context = CheckContext(input: input, engine: engine, tolerance: config.tolerance,
                                               seed: Fuzzer.querySeed(config.seed, index))
                    // A pipelined engine is sent the next case's layout too, generated once this
                    // case's requests are on their way (``CheckContext/check(_:then:)``).
                    var failures = context.check(active, then: {
                        guard pipelined else { return nil }
                        let j: UInt64 = lock.withLock { defer { nextCase += 1 }; return nextCase }
                        guard j < limit else { return nil }
                        upcoming = (j, Fuzzer.generate(seed: config.seed, case: j, generator: generator, recording: false).0)
                        return upcoming?.input
                    })
                    // An engine fault (crash, hang, garbage) is not an invariant failure (D13).
                    if let fault = context.fault {
                        // Stopped (Ctrl-C): the engine was killed under this case, which says
                        // nothing about the engine. The case is dropped, not counted as a fault.
                        if isCancelled { break }
                        failures = []
                        local.engineFaultCases += 1
                        if local.engineFaults.count < 10 { local.engineFaults.append((index, "\(fault)")) }
                        local.countFault(fault, case: index)
                    }
                    var skipped = false
                    if case .unsupported = context.outcome { skipped = true }
                    local.count(input, invalid: context.expectedError != nil, skipped: skipped, checks: active.subtracting(inapplicable).rawValue.nonzeroBitCount, failed: !failures.isEmpty)
                    // The record, only for a case that becomes some invariant's first failure
                    // (first failures only move to earlier cases, so one that is not wanted now
                    // is not wanted below either): under --keep-going most failing cases are not.
                    var recorded: Shrinker.Candidate?
                    // `content-size` by element kind under keep-going only (``bound(of:)``):
                    // without it, its first failure, shrunk keeping its symptom.
                    let origin = !config.keepGoing || !failures.contains(where: { $0.invariant == "content-size" }) ? nil : context.origin
                    let slots = failures.map { Slot(invariant: Invariants.named($0.invariant)!.index, key: BugKey.slotKey(of: $0, origin: origin)) }
                    if !failures.isEmpty, lock.withLock({ slots.contains { wanted($0, index) } }) {
                        recorded = Shrinker.Candidate(Fuzzer.generate(seed: config.seed, case: index, generator: generator).1)
                    }
                    if failures.isEmpty { passed = 1; continue }
                    lock.withLock {
                        done += 1
                        for (f, slot) in zip(failures, slots) {
                            failingCases[f.invariant, default: 0] += 1
                            guard wanted(slot, index), let recorded else { continue }
                            firstFailure[slot] = (index, f, recorded, context.outcome)
                            trimSlots(of: slot.invariant)
                        }
                    }
                }
                reportsPointer[job] = local
            }
        }
        timer?.cancel()
        var report = FuzzReport(seed: config.seed)
        for r in reports { report.merge(r) }
        report.seconds = now() - start
        report.failingCases = failingCases
        report.interrupted = isCancelled
        report.notApplicable = Fuzzer.notApplicable(to: makeEngine(), among: config.invariants)

        let shrinkStart = now()
        for (slot, first) in firstFailure.sorted(by: { ($0.key.invariant, $0.value.index) < ($1.key.invariant, $1.value.index) }) {
            report.counterexamples.append(shrink(Invariants.all[slot.invariant], case: first.index, failure: first.failure, choices: first.choices,
                                                 answer: first.answer, key: slot.key))
        }
        report.keyBoundReached = Invariants.all.indices.filter { k in
            bound(of: k) > 1 && firstFailure.keys.filter { $0.invariant == k }.count >= bound(of: k)
        }.map { Invariants.all[$0].id }
        report.groups = CounterexampleGroup.group(report.counterexamples, engine: makeEngine(), invariants: config.invariants)
        report.shrinkSeconds = now() - shrinkStart
        return report
    }

    /// Checks one libFuzzer input (a crash artifact) as case 0 and shrinks every invariant it
    /// fails from its choices, then groups them: the report `run()` gives, for one case. The
    /// configuration's seed must be ``LibFuzzerTarget/seed(of:)`` of `bytes`, so the query rects
    /// are the ones the fuzz target checked.
    /// - Returns: no counterexample when the input passes (the engine or the invariants changed
    ///   since, or the crash was not an invariant's); an engine fault is reported as in ``run(progress:)``.
    /// - Parameter file: where the bytes came from, for the fixtures' `source` (``Counterexample/bytesFile``).
    public func run(bytes: [UInt8], file: String? = nil) -> FuzzReport {
        lock.withLock { nextCase = 0; done = 0; firstFailure = [:]; failingCases = [:] }
        let config = configuration
        let start = now()
        var report = FuzzReport(seed: config.seed)
        let engine = makeEngine()
        var source = ChoiceSource(bytes: bytes)
        let input = generator.generate(&source)
        let context = CheckContext(input: input, engine: engine, tolerance: config.tolerance, seed: Fuzzer.querySeed(config.seed, 0))
        var failures = context.check(config.invariants)
        if let fault = context.fault {
            failures = []
            report.engineFaultCases = 1
            report.engineFaults = [(0, "\(fault)")]
            report.countFault(fault, case: 0)
        }
        var skipped = false
        if case .unsupported = context.outcome { skipped = true }
        // A failing input is a failed case (the outcomes line said "1 passed" beside its failures).
        report.count(input, invalid: context.expectedError != nil, skipped: skipped, checks: config.invariants.rawValue.nonzeroBitCount,
                     failed: !failures.isEmpty)
        report.flushFeatures()
        report.seconds = now() - start
        for f in failures { report.failingCases[f.invariant] = 1 }
        let shrinkStart = now()
        let candidate = Shrinker.Candidate(source)
        for f in failures {
            var c = shrink(Invariants.named(f.invariant)!, case: 0, failure: f, choices: candidate, answer: context.outcome,
                           key: BugKey.symptomKey(of: f))
            c.bytesFile = file
            report.counterexamples.append(c)
        }
        report.groups = CounterexampleGroup.group(report.counterexamples, engine: makeEngine(), invariants: config.invariants)
        report.shrinkSeconds = now() - shrinkStart
        return report
    }

    /// The invariants `engine` cannot be checked against (``FuzzReport/notApplicable``).
    static func inapplicable(to engine: LayoutEngine) -> InvariantSet {
        var set: InvariantSet = []
        for (id, _) in notApplicable(to: engine, among: .all) { if let i = Invariants.named(id) { set.insert(InvariantSet(i)) } }
        return set
    }

    /// ``FuzzReport/notApplicable`` for `engine` among `selected`, in catalogue order.
    static func notApplicable(to engine: LayoutEngine, among selected: InvariantSet) -> [(invariant: String, reason: String)] {
        let capabilities = engine.descriptor.capabilities
        var out: [(invariant: String, reason: String)] = []
        let hasLayoutObject = capabilities.contains(.collectionViewLayout) && engine is PreparedLayoutEngine
        for i in selected.invariants {
            if i.id == "query" && !capabilities.contains(.query) {
                out.append((i.id, "the engine declares no rect query"))
            } else if Invariants.needingLayoutObject.contains(i.id) && !hasLayoutObject {
                out.append((i.id, "needs a layout object: a UIKit driver or port in process, or an exec: engine declaring the lifecycle capability (not a browser)"))
            }
        }
        return out
    }

    /// The invariants case `index` checks: all selected with keep-going; otherwise those that no
    /// lower-numbered case has failed. Call with the lock held.
    private func activeSet(for index: UInt64) -> InvariantSet {
        var s = configuration.invariants
        if configuration.keepGoing { return s }
        // An invariant retires once it has found the bound of distinct keys in earlier cases.
        var found = [Int](repeating: 0, count: Invariants.all.count)
        for (slot, f) in firstFailure where f.index < index { found[slot.invariant] += 1 }
        for k in found.indices where found[k] >= bound(of: k) { s.remove(InvariantSet(rawValue: 1 << UInt64(k))) }
        return s
    }

    /// How many keys invariant `k` keeps looking for: ``FuzzConfiguration/keysPerInvariant``, at
    /// most the kinds it has (`query`'s four symptoms; `content-size`'s five element kinds,
    /// under ``FuzzConfiguration/keepGoing`` only: without it a failing run still ends at each
    /// invariant's first failure; one for the rest).
    private func bound(of k: Int) -> Int {
        let id = Invariants.all[k].id
        if id == "content-size" && !configuration.keepGoing { return 1 }
        return min(max(1, configuration.keysPerInvariant), BugKey.symptomKinds(of: id))
    }

    /// Whether a failure of case `index` in `slot` should be kept: its key is new to its
    /// invariant and the invariant has room (or an earlier case than the kept one). Lock held.
    private func wanted(_ slot: Slot, _ index: UInt64) -> Bool {
        if let old = firstFailure[slot] { return old.index > index }
        let bound = bound(of: slot.invariant)
        let mine = firstFailure.filter { $0.key.invariant == slot.invariant }
        // With room, any new key; when full, only one from an earlier case than the latest kept
        // (so the kept keys are the lowest cases' whatever the job timing: a deterministic run).
        return mine.count < bound || mine.contains { $0.value.index > index }
    }

    /// Keeps at most the bound of keys per invariant: the lowest cases'. Lock held.
    private func trimSlots(of invariant: Int) {
        let bound = bound(of: invariant)
        let mine = firstFailure.filter { $0.key.invariant == invariant }.sorted { $0.value.index < $1.value.index }
        for (slot, _) in mine.dropFirst(bound) { firstFailure[slot] = nil }
    }

    /// Shrinks case `index`, which failed `invariant`, to the simplest input that still fails it.
    /// - Parameter choices: the case's recorded choices (regenerated from the seed when `nil`).
    /// - Parameter answer: the engine's answer when the case failed, kept when a replay cannot
    ///   reproduce it (a flaky engine, or one stopped by Ctrl-C, which cannot answer again).
    /// - Parameter key: the bug key to keep (``BugKey``): a shrink step failing the invariant
    ///   with another key is not taken, so two bugs shrink to two counterexamples; `nil` keeps
    ///   any failure of the invariant.
    package func shrink(_ invariant: Invariant, case index: UInt64, failure: InvariantFailure,
                       choices: Shrinker.Candidate? = nil, answer: EngineAnswer? = nil, key: BugKey? = nil) -> Counterexample {
        let config = configuration
        let engine = makeEngine()
        let start = choices ?? Shrinker.Candidate(Fuzzer.generate(seed: config.seed, case: index, generator: generator).1)
        var source = ChoiceSource(replaying: start.choices)
        let original = generator.generate(&source)
        let querySeed = Fuzzer.querySeed(config.seed, index)
        let only = InvariantSet(invariant)
        let generator = self.generator
        // The last accepted replay (the shrinker keeps a failing replay exactly when its choices
        // are simpler than its best), so the result needs no replay of its own.
        var best = (choices: start.choices, input: original, failure: failure, actual: EngineAnswer?.none)
        let shrinker = Shrinker(timeLimit: config.shrinkTime, shouldStop: { [unowned self] in self.isCancelled })
        func replay(_ choices: [UInt64]) -> Shrinker.Candidate? {
            var replay = ChoiceSource(replaying: choices)
            let input = generator.generate(&replay)
            let context = CheckContext(input: input, engine: engine, tolerance: config.tolerance, seed: querySeed)
            let failures = context.check(only)
            // A candidate the engine faults on does not reproduce the invariant failure (D13).
            guard let f = failures.first, context.fault == nil else { return nil }
            if let key, Fuzzer.key(of: f, in: context, like: key) != key { return nil }
            if replay.choices == best.choices || Shrinker.simpler(replay.choices, than: best.choices) {
                best = (replay.choices, input, f, context.outcome)
            }
            return Shrinker.Candidate(replay)
        }
        // The original case, replayed once for the engine's answer (a flaky engine may not fail again).
        if replay(start.choices) == nil { best.actual = answer ?? engine.answer(original) }
        let outcome = shrinker.shrink(Shrinker.Candidate(choices: best.choices, spans: start.spans)) { replay($0) }
        // Values the layout clamps are written as it uses them, when that still fails.
        let normal = best.input.normalised
        if normal != best.input {
            let context = CheckContext(input: normal, engine: engine, tolerance: config.tolerance, seed: querySeed)
            if let f = context.check(only).first, context.fault == nil, key.map({ Fuzzer.key(of: f, in: context, like: $0) == $0 }) ?? true {
                best.input = normal; best.failure = f; best.actual = context.outcome
            }
        }
        return Counterexample(invariant: invariant.id, failure: best.failure, input: best.input, actual: best.actual!,
                              seed: config.seed, caseIndex: index, originalInput: original, originalFailure: failure,
                              shrink: outcome, tolerance: config.tolerance, invariants: config.invariants, querySeed: querySeed,
                              key: key)
    }

    /// The key of `failure` in `context` the way `like` is keyed: its symptom alone for a key
    /// without an origin, its ``BugKey/slotKey(of:origin:)`` otherwise. O(elements).
    static func key(of failure: InvariantFailure, in context: CheckContext, like: BugKey) -> BugKey {
        like.origin == nil ? BugKey.symptomKey(of: failure) : BugKey.slotKey(of: failure, origin: context.origin)
    }
}

/// Checks `cases` generated inputs against `engine` with every invariant, for a user's test target:
/// `#expect(fuzzInvariants(engine: MyEngine(), cases: 1000, seed: 1).isEmpty)`.
///
/// - Returns: one shrunk failure per failed invariant (message of the shrunk case), empty when all hold.
/// - Complexity: one thread; shrinking bounded to 2 s per failure.
public func fuzzInvariants(engine: @autoclosure @escaping () -> LayoutEngine, cases: Int, seed: UInt64,
                            tolerance: Tolerance = .default) -> [InvariantFailure] {
    let fuzzer = Fuzzer(configuration: FuzzConfiguration(seed: seed, cases: cases, tolerance: tolerance, shrinkTime: 2),
                        engine: engine)
    return fuzzer.run().counterexamples.map(\.failure)
}

extension LayoutInput {
    /// The input with the values the layout clamps written as it uses them: a span above its
    /// section's column count is that count (FIXTURE-FORMAT §5, shortestFirst only; round robin
    /// rejects spans above 1).
    public var normalised: LayoutInput {
        guard !layout.placement.isRoundRobin else { return self }
        var out = self
        for (si, section) in sections.enumerated() {
            let n = columnCount(of: section)
            for (i, item) in section.items.enumerated() where item.span > n { out.sections[si].items[i].span = n }
        }
        return out
    }
}

/// Counterexamples of one bug, reported once, with every selected invariant its input fails.
package struct CounterexampleGroup {
    /// In catalogue order; the first is the one printed and saved.
    public var counterexamples: [Counterexample]
    /// Every selected invariant the primary's minimal input fails, in catalogue order.
    public var failures: [InvariantFailure]
    /// Where the primary's answer first departs from §5, when it does.
    public var origin: FailureOrigin?

    public var primary: Counterexample { counterexamples[0] }
    /// The invariants of ``failures`` and of every member, in catalogue order.
    public var invariants: [String] {
        let ids = Set(failures.map(\.invariant) + counterexamples.map(\.invariant))
        return Invariants.all.map(\.id).filter(ids.contains)
    }
    /// The lowest failing case of the group.
    public var caseIndex: UInt64 { counterexamples.map(\.caseIndex).min()! }

    /// Groups `counterexamples` (catalogue order). One joins the group
    /// - whose minimal input equals its own (after ``LayoutInput/normalised``), else the first
    /// - whose answer first departs from §5 where its own does (``FailureOrigin``: one bug seen
    ///   through several invariants, each needing its own minimal input), else the first
    /// - whose primary invariant its own minimal input fails too (that group's bug, seen through
    ///   an invariant that needs more structure: a footer for `supplementary`, say);
    /// else it starts a group. A shared symptom alone (both fail `stacking`) does not merge two
    /// groups. ``failures`` is every invariant of `invariants` the group's input fails.
    /// - Complexity: one check of every invariant per counterexample.
    public static func group(_ counterexamples: [Counterexample], engine: LayoutEngine, invariants: InvariantSet) -> [CounterexampleGroup] {
        // Each group's first member's judgement: every selected invariant its input fails, and its origin.
        var judged: [Int: (found: [InvariantFailure], origin: FailureOrigin?)] = [:]
        let parts = partition(counterexamples.count, input: { counterexamples[$0].input.normalised }, invariant: { counterexamples[$0].invariant },
                              key: { counterexamples[$0].key }) { i in
            let c = counterexamples[i]
            let context = CheckContext(input: c.input, engine: engine, tolerance: c.tolerance, seed: c.querySeed)
            var found = context.check(invariants)
            var origin = context.origin
            // An engine that faults here (stopped by Ctrl-C, or flaky) says nothing about the
            // input: the counterexample's own failure stands alone.
            if context.fault != nil { found = [c.failure]; origin = nil }
            judged[i] = (found, origin)
            return (Set(found.map(\.invariant)), origin)
        }
        return parts.map { members in
            let first = counterexamples[members[0]], (found, origin) = judged[members[0]]!
            let failures = found.contains { $0.invariant == first.invariant } ? found : found + [first.failure]
            return CounterexampleGroup(counterexamples: members.map { counterexamples[$0] },
                                       failures: Invariants.all.compactMap { inv in failures.first { $0.invariant == inv.id } }, origin: origin)
        }
    }

    /// The rules of ``group(_:engine:invariants:)`` over members `0 ..< count` described by their
    /// parts: the normalised minimal `input`, the `invariant` it was found by, its bug `key`, and
    /// `judge`, called once for each member that starts a group or might join one by its
    /// judgement (the invariants its input fails and where its answer first departs from §5).
    /// `merge-reports` regroups the shards' counterexamples through it from what each shard stored,
    /// without the engine. Returns the groups as member indices, the first the primary, in the
    /// order their primaries come.
    /// - Complexity: O(count × groups) plus the judgements.
    package static func partition<Input: Hashable, Origin: Equatable, Key: Equatable>(
        _ count: Int, input: (Int) -> Input, invariant: (Int) -> String, key: (Int) -> Key?,
        judge: (Int) -> (invariants: Set<String>, origin: Origin?)
    ) -> [[Int]] {
        var groups: [(members: [Int], origin: Origin?)] = []
        var index: [Input: Int] = [:]
        for c in 0..<count {
            let normalised = input(c)
            if let k = index[normalised] { groups[k].members.append(c); continue }
            let (own, origin) = judge(c)
            // Two counterexamples of one invariant with different bug keys are two bugs: never merged.
            func allowed(_ g: (members: [Int], origin: Origin?)) -> Bool {
                !g.members.contains { invariant($0) == invariant(c) && key($0) != key(c) }
            }
            // The group of the same first departure before one whose primary invariant this input
            // fails too: a column-gap bug's negative width fails `finite`, and it joined the
            // empty-section bug's group through it.
            if let k = groups.firstIndex(where: { g in allowed(g) && origin != nil && g.origin == origin })
                ?? groups.firstIndex(where: { g in allowed(g) && own.contains(invariant(g.members[0])) }) {
                groups[k].members.append(c)
                continue
            }
            index[normalised] = groups.count
            groups.append(([c], origin))
        }
        return groups.map(\.members)
    }
}
