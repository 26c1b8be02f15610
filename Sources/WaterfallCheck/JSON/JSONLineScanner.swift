import Foundation

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
struct JSONLineScanner {
    /// The line is outside the fast subset: read it with ``JSONDocument``.
    struct Bail: Error {}

    /// A key, as the bytes between its quotes (valid while the line is).
    struct Key {
        let start: UnsafePointer<UInt8>
        let count: Int

        /// Whether the key is exactly `s` (ASCII).
        static func == (k: Key, s: StaticString) -> Bool {
            k.count == s.utf8CodeUnitCount && memcmp(k.start, s.utf8Start, k.count) == 0
        }
    }

    /// The keys an object has shown so far, one bit each: a second appearance bails (the strict
    /// reader rejects duplicate keys; it also names them).
    struct Members {
        private var seen: UInt32 = 0
        /// Marks member number `bit` (< 32) as read. - Throws: ``Bail`` when it already was.
        mutating func once(_ bit: Int) throws(Bail) {
            let m: UInt32 = 1 << UInt32(bit)
            if seen & m != 0 { throw Bail() }
            seen |= m
        }
        func has(_ bit: Int) -> Bool { seen & (1 << UInt32(bit)) != 0 }
    }

    private let base: UnsafePointer<UInt8>
    private let end: Int
    private let cache: NumberTextCache?
    private var i = 0

    /// Scans `line` with `body`, which must read exactly one top-level value; only JSON
    /// whitespace may follow it. Returns `nil` when either bails.
    /// - Complexity: O(n) in the bytes, plus `body`'s work.
    /// `cache` (one per connection) remembers long literals across lines.
    static func scan<T>(_ line: [UInt8], cache: NumberTextCache? = nil, _ body: (inout JSONLineScanner) throws(Bail) -> T) -> T? {
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

    @inline(__always) private var byte: UInt8 { i < end ? base[i] : 0 }

    @inline(__always) private mutating func skipSpace() {
        while i < end, base[i] == 0x20 || base[i] == 0x09 || base[i] == 0x0D || base[i] == 0x0A { i += 1 }
    }

    /// Skips whitespace, then consumes `c` if it is next.
    @inline(__always) private mutating func take(_ c: UInt8) -> Bool {
        skipSpace()
        if byte == c { i += 1; return true }
        return false
    }

    @inline(__always) private mutating func expect(_ c: UInt8) throws(Bail) {
        if !take(c) { throw Bail() }
    }

    /// Whether the next value is `null` (consumed if so).
    mutating func null() -> Bool {
        skipSpace()
        guard end - i >= 4, base[i] == 0x6E, base[i + 1] == 0x75, base[i + 2] == 0x6C, base[i + 3] == 0x6C else { return false }
        i += 4
        return true
    }

    /// Reads an object, calling `body` with each key; `body` must read the member's value.
    mutating func object(_ body: (inout JSONLineScanner, Key) throws(Bail) -> Void) throws(Bail) {
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
    mutating func array(_ body: (inout JSONLineScanner) throws(Bail) -> Void) throws(Bail) {
        try expect(0x5B)
        if take(0x5D) { return }
        repeat { try body(&self) } while take(0x2C)
        try expect(0x5D)
    }

    /// `[a, b]`: a size.
    mutating func pair() throws(Bail) -> (Double, Double) {
        try expect(0x5B)
        let a = try number()
        try expect(0x2C)
        let b = try number()
        try expect(0x5D)
        return (a, b)
    }

    /// `[a, b, c, d]`: a frame or a rect.
    mutating func quad() throws(Bail) -> (Double, Double, Double, Double) {
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
    mutating func string() throws(Bail) -> Key {
        try expect(0x22)
        let start = i
        while i < end {
            let c = base[i]
            if c == 0x22 { i += 1; return Key(start: base + start, count: i - 1 - start) }
            if c == 0x5C || c < 0x20 || c >= 0x80 { throw Bail() }
            i += 1
        }
        throw Bail()
    }

    /// A JSON integer (no fraction, no exponent) of at most 18 digits, so within `Int64`.
    mutating func integer() throws(Bail) -> Int {
        let n = try numberToken()
        guard n.isInteger else { throw Bail() }
        return n.integer
    }

    /// A JSON number as a double, exactly as json-c and ``JSONNode/number()`` read it: an integer
    /// literal through `Int64`, any other literal correctly rounded.
    mutating func number() throws(Bail) -> Double { try numberToken().value }

    /// Powers of ten exactly representable as doubles (Clinger's fast path).
    private static let powers: [Double] = (0...22).map { pow(10, Double($0)) }

    /// One number literal: JSON's grammar, checked byte by byte. At most 19 significant digits
    /// are accumulated; a literal whose value is not exactly `digits × 10^e` with digits ≤ 2^53 and
    /// |e| ≤ 22 (one correctly rounded IEEE operation, Clinger 1990) goes through Swift's own
    /// correctly rounded `Double(_:)`, and a result that overflows or underflows bails.
    private mutating func numberToken() throws(Bail) -> (value: Double, integer: Int, isInteger: Bool) {
        skipSpace()
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
            while isDigit(byte) {
                if significant < 19 { digits = digits &* 10 &+ UInt64(byte &- 0x30); significant += 1 } else { significant = 20; scale += 1 }
                i += 1
            }
        }
        var isInteger = true
        if byte == 0x2E {
            isInteger = false
            i += 1
            guard isDigit(byte) else { throw Bail() }
            while isDigit(byte) {
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
            return (negative ? -v : v, 0, false)
        }
        if let v = cache?.value(of: base + start, count: i - start) { return (v, 0, false) }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: i - start), as: UTF8.self)
        guard let v = Double(text), v.isFinite, v.isNormal else { throw Bail() }
        cache?.store(v, read: base + start, count: i - start)
        return (v, 0, false)
    }
}
