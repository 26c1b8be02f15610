import Foundation

/// Runs two engines over the same inputs and collects every difference, each shrunk to a minimal
/// input on which the engines still differ (DESIGN.md "Comparing engine versions").
public struct EngineComparison {
    /// One difference: the case it was found in, and the minimal input with both answers.
    public struct Finding: Sendable {
        public var origin: CompareCase
        /// The smallest input found on which the engines still differ.
        public var minimal: LayoutInput
        public var baseline: EngineAnswer
        public var candidate: EngineAnswer
        public var difference: FrameDifference
        /// The tolerance the case was compared with, pt.
        public var tolerance: Double
        /// Other cases that shrank to the same minimal input (reported once).
        public var alsoIn: [String] = []

        /// Sections + headers + footers + items of the minimal input: "smallest first".
        public var size: Int {
            minimal.sections.reduce(0) { $0 + 1 + $1.items.count + ($1.header == nil ? 0 : 1) + ($1.footer == nil ? 0 : 1) }
        }
    }

    /// A case on which an engine faulted (crashed, hung, answered garbage, threw).
    public struct FaultCase: Sendable {
        public var origin: CompareCase
        public var fault: EngineFault
        public var baseline: EngineAnswer?
        public var candidate: EngineAnswer?
        public var name: String { origin.name }
    }

    /// What a whole comparison found.
    public struct Report: Sendable {
        public var baseline: EngineDescriptor
        public var candidate: EngineDescriptor
        public var cases = 0
        public var identical = 0
        /// Cases whose answers differed (``differences`` holds one finding per distinct minimal input).
        public var differingCases = 0
        /// Differences, smallest minimal input first.
        public var differences: [Finding] = []
        /// Cases skipped (`unsupported`, or a feature one side does not declare), with the reason.
        public var skipped: [(name: String, reason: String)] = []
        /// Cases on which an engine faulted, with their inputs (never dropped: `--save` writes them).
        public var faults: [FaultCase] = []

        /// 0 identical, 1 different, 2 an engine faulted (FIXTURE-FORMAT §9: reported, run goes on).
        public var exitStatus: Int32 { !faults.isEmpty ? 2 : differences.isEmpty ? 0 : 1 }
    }

    public var baseline: LayoutEngine
    public var candidate: LayoutEngine
    /// The command line's `--tolerance`; `nil`: each fixture's own, else 0.001 pt (§7).
    public var tolerance: Double?
    public var shrinker: InputShrinker
    /// Time the fuzzer's choice shrinker gets per generated difference, seconds.
    public var choiceShrinkSeconds: Double = 5

    public init(baseline: LayoutEngine, candidate: LayoutEngine, tolerance: Double? = nil, shrinker: InputShrinker = InputShrinker()) {
        self.baseline = baseline; self.candidate = candidate; self.tolerance = tolerance; self.shrinker = shrinker
    }

    /// The features both engines declare: the only ones generated inputs may use.
    public var commonFeatures: LayoutFeatures { baseline.descriptor.features.intersection(candidate.descriptor.features) }

    /// Both answers for `input` and how they compare. An input using a feature either engine
    /// does not declare is skipped without running either.
    public func compare(_ input: LayoutInput, tolerance: Double) -> (EngineAnswer?, EngineAnswer?, AnswerComparison) {
        let undeclared = LayoutFeatures(usedBy: input).subtracting(commonFeatures)
        guard undeclared.isEmpty else {
            return (nil, nil, .skipped("uses \(undeclared.names.joined(separator: ", ")), not declared by both engines"))
        }
        let a = EngineAnswer(baseline, input), b = EngineAnswer(candidate, input)
        return (a, b, AnswerComparison(a, b, tolerance: tolerance))
    }

    /// Compares every case, shrinking each difference. Faults are recorded and the run goes on
    /// (external engines restart themselves).
    /// - Parameter progress: called after each case with the number done.
    public func run(_ cases: [CompareCase], progress: (Int) -> Void = { _ in }) -> Report {
        var report = Report(baseline: baseline.descriptor, candidate: candidate.descriptor)
        for (n, c) in cases.enumerated() {
            let tol = tolerance ?? c.tolerance ?? Double(Fixture.defaultTolerance)
            let (a, b, outcome) = compare(c.input, tolerance: tol)
            report.cases += 1
            switch outcome {
            case .identical: report.identical += 1
            case .skipped(let reason): report.skipped.append((c.name, reason))
            case .fault(let f): report.faults.append(FaultCase(origin: c, fault: f, baseline: a, candidate: b))
            case .different(let d):
                report.differingCases += 1
                report.differences.append(shrunk(c, a!, b!, d, tolerance: tol))
            }
            progress(n + 1)
        }
        // One finding per minimal input, smallest first.
        var merged: [Finding] = []
        for f in report.differences {
            if let k = merged.firstIndex(where: { $0.minimal == f.minimal }) { merged[k].alsoIn.append(f.origin.name) } else { merged.append(f) }
        }
        report.differences = merged.sorted { ($0.size, $0.origin.name) < ($1.size, $1.origin.name) }
        return report
    }

    /// The finding for a differing case, after shrinking its input: a generated case first through
    /// the fuzzer's integrated ``Shrinker`` over its choices (bounded by ``choiceShrinkSeconds``),
    /// then every case through ``InputShrinker``. A shrink step must keep the kind of difference
    /// (frames against frames, or the same error code on the same side), so the minimal input shows
    /// the bug found, not another one the shrinker slipped into.
    private func shrunk(_ c: CompareCase, _ a: EngineAnswer, _ b: EngineAnswer, _ d: FrameDifference, tolerance: Double) -> Finding {
        var last = (a, b, d)
        let kind = (Self.kind(a), Self.kind(b))
        func keeps(_ input: LayoutInput) -> Bool {
            let (x, y, outcome) = compare(input, tolerance: tolerance)
            guard case .different(let diff) = outcome, (Self.kind(x!), Self.kind(y!)) == kind else { return false }
            last = (x!, y!, diff)
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
        let minimal = shrinker.shrink(start, while: keeps)
        // `last` holds the answers of the last input that kept the difference; recompute them
        // when that was not the minimal one (the shrinkers' last accepted step).
        if minimal == c.input || !keeps(minimal) { last = (a, b, d) }
        return Finding(origin: c, minimal: minimal, baseline: last.0, candidate: last.1, difference: last.2, tolerance: tolerance)
    }

    /// `layout`, or the error code: what shrinking keeps.
    private static func kind(_ a: EngineAnswer) -> String {
        switch a {
        case .layout: return "layout"
        case .error(let e): return e.code.rawValue
        case .fault: return "fault"
        }
    }
}
