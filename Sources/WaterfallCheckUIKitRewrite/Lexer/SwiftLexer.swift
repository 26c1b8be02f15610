// A small Swift lexer: just enough structure for the rewrite rules, and exact about what is code.
//
// It must never mistake a string or a comment for code (the rules only ever edit code), so it
// handles every literal form Swift 6 has for strings: "…" with escapes, multi-line """…""",
// raw strings #"…"# / ##"…"## (single and multi-line), and interpolations \( … ) and \#( … )
// whose contents are lexed as code (a call site may sit inside an interpolation). Comments are
// // to the end of the line and /* … */, which nest.
//
// Not handled (documented limits): regex literals (/…/ and #/…/#) are lexed as operators and
// identifiers; a regex containing a quote or `//` could confuse the lexer. None of the layouts
// this targets uses one.

/// One token of a Swift source file, as a byte range of its UTF-8 text.
struct Token: Equatable {
    enum Kind: Equatable {
        /// A word: keyword, contextual keyword or identifier (`func`, `optional`, `foo`, `$0`),
        /// or a backticked identifier (the backticks included in the range).
        case identifier
        /// `#` followed by a word: `#if`, `#selector`, `#available` (the range covers both).
        case poundKeyword
        case number
        /// A piece of a string literal's text, quotes and delimiters included. A literal without
        /// interpolations is one token; with interpolations, the pieces around them are tokens and
        /// the interpolated code between them is lexed as code.
        case string
        /// A run of operator characters, `->`, `...`, `..<`; or a postfix `?`/`!` (one character)
        /// written directly after an operand.
        case `operator`
        /// One of `( ) [ ] { } , : ; @ .` or a backslash (key path).
        case punctuation
        case lineComment
        case blockComment
    }

    var kind: Kind
    /// Byte offsets in the file's UTF-8 text, `end` exclusive.
    var start: Int
    var end: Int
    /// Whether whitespace or a comment separates this token from the previous one.
    var spaceBefore: Bool
    /// Whether a line break separates this token from the previous one.
    var newlineBefore: Bool

    var isComment: Bool { kind == .lineComment || kind == .blockComment }
}

/// Lexes a whole file into tokens; never fails (unterminated literals end at the end of the file,
/// or of the line for a single-line string).
///
/// - Complexity: O(n) in the length of the text.
struct SwiftLexer {
    private let b: [UInt8]
    private var i = 0
    private var tokens: [Token] = []
    private var sawSpace = true
    private var sawNewline = true

    static func tokens(of bytes: [UInt8]) -> [Token] {
        var lexer = SwiftLexer(bytes: bytes)
        lexer.lexCode(insideInterpolation: false)
        return lexer.tokens
    }

    private init(bytes: [UInt8]) { self.b = bytes }

    private func at(_ k: Int) -> UInt8 { k < b.count ? b[k] : 0 }

    private mutating func emit(_ kind: Token.Kind, _ start: Int, _ end: Int) {
        tokens.append(Token(kind: kind, start: start, end: end, spaceBefore: sawSpace, newlineBefore: sawNewline))
        sawSpace = false
        sawNewline = false
    }

    static func isIdentifierHead(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c >= 0x80
    }
    static func isIdentifierBody(_ c: UInt8) -> Bool {
        isIdentifierHead(c) || (c >= 0x30 && c <= 0x39)
    }
    static func isOperatorChar(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
             UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
             UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    /// Lexes code up to the end of the text, or, inside an interpolation, up to (not including)
    /// the `)` that closes it.
    private mutating func lexCode(insideInterpolation: Bool) {
        var parenDepth = 0
        while i < b.count {
            let c = b[i]
            switch c {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
                sawSpace = true
                i += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                sawSpace = true
                sawNewline = true
                i += 1
            case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "/"):
                let s = i
                while i < b.count, b[i] != UInt8(ascii: "\n"), b[i] != UInt8(ascii: "\r") { i += 1 }
                emit(.lineComment, s, i)
                sawSpace = true
            case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "*"):
                let s = i
                var depth = 0
                while i < b.count {
                    if b[i] == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "*") {
                        depth += 1; i += 2
                    } else if b[i] == UInt8(ascii: "*"), at(i + 1) == UInt8(ascii: "/") {
                        depth -= 1; i += 2
                        if depth == 0 { break }
                    } else {
                        i += 1
                    }
                }
                let hadNewline = b[s..<i].contains(UInt8(ascii: "\n"))
                emit(.blockComment, s, i)
                sawSpace = true
                if hadNewline { sawNewline = true }
            case UInt8(ascii: "\""):
                lexString(hashes: 0, start: i)
            case UInt8(ascii: "#"):
                var k = i
                while at(k) == UInt8(ascii: "#") { k += 1 }
                if at(k) == UInt8(ascii: "\"") {
                    lexString(hashes: k - i, start: i)
                } else if k == i + 1, SwiftLexer.isIdentifierHead(at(k)) {
                    let s = i
                    i = k
                    while i < b.count, SwiftLexer.isIdentifierBody(b[i]) { i += 1 }
                    emit(.poundKeyword, s, i)
                } else {
                    emit(.punctuation, i, i + 1)
                    i += 1
                }
            case UInt8(ascii: "`"):
                let s = i
                i += 1
                while i < b.count, b[i] != UInt8(ascii: "`"), b[i] != UInt8(ascii: "\n") { i += 1 }
                if at(i) == UInt8(ascii: "`") { i += 1 }
                emit(.identifier, s, i)
            case UInt8(ascii: "("):
                parenDepth += 1
                emit(.punctuation, i, i + 1); i += 1
            case UInt8(ascii: ")"):
                if insideInterpolation && parenDepth == 0 { return }
                parenDepth -= 1
                emit(.punctuation, i, i + 1); i += 1
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                 UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "@"),
                 UInt8(ascii: "\\"):
                emit(.punctuation, i, i + 1); i += 1
            case UInt8(ascii: "."):
                if at(i + 1) == UInt8(ascii: "."), at(i + 2) == UInt8(ascii: ".") || at(i + 2) == UInt8(ascii: "<") {
                    emit(.operator, i, i + 3); i += 3
                } else {
                    emit(.punctuation, i, i + 1); i += 1
                }
            case UInt8(ascii: "$"):
                let s = i
                i += 1
                while i < b.count, SwiftLexer.isIdentifierBody(b[i]) { i += 1 }
                emit(.identifier, s, i)
            default:
                if c >= 0x30 && c <= 0x39 {
                    let s = i
                    while i < b.count {
                        let d = b[i]
                        if SwiftLexer.isIdentifierBody(d) {
                            i += 1
                        } else if d == UInt8(ascii: "."), at(i + 1) >= 0x30, at(i + 1) <= 0x39 {
                            i += 1
                        } else if (d == UInt8(ascii: "+") || d == UInt8(ascii: "-")),
                                  let p = i > s ? b[i - 1] : nil, p == UInt8(ascii: "e") || p == UInt8(ascii: "E") || p == UInt8(ascii: "p") || p == UInt8(ascii: "P"),
                                  !(b[s] == UInt8(ascii: "0") && (at(s + 1) == UInt8(ascii: "x")) && (p == UInt8(ascii: "e") || p == UInt8(ascii: "E"))) {
                            i += 1
                        } else {
                            break
                        }
                    }
                    emit(.number, s, i)
                } else if SwiftLexer.isIdentifierHead(c) {
                    let s = i
                    while i < b.count, SwiftLexer.isIdentifierBody(b[i]) { i += 1 }
                    emit(.identifier, s, i)
                } else if SwiftLexer.isOperatorChar(c) {
                    lexOperator()
                } else {
                    // Anything else (a stray byte): keep it as punctuation so no byte is lost.
                    emit(.punctuation, i, i + 1); i += 1
                }
            }
        }
    }

    private mutating func lexOperator() {
        let s = i
        let c = b[i]
        // A postfix ? or ! written directly after an operand is its own token: `f?(`, `x!.y`.
        if (c == UInt8(ascii: "?") || c == UInt8(ascii: "!")), !sawSpace, let last = tokens.last,
           last.end == i, SwiftLexer.endsOperand(last, b) {
            emit(.operator, i, i + 1); i += 1
            return
        }
        if c == UInt8(ascii: "-"), at(i + 1) == UInt8(ascii: ">") {
            emit(.operator, i, i + 2); i += 2
            return
        }
        while i < b.count, SwiftLexer.isOperatorChar(b[i]) {
            if b[i] == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "/") || at(i + 1) == UInt8(ascii: "*") { break }
            if i > s, b[i] == UInt8(ascii: "-"), at(i + 1) == UInt8(ascii: ">") { break }
            i += 1
        }
        if i == s { i += 1 }
        emit(.operator, s, i)
    }

    static func endsOperand(_ t: Token, _ b: [UInt8]) -> Bool {
        switch t.kind {
        case .identifier, .number, .string:
            return true
        case .punctuation:
            let c = b[t.start]
            return c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}")
        case .operator:
            // `x?!`, `T?...`: a postfix ? or ! after another one, and `>` closing a generic (`Array<Int>?`).
            let c = b[t.end - 1]
            return (t.end - t.start == 1 && (c == UInt8(ascii: "?") || c == UInt8(ascii: "!"))) || c == UInt8(ascii: ">")
        default:
            return false
        }
    }

    /// Lexes a string literal starting at `start` (its first `#` or `"`), with `hashes` `#`s.
    private mutating func lexString(hashes: Int, start: Int) {
        var k = start + hashes
        let multilineOpen = at(k + 1) == UInt8(ascii: "\"") && at(k + 2) == UInt8(ascii: "\"")
        k += multilineOpen ? 3 : 1
        var pieceStart = start
        func closes(_ p: Int) -> Int? {
            // Returns the end of the closing delimiter that starts at p, if one does.
            let q = multilineOpen ? 3 : 1
            for d in 0..<q where at(p + d) != UInt8(ascii: "\"") { return nil }
            for h in 0..<hashes where at(p + q + h) != UInt8(ascii: "#") { return nil }
            return p + q + hashes
        }
        while k < b.count {
            let c = b[k]
            if c == UInt8(ascii: "\\") {
                var h = 0
                while h < hashes, at(k + 1 + h) == UInt8(ascii: "#") { h += 1 }
                if h == hashes {
                    let after = k + 1 + hashes
                    if at(after) == UInt8(ascii: "(") {
                        // An interpolation: the text so far (with `\(`) is a piece, the inside is code.
                        emit(.string, pieceStart, after + 1)
                        i = after + 1
                        lexCode(insideInterpolation: true)
                        // i is at the closing ')' (or the end of the text).
                        pieceStart = i
                        k = min(i + 1, b.count)
                        i = k
                        continue
                    }
                    k = after + 1 // skip the escaped character
                    continue
                }
                k += 1
                continue
            }
            if c == UInt8(ascii: "\""), let end = closes(k) {
                emit(.string, pieceStart, end)
                i = end
                return
            }
            if !multilineOpen, c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") {
                break // unterminated single-line literal: recover at the line end
            }
            k += 1
        }
        k = min(k, b.count)
        if k > pieceStart { emit(.string, pieceStart, k) }
        i = k
    }
}
