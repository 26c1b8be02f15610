import Foundation
import WaterfallCheck

/// A single forward pass over one JSON text of a shape known in advance (the protocol's request
/// and reply lines, FIXTURE-FORMAT §9), reading values as it goes: no tree, no allocation but the
/// values' own arrays.
///
/// It accepts only a strict subset of what ``JSONDocument`` accepts and **bails** (throws
/// ``Bail``) on anything else: a key or string with an escape or a non-ASCII byte, a duplicate or
/// unknown key (the caller's ``Members`` decides), a number outside the plain grammar or the
/// exactly-convertible range, trailing bytes. The caller then reads the line with
/// ``JSONDocument``, whose strict checks and located errors stay the one authority on what is
/// wrong. Whatever this scanner accepts, ``JSONDocument`` accepts with the same values (a
/// differential test holds the two to it).
///
/// Why not json-c here: json-c 0.16 allocates one object per value and runs `strtod` on every
/// number, about 60 µs for a 1 KB reply of 130 numbers (measured in `scripts/bench
/// protocol-split`); this pass takes a few µs, less with a ``NumberTextCache``. Fixture files
/// still go through json-c.
package struct JSONLineScanner {
    /// The line is outside the fast subset: read it with ``JSONDocument``.
    package struct Bail: Error { package init() {} }

    /// A key, as the bytes between its quotes (valid while the line is).
    package struct Key {
        package let start: UnsafePointer<UInt8>
        package let count: Int

        /// Whether the key is exactly `s` (ASCII).
        /// Inline word compares (first and last word, overlapping) for keys of up to 16 bytes.
        @inline(__always) package static func == (k: Key, s: StaticString) -> Bool {
            let n = s.utf8CodeUnitCount
            guard k.count == n else { return false }
            let a = UnsafeRawPointer(k.start), b = UnsafeRawPointer(s.utf8Start)
            @inline(__always) func same<T: FixedWidthInteger>(_: T.Type, _ at: Int) -> Bool {
                a.loadUnaligned(fromByteOffset: at, as: T.self) == b.loadUnaligned(fromByteOffset: at, as: T.self)
            }
            switch n {
            case 0: return true
            case 1...3: return same(UInt8.self, 0) && same(UInt8.self, n / 2) && same(UInt8.self, n - 1)
            case 4...7: return same(UInt32.self, 0) && same(UInt32.self, n - 4)
            case 8...16: return same(UInt64.self, 0) && same(UInt64.self, n - 8)
            default: return memcmp(a, b, n) == 0
            }
        }
    }

    /// The keys an object has shown so far, one bit each: a second appearance bails (the strict
    /// reader rejects duplicate keys; it also names them).
    package struct Members {
        private var seen: UInt32 = 0
        package init() {}
        /// Marks member number `bit` (< 32) as read. - Throws: ``Bail`` when it already was.
        package mutating func once(_ bit: Int) throws(Bail) {
            let m: UInt32 = 1 << UInt32(bit)
            if seen & m != 0 { throw Bail() }
            seen |= m
        }
        package func has(_ bit: Int) -> Bool { seen & (1 << UInt32(bit)) != 0 }
    }

    private let base: UnsafePointer<UInt8>
    private let end: Int
    private let cache: NumberTextCache?
    private var i = 0

    /// Scans `line` with `body`, which must read exactly one top-level value; only JSON
    /// whitespace may follow it. Returns `nil` when either bails.
    /// - Complexity: O(n) in the bytes, plus `body`'s work.
    /// `cache` (one per connection) remembers long literals across lines.
    package static func scan<T>(_ line: [UInt8], cache: NumberTextCache? = nil, _ body: (inout JSONLineScanner) throws(Bail) -> T) -> T? {
        line.withUnsafeBufferPointer { b -> T? in
            guard let p = b.baseAddress else { return nil }
            var s = JSONLineScanner(base: p, end: b.count, cache: cache)
            do {
                let value = try body(&s)
                s.skipSpace()
                return s.i == s.end ? value : nil
            } catch {
                return nil
            }
        }
    }

    private init(base: UnsafePointer<UInt8>, end: Int, cache: NumberTextCache?) { self.base = base; self.end = end; self.cache = cache }

    /// The high bit of each byte of `w` that is zero, and perhaps of bytes after one that is.
    @inline(__always) private static func zeroBytes(_ w: UInt64) -> UInt64 { (w &- 0x0101_0101_0101_0101) & ~w & 0x8080_8080_8080_8080 }

    @inline(__always) private var byte: UInt8 { i < end ? base[i] : 0 }

    @inline(__always) private mutating func skipSpace() {
        // Compact lines (what this project writes) have none: one compare decides.
        if i < end && base[i] > 0x20 { return }
        while i < end, base[i] == 0x20 || base[i] == 0x09 || base[i] == 0x0D || base[i] == 0x0A { i += 1 }
    }

    /// The read position, in bytes from the line's start: a caller that looks ahead (``skip(_:)``)
    /// sets it back to read the same bytes the general way.
    package var position: Int {
        get { i }
        set { i = newValue }
    }

    /// A capacity to reserve for an array about to be read whose elements take at least `each`
    /// bytes: what the rest of the line could hold, at most 64 (so a short array wastes little and
    /// a long one grows as usual). Spares the small arrays their first five reallocations.
    package func capacityHint(each: Int) -> Int { min((end - i) / each, 64) }

    /// Skips whitespace, then consumes the bytes of `s` (at least two, ASCII) if they come next
    /// exactly. O(1) for up to 16 bytes (word compares).
    @inline(__always) package mutating func skip(_ s: StaticString) -> Bool {
        skipSpace()
        let n = s.utf8CodeUnitCount
        guard end - i >= n, Key(start: base + i, count: n) == s else { return false }
        i += n
        return true
    }

    /// Skips whitespace, then consumes `c` if it is next.
    @inline(__always) package mutating func take(_ c: UInt8) -> Bool {
        skipSpace()
        if byte == c { i += 1; return true }
        return false
    }

    @inline(__always) private mutating func expect(_ c: UInt8) throws(Bail) {
        if !take(c) { throw Bail() }
    }

    /// Whether the next value is `null` (consumed if so).
    package mutating func null() -> Bool {
        skipSpace()
        guard end - i >= 4, base[i] == 0x6E, base[i + 1] == 0x75, base[i + 2] == 0x6C, base[i + 3] == 0x6C else { return false }
        i += 4
        return true
    }

    /// Reads an object, calling `body` with each key; `body` must read the member's value.
    package mutating func object(_ body: (inout JSONLineScanner, Key) throws(Bail) -> Void) throws(Bail) {
        try expect(0x7B)
        if take(0x7D) { return }
        repeat {
            let k = try string()
            try expect(0x3A)
            try body(&self, k)
        } while take(0x2C)
        try expect(0x7D)
    }

    /// Reads an array, calling `body` once per element; `body` must read the element.
    package mutating func array(_ body: (inout JSONLineScanner) throws(Bail) -> Void) throws(Bail) {
        try expect(0x5B)
        if take(0x5D) { return }
        repeat { try body(&self) } while take(0x2C)
        try expect(0x5D)
    }

    /// `[a, b]`: a size.
    package mutating func pair() throws(Bail) -> (Double, Double) {
        try expect(0x5B)
        let a = try number()
        try expect(0x2C)
        let b = try number()
        try expect(0x5D)
        return (a, b)
    }

    /// `[a, b, c, d]`: a frame or a rect.
    package mutating func quad() throws(Bail) -> (Double, Double, Double, Double) {
        try expect(0x5B)
        let a = try number()
        try expect(0x2C)
        let b = try number()
        try expect(0x2C)
        let c = try number()
        try expect(0x2C)
        let d = try number()
        try expect(0x5D)
        return (a, b, c, d)
    }

    /// A string of printable ASCII without escapes, as its bytes between the quotes.
    package mutating func string() throws(Bail) -> Key {
        try expect(0x22)
        let start = i
        // Eight bytes at a time up to the first that is `"`, `\\`, a control byte or non-ASCII
        // (the lowest flagged byte is exact: a borrow only runs upward from a flagged byte).
        while let w = word(at: i) {
            let m = (w | ((w &- 0x2020_2020_2020_2020) & ~w)
                     | Self.zeroBytes(w ^ 0x2222_2222_2222_2222) | Self.zeroBytes(w ^ 0x5C5C_5C5C_5C5C_5C5C)) & 0x8080_8080_8080_8080
            if m != 0 { i += m.trailingZeroBitCount &>> 3; break }
            i += 8
        }
        while i < end {
            let c = base[i]
            if c == 0x22 { i += 1; return Key(start: base + start, count: i - 1 - start) }
            if c == 0x5C || c < 0x20 || c >= 0x80 { throw Bail() }
            i += 1
        }
        throw Bail()
    }

    /// A JSON integer (no fraction, no exponent) of at most 18 digits, so within `Int64`.
    package mutating func integer() throws(Bail) -> Int {
        // Ids and element indices: short integers, which the number cache never holds.
        skipSpace()
        if let v = shortInteger() { return v }
        let n = try numberToken()
        guard n.isInteger else { throw Bail() }
        return n.integer
    }

    /// A JSON number as a double, exactly as json-c and ``JSONNode/number()`` read it: an integer
    /// literal through `Int64`, any other literal correctly rounded.
    package mutating func number() throws(Bail) -> Double { try numberToken().value }

    /// Powers of ten exactly representable as doubles (Clinger's fast path).
    private static let powers: [Double] = (0...22).map { pow(10, Double($0)) }

    /// A plain integer of at most seven digits at `i` (most of the protocol's numbers), read from
    /// one word and consumed; `nil` (nothing consumed) for anything else, which ``numberToken()``
    /// reads the general way: more digits, a fraction or exponent, a leading zero, the line's end.
    @inline(__always) private mutating func shortInteger() -> Int? {
        guard let w = word(at: i) else { return nil }
        let negative = w & 0xFF == 0x2D
        let body = negative ? w &>> 8 : w
        let (n, value) = Self.digits(of: body)
        // The byte after the digits is in the word (so not a digit) and does not go on with the number.
        guard n > 0, n < (negative ? 7 : 8) else { return nil }
        let next = UInt8(truncatingIfNeeded: body &>> UInt64(8 * n))
        guard next != 0x2E, next | 0x20 != 0x65, n == 1 || body & 0xFF != 0x30 else { return nil }
        i += negative ? n + 1 : n
        return negative ? -Int(value) : Int(value)
    }

    /// A plain decimal at `i`, read from two words and consumed: an integer part of at most seven
    /// digits (no leading zero), a fraction of at most seven, no exponent, 14 digits in all, so the
    /// one correctly rounded division ``numberToken()`` would do gives its value; a longer fraction
    /// goes on in ``longFraction(at:negative:whole:n:fraction:)``. `nil` (nothing consumed)
    /// otherwise. Called once ``shortInteger()`` has turned the literal down.
    @inline(__always) private mutating func shortDecimal() -> Double? {
        guard let w = word(at: i) else { return nil }
        let negative = w & 0xFF == 0x2D
        let body = negative ? w &>> 8 : w
        let (n, whole) = Self.digits(of: body)
        guard n > 0, n < (negative ? 7 : 8), n == 1 || body & 0xFF != 0x30,
              UInt8(truncatingIfNeeded: body &>> UInt64(8 * n)) == 0x2E else { return nil }
        let at = (negative ? i + 1 : i) + n + 1
        guard let f = word(at: at) else { return nil }
        let (m, fraction) = Self.digits(of: f)
        guard m > 0 else { return nil }
        if m == 8 { return longFraction(at: at + 8, negative: negative, whole: whole, n: n, fraction: fraction) }
        // The byte after the fraction is in the word (so not a digit) and is no exponent.
        guard UInt8(truncatingIfNeeded: f &>> UInt64(8 * m)) | 0x20 != 0x65 else { return nil }
        i = at + m
        let v = Double(whole &* Self.powerOfTen(m) &+ fraction) / Double(Self.powerOfTen(m))
        return negative ? -v : v
    }

    /// ``shortDecimal()`` for a fraction of 8 to 15 digits (float noise: `775.7537202380952`), the
    /// first eight `fraction` already read, the rest from the word at `at`. The digits, at most 19
    /// in all, make `d`, and the value `d / 10^k` is what ``numberToken()`` computes: one correctly
    /// rounded division when `d ≤ 2^53` (Clinger), else ``nearest(_:overPowerOfTen:)``. A literal of
    /// 16 or more significant digits is kept in the cache, as ``numberToken()`` keeps it. Consumed;
    /// `nil` (nothing consumed) when more digits or an exponent follow or the estimate is declined.
    /// Three digit-word conversions in all, where the general path takes six.
    private mutating func longFraction(at: Int, negative: Bool, whole: UInt64, n: Int, fraction: UInt64) -> Double? {
        guard let g = word(at: at) else { return nil }
        let (m, more) = Self.digits(of: g)
        // The byte after the digits is in the word (so not a digit) and is no exponent.
        guard m < 8, n + 8 + m <= 19, UInt8(truncatingIfNeeded: g &>> UInt64(8 * m)) | 0x20 != 0x65 else { return nil }
        let k = 8 + m
        let d = (whole &* 100_000_000 &+ fraction) &* Self.integerPowers[m] &+ more
        let v: Double
        if d <= 1 << 53 {
            v = Double(d) / Self.powers[k]
        } else {
            guard let x = Self.nearest(d, overPowerOfTen: k) else { return nil }
            v = x
        }
        let signed = negative ? -v : v
        if d >= 1_000_000_000_000_000 { cache?.store(signed, read: base + i, count: at + m - i, readable: end - i) }
        i = at + m
        return signed
    }

    /// The value of a literal at `i` that the cache holds (``NumberTextCache/literal(at:)``),
    /// consumed; `nil` (nothing consumed) otherwise. A cached text was read whole by
    /// ``numberToken()`` once, and when the byte after it cannot go on with a number it ends here
    /// too, so the grammar check and the value are that reading's. O(1): four word loads.
    @inline(__always) private mutating func cachedLiteral() -> Double? {
        guard let cache, end - i > NumberTextCache.maximumLength, let (v, n) = cache.literal(at: base + i) else { return nil }
        // What could go on with a number: a digit, `.`, `e`, `E`, `+`, `-`.
        let t = base[i + n]
        guard !(t &- 0x30 < 10 || t == 0x2E || t | 0x20 == 0x65 || t == 0x2B || t == 0x2D) else { return nil }
        i += n
        return v
    }

    /// 10^0 ... 10^19, exact.
    private static let integerPowers: [UInt64] = (0...19).map { n in (0..<n).reduce(1) { r, _ in r * 10 } }

    /// The double nearest to `d / 10^k` (round half to even, as `strtod` and `Double(_:)`), for
    /// `d` of up to 19 digits and `k` in 1...19, when one exact comparison proves it; `nil`
    /// otherwise (the caller then asks `Double(_:)`).
    ///
    /// The estimate `Double(d) / 10^k` takes two roundings, so it is within two ulps of the
    /// nearest double. A normal candidate `c = M × 2^e` (53-bit `M`, `e ≤ 0`) is the nearest
    /// exactly when `d / 10^k` lies strictly between its midpoints `(2M ∓ 1) × 2^(e-1)`, that is
    /// when `(2M - 1) × 10^k < d × 2^(1-e) < (2M + 1) × 10^k`: 128-bit integers
    /// (`multipliedFullWidth`), compared exactly. Otherwise the neighbour on that side is tried,
    /// at most three candidates in all. Declined: an exact tie (`d / 10^k` on a midpoint), a
    /// candidate that is a power of two (its lower midpoint is nearer), one that is subnormal or
    /// at least 2^53, `d × 2^(1-e)` beyond 128 bits (values below about 10^-3 with many digits).
    /// The classic check of a decimal-to-binary estimate against its halfway points (as in
    /// Clinger 1990, "How to read floating point numbers accurately", §AlgorithmR), with
    /// machine-word arithmetic because the exponents here are small. O(1), no allocation.
    package static func nearest(_ d: UInt64, overPowerOfTen k: Int) -> Double? {
        guard k >= 1, k <= 19, d != 0 else { return nil }
        let p = integerPowers[k]
        var c = Double(d) / Double(p)  // 10^k is exact as a double (up to 10^22)
        let dBits = 64 - d.leadingZeroBitCount
        for _ in 0..<3 {
            guard c.isNormal, c.significandBitPattern != 0 else { return nil }
            let e = Int(c.exponent) - 52
            let shift = 1 - e
            guard e <= 0, dBits + shift <= 127 else { return nil }
            // a = d × 2^shift as (high, low) words.
            let a: (high: UInt64, low: UInt64) = shift >= 64
                ? (d &<< UInt64(shift - 64), 0)
                : (d &>> UInt64(64 - shift), d &<< UInt64(shift))
            let m = c.significandBitPattern | 1 << 52
            let hi = (2 * m + 1).multipliedFullWidth(by: p), lo = (2 * m - 1).multipliedFullWidth(by: p)
            let aboveLow = a.high > lo.high || (a.high == lo.high && a.low > lo.low)
            let belowHigh = a.high < hi.high || (a.high == hi.high && a.low < hi.low)
            if aboveLow && belowHigh { return c }
            if (a.high == lo.high && a.low == lo.low) || (a.high == hi.high && a.low == hi.low) { return nil }
            c = belowHigh ? c.nextDown : c.nextUp
        }
        return nil
    }

    /// 10^`n` for `n` in 1...8 (a run of ``digitRun(at:)``).
    @inline(__always) private static func powerOfTen(_ n: Int) -> UInt64 {
        switch n {
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }

    /// The eight bytes at `base[k...]` as one little-endian word, when the line has them.
    @inline(__always) private func word(at k: Int) -> UInt64? {
        end - k >= 8 ? UInt64(littleEndian: UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)) : nil
    }

    /// How many ASCII digits start at `base[k]` (0 to 8) and their value, read as one word (SWAR:
    /// Lemire's eight-digit conversion); `nil` when fewer than eight bytes are left.
    @inline(__always) private func digitRun(at k: Int) -> (Int, UInt64)? {
        guard let w = word(at: k) else { return nil }
        return Self.digits(of: w)
    }

    /// How many ASCII digits start the little-endian word `w` (0 to 8) and their value.
    @inline(__always) private static func digits(of w: UInt64) -> (Int, UInt64) {
        // A byte is a digit when its high nibble is 3 and adding 6 keeps it 3. A carry out of a
        // byte (>= 0xFA) only disturbs the bytes after it, and it is itself not a digit.
        let m = ((w & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030)
            | (((w &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030)
        let n = m == 0 ? 8 : m.trailingZeroBitCount &>> 3
        guard n > 0 else { return (0, 0) }
        // The n digits as the low end of an eight-digit number (leading zeros), then pairs,
        // quads and the whole: each step merges neighbouring lanes.
        var v = (w & 0x0F0F_0F0F_0F0F_0F0F) &<< UInt64(8 * (8 - n))
        v = (v &* 10 &+ (v &>> 8)) & 0x00FF_00FF_00FF_00FF
        v = (v &* 100 &+ (v &>> 16)) & 0x0000_FFFF_0000_FFFF
        v = (v &* 10_000 &+ (v &>> 32)) & 0xFFFF_FFFF
        return (n, v)
    }

    /// One number literal: JSON's grammar, checked byte by byte (runs of digits eight at a time,
    /// ``digitRun(at:)``). At most 19 significant digits are accumulated; a literal whose value is
    /// not exactly `digits × 10^e` with digits ≤ 2^53 and |e| ≤ 22 (one correctly rounded IEEE
    /// operation, Clinger 1990) is, with a fraction of up to 19 digits, an estimate proven nearest
    /// (``nearest(_:overPowerOfTen:)``), else goes through Swift's own correctly rounded
    /// `Double(_:)`; a result that overflows or underflows bails.
    private mutating func numberToken() throws(Bail) -> (value: Double, integer: Int, isInteger: Bool) {
        skipSpace()
        // A cached literal first (the harness's reply frames hold many): a miss is a load and a compare.
        if let v = cachedLiteral() { return (v, 0, false) }
        if let v = shortInteger() { return (Double(v), v, true) }
        if let v = shortDecimal() { return (v, 0, false) }
        let start = i
        let negative = byte == 0x2D
        if negative { i += 1 }
        var digits: UInt64 = 0
        var significant = 0
        var scale = 0
        @inline(__always) func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }
        guard isDigit(byte) else { throw Bail() }
        if byte == 0x30 {
            i += 1
            if isDigit(byte) { throw Bail() }
        } else {
            while true {
                // Eight digits at a time while they all count; the rest a digit at a time.
                if let (n, value) = digitRun(at: i), n > 0, significant + n <= 19 {
                    digits = digits &* Self.powerOfTen(n) &+ value; significant += n; i += n
                    if n < 8 { break } else { continue }
                }
                guard isDigit(byte) else { break }
                if significant < 19 { digits = digits &* 10 &+ UInt64(byte &- 0x30); significant += 1 } else { significant = 20; scale += 1 }
                i += 1
            }
        }
        var isInteger = true
        if byte == 0x2E {
            isInteger = false
            i += 1
            guard isDigit(byte) else { throw Bail() }
            while true {
                if digits != 0, let (n, value) = digitRun(at: i), n > 0, significant + n <= 19 {
                    digits = digits &* Self.powerOfTen(n) &+ value; significant += n; scale -= n; i += n
                    if n < 8 { break } else { continue }
                }
                guard isDigit(byte) else { break }
                if significant < 19 && (digits != 0 || byte != 0x30) {
                    digits = digits &* 10 &+ UInt64(byte &- 0x30); significant += 1; scale -= 1
                } else if digits == 0 {
                    scale -= 1  // leading zeros of the fraction
                } else {
                    significant = 20  // digits beyond 19: not exact here
                }
                i += 1
            }
        }
        if byte == 0x65 || byte == 0x45 {
            isInteger = false
            i += 1
            var expNegative = false
            if byte == 0x2B || byte == 0x2D { expNegative = byte == 0x2D; i += 1 }
            guard isDigit(byte) else { throw Bail() }
            var e = 0
            while isDigit(byte) {
                if e < 100_000 { e = e * 10 + Int(byte &- 0x30) }
                i += 1
            }
            scale += expNegative ? -e : e
        }
        if isInteger {
            guard significant <= 18, scale == 0 else { throw Bail() }
            let v = negative ? -Int(digits) : Int(digits)
            return (Double(v), v, true)
        }
        if digits == 0 { return (negative ? -0.0 : 0.0, 0, false) }
        if significant <= 19, digits <= 1 << 53, abs(scale) <= 22 {
            let m = Double(digits)
            let v = scale >= 0 ? m * Self.powers[scale] : m / Self.powers[-scale]
            let signed = negative ? -v : v
            // 16 digits (`363.0208333333333`, a reply's column width in every frame): read once.
            if significant > 15 { cache?.store(signed, read: base + start, count: i - start, readable: end - start) }
            return (signed, 0, false)
        }
        if let v = cache?.value(of: base + start, count: i - start, readable: end - start) { return (v, 0, false) }
        // 16 to 19 digits with a fraction (fuzz replies' float noise): proven nearest, or strtod.
        if significant <= 19, scale < 0, let magnitude = Self.nearest(digits, overPowerOfTen: -scale) {
            let v = negative ? -magnitude : magnitude  // the literal's text includes its sign
            cache?.store(v, read: base + start, count: i - start, readable: end - start)
            return (v, 0, false)
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: i - start), as: UTF8.self)
        guard let v = Double(text), v.isFinite, v.isNormal else { throw Bail() }
        cache?.store(v, read: base + start, count: i - start)
        return (v, 0, false)
    }
}
