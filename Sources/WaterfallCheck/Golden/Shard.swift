/// One of N deterministic slices of a fixture set (`verify --shard K/N`): N jobs with the same
/// paths together run every fixture exactly once.
///
/// A fixture belongs to shard `fnv1a64(key) % N + 1`, where the key is its path relative to the
/// directory named on the command line (for a file named directly, its file name), so the split
/// is the same on every machine and checkout, and adding a fixture never moves the others.
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

    /// Whether the fixture with `key` is this shard's. O(key length).
    public func contains(key: String) -> Bool { Int(Self.fnv1a64(key) % UInt64(count)) == index - 1 }

    /// 64-bit FNV-1a over the UTF-8 bytes of `text` (offset basis 0xcbf29ce484222325,
    /// prime 0x100000001b3).
    public static func fnv1a64(_ text: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }
}
