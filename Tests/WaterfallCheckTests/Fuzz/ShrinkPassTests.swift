import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// Each shrink pass from fixed choices, asserting the exact minimum. The toy generator draws a
/// list (average length 5, so the continuation flag continues from 1024 / 6 = 170 up) of
/// integers in 0...1000: choices are `[flag, value, flag, value, ..., 0]`.
@Suite("Shrinker passes")
struct ShrinkPassTests {
    static func list(_ c: inout ChoiceSource) -> [Int] { c.list(target: 5, limit: 20) { c, _ in c.int(0...1000) } }

    /// The recorded start of the list [5, 7, 900, 3], flags at their maximum.
    static let start: [UInt64] = [1023, 5, 1023, 7, 1023, 900, 1023, 3, 0]

    static func minimal(_ passes: [Shrinker.Pass], _ property: @escaping ([Int]) -> Bool) -> [UInt64] {
        let test: Shrinker.Test = { choices in
            var c = ChoiceSource(replaying: choices)
            return property(list(&c)) ? Shrinker.Candidate(c) : nil
        }
        let first = test(start)!
        #expect(first.choices == start)
        let outcome = Shrinker(passes: passes, timeLimit: 60).shrink(first, test: test)
        #expect(!outcome.timedOut)
        return outcome.best.choices
    }

    @Test func deleteSpansRemovesWholeElements() {
        // Deleting one element's span [flag, value] at a time leaves only 900.
        #expect(Self.minimal([.deleteSpans]) { $0.contains { $0 >= 500 } } == [1023, 900, 0])
    }

    @Test func deleteBlocksRemovesAdjacentChoices() {
        // Blocks of 2 cover each [flag, value] pair; what is left is the same single element.
        #expect(Self.minimal([.deleteBlocks]) { $0.contains { $0 >= 500 } } == [1023, 900, 0])
    }

    @Test func zeroSpansEndsTheList() {
        // Zeroing the 4th element's span makes its flag 0, so the list stops after 3 elements;
        // zeroing any earlier span would leave fewer than 3.
        #expect(Self.minimal([.zeroSpans]) { $0.count >= 3 } == [1023, 5, 1023, 7, 1023, 900, 0])
    }

    @Test func minimizeValuesFindsTheLeastFailingValues() {
        // Flags drop to the continuation threshold 170. With the sum bound at 915 = 5 + 7 + 900 + 3,
        // no value can drop alone, so they stay.
        #expect(Self.minimal([.minimizeValues]) { $0.reduce(0, +) >= 915 } == [170, 5, 170, 7, 170, 900, 170, 3, 0])
        // With only the 900 needed, it drops to 500 and the others to 0.
        #expect(Self.minimal([.minimizeValues]) { $0.count == 4 && $0[2] >= 500 } == [170, 0, 170, 0, 170, 500, 170, 0, 0])
    }

    @Test func allPassesReachTheSimplestCounterexample() {
        #expect(Self.minimal(Shrinker.Pass.allCases) { $0.contains { $0 >= 500 } } == [170, 500, 0])
        #expect(Self.minimal(Shrinker.Pass.allCases) { $0.count >= 2 } == [170, 0, 170, 0, 0])
    }

    @Test func shortlexOrder() {
        #expect(Shrinker.simpler([9], than: [0, 0]))
        #expect(Shrinker.simpler([0, 5], than: [1, 0]))
        #expect(!Shrinker.simpler([1, 0], than: [1, 0]))
    }

    @Test func statisticsCountEveryPass() {
        let test: Shrinker.Test = { choices in
            var c = ChoiceSource(replaying: choices)
            return Self.list(&c).contains { $0 >= 500 } ? Shrinker.Candidate(c) : nil
        }
        let outcome = Shrinker(timeLimit: 60).shrink(test(Self.start)!, test: test)
        #expect(outcome.statistics.map(\.pass) == Shrinker.Pass.allCases)
        #expect(outcome.statistics.reduce(0) { $0 + $1.stats.attempts } == outcome.replays)
        #expect(outcome.statistics.contains { $0.stats.improvements > 0 })
    }

    @Test func timeLimitStopsAndKeepsTheBest() {
        let test: Shrinker.Test = { choices in
            var c = ChoiceSource(replaying: choices)
            return Self.list(&c).contains { $0 >= 500 } ? Shrinker.Candidate(c) : nil
        }
        let outcome = Shrinker(timeLimit: 0).shrink(test(Self.start)!, test: test)
        #expect(outcome.timedOut)
        #expect(outcome.best.choices == Self.start)
    }
}
