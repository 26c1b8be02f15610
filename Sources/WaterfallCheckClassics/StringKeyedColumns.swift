import Foundation

/// The column heights of seeds 000 and 003: an `NSMutableDictionary` keyed by the strings
/// `"0"`, `"1"`, ... (`[NSString stringWithFormat:@"%ld", i]`), holding `NSNumber`s that are
/// read back with `floatValue` (32-bit float precision).
///
/// **Hash order.** Both tutorials find the shortest column by enumerating the dictionary
/// (`enumerateKeysAndObjectsUsingBlock:`) and keeping the first key whose value is strictly below
/// the candidate's, starting from `"0"`. Which tied column wins therefore depends on the order
/// Foundation enumerates the keys: the order of its hash buckets, which depends on `NSString`'s
/// hash function, the table's capacity and the OS release, and which cannot be reproduced off
/// Apple platforms (shared/SEEDS.md). The port models it with a fixed permutation that is not index
/// order for any count ≥ 2: **descending key order**, `"n-1"`, ..., `"1"`, `"0"`. It is the simplest
/// such permutation, it is deterministic, and it makes every tie that does not include column 0 go
/// to the rightmost tied column, so the difference from `leftmost` (FIXTURE-FORMAT §5) shows on the
/// second item of an ordinary layout, as it does on a device for some key orders.
struct StringKeyedColumns {
    /// The `NSNumber` payloads (doubles), indexed by the key's integer value.
    private var values: [Double] = []

    /// `[dict setObject:@(value) forKey:key]`. Keys are `0 ..< count` or the key `"0"`, as the
    /// tutorials store them, so the key set stays `0 ..< keyCount`.
    @inline(__always)
    mutating func set(_ value: Double, forKey key: Int) {
        if key < values.count { values[key] = value; return }
        values.append(contentsOf: repeatElement(0, count: key - values.count + 1))
        values[key] = value
    }

    /// `[dict removeAllObjects]`.
    mutating func removeAll() { values.removeAll(keepingCapacity: true) }

    /// The number of keys.
    var keyCount: Int { values.count }

    /// `[dict[key] floatValue]`: the value rounded to a 32-bit float; 0 for a missing key (a message
    /// to `nil` answers 0).
    @inline(__always)
    func floatValue(_ key: Int) -> Float { key < values.count ? Float(values[key]) : 0 }

    /// The keys in the modelled enumeration order (descending; see the type's documentation).
    var enumerationOrder: ReversedCollection<Range<Int>> { (0..<values.count).reversed() }

    /// The scan both tutorials write: the candidate starts as `"0"`, and each key in enumeration
    /// order whose value passes `replaces(candidateValue, keyValue)` becomes the candidate:
    /// `if ([dict[candidate] floatValue] > [dict[key] floatValue]) candidate = key;` with `>` (the
    /// shortest column) or `<` (the tallest). O(keys).
    @inline(__always)
    func scan(replacing replaces: (Float, Float) -> Bool) -> Int {
        var candidate = 0
        for key in enumerationOrder where replaces(floatValue(candidate), floatValue(key)) { candidate = key }
        return candidate
    }
}
