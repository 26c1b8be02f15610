import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport
/// One of N deterministic slices of a fixture set (`verify --shard K/N`): N jobs with the same
/// paths together run every fixture exactly once.
///
/// The fixtures are ordered by key, their path relative to the directory named on the command
/// line (for a file named directly, its file name), byte by byte, and dealt out in turn: the
/// fixture of rank `r` belongs to shard `r % N + 1`. Every machine and checkout gives the same
/// keys, so N jobs given the same arguments run each fixture exactly once, and the shards differ
/// in size by at most one. (A hash of the key, used before, kept a fixture's shard when others
/// were added but split the bundled 173 fixtures 68/105 over 2 shards; CI shards for wall time.)
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// 1-based index, `1...count`.
    public var index: Int
    public var count: Int

    /// `nil` unless `1 <= index <= count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index; self.count = count
    }

    /// Parses `K/N`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: k, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// The elements of `items` that are this shard's, in their order: ranked by `key` (UTF-8
    /// bytes, ties by position), every `count`-th from rank `index - 1`.
    /// - Complexity: O(n log n) for n items.
    public func select<T>(_ items: [T], key: (T) -> String) -> [T] {
        let keys = items.map { Array(key($0).utf8) }
        let ranked = keys.indices.sorted { a, b in
            keys[a] != keys[b] ? keys[a].lexicographicallyPrecedes(keys[b]) : a < b
        }
        var mine = [Bool](repeating: false, count: items.count)
        for (rank, i) in ranked.enumerated() where rank % count == index - 1 { mine[i] = true }
        return items.indices.filter { mine[$0] }.map { items[$0] }
    }
}
