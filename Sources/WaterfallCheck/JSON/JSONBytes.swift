import Foundation

/// Appends JSON tokens to a byte buffer: the protocol's encoders write a line into one reused
/// `[UInt8]` with no intermediate `String` per value (FIXTURE-FORMAT §9 lines, compact).
/// Numbers are written exactly as ``JSONWriter/number(_:)-(Double)`` writes them.
struct JSONBytes {
    /// Appends the ASCII bytes of `s` (a literal: keys, punctuation).
    @inline(__always) static func append(_ s: StaticString, to out: inout [UInt8]) {
        s.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Appends raw bytes with one copy. `Array.append(contentsOf:)` given an
    /// `UnsafeRawBufferPointer` (or a slice of one) takes the generic sequence path, a byte at a
    /// time; given a typed `UnsafeBufferPointer<UInt8>` it copies the run at once.
    @inline(__always) static func append(raw bytes: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        out.append(contentsOf: UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: bytes.count))
    }

    /// Appends a decimal integer. No allocation.
    static func append(integer v: Int, to out: inout [UInt8]) {
        if v < 0 {
            out.append(UInt8(ascii: "-"))
            // -Int.min overflows: write its magnitude through UInt.
            appendDigits(UInt(bitPattern: v).magnitudeOfNegative, to: &out)
        } else {
            appendDigits(UInt(v), to: &out)
        }
    }

    private static func appendDigits(_ v: UInt, to out: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: 20 digits at most
        var n = 0
        var x = v
        withUnsafeMutableBytes(of: &digits) { d in
            repeat { d[23 - n] = UInt8(truncatingIfNeeded: x % 10) + 0x30; x /= 10; n += 1 } while x > 0
            append(raw: UnsafeRawBufferPointer(rebasing: d[(24 - n)...]), to: &out)
        }
    }

    /// Appends `v` as ``JSONWriter/number(_:)-(Double)`` writes it: an integer without a fraction
    /// below 1e15, else Swift's shortest round-trip form.
    /// `cache` (one per protocol connection) keeps the text of recent non-integers.
    static func append(number v: Double, to out: inout [UInt8], cache: NumberTextCache? = nil) {
        if v.isFinite, abs(v) < 1e15, v.rounded(.towardZero) == v {
            if v == 0 && v.sign == .minus { append(integer: 0, to: &out); return }
            append(integer: Int(v), to: &out)
            return
        }
        if let cache, cache.append(v, to: &out) { return }
        var s = JSONWriter.number(v)
        s.withUTF8 { t in
            out.append(contentsOf: t)
            if let cache, v.isFinite { cache.store(v, written: t.baseAddress!, count: t.count) }
        }
    }

    /// Appends a string literal as ``JSONWriter/quoted(_:)`` writes it.
    static func append(quoted s: String, to out: inout [UInt8]) {
        var q = JSONWriter.quoted(s)
        q.withUTF8 { out.append(contentsOf: $0) }
    }
}

private extension UInt {
    /// For the bit pattern of a negative Int: its magnitude.
    var magnitudeOfNegative: UInt { 0 &- self }
}
