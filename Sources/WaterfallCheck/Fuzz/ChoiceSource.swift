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
public struct ChoiceSource {
    /// The values used so far, in draw order.
    public private(set) var choices: [UInt64] = []
    /// The choice ranges of every structured draw, in the order they were closed.
    public private(set) var spans: [Range<Int>] = []
    private var rng: SplitMix64?
    private let prefix: [UInt64]
    /// libFuzzer's input (``init(bytes:)``) and the next byte to read.
    private let bytes: [UInt8]?
    private var offset = 0
    /// The bound of every draw, when recorded (``init(replaying:recordingBounds:)``).
    public private(set) var bounds: [UInt64]?

    /// Draws random choices from `rng`.
    public init(random rng: SplitMix64) {
        self.rng = rng
        self.prefix = []
        self.bytes = nil
        choices.reserveCapacity(256)
    }

    /// Replays `prefix`, then answers 0 to every further draw. With `recordingBounds`, ``bounds``
    /// keeps each draw's bound (for ``bytes(encoding:bounds:)``).
    public init(replaying prefix: [UInt64], recordingBounds: Bool = false) {
        self.rng = nil
        self.prefix = prefix
        self.bytes = nil
        if recordingBounds { bounds = [] }
        choices.reserveCapacity(prefix.count)
    }

    /// Reads every choice from `bytes`, as Hypothesis's `fuzz_one_input` does: a draw with bound
    /// `b` takes the next ``byteWidth(_:)`` bytes as a big-endian integer `r` and answers `r` when
    /// `r <= b`, else `r % (b + 1)`; past the end the bytes read as 0 (the simplest answers). So
    /// every byte string is a valid choice sequence, shorter strings are simpler inputs, and the
    /// encoding of a recorded sequence (``bytes(encoding:bounds:)``) reads back as that sequence.
    public init(bytes: [UInt8]) {
        self.rng = nil
        self.prefix = []
        self.bytes = bytes
        choices.reserveCapacity(min(bytes.count, 4096))
    }

    /// The bytes one draw with bound `bound` reads: 0 for a bound of 0, 1 up to 255, 2 up to
    /// 65,535, ... 8 for 2^56 and above.
    @inlinable
    public static func byteWidth(_ bound: UInt64) -> Int { (64 - bound.leadingZeroBitCount + 7) / 8 }

    /// The bytes that ``init(bytes:)`` reads back as `choices`, given each draw's bound (from a
    /// replay with `recordingBounds`): each value big-endian in its draw's width, trailing zero
    /// bytes dropped (they read the same as the end). A value above its bound is clamped to it.
    /// - Complexity: O(total width).
    public static func bytes(encoding choices: [UInt64], bounds: [UInt64]) -> [UInt8] {
        var out: [UInt8] = []
        for (v, b) in zip(choices, bounds) {
            let value = min(v, b)
            let k = byteWidth(b)
            for j in stride(from: k - 1, through: 0, by: -1) { out.append(UInt8(truncatingIfNeeded: value >> (UInt64(j) * 8))) }
        }
        while out.last == 0 { out.removeLast() }
        return out
    }

    /// A value in `0...bound`. O(1).
    public mutating func draw(_ bound: UInt64) -> UInt64 {
        let v: UInt64
        let i = choices.count
        if rng != nil {
            v = rng!.next(upTo: bound)
        } else if let bytes {
            var r: UInt64 = 0
            for _ in 0..<ChoiceSource.byteWidth(bound) {
                r = r << 8 | UInt64(offset < bytes.count ? bytes[offset] : 0)
                offset += 1
            }
            v = r <= bound ? r : r % (bound + 1)
        } else {
            v = i < prefix.count ? min(prefix[i], bound) : 0
            bounds?.append(bound)
        }
        choices.append(v)
        return v
    }

    /// An integer in `range`, the lower bound being the simplest.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(draw(UInt64(range.upperBound - range.lowerBound)))
    }

    /// The index of one of up to four options with relative weights `w0...w3` (a zero weight is never
    /// picked), index 0 simplest. Draws one value in `0 ..< w0 + w1 + w2 + w3`.
    public mutating func weighted(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64 = 0, _ w3: UInt64 = 0) -> Int {
        let v = draw(w0 + w1 + w2 + w3 - 1)
        if v < w0 { return 0 }
        if v < w0 + w1 { return 1 }
        return v < w0 + w1 + w2 ? 2 : 3
    }

    /// `true` with probability `numerator / 1024`; `false` (the simpler) when the value is 0.
    public mutating func bool(_ numerator: UInt64) -> Bool {
        draw(1023) >= 1024 - numerator
    }

    /// One of `options`, the first simplest.
    public mutating func element<T>(of options: [T]) -> T { options[int(0...(options.count - 1))] }

    /// Runs `body` as one structured draw whose choices the shrinker may delete or zero together.
    public mutating func span<T>(_ body: (inout ChoiceSource) -> T) -> T {
        let start = choices.count
        let value = body(&self)
        if choices.count > start + 1 { spans.append(start..<choices.count) }
        return value
    }

    /// A list drawn element by element: before each element past the first `minimum` a continuation
    /// flag (0 = stop), with on average `target` more elements and at most `limit` in all. Each flag
    /// and its element form one span, so deleting that span removes exactly one element.
    public mutating func list<T>(minimum: Int = 0, target: Int, limit: Int, _ element: (inout ChoiceSource, Int) -> T) -> [T] {
        var out: [T] = []
        while out.count < min(minimum, limit) {
            let start = choices.count
            out.append(element(&self, out.count))
            spans.append(start..<choices.count)
        }
        // Continue with probability target / (target + 1): a geometric length with mean `target`.
        let threshold = UInt64(1024 / (target + 1))
        while out.count < limit {
            let start = choices.count
            guard draw(1023) >= max(threshold, 1) else { break }
            out.append(element(&self, out.count))
            spans.append(start..<choices.count)
        }
        return out
    }
}
