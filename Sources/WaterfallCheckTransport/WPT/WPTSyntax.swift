import Foundation

/// The three CSS syntaxes WPT's masonry tests have been written in, and the translation between
/// them that lets a browser run a test written in a syntax it does not parse (docs/web-engines.md,
/// *WPT*). Rule source: CSS Grid Level 3 as of each syntax's era (anchors review, §1.1).
public enum WPTSyntax: String, CaseIterable, Hashable, Sendable, Comparable {
    /// `display: grid-lanes | inline-grid-lanes`, `flow-tolerance` / `fit-tolerance` (2025-11 on;
    /// Chromium 156 behind its experimental flag, Safari 26.4).
    case gridLanes = "grid-lanes"
    /// `display: masonry | inline-masonry`, `item-tolerance` (Chromium's 2025 draft syntax).
    case displayMasonry = "display-masonry"
    /// `display: grid` with `grid-template-rows: masonry` (or `-columns`), exact ties, no
    /// tolerance (Gecko behind its pref, WebKitGTK 2.50 behind `Masonry`).
    case templateMasonry = "template-masonry"

    public static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }

    /// The probe a browser answers with the syntaxes it parses: a JSON array of raw values.
    static let supportProbe = """
    [CSS.supports('display', 'grid-lanes') ? 'grid-lanes' : null,
     CSS.supports('display', 'masonry') ? 'display-masonry' : null,
     CSS.supports('grid-template-rows', 'masonry') ? 'template-masonry' : null].filter(x => x)
    """

    /// The syntaxes `text` (a test or reference file) uses.
    /// - Complexity: O(n) in the text's length.
    public static func used(in text: String) -> Set<WPTSyntax> {
        var out = Set<WPTSyntax>()
        if matches(#"display\s*:\s*(inline-)?grid-lanes\b"#, text) { out.insert(.gridLanes) }
        if matches(#"display\s*:\s*(inline-)?masonry\b"#, text) { out.insert(.displayMasonry) }
        if matches(#"grid-template-(rows|columns)\s*:\s*masonry\b"#, text) { out.insert(.templateMasonry) }
        return out
    }

    /// Properties with no counterpart in another syntax: a test using one is not translated.
    static let untranslatable: [WPTSyntax: [String]] = [
        .gridLanes: ["grid-lanes-direction", "grid-lanes-pack", "grid-lanes-flow", "item-flow", "item-pack"],
        .displayMasonry: ["masonry-direction", "masonry-fill", "masonry-track", "masonry-flow", "item-slack"],
        .templateMasonry: ["masonry-auto-flow", "align-tracks", "justify-tracks"],
    ]

    /// `text` rewritten from syntax `self` to `target`, declaration block by declaration block (each
    /// `{...}` and each `style="..."`), with what a reader must know about the result.
    ///
    /// - To grid-lanes: `display: [inline-]masonry` becomes `[inline-]grid-lanes` and
    ///   `item-tolerance: V` becomes `flow-tolerance: V; fit-tolerance: V`; a block with
    ///   `grid-template-rows|columns: masonry` and `display: [inline-]grid` becomes
    ///   `display: [inline-]grid-lanes` without the masonry template, plus `flow-tolerance: 0;
    ///   fit-tolerance: 0` (the older masonry's exact ties; grid-lanes' default is 1em).
    /// - To the older masonry: `display: [inline-](grid-lanes|masonry)` becomes `[inline-]grid` plus
    ///   `grid-template-rows: masonry` (`-columns` when the block defines rows only: lanes in rows);
    ///   a tolerance of 0 is dropped; a block with none cannot be translated (grid-lanes' `normal`,
    ///   1em, has no counterpart: ties are exact, and a correct browser would fail the test).
    /// - Returns: the new text and its notes, or why it cannot be translated (a property without a
    ///   counterpart, a nonzero tolerance for the older masonry, a masonry template whose
    ///   `display` is in another rule).
    public func translate(_ text: String, to target: WPTSyntax) -> Result<(text: String, notes: [String]), WPTTranslationError> {
        if self == target { return .success((text, [])) }
        for p in Self.untranslatable[self] ?? [] where Self.matches("(^|[^-\\w])\(p)\\s*:", text) {
            return .failure(WPTTranslationError("\(p) has no counterpart in \(target.rawValue)"))
        }
        var notes: [String] = []
        var problem: String?
        let rewritten = Self.rewriteBlocks(text) { decls in
            guard problem == nil else { return decls }
            switch (self, target) {
            case (.displayMasonry, .gridLanes):
                var d = Self.replace(#"(display\s*:\s*(?:inline-)?)masonry\b"#, in: decls, with: "$1grid-lanes")
                d = Self.replace(#"item-tolerance\s*:\s*([^;}"']+)"#, in: d, with: "flow-tolerance: $1; fit-tolerance: $1")
                return d
            case (.templateMasonry, .gridLanes):
                guard Self.matches(#"grid-template-(rows|columns)\s*:\s*masonry\b"#, decls) else { return decls }
                guard Self.matches(#"display\s*:\s*(inline-)?grid\b(?!-)"#, decls) else {
                    problem = "a masonry template without display: grid in the same rule"
                    return decls
                }
                var d = Self.replace(#"(display\s*:\s*(?:inline-)?grid)\b(?!-)"#, in: decls, with: "$1-lanes")
                d = Self.replace(#"grid-template-(rows|columns)\s*:\s*masonry\s*;?"#, in: d, with: "")
                d += d.trimmingCharacters(in: .whitespaces).hasSuffix(";") || d.trimmingCharacters(in: .whitespaces).isEmpty ? "" : ";"
                d += " flow-tolerance: 0px; fit-tolerance: 0px; "
                if !notes.contains(Self.exactTiesNote) { notes.append(Self.exactTiesNote) }
                return d
            case (.gridLanes, .templateMasonry), (.displayMasonry, .templateMasonry):
                guard Self.matches(#"display\s*:\s*(inline-)?(grid-lanes|masonry)\b"#, decls) || Self.matches(#"(flow|fit|item)-tolerance\s*:"#, decls) else { return decls }
                var d = decls
                for m in Self.values(#"(?:flow|fit|item)-tolerance\s*:\s*([^;}"']+)"#, in: d) {
                    let v = m.trimmingCharacters(in: .whitespaces)
                    guard ["0", "0px"].contains(v) else {
                        problem = "tolerance \(v): the older masonry has exact ties only"
                        return decls
                    }
                }
                let hadTolerance = Self.matches(#"(flow|fit|item)-tolerance\s*:"#, d)
                d = Self.replace(#"(?:flow|fit|item)-tolerance\s*:\s*[^;}"']+;?"#, in: d, with: "")
                guard Self.matches(#"display\s*:\s*(inline-)?(grid-lanes|masonry)\b"#, d) else { return d }
                let rowsOnly = Self.matches(#"grid-template-rows\s*:"#, d) && !Self.matches(#"grid-template-columns\s*:"#, d)
                d = Self.replace(#"(display\s*:\s*(?:inline-)?)(?:grid-lanes|masonry)\b"#, in: d, with: "$1grid")
                d += d.trimmingCharacters(in: .whitespaces).hasSuffix(";") || d.trimmingCharacters(in: .whitespaces).isEmpty ? "" : ";"
                d += rowsOnly ? " grid-template-columns: masonry; " : " grid-template-rows: masonry; "
                // grid-lanes' default (`normal`, 1em) is a tie band the older masonry cannot
                // express: translated to exact ties, a correct browser failed the test.
                if !hadTolerance {
                    problem = Self.normalToleranceProblem
                    return decls
                }
                return d
            case (.gridLanes, .displayMasonry), (.templateMasonry, .displayMasonry):
                problem = "no browser here parses only display: masonry; not translated to it"
                return decls
            default:
                return decls
            }
        }
        if let problem { return .failure(WPTTranslationError(problem)) }
        return .success((rewritten, notes))
    }

    static let exactTiesNote = "flow-tolerance: 0 added (the older masonry's exact ties)"
    static let normalToleranceProblem = "tolerance normal (1em, the default): the older masonry has exact ties only"

    /// `text` with `body` applied to every innermost `{...}` block's content and every
    /// `style="..."` / `style='...'` attribute value.
    static func rewriteBlocks(_ text: String, _ body: (String) -> String) -> String {
        guard let re = try? NSRegularExpression(pattern: #"(\{)([^{}]*)(\})|(style\s*=\s*")([^"]*)(")|(style\s*=\s*')([^']*)(')"#) else { return text }
        let ns = text as NSString
        var out = ""
        var last = 0
        for m in re.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let group = m.range(at: 2).location != NSNotFound ? 1 : (m.range(at: 5).location != NSNotFound ? 4 : 7)
            out += ns.substring(with: NSRange(location: last, length: m.range.location - last))
            out += ns.substring(with: m.range(at: group))
            out += body(ns.substring(with: m.range(at: group + 1)))
            out += ns.substring(with: m.range(at: group + 2))
            last = m.range.location + m.range.length
        }
        out += ns.substring(from: last)
        return out
    }

    static func matches(_ pattern: String, _ text: String) -> Bool {
        (try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]))?
            .firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) != nil
    }

    static func replace(_ pattern: String, in text: String, with template: String) -> String {
        guard let re = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return text }
        return re.stringByReplacingMatches(in: text, range: NSRange(location: 0, length: (text as NSString).length), withTemplate: template)
    }

    static func values(_ pattern: String, in text: String) -> [String] {
        guard let re = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return [] }
        let ns = text as NSString
        return re.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) }
    }
}

/// Why a test cannot be translated to a syntax a browser parses.
public struct WPTTranslationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    init(_ d: String) { description = d }
}
