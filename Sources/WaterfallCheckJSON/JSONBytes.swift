import Foundation
import WaterfallCheckSupport

/// Appends JSON tokens to a byte buffer: the protocol's encoders write a line into one reused
/// `[UInt8]` with no intermediate `String` per value (FIXTURE-FORMAT §9 lines, compact).
/// Numbers are written exactly as ``JSONWriter/number(_:)-(Double)`` writes them.
///
/// The hot encoders reserve an upper bound of what they write (``write(to:atMost:_:)``) and store
/// through a ``Cursor``: one capacity check per run of tokens instead of one `Array.append` per byte.
/// Public and `@inlinable` for one reason: the codecs of other modules (the fixture writers, the
/// protocol) must inline these stores, and SwiftPM does not inline a `package` `@inlinable`
/// declaration across modules (no package CMO): after the module split, encoding a request took
/// 0.61 µs instead of 0.24 (`scripts/bench protocol-split`). Not part of the documented API.
public struct JSONBytes {
    /// The most bytes ``Cursor/number(_:cache:)`` writes: `-2.2250738585072014e-308` is 24 (an
    /// integer below 10^15 at most 16, `-Infinity` 9); a cached literal is stored as 24 bytes.
    package static let maximumNumber = 24
    /// The most bytes ``Cursor/integer(_:)`` writes: `-9223372036854775808`.
    package static let maximumInteger = 20

    /// A write position inside memory reserved by ``write(to:atMost:_:)``: every store is a plain
    /// pointer store, with no capacity check, so the caller's bound must cover what it writes
    /// (``maximumNumber`` per number, ``maximumInteger`` per integer, a literal's length).
    public struct Cursor {
        @usableFromInline package var p: UnsafeMutablePointer<UInt8>

        /// A cursor writing at `p` (tests; writers get theirs from ``JSONBytes/write(to:atMost:_:)``).
        @usableFromInline package init(p: UnsafeMutablePointer<UInt8>) { self.p = p }

        @inlinable @inline(__always) public mutating func byte(_ b: UInt8) { p.pointee = b; p += 1 }

        /// The ASCII bytes of `s` (a literal: keys, punctuation).
        @inlinable @inline(__always) public mutating func literal(_ s: StaticString) {
            let n = s.utf8CodeUnitCount
            p.update(from: s.utf8Start, count: n)
            p += n
        }

        /// The UTF-8 of `s` as it is (no quoting): at most `s.utf8.count` bytes.
        @inlinable @inline(__always) public mutating func text(_ s: String) {
            for b in s.utf8 { byte(b) }
        }

        /// A decimal integer: at most ``maximumInteger`` bytes.
        @inlinable @inline(__always) public mutating func integer(_ v: Int) {
            if v < 0 {
                byte(UInt8(ascii: "-"))
                // -Int.min overflows: write its magnitude through UInt.
                digits(0 &- UInt(bitPattern: v))
            } else {
                digits(UInt(v))
            }
        }

        /// `v` in decimal, two digits per step from the right. O(digits).
        @inlinable @inline(__always) public mutating func digits(_ v: UInt) {
            // Most protocol integers are below 10,000: no digit count, no loop.
            let pairs = JSONBytes.digitPairs.utf8Start
            if v < 10 { byte(UInt8(truncatingIfNeeded: v) &+ 0x30); return }
            if v < 100 { p[0] = pairs[2 * Int(v)]; p[1] = pairs[2 * Int(v) + 1]; p += 2; return }
            if v < 1000 {
                let r = Int(v % 100)
                p[0] = UInt8(truncatingIfNeeded: v / 100) &+ 0x30; p[1] = pairs[2 * r]; p[2] = pairs[2 * r + 1]; p += 3
                return
            }
            if v < 10_000 {
                let q = Int(v / 100), r = Int(v % 100)
                p[0] = pairs[2 * q]; p[1] = pairs[2 * q + 1]; p[2] = pairs[2 * r]; p[3] = pairs[2 * r + 1]; p += 4
                return
            }
            longDigits(v)
        }

        /// ``digits(_:)`` from 10,000 on.
        @usableFromInline package mutating func longDigits(_ v: UInt) {
            var n = 1
            if v >= 10_000_000_000_000_000_000 { n = 20 } else {
                var t: UInt = 10
                while v >= t { n += 1; t &*= 10 }
            }
            let pairs = JSONBytes.digitPairs.utf8Start
            var q = p + n, x = v
            while x >= 100 {
                let r = Int(x % 100)
                x /= 100
                q -= 2
                q[0] = pairs[2 * r]; q[1] = pairs[2 * r + 1]
            }
            if x >= 10 { q[-2] = pairs[2 * Int(x)]; q[-1] = pairs[2 * Int(x) + 1] } else { q[-1] = UInt8(truncatingIfNeeded: x) &+ 0x30 }
            p += n
        }

        /// `v` as ``JSONWriter/number(_:)-(Double)`` writes it: an integer without a fraction
        /// below 1e15, else Swift's shortest round-trip form; at most ``maximumNumber`` bytes.
        /// `cache` (one per protocol connection) keeps the text of recent non-integers.
        @inlinable @inline(__always) public mutating func number(_ v: Double, cache: NumberTextCache? = nil) {
            // NaN and the infinities fail the comparison; -0 is written 0.
            if abs(v) < 1e15, Double(Int64(v)) == v { integer(Int(Int64(v))); return }
            if let cache, let n = cache.write(v, to: p) { p += n; return }
            longNumber(v, cache: cache)
        }

        /// Writes `v` when its exact decimal value has at most 15 significant digits and it lies in
        /// [2^-13, 10^15) in magnitude (`169.8125`, `-0.375`: the fractions of a power of two that
        /// layouts are made of), and returns `true`; writes nothing and returns `false` otherwise.
        /// Such a value is `m / 2^k` (`m` odd), whose decimal expansion `m × 5^k / 10^k` ends after
        /// exactly `k` fraction digits. With at most 15 significant digits it is also the shortest
        /// text that reads back as `v` (two decimals of up to 15 digits never read as the same
        /// double: `DBL_DIG`), so it is what Swift's shortest round-trip `description` prints,
        /// in plain (not exponent) form from 10^-4 up to 2^53. O(digits), no allocation; at most
        /// 21 bytes (`-0.` and 18 fraction digits). `WriterBytesTests` holds it to `description`.
        @inlinable @inline(__always) public mutating func shortDecimal(_ v: Double) -> Bool {
            let a = abs(v)
            guard a >= 0x1p-13, a < 1e15 else { return false }  // also false for NaN
            let significand = a.significandBitPattern | 1 << 52  // a is normal
            let zeros = significand.trailingZeroBitCount
            let k = 52 - Int(a.exponent) - zeros  // a = (significand >> zeros) / 2^k
            guard k >= 1, k <= 18 else { return false }
            let (n, overflow) = (significand &>> UInt64(zeros)).multipliedReportingOverflow(by: JSONBytes.powersOfFive[k])
            guard !overflow, n < 1_000_000_000_000_000 else { return false }
            if v < 0 { byte(UInt8(ascii: "-")) }
            let unit = JSONBytes.powersOfTen[k]
            digits(UInt(n / unit))
            byte(UInt8(ascii: "."))
            // The k fraction digits, leading zeros included, from the right.
            var f = n % unit
            for j in stride(from: k - 1, through: 0, by: -1) {
                p[j] = UInt8(truncatingIfNeeded: f % 10) &+ 0x30
                f /= 10
            }
            p += k
            return true
        }

        /// ``number(_:cache:)`` for a value that is not a small integer and not cached: a short
        /// decimal directly (``shortDecimal(_:)``), anything else through `description`; either
        /// text is then cached. Out of line, so that ``number(_:cache:)`` stays small enough to inline.
        @usableFromInline package mutating func longNumber(_ v: Double, cache: NumberTextCache?) {
            let start = p
            if shortDecimal(v) {
                cache?.store(v, written: start, count: p - start)
                return
            }
            var s = JSONWriter.number(v)
            s.withUTF8 { t in
                p.update(from: t.baseAddress!, count: t.count)
                if let cache, v.isFinite { cache.store(v, written: t.baseAddress!, count: t.count) }
                p += t.count
            }
        }
    }

    /// 5^0 ... 5^18 and 10^0 ... 10^18 (``Cursor/shortDecimal(_:)``).
    @usableFromInline package static let powersOfFive: [UInt64] = (0...18).map { n in (0..<n).reduce(1) { r, _ in r * 5 } }
    @usableFromInline package static let powersOfTen: [UInt64] = (0...18).map { n in (0..<n).reduce(1) { r, _ in r * 10 } }

    /// `00` to `99`: the two digits of `k` at `2k`.
    @usableFromInline package static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Appends to `out` what `body` writes through a ``Cursor``, which must be at most `maximum`
    /// bytes (the caller's bound, from ``maximumNumber`` and friends; past it the program traps).
    /// One capacity check, growth geometric: O(bytes written) amortised, plus zero allocations
    /// once `out` has grown to its working size.
    @inlinable @inline(__always) public static func write(to out: inout [UInt8], atMost maximum: Int, _ body: (inout Cursor) -> Void) {
        out.append(addingCapacity: maximum) { span in
            span.withUnsafeMutableBufferPointer { buffer, count in
                let start = buffer.baseAddress!
                var c = Cursor(p: start)
                body(&c)
                count = c.p - start
            }
        }
    }

    /// Appends `elements` to `out`, each written by `body` (given the cursor, the element and its
    /// index) in at most `each` bytes: one ``write(to:atMost:_:)`` per 64 elements, so a long
    /// array never reserves more than 64 × `each` bytes at once. O(bytes written).
    @inlinable @inline(__always) public static func write<T>(_ elements: [T], to out: inout [UInt8], eachAtMost each: Int,
                                           _ body: (inout Cursor, T, Int) -> Void) {
        elements.withUnsafeBufferPointer { e in
            var j = 0
            while j < e.count {
                let end = min(j + 64, e.count)
                write(to: &out, atMost: (end - j) * each) { w in
                    for k in j..<end { body(&w, e[k], k) }
                }
                j = end
            }
        }
    }

    /// Appends the ASCII bytes of `s` (a literal: keys, punctuation).
    @inlinable @inline(__always) public static func append(_ s: StaticString, to out: inout [UInt8]) {
        s.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Appends raw bytes with one copy. `Array.append(contentsOf:)` given an
    /// `UnsafeRawBufferPointer` (or a slice of one) takes the generic sequence path, a byte at a
    /// time; given a typed `UnsafeBufferPointer<UInt8>` it copies the run at once.
    @inlinable @inline(__always) public static func append(raw bytes: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        out.append(raw: bytes)
    }

    /// Appends a decimal integer. No allocation once `out` has room.
    package static func append(integer v: Int, to out: inout [UInt8]) {
        write(to: &out, atMost: maximumInteger) { $0.integer(v) }
    }

    /// Appends `v` as ``JSONWriter/number(_:)-(Double)`` writes it (``Cursor/number(_:cache:)``).
    package static func append(number v: Double, to out: inout [UInt8], cache: NumberTextCache? = nil) {
        write(to: &out, atMost: maximumNumber) { $0.number(v, cache: cache) }
    }

    /// Appends a string literal as ``JSONWriter/quoted(_:)`` writes it.
    package static func append(quoted s: String, to out: inout [UInt8]) {
        var q = JSONWriter.quoted(s)
        q.withUTF8 { out.append(contentsOf: $0) }
    }
}
