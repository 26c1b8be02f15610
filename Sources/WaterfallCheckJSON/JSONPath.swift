import Foundation
/// One step of a JSON path: an object member or an array element.
public enum JSONPathComponent: Hashable, Sendable {
    case key(String)
    case index(Int)

    /// Renders `components` as `$.sections[2].items[7].size`; a key that is not an identifier is
    /// written `["some key"]`.
    public static func render(_ components: [JSONPathComponent]) -> String {
        var s = "$"
        for c in components { c.append(to: &s) }
        return s
    }

    /// Appends `.key`, `["key"]` or `[index]` to `path`.
    public func append(to path: inout String) {
        switch self {
        case .index(let i): path += "[\(i)]"
        case .key(let k):
            if Self.isIdentifier(k) { path += "." + k } else { path += "[" + JSONWriter.quoted(k) + "]" }
        }
    }

    static func isIdentifier(_ k: String) -> Bool {
        guard let f = k.utf8.first, !(f >= 0x30 && f <= 0x39) else { return false }
        return k.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x5F || $0 == 0x24 }
    }
}
