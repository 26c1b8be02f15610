import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
/// SplitMix64, the seedable 64-bit generator of Steele, Lea and Flood, "Fast Splittable
/// Pseudorandom Number Generators" (OOPSLA 2014); constants from Vigna's public-domain
/// `splitmix64.c` (https://prng.di.unimi.it/splitmix64.c).
///
/// The fuzzer derives one generator per case from `(seed, case index)` with ``init(seed:case:)``,
/// so case `i` of seed `s` draws the same numbers on every machine and with any number of jobs.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    package var state: UInt64

    /// A generator starting from `seed`.
    package init(seed: UInt64) { state = seed }

    /// The generator of case `index` of a run seeded with `seed`: the seed and the index are mixed
    /// through the finaliser twice, so neighbouring cases start from unrelated states.
    package init(seed: UInt64, case index: UInt64) {
        state = SplitMix64.mix(SplitMix64.mix(seed) ^ (index &* 0xD1B54A32D192ED03))
    }

    /// The next 64 random bits. O(1).
    @inlinable @inline(__always)
    package mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        return SplitMix64.mix(state)
    }

    /// SplitMix64's output function (a variant of MurmurHash3's 64-bit finaliser).
    @inlinable
    package static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }

    /// A value in `0...bound`, by Lemire's multiply-shift (bias below 2^-64 · bound). O(1).
    @inlinable @inline(__always)
    package mutating func next(upTo bound: UInt64) -> UInt64 {
        if bound == .max { return next() }
        return next().multipliedFullWidth(by: bound + 1).high
    }
}
