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
            if Self.isIdentifier(k) { path += "." + k } else { path += "[" + CanonicalWriter.quoted(k) + "]" }
        }
    }

    /// Parses a path written by ``render(_:)``; `nil` when it is not one.
    public static func parse(_ path: String) -> [JSONPathComponent]? {
        var s = Substring(path)
        guard s.first == "$" else { return nil }
        s = s.dropFirst()
        var out: [JSONPathComponent] = []
        while let c = s.first {
            if c == "." {
                s = s.dropFirst()
                let name = s.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { return nil }
                out.append(.key(String(name)))
                s = s.dropFirst(name.count)
            } else if c == "[" {
                s = s.dropFirst()
                if s.first == "\"" {
                    // A quoted key: find the closing quote that is not escaped.
                    var key = ""
                    var escaped = false
                    var idx = s.index(after: s.startIndex)
                    var closed = false
                    while idx < s.endIndex {
                        let ch = s[idx]
                        if escaped { key.append(ch == "n" ? "\n" : ch == "t" ? "\t" : ch == "r" ? "\r" : ch); escaped = false }
                        else if ch == "\\" { escaped = true }
                        else if ch == "\"" { closed = true; break }
                        else { key.append(ch) }
                        idx = s.index(after: idx)
                    }
                    guard closed else { return nil }
                    s = s[s.index(after: idx)...]
                    guard s.first == "]" else { return nil }
                    s = s.dropFirst()
                    out.append(.key(key))
                } else {
                    let digits = s.prefix { $0.isASCII && $0.isNumber }
                    guard let i = Int(digits), s.dropFirst(digits.count).first == "]" else { return nil }
                    s = s.dropFirst(digits.count + 1)
                    out.append(.index(i))
                }
            } else {
                return nil
            }
        }
        return out
    }

    static func isIdentifier(_ k: String) -> Bool {
        guard let f = k.utf8.first, !(f >= 0x30 && f <= 0x39) else { return false }
        return k.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x5F || $0 == 0x24 }
    }
}
