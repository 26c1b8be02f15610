import Foundation
/// The long number literals one protocol connection saw lately, with their values, in both
/// directions: text → value for the reader (``JSONLineScanner``), value → text for the writer
/// (``JSONBytes``).
///
/// A layout reply repeats its column width in every frame and each column's x in every frame of
/// that column (`101.33333333333333`, `109.33333333333333`: 17 significant digits, about 150 ns
/// of `strtod` and 100 ns of shortest round-trip printing each). Only literals the fast paths
/// cannot handle are cached: more than 15 significant digits, or not an integer.
/// Direct-mapped, 64 entries each way (texts by their first eight bytes, so a reader can look a
/// literal up before it knows where it ends: ``literal(at:)``); a miss costs one comparison. Not thread-safe: one per
/// connection (``ExternalEngine``, ``EngineServer``).
public final class NumberTextCache {
    /// A literal of at most 24 bytes, zero-padded into three words.
    @usableFromInline struct Entry {
        @usableFromInline var a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0
        @usableFromInline var count = 0
        @usableFromInline var value = 0.0
        @usableFromInline init(a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0, count: Int = 0, value: Double = 0) {
            self.a = a; self.b = b; self.c = c; self.count = count; self.value = value
        }
    }

    /// 64 entries by text, then 64 by value: raw storage, so the hot path has no exclusivity
    /// or uniqueness checks.
    @usableFromInline let entries: UnsafeMutablePointer<Entry>

    package init() {
        entries = .allocate(capacity: 128)
        entries.initialize(repeating: Entry(), count: 128)
    }

    deinit { entries.deallocate() }

    /// The longest literal kept.
    @inlinable public static var maximumLength: Int { 24 }

    @inlinable @inline(__always) static func words(_ p: UnsafePointer<UInt8>, _ n: Int) -> (UInt64, UInt64, UInt64) {
        var w: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &w) { $0.baseAddress!.copyMemory(from: p, byteCount: n) }
        return w
    }

    @inlinable @inline(__always) static func slot(_ h: UInt64) -> Int { Int(truncatingIfNeeded: (h &* 0x9E37_79B9_7F4A_7C15) >> 58) }

    /// `words(p, n)` read as three unaligned loads, when `readable` (≥ 24) bytes at `p` may be.
    @inlinable @inline(__always) static func words(_ p: UnsafePointer<UInt8>, _ n: Int, readable: Int) -> (UInt64, UInt64, UInt64) {
        #if _endian(little)
        if readable >= 24 {
            let r = UnsafeRawPointer(p)
            return (keep(r.loadUnaligned(as: UInt64.self), e: 0, n), keep(r.loadUnaligned(fromByteOffset: 8, as: UInt64.self), e: 8, n),
                    keep(r.loadUnaligned(fromByteOffset: 16, as: UInt64.self), e: 16, n))
        }
        #endif
        return words(p, n)
    }

    /// The value of the literal `p[0..<n]` when cached; `readable` bytes at `p` may be read
    /// (the rest of the line), which lets the key be loaded a word at a time.
    @inlinable @inline(__always) public func value(of p: UnsafePointer<UInt8>, count n: Int, readable: Int = 0) -> Double? {
        guard n <= Self.maximumLength else { return nil }
        let (a, b, c) = Self.words(p, n, readable: readable)
        let e = entries[Self.slot(a)]
        return e.count == n && e.a == a && e.b == b && e.c == c ? e.value : nil
    }

    /// The cached literal that `p` starts with, and its value: the entry for the first eight
    /// bytes at `p`, when all of its text is there. The caller checks that the byte after it does
    /// not go on with the number. `p` must have 24 bytes readable. O(1): four word loads.
    @inlinable @inline(__always) public func literal(at p: UnsafePointer<UInt8>) -> (value: Double, count: Int)? {
        #if _endian(little)
        let r = UnsafeRawPointer(p)
        let a = r.loadUnaligned(as: UInt64.self)
        let e = entries[Self.slot(Self.keep(a, e: 0, 8))]
        let n = e.count
        guard n > 0, Self.keep(a, e: 0, n) == e.a, Self.keep(r.loadUnaligned(fromByteOffset: 8, as: UInt64.self), e: 8, n) == e.b,
              Self.keep(r.loadUnaligned(fromByteOffset: 16, as: UInt64.self), e: 16, n) == e.c else { return nil }
        return (e.value, n)
        #else
        return nil
        #endif
    }

    /// Of the little-endian word holding bytes `e..<e + 8` of a text, the bytes before `n`.
    @inlinable @inline(__always) static func keep(_ w: UInt64, e: Int, _ n: Int) -> UInt64 {
        let k = n - e
        return k >= 8 ? w : k <= 0 ? 0 : w & ((1 &<< UInt64(8 * k)) &- 1)
    }

    /// Remembers that the literal `p[0..<n]`, read, is `value`: for reading only (what we write
    /// stays ``JSONWriter/number(_:)-(Double)``'s spelling, whatever a peer wrote before).
    /// `readable` bytes at `p` may be read (the rest of the line): with 24 the key is three loads.
    @inlinable public func store(_ value: Double, read p: UnsafePointer<UInt8>, count n: Int, readable: Int = 0) {
        guard n <= Self.maximumLength else { return }
        let (a, b, c) = Self.words(p, n, readable: readable)
        entries[Self.slot(a)] = Entry(a: a, b: b, c: c, count: n, value: value)
    }

    /// Remembers that `value` is written `p[0..<n]` (``JSONWriter/number(_:)-(Double)``'s text).
    package func store(_ value: Double, written p: UnsafePointer<UInt8>, count n: Int) {
        guard n <= Self.maximumLength else { return }
        let (a, b, c) = Self.words(p, n)
        entries[64 + Self.slot(value.bitPattern)] = Entry(a: a, b: b, c: c, count: n, value: value)
    }

    /// Stores the cached literal of `value` at `p` and returns its length; `nil` when it is not
    /// cached. Always stores ``maximumLength`` bytes (three words; the bytes past the literal are
    /// zeros for the caller to write over): `p` must have that much room.
    @usableFromInline @inline(__always) package func write(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int? {
        let e = entries[64 + Self.slot(value.bitPattern)]
        guard e.count > 0, e.value.bitPattern == value.bitPattern else { return nil }
        let r = UnsafeMutableRawPointer(p)
        r.storeBytes(of: e.a, as: UInt64.self)
        r.storeBytes(of: e.b, toByteOffset: 8, as: UInt64.self)
        r.storeBytes(of: e.c, toByteOffset: 16, as: UInt64.self)
        return e.count
    }
}
