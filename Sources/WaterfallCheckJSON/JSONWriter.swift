import Foundation

/// Prints JSON: the one writer of numbers, strings and ``JSONValue`` trees, shared by the
/// canonical fixture writer (FIXTURE-FORMAT §8), the compact protocol lines (§9) and every JSON
/// report.
package enum JSONWriter {
    /// How a tree is laid out.
    public enum Style: Sendable {
        /// §8's layout: two-space indents, one member per line, arrays of numbers on one line,
        /// `[]` and `{}` when empty.
        case pretty
        /// One line, no spaces: the protocol's form.
        case compact
    }

    /// `value` as text in `style`, without a final newline.
    /// - Complexity: O(n) in the size of the tree.
    public static func text(_ value: JSONValue, style: Style = .pretty) -> String {
        var out = ""
        write(value, style: style, indent: 0, into: &out)
        return out
    }

    package static func write(_ v: JSONValue, style: Style, indent: Int, into out: inout String) {
        switch v {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += number(d)
        case .integer(let i): out += String(i)
        case .string(let s): out += quoted(s)
        case .array(let a):
            if style == .compact || a.isEmpty || a.allSatisfy({ switch $0 { case .number, .integer: return true; default: return false } }) {
                out += "["
                for (k, e) in a.enumerated() {
                    if k > 0 { out += style == .compact ? "," : ", " }
                    write(e, style: style, indent: indent, into: &out)
                }
                out += "]"
                return
            }
            out += "[\n"
            for (k, e) in a.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                write(e, style: style, indent: indent + 2, into: &out)
                out += k == a.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let o):
            if o.isEmpty { out += "{}"; return }
            if style == .compact {
                out += "{"
                for (k, m) in o.enumerated() {
                    if k > 0 { out += "," }
                    out += quoted(m.key) + ":"
                    write(m.value, style: style, indent: indent, into: &out)
                }
                out += "}"
                return
            }
            out += "{\n"
            for (k, m) in o.enumerated() {
                out += String(repeating: " ", count: indent + 2) + quoted(m.key) + ": "
                write(m.value, style: style, indent: indent + 2, into: &out)
                out += k == o.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    /// A number as §8 writes it: an integral value with magnitude below 10^15 as an integer (`10`,
    /// `-0` as `0`), any other as Swift's `Double.description` (`111.66666666666667`, `1e+16`).
    /// Non-finite values, which JSON cannot hold, are written `NaN`, `Infinity`, `-Infinity` so a
    /// file keeps the case and the reader rejects it with a located fixture error. (Reports that
    /// must stay valid JSON write non-finite numbers as strings: ``JSONValue/finiteNumber(_:)``.)
    public static func number(_ v: Double) -> String {
        if !v.isFinite { return v.isNaN ? "NaN" : v < 0 ? "-Infinity" : "Infinity" }
        if abs(v) < 1e15, v.rounded(.towardZero) == v { return String(Int64(v)) }
        return v.description
    }

    /// ``number(_:)`` for a length in pt.
    public static func number(_ v: CGFloat) -> String { number(Double(v)) }

    /// A JSON string literal as §8 writes it: `"` and `\` escaped, control characters (U+0000-001F,
    /// U+007F-009F) as `\n`, `\t`, `\r`, `\b`, `\f` or `\u00xx` (lower-case hex); nothing else.
    public static func quoted(_ s: String) -> String {
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 }) {
            return "\"" + s + "\""
        }
        // Byte by byte over the UTF-8 (a page script of 50 KB, quoted per layout batch, took
        // milliseconds appending scalar by scalar): U+0080-009F is 0xC2 then 0x80-0x9F.
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [0x22]
        out.reserveCapacity(s.utf8.count + s.utf8.count / 4 + 2)
        var pendingC2 = false
        for b in s.utf8 {
            if pendingC2 {
                pendingC2 = false
                if b <= 0x9F {
                    out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]])
                    continue
                }
                out.append(0xC2)
            }
            switch b {
            case 0x22: out.append(contentsOf: [0x5C, 0x22])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
            case 0x09: out.append(contentsOf: [0x5C, 0x74])
            case 0x0D: out.append(contentsOf: [0x5C, 0x72])
            case 0x08: out.append(contentsOf: [0x5C, 0x62])
            case 0x0C: out.append(contentsOf: [0x5C, 0x66])
            case 0..<0x20, 0x7F: out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]])
            case 0xC2: pendingC2 = true
            default: out.append(b)
            }
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }
}

extension JSONValue {
    /// A number for a report that must stay valid JSON: finite values as numbers, NaN and the
    /// infinities as the strings `"nan"`, `"inf"`, `"-inf"`.
    public static func finiteNumber(_ v: CGFloat) -> JSONValue {
        v.isFinite ? .number(Double(v)) : .string(v.isNaN ? "nan" : v < 0 ? "-inf" : "inf")
    }

    /// `[x, y, width, height]` in pt.
    public static func frame(_ r: CGRect) -> JSONValue {
        .array([r.origin.x, r.origin.y, r.size.width, r.size.height].map(finiteNumber))
    }

    /// `[width, height]` in pt.
    public static func size(_ s: CGSize) -> JSONValue { .array([s.width, s.height].map(finiteNumber)) }
}
