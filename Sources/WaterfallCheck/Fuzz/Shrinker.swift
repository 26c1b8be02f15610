import Foundation

/// Integrated shrinking (after Hypothesis's `shrinker.py`): a failing case is reduced by editing
/// its recorded choice sequence and replaying the generator, so no generator needs a shrinker of
/// its own. A candidate is kept when it still fails the same way and is simpler in the shortlex
/// order of choice sequences (fewer choices, then lexicographically smaller); since a generator
/// reads 0 as its simplest answer, simpler choices mean fewer sections, items and columns and
/// smaller, rounder numbers.
///
/// Named passes run to a fixpoint, bounded by ``timeLimit``; each keeps statistics.
package struct Shrinker {
    /// A replayed case: the choices the generator actually used and its structured spans.
    package struct Candidate: Hashable, Sendable {
        package var choices: [UInt64]
        package var spans: [Range<Int>]
        package init(choices: [UInt64], spans: [Range<Int>] = []) { self.choices = choices; self.spans = spans }
        package init(_ source: ChoiceSource) { self.init(choices: source.choices, spans: source.spans) }
    }

    /// Replays `choices` as a prefix; returns the replayed candidate when it still fails, else `nil`.
    package typealias Test = (_ choices: [UInt64]) -> Candidate?

    /// The passes, in the order a round runs them.
    package enum Pass: String, CaseIterable, Sendable {
        /// Delete the choices of one structured draw (an item, a section, a list entry).
        case deleteSpans = "delete-spans"
        /// Delete runs of 8, 4, 2 and 1 adjacent choices, from the end.
        case deleteBlocks = "delete-blocks"
        /// Set every choice of one structured draw to 0 (its simplest form).
        case zeroSpans = "zero-spans"
        /// Lower each choice to the least value that still fails (0, else a binary search).
        case minimizeValues = "minimize-values"
        /// Lower every copy of a repeated value together (keeps ties while simplifying them).
        case minimizeDuplicates = "minimize-duplicates"
        /// Delete a draw or zero a choice, raising one of the next choices to make up for it
        /// (a 1000-pt item for two that add up; a plain height for a scaled one).
        case compensate
        /// Swap adjacent draws of equal length into lexicographic order (where order does not matter).
        case reorder
    }

    /// What one pass did over a whole shrink.
    package struct PassStatistics: Hashable, Sendable {
        package var attempts = 0
        package var improvements = 0
        package var seconds: Double = 0
    }

    /// The result of a shrink.
    package struct Outcome {
        /// The simplest failing candidate found.
        package var best: Candidate
        /// Per pass, in ``Pass`` order.
        package var statistics: [(pass: Pass, stats: PassStatistics)]
        /// Whether the time limit (or a stop request) ended the shrink before a fixpoint.
        package var timedOut: Bool
        /// Whether it was a stop request (``shouldStop``), not the time limit.
        package var interrupted: Bool
        package var seconds: Double
        /// Replays run.
        package var replays: Int
    }

    package var passes: [Pass]
    /// Seconds; the shrink stops and keeps its best candidate when it is reached.
    package var timeLimit: Double
    /// Replays a pass may run in a row without an improvement before it yields to the next pass.
    package var stallCap: Int
    /// Polled between replays (for example on SIGINT); `true` ends the shrink like the time limit.
    package var shouldStop: () -> Bool

    package init(passes: [Pass] = Pass.allCases, timeLimit: Double = 10, stallCap: Int = 1_000, shouldStop: @escaping () -> Bool = { false }) {
        self.passes = passes; self.timeLimit = timeLimit; self.stallCap = stallCap; self.shouldStop = shouldStop
    }

    /// Whether `a` is simpler than `b`: shorter, or as long and lexicographically smaller.
    package static func simpler(_ a: [UInt64], than b: [UInt64]) -> Bool {
        a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
    }

    /// Shrinks `start` (which must fail `test`) as far as the passes and the time limit allow.
    /// - Complexity: at most one replay per attempt; attempts per round are O(choices · log(max value)).
    package func shrink(_ start: Candidate, test: @escaping Test) -> Outcome {
        var run = Run(best: start, test: test, deadline: now() + timeLimit, shouldStop: shouldStop, stallCap: stallCap)
        var stats = passes.map { (pass: $0, stats: PassStatistics()) }
        let began = now()
        var improved = true
        while improved && !run.stopped {
            improved = false
            for (k, pass) in passes.enumerated() where !run.stopped {
                let t0 = now(), attempts = run.attempts, improvements = run.improvements
                run.stall = 0
                switch pass {
                case .deleteSpans: run.deleteSpans()
                case .deleteBlocks: run.deleteBlocks()
                case .zeroSpans: run.zeroSpans()
                case .minimizeValues: run.minimizeValues()
                case .minimizeDuplicates: run.minimizeDuplicates()
                case .compensate: run.compensate()
                case .reorder: run.reorder()
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
        let stallCap: Int
        var attempts = 0
        var improvements = 0
        var stopped = false
        var interrupted = false
        /// Replays since the current pass last improved.
        var stall = 0
        /// Choice sequences already replayed (as given and as replayed): never replayed twice.
        var tried: Set<[UInt64]> = []

        /// Whether the current pass should stop: time is up, a stop was asked, or it stalled.
        var done: Bool { stopped || stall >= stallCap }

        /// Replays `choices`; keeps the result when it fails and is simpler. Returns whether it was kept.
        mutating func attempt(_ choices: [UInt64]) -> Bool {
            guard !stopped else { return false }
            if shouldStop() { stopped = true; interrupted = true; return false }
            if now() > deadline { stopped = true; return false }
            guard choices != best.choices, tried.insert(choices).inserted else { return false }
            attempts += 1
            stall += 1
            guard let c = test(choices) else { return false }
            tried.insert(c.choices)
            guard Shrinker.simpler(c.choices, than: best.choices) else { return false }
            best = c
            improvements += 1
            stall = 0
            return true
        }

        mutating func deleteSpans() {
            var i = 0
            while i < best.spans.count && !done {
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
                while start >= 0 && !done {
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
            while i < best.spans.count && !done {
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
            while i < best.choices.count && !done {
                let v = best.choices[i]
                if v > 0 {
                    var choices = best.choices
                    choices[i] = 0
                    if !attempt(choices) {
                        // Binary search the least failing value in (0, v]: lo does not fail, hi does.
                        var lo: UInt64 = 0, hi = v
                        while lo + 1 < hi && !done && i < best.choices.count && best.choices[i] == hi {
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

        mutating func minimizeDuplicates() {
            var counts: [UInt64: Int] = [:]
            for v in best.choices where v > 0 { counts[v, default: 0] += 1 }
            for v in counts.filter({ $0.value > 1 }).keys.sorted(by: >) where !done {
                let positions = best.choices.indices.filter { best.choices[$0] == v }
                guard positions.count > 1 else { continue }
                func with(_ x: UInt64) -> [UInt64] {
                    var c = best.choices
                    for p in positions where p < c.count { c[p] = x }
                    return c
                }
                if attempt(with(0)) { continue }
                // Binary search the least common value that fails: lo does not, hi does.
                var lo: UInt64 = 0, hi = v
                while lo + 1 < hi && !done && positions.allSatisfy({ $0 < best.choices.count && best.choices[$0] == hi }) {
                    let mid = lo + (hi - lo) / 2
                    if attempt(with(mid)) { hi = mid } else { lo = mid }
                }
            }
        }

        /// Edits that make the sequence simpler but may no longer fail on their own, each then
        /// tried with one of the next few choices raised to its bound (a draw clamps it); a kept
        /// one is lowered again by `minimize-values`.
        mutating func compensate() {
            var k = 0
            while k < best.spans.count + best.choices.count && !done {
                let choices = best.choices
                var edited = choices
                let at: Int
                if k < best.spans.count {
                    let span = best.spans[best.spans.count - 1 - k]
                    guard span.upperBound <= choices.count else { k += 1; continue }
                    edited.removeSubrange(span)
                    at = span.lowerBound
                } else {
                    at = k - best.spans.count
                    guard at < choices.count, choices[at] > 0 else { k += 1; continue }
                    edited[at] = 0
                }
                var kept = attempt(edited)
                var j = k < best.spans.count ? at : at + 1
                while !kept && j < min(edited.count, at + 8) && !done {
                    var raised = edited
                    raised[j] = UInt64.max >> 1
                    kept = attempt(raised)
                    j += 1
                }
                if !kept { k += 1 }
            }
        }

        mutating func reorder() {
            var i = 0
            while i < best.spans.count && !done {
                let a = best.spans[i]
                i += 1
                guard let b = best.spans.first(where: { $0.lowerBound == a.upperBound && $0.count == a.count }),
                      b.upperBound <= best.choices.count,
                      best.choices[b].lexicographicallyPrecedes(best.choices[a]) else { continue }
                var c = best.choices
                c.replaceSubrange(a.lowerBound..<b.upperBound, with: Array(best.choices[b]) + Array(best.choices[a]))
                _ = attempt(c)
            }
        }
    }
}

/// Monotonic seconds.
@inline(__always) func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
