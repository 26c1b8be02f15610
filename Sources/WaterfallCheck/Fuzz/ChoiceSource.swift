/// The recorded choice sequence every generator draws from (Hypothesis-style integrated shrinking).
///
/// Generators never touch a random generator directly: each decision is a bounded integer drawn
/// from here, where `0` is always the simplest answer (no more items, the first option, the
/// smallest number). While fuzzing, the values come from a ``SplitMix64``; while shrinking, from an
/// edited copy of a failing case's recorded sequence (``init(replaying:)``), values past its end
/// read as 0 and values above their bound are clamped. Either way ``choices`` records what was
/// actually used, so replaying a recording gives the same input. Under libFuzzer the values come
/// from the fuzzer's bytes (``init(bytes:)``), so its mutations are mutations of the decisions.
///
/// ``spans`` marks the choices of each structured draw (an item, a section, a list), which the
/// shrinker deletes or zeroes as a whole.
package struct ChoiceSource {
    /// The values used so far, in draw order.
    package private(set) var choices: [UInt64] = []
    /// The choice ranges of every structured draw, in the order they were closed.
    package private(set) var spans: [Range<Int>] = []
    /// The generator while fuzzing (``init(random:)``); unused (and `random` false) otherwise.
    /// Kept as a plain value beside a flag, not an optional: every draw reads it.
    private var rng = SplitMix64(seed: 0)
    private let random: Bool
    /// False for a random source that keeps no record (``init(random:recording:)``): ``choices``
    /// and ``spans`` stay empty and ``position`` counts the draws.
    private let recording: Bool
    /// `random && !recording`: every draw is then one step of `rng`, taken inline
    /// (``draw(_:)``, ``bool(_:)``, ``weighted(_:_:_:_:)``); the other sources go through
    /// ``recordedDraw(_:)``. Out of line, generation was 14% of a fuzz case's instructions, 9% now.
    private let unrecorded: Bool
    /// The draws so far when not recording.
    private var drawn = 0
    /// How many values have been drawn so far (``choices``' count when recording).
    package var position: Int { recording ? choices.count : drawn }
    private let prefix: [UInt64]
    /// libFuzzer's input (``init(bytes:)``) and the next byte to read.
    private let bytes: [UInt8]?
    private var offset = 0
    /// How every draw reads bytes, when recorded (``init(replaying:recordingEncodings:)``).
    package private(set) var encodings: [ByteEncoding]?

    /// How one draw reads libFuzzer's bytes (``init(bytes:)``), so that one byte mutation is one
    /// decision: as many bytes as the draw has answers to tell apart, no more. The arbitrary
    /// crate's `Unstructured` reads Rust values the same way (a `bool` is a byte's low bit, an
    /// enum a byte modulo its cases).
    package enum ByteEncoding: Equatable, Sendable {
        /// A number in `0...bound` (``draw(_:)``): ``byteWidth(_:)`` bytes, big-endian, modulo
        /// `bound + 1`.
        case number(bound: UInt64)
        /// A yes or no of probability `numerator / 1024` (``bool(_:)``, a list's continuation):
        /// one byte, yes when odd, recorded as 1023 (yes) or 0 (no). No byte when the answer is
        /// fixed (numerator 0 or 1024).
        case flag(numerator: UInt64)
        /// One of the options with a nonzero weight (``weighted(_:_:_:_:)``): one byte modulo their
        /// count, whatever the weights (coverage, not the weights, decides which option is worth
        /// trying), recorded as the first value of the option's range. No byte for one option.
        case option(weights: [UInt64])
    }

    /// Draws random choices from `rng`. Without `recording`, nothing is kept (``choices`` and
    /// ``spans`` stay empty): the fuzzer generates each case so, and generates a failing case
    /// again with its record (the same draws: the generator is deterministic in its choices),
    /// which spares every passing case an append per draw.
    package init(random rng: SplitMix64, recording: Bool = true) {
        self.rng = rng
        self.random = true
        self.recording = recording
        self.unrecorded = !recording
        self.prefix = []
        self.bytes = nil
        guard recording else { return }
        // Room for a 64-item case's draws (about 6 per item) and spans: no regrowth per case.
        choices.reserveCapacity(512)
        spans.reserveCapacity(128)
    }

    /// Replays `prefix`, then answers 0 to every further draw. With `recordingEncodings`,
    /// ``encodings`` keeps how each draw reads bytes (for ``bytes(encoding:as:)``).
    package init(replaying prefix: [UInt64], recordingEncodings: Bool = false) {
        self.random = false
        self.recording = true
        self.unrecorded = false
        self.prefix = prefix
        self.bytes = nil
        if recordingEncodings { encodings = [] }
        choices.reserveCapacity(prefix.count)
    }

    /// Reads every choice from `bytes`, as Hypothesis's `fuzz_one_input` does, each draw as its
    /// ``ByteEncoding`` says: a number with bound `b` takes the next ``byteWidth(_:)`` bytes as a
    /// big-endian integer `r` and answers `r` when `r <= b`, else `r % (b + 1)`; a yes/no takes
    /// one byte's low bit; a weighted choice one byte modulo its options. Past the end the bytes
    /// read as 0 (the simplest answers). So every byte string is a valid choice sequence, shorter
    /// strings are simpler inputs, and the encoding of a recorded sequence
    /// (``bytes(encoding:as:)``) reads back as the same input.
    package init(bytes: [UInt8]) {
        self.random = false
        self.recording = true
        self.unrecorded = false
        self.prefix = []
        self.bytes = bytes
        choices.reserveCapacity(min(bytes.count, 4096))
    }

    /// The bytes one draw with bound `bound` reads: 0 for a bound of 0, 1 up to 255, 2 up to
    /// 65,535, ... 8 for 2^56 and above.
    @inlinable
    package static func byteWidth(_ bound: UInt64) -> Int { (64 - bound.leadingZeroBitCount + 7) / 8 }

    /// The bytes that ``init(bytes:)`` reads back as `choices`, given how each draw reads bytes
    /// (from a replay with `recordingEncodings`): a number big-endian in its draw's width, a yes/no
    /// as 1 or 0, an option as its index among the options with a nonzero weight; trailing zero
    /// bytes dropped (they read the same as the end). A value above its bound is clamped to it.
    /// `init(bytes:)` of the result answers every draw alike (the same yes/no, the same option),
    /// recording each yes as 1023 and each option as its range's first value.
    /// - Complexity: O(total width).
    package static func bytes(encoding choices: [UInt64], as encodings: [ByteEncoding]) -> [UInt8] {
        var out: [UInt8] = []
        for (v, e) in zip(choices, encodings) {
            switch e {
            case .number(let b):
                let value = min(v, b)
                for j in stride(from: byteWidth(b) - 1, through: 0, by: -1) {
                    out.append(UInt8(truncatingIfNeeded: value >> (UInt64(j) * 8)))
                }
            case .flag(let numerator):
                if numerator > 0 && numerator < 1024 { out.append(min(v, 1023) >= 1024 - numerator ? 1 : 0) }
            case .option(let weights):
                let nonzero = weights.indices.filter { weights[$0] > 0 }
                guard nonzero.count > 1 else { break }
                var start: UInt64 = 0, picked = 0
                let value = min(v, weights.reduce(0, +) - 1)
                for (k, w) in weights.enumerated() {
                    if value < start + w { picked = k; break }
                    start += w
                }
                out.append(UInt8(nonzero.firstIndex(of: picked) ?? 0))
            }
        }
        while out.last == 0 { out.removeLast() }
        return out
    }

    /// The next byte of libFuzzer's input, 0 past its end.
    @inline(__always) private mutating func nextByte(_ bytes: [UInt8]) -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }

    /// A value in `0...bound`. O(1).
    @inline(__always)
    package mutating func draw(_ bound: UInt64) -> UInt64 {
        if unrecorded { drawn &+= 1; return rng.next(upTo: bound) }
        return recordedDraw(bound)
    }

    /// ``draw(_:)`` from a recording source: random, libFuzzer's bytes or a replayed prefix.
    @inline(never)
    private mutating func recordedDraw(_ bound: UInt64) -> UInt64 {
        let v: UInt64
        let i = choices.count
        if random {
            v = rng.next(upTo: bound)
        } else if let bytes {
            var r: UInt64 = 0
            for _ in 0..<ChoiceSource.byteWidth(bound) { r = r << 8 | UInt64(nextByte(bytes)) }
            v = r <= bound ? r : r % (bound + 1)
        } else {
            v = i < prefix.count ? min(prefix[i], bound) : 0
            encodings?.append(.number(bound: bound))
        }
        choices.append(v)
        return v
    }

    /// A yes/no that is yes with probability `numerator / 1024` (at most 1024): a value in
    /// `0...1023`, yes when `>= 1024 - numerator`, as ``draw(_:)`` gives it; from bytes, one
    /// byte's low bit (``ByteEncoding/flag(numerator:)``).
    @inline(__always)
    private mutating func flag(_ numerator: UInt64) -> Bool {
        if unrecorded { drawn &+= 1; return rng.next(upTo: 1023) >= 1024 - numerator }
        return recordedFlag(numerator)
    }

    @inline(never)
    private mutating func recordedFlag(_ numerator: UInt64) -> Bool {
        guard let bytes, !random else {
            let v = draw(1023)
            if encodings != nil { encodings![encodings!.count - 1] = .flag(numerator: numerator) }
            return v >= 1024 - numerator
        }
        let v: UInt64 = numerator > 0 && numerator < 1024 && nextByte(bytes) & 1 == 1 ? 1023 : 0
        choices.append(v)
        return v >= 1024 - numerator
    }

    /// An integer in `range`, the lower bound being the simplest.
    package mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(draw(UInt64(range.upperBound - range.lowerBound)))
    }

    /// The index of one of up to four options with relative weights `w0...w3` (a zero weight is never
    /// picked), index 0 simplest. Draws one value in `0 ..< w0 + w1 + w2 + w3`.
    /// From bytes, one byte picks among the options of nonzero weight, each as likely
    /// (``ByteEncoding/option(weights:)``).
    @inline(__always)
    package mutating func weighted(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64 = 0, _ w3: UInt64 = 0) -> Int {
        let v: UInt64
        if unrecorded {
            drawn &+= 1
            v = rng.next(upTo: w0 + w1 + w2 + w3 - 1)
        } else {
            v = recordedWeighted(w0, w1, w2, w3)
        }
        if v < w0 { return 0 }
        if v < w0 + w1 { return 1 }
        return v < w0 + w1 + w2 ? 2 : 3
    }

    /// ``weighted(_:_:_:_:)``'s drawn value from a recording source.
    @inline(never)
    private mutating func recordedWeighted(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) -> UInt64 {
        let v: UInt64
        if let bytes, !random {
            // The k-th option of nonzero weight, k = byte % their count; no allocation per draw.
            let count = (w0 > 0 ? 1 : 0) + (w1 > 0 ? 1 : 0) + (w2 > 0 ? 1 : 0) + (w3 > 0 ? 1 : 0)
            var k = count > 1 ? Int(nextByte(bytes)) % count : 0
            var start: UInt64 = 0
            func take(_ w: UInt64) -> Bool {
                if w == 0 { return false }
                if k == 0 { return true }
                k -= 1; start += w
                return false
            }
            if !take(w0) && !take(w1) && !take(w2) { _ = take(w3) }
            v = start
            choices.append(v)
        } else {
            v = draw(w0 + w1 + w2 + w3 - 1)
            if encodings != nil { encodings![encodings!.count - 1] = .option(weights: [w0, w1, w2, w3]) }
        }
        return v
    }

    /// `true` with probability `numerator / 1024`; `false` (the simpler) when the value is 0.
    /// From bytes, one byte's low bit (``ByteEncoding/flag(numerator:)``).
    package mutating func bool(_ numerator: UInt64) -> Bool {
        flag(numerator)
    }

    /// One of `options`, the first simplest.
    package mutating func element<T>(of options: [T]) -> T { options[int(0...(options.count - 1))] }

    /// Runs `body` as one structured draw whose choices the shrinker may delete or zero together.
    package mutating func span<T>(_ body: (inout ChoiceSource) -> T) -> T {
        guard recording else { return body(&self) }
        let start = choices.count
        let value = body(&self)
        if choices.count > start + 1 { spans.append(start..<choices.count) }
        return value
    }

    /// A list drawn element by element: before each element past the first `minimum` a continuation
    /// flag (0 = stop), with on average `target` more elements and at most `limit` in all. Each flag
    /// and its element form one span, so deleting that span removes exactly one element.
    package mutating func list<T>(minimum: Int = 0, target: Int, limit: Int, _ element: (inout ChoiceSource, Int) -> T) -> [T] {
        var out: [T] = []
        // Room for twice the mean length up front: no regrowth for most lists.
        out.reserveCapacity(min(limit, max(minimum, 2 * target)))
        while out.count < min(minimum, limit) {
            let start = choices.count
            out.append(element(&self, out.count))
            if recording { spans.append(start..<choices.count) }
        }
        // Continue with probability target / (target + 1): a geometric length with mean `target`.
        let threshold = UInt64(1024 / (target + 1))
        while out.count < limit {
            let start = choices.count
            guard flag(1024 - max(threshold, 1)) else { break }
            out.append(element(&self, out.count))
            if recording { spans.append(start..<choices.count) }
        }
        return out
    }
}
