import Foundation
import WaterfallCheck
import Foundation

/// Text and numbers for SVG and HTML output.
enum Markup {
    /// Whitespace written as a character reference (`&#9;`, `&#10;`, `&#13;`) rather than as
    /// itself: in an XML attribute value, so it survives attribute-value normalisation.
    struct ReferencedWhitespace: OptionSet, Sendable {
        let rawValue: UInt8
        static let tab = ReferencedWhitespace(rawValue: 1 << 0)
        static let lineFeed = ReferencedWhitespace(rawValue: 1 << 1)
        static let carriageReturn = ReferencedWhitespace(rawValue: 1 << 2)
        static let all: ReferencedWhitespace = [.tab, .lineFeed, .carriageReturn]
    }

    /// `s` safe inside XML/HTML text and double- or single-quoted attributes: `& < > " '` become
    /// entities (`'` as `apostrophe`: `&#39;`, which HTML 4 also knows, or XML's `&apos;`), tab,
    /// LF and CR in `whitespace` become character references, and characters XML 1.0 forbids
    /// (C0 controls other than tab, LF, CR; U+FFFE, U+FFFF; a Swift String holds no lone
    /// surrogate) become U+FFFD, so every report stays well-formed whatever a message contains.
    /// The one escaper of the SVG/HTML renderer and ``JUnitReport``.
    ///
    /// - Complexity: O(length); returns `s` itself when nothing needs escaping.
    static func escape(_ s: String, whitespace: ReferencedWhitespace = [], apostrophe: String = "&#39;") -> String {
        guard s.unicodeScalars.contains(where: { needsEscape($0, whitespace) }) else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 16)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += apostrophe
            case "\t" where whitespace.contains(.tab): out += "&#9;"
            case "\n" where whitespace.contains(.lineFeed): out += "&#10;"
            case "\r" where whitespace.contains(.carriageReturn): out += "&#13;"
            default: out.unicodeScalars.append(isForbidden(u) ? "\u{FFFD}" : u)
            }
        }
        return out
    }

    @inline(__always)
    private static func needsEscape(_ u: Unicode.Scalar, _ whitespace: ReferencedWhitespace) -> Bool {
        switch u {
        case "&", "<", ">", "\"", "'": return true
        case "\t": return whitespace.contains(.tab)
        case "\n": return whitespace.contains(.lineFeed)
        case "\r": return whitespace.contains(.carriageReturn)
        default: return isForbidden(u)
        }
    }

    @inline(__always)
    private static func isForbidden(_ u: Unicode.Scalar) -> Bool {
        (u.value < 0x20 && u != "\t" && u != "\n" && u != "\r") || u.value == 0xFFFE || u.value == 0xFFFF
    }

    /// Appends `v` rounded to 0.01 (pt or px) in the shortest form: `10`, `111.67`, `-0.5`.
    /// A non-finite value is written as `0` (the difference table shows the real value); a value
    /// too large for the fixed-point path falls back to Swift's `Double.description`.
    ///
    /// - Complexity: O(1), no Foundation formatting (a 10,000-item picture writes ~60,000 numbers).
    @inline(__always)
    static func appendNumber(_ v: CGFloat, to out: inout String) {
        guard v.isFinite else { out += "0"; return }
        let scaled = (Double(v) * 100).rounded()
        guard abs(scaled) < 9e15 else { out += Double(v).description; return }
        var n = Int64(scaled)
        if n < 0 { out += "-"; n = -n }
        out += String(n / 100)
        let f = n % 100
        guard f != 0 else { return }
        if f < 10 { out += ".0"; out += String(f) }
        else if f % 10 == 0 { out += "."; out += String(f / 10) }
        else { out += "."; out += String(f) }
    }

    /// `v` as ``appendNumber(_:to:)`` writes it.
    static func number(_ v: CGFloat) -> String {
        var s = ""
        appendNumber(v, to: &s)
        return s
    }
}
