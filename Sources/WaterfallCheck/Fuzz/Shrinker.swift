import Foundation

/// Integrated shrinking (after Hypothesis's `shrinker.py`): a failing case is reduced by editing
/// its recorded choice sequence and replaying the generator, so no generator needs a shrinker of
/// its own. A candidate is kept when it still fails the same way and is simpler in the shortlex
/// order of choice sequences (fewer choices, then lexicographically smaller); since a generator
/// reads 0 as its simplest answer, simpler choices mean fewer sections, items and columns and
/// smaller, rounder numbers.
///
/// Named passes run to a fixpoint, bounded by ``timeLimit``; each keeps statistics.
public struct Shrinker {
    /// A replayed case: the choices the generator actually used and its structured spans.
    public struct Candidate: Hashable, Sendable {
        public var choices: [UInt64]
        public var spans: [Range<Int>]
        public init(choices: [UInt64], spans: [Range<Int>] = []) { self.choices = choices; self.spans = spans }
        public init(_ source: ChoiceSource) { self.init(choices: source.choices, spans: source.spans) }
    }

    /// Replays `choices` as a prefix; returns the replayed candidate when it still fails, else `nil`.
    public typealias Test = (_ choices: [UInt64]) -> Candidate?

    /// The passes, in the order a round runs them.
    public enum Pass: String, CaseIterable, Sendable {
        /// Delete the choices of one structured draw (an item, a section, a list entry).
        case deleteSpans = "delete-spans"
        /// Delete runs of 8, 4, 2 and 1 adjacent choices, from the end.
        case deleteBlocks = "delete-blocks"
        /// Set every choice of one structured draw to 0 (its simplest form).
        case zeroSpans = "zero-spans"
        /// Lower each choice to the least value that still fails (0, else a binary search).
        case minimizeValues = "minimize-values"
    }

    /// What one pass did over a whole shrink.
    public struct PassStatistics: Hashable, Sendable {
        public var attempts = 0
        public var improvements = 0
        public var seconds: Double = 0
    }

    /// The result of a shrink.
    public struct Outcome {
        /// The simplest failing candidate found.
        public var best: Candidate
        /// Per pass, in ``Pass`` order.
        public var statistics: [(pass: Pass, stats: PassStatistics)]
        /// Whether the time limit (or a stop request) ended the shrink before a fixpoint.
        public var timedOut: Bool
        /// Whether it was a stop request (``shouldStop``), not the time limit.
        public var interrupted: Bool
        public var seconds: Double
        /// Replays run.
        public var replays: Int
    }

    public var passes: [Pass]
    /// Seconds; the shrink stops and keeps its best candidate when it is reached.
    public var timeLimit: Double
    /// Polled between replays (for example on SIGINT); `true` ends the shrink like the time limit.
    public var shouldStop: () -> Bool

    public init(passes: [Pass] = Pass.allCases, timeLimit: Double = 10, shouldStop: @escaping () -> Bool = { false }) {
        self.passes = passes; self.timeLimit = timeLimit; self.shouldStop = shouldStop
    }

    /// Whether `a` is simpler than `b`: shorter, or as long and lexicographically smaller.
    public static func simpler(_ a: [UInt64], than b: [UInt64]) -> Bool {
        a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
    }

    /// Shrinks `start` (which must fail `test`) as far as the passes and the time limit allow.
    /// - Complexity: at most one replay per attempt; attempts per round are O(choices · log(max value)).
    public func shrink(_ start: Candidate, test: @escaping Test) -> Outcome {
        var run = Run(best: start, test: test, deadline: now() + timeLimit, shouldStop: shouldStop)
        var stats = passes.map { (pass: $0, stats: PassStatistics()) }
        let began = now()
        var improved = true
        while improved && !run.stopped {
            improved = false
            for (k, pass) in passes.enumerated() where !run.stopped {
                let t0 = now(), attempts = run.attempts, improvements = run.improvements
                switch pass {
                case .deleteSpans: run.deleteSpans()
                case .deleteBlocks: run.deleteBlocks()
                case .zeroSpans: run.zeroSpans()
                case .minimizeValues: run.minimizeValues()
                }
                stats[k].stats.attempts += run.attempts - attempts
                stats[k].stats.improvements += run.improvements - improvements
                stats[k].stats.seconds += now() - t0
                if run.improvements > improvements { improved = true }
            }
        }
        return Outcome(best: run.best, statistics: stats, timedOut: run.stopped, interrupted: run.interrupted,
                       seconds: now() - began, replays: run.attempts)
    }

    /// The mutable state of one shrink.
    struct Run {
        var best: Candidate
        let test: Test
        let deadline: Double
        let shouldStop: () -> Bool
        var attempts = 0
        var improvements = 0
        var stopped = false
        var interrupted = false

        /// Replays `choices`; keeps the result when it fails and is simpler. Returns whether it was kept.
        mutating func attempt(_ choices: [UInt64]) -> Bool {
            guard !stopped else { return false }
            if shouldStop() { stopped = true; interrupted = true; return false }
            if now() > deadline { stopped = true; return false }
            guard choices != best.choices else { return false }
            attempts += 1
            guard let c = test(choices), Shrinker.simpler(c.choices, than: best.choices) else { return false }
            best = c
            improvements += 1
            return true
        }

        mutating func deleteSpans() {
            var i = 0
            while i < best.spans.count && !stopped {
                let span = best.spans[best.spans.count - 1 - i]
                var choices = best.choices
                guard span.upperBound <= choices.count else { i += 1; continue }
                choices.removeSubrange(span)
                if !attempt(choices) { i += 1 }
            }
        }

        mutating func deleteBlocks() {
            for size in [8, 4, 2, 1] {
                var start = best.choices.count - size
                while start >= 0 && !stopped {
                    var choices = best.choices
                    if start + size <= choices.count {
                        choices.removeSubrange(start..<(start + size))
                        _ = attempt(choices)
                    }
                    start -= 1
                }
            }
        }

        mutating func zeroSpans() {
            var i = 0
            while i < best.spans.count && !stopped {
                let span = best.spans[i]
                i += 1
                guard span.upperBound <= best.choices.count, best.choices[span].contains(where: { $0 != 0 }) else { continue }
                var choices = best.choices
                for j in span { choices[j] = 0 }
                _ = attempt(choices)
            }
        }

        mutating func minimizeValues() {
            var i = 0
            while i < best.choices.count && !stopped {
                let v = best.choices[i]
                if v > 0 {
                    var choices = best.choices
                    choices[i] = 0
                    if !attempt(choices) {
                        // Binary search the least failing value in (0, v]: lo does not fail, hi does.
                        var lo: UInt64 = 0, hi = v
                        while lo + 1 < hi && !stopped && i < best.choices.count && best.choices[i] == hi {
                            let mid = lo + (hi - lo) / 2
                            var c = best.choices
                            c[i] = mid
                            if attempt(c) { hi = mid } else { lo = mid }
                        }
                    }
                }
                i += 1
            }
        }
    }
}

/// Monotonic seconds.
@inline(__always) func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
