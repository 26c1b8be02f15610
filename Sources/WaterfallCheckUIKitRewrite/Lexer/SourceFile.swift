// A lexed file with the structure the rules read: bracket matching, the innermost brace around each
// token, the `#if` branches each token is under, and line/column positions.

/// One `#if` level a token sits under: the conditions of the earlier branches of the same
/// `#if … #elseif … #else … #endif` and the condition of its own branch (nil under `#else`).
struct IfFrame: Equatable {
    var earlier: [String]
    var current: String?

    /// The condition under which this branch is compiled, as a Swift compilation condition.
    var condition: String {
        var parts = earlier.map { "!(\($0))" }
        if let current { parts.append(earlier.isEmpty ? current : "(\(current))") }
        return parts.joined(separator: " && ")
    }
}

final class SourceFile {
    let path: String
    let bytes: [UInt8]
    /// All tokens, comments included, in order.
    let all: [Token]
    /// The code tokens (no comments); rules index into this array.
    let code: [Token]
    /// For each code token, the index in `all`.
    let allIndex: [Int]
    /// For each opening or closing bracket in `code`, the index of its partner (nil if unmatched).
    private(set) var partner: [Int?]
    /// For each code token, the index of the innermost `{` that encloses it (nil at file level).
    private(set) var enclosingBrace: [Int?]
    /// For each code token, the index of the innermost `(`, `[` or `{` that encloses it.
    private(set) var enclosingBracket: [Int?]
    /// For each code token, the `#if` branches it is under, outermost first (an index into `ifContexts`).
    private(set) var ifContext: [Int]
    private(set) var ifContexts: [[IfFrame]] = [[]]
    private let lineStarts: [Int]

    init(path: String, text: String) {
        self.path = path
        self.bytes = Array(text.utf8)
        self.all = SwiftLexer.tokens(of: bytes)
        var code: [Token] = [], allIndex: [Int] = []
        for (k, t) in all.enumerated() where !t.isComment {
            code.append(t)
            allIndex.append(k)
        }
        self.code = code
        self.allIndex = allIndex
        var starts = [0]
        for (k, c) in bytes.enumerated() where c == UInt8(ascii: "\n") { starts.append(k + 1) }
        self.lineStarts = starts
        partner = Array(repeating: nil, count: code.count)
        enclosingBrace = Array(repeating: nil, count: code.count)
        enclosingBracket = Array(repeating: nil, count: code.count)
        ifContext = Array(repeating: 0, count: code.count)
        buildStructure()
    }

    // MARK: - Text

    func text(_ i: Int) -> String { text(code[i].start, code[i].end) }
    func text(_ start: Int, _ end: Int) -> String { String(decoding: bytes[start..<end], as: UTF8.self) }
    func isWord(_ i: Int, _ word: String) -> Bool {
        i >= 0 && i < code.count && code[i].kind == .identifier && text(i) == word
    }
    func isPunct(_ i: Int, _ p: String) -> Bool {
        i >= 0 && i < code.count && code[i].kind == .punctuation && text(i) == p
    }
    func isOp(_ i: Int, _ p: String) -> Bool {
        i >= 0 && i < code.count && code[i].kind == .operator && text(i) == p
    }
    /// The identifier's name without backticks.
    func name(_ i: Int) -> String {
        let t = text(i)
        if t.hasPrefix("`"), t.hasSuffix("`"), t.count >= 2 { return String(t.dropFirst().dropLast()) }
        return t
    }

    /// 1-based line and UTF-8 column of a byte offset.
    func position(_ offset: Int) -> (line: Int, column: Int) {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return (lo + 1, offset - lineStarts[lo] + 1)
    }
    func lineStart(of offset: Int) -> Int { lineStarts[position(offset).line - 1] }
    /// The offset just past the line break ending the line that holds `offset` (or the text's end).
    func nextLineStart(after offset: Int) -> Int {
        let line = position(offset).line
        return line < lineStarts.count ? lineStarts[line] : bytes.count
    }
    /// Whether only spaces and tabs lie between `a` and `b`.
    func onlyBlanks(_ a: Int, _ b: Int) -> Bool {
        guard a <= b else { return false }
        return bytes[a..<b].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// The `#if` conditions a code token is compiled under, joined, or nil at top level.
    func ifCondition(_ i: Int) -> String? {
        let frames = ifContexts[ifContext[i]]
        return frames.isEmpty ? nil : frames.map(\.condition).joined(separator: " && ")
    }
    func ifFrames(_ i: Int) -> [IfFrame] { ifContexts[ifContext[i]] }

    // MARK: - Structure

    private func buildStructure() {
        var stack: [Int] = []
        var braces: [Int] = []
        var frames: [IfFrame] = []
        var k = 0
        while k < code.count {
            let t = code[k]
            enclosingBracket[k] = stack.last
            enclosingBrace[k] = braces.last
            if t.kind == .poundKeyword {
                let word = text(k)
                switch word {
                case "#if", "#elseif", "#else", "#endif":
                    // The directive's condition runs to the end of its line.
                    var e = k + 1
                    while e < code.count, !code[e].newlineBefore { e += 1 }
                    let cond = e > k + 1 ? text(code[k + 1].start, code[e - 1].end) : ""
                    switch word {
                    case "#if": frames.append(IfFrame(earlier: [], current: cond))
                    case "#elseif":
                        if var f = frames.popLast() {
                            if let c = f.current { f.earlier.append(c) }
                            f.current = cond
                            frames.append(f)
                        }
                    case "#else":
                        if var f = frames.popLast() {
                            if let c = f.current { f.earlier.append(c) }
                            f.current = nil
                            frames.append(f)
                        }
                    default: _ = frames.popLast()
                    }
                    let ctx = context(for: frames)
                    for j in k..<e {
                        enclosingBracket[j] = stack.last
                        enclosingBrace[j] = braces.last
                        ifContext[j] = ctx
                    }
                    k = e
                    continue
                default:
                    break
                }
            }
            ifContext[k] = context(for: frames)
            if t.kind == .punctuation {
                switch bytes[t.start] {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    stack.append(k)
                    if bytes[t.start] == UInt8(ascii: "{") { braces.append(k) }
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    let open: UInt8 = bytes[t.start] == UInt8(ascii: ")") ? UInt8(ascii: "(")
                        : bytes[t.start] == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                    // Recover from a mismatch by popping to the nearest opener of the same kind.
                    if let at = stack.lastIndex(where: { bytes[code[$0].start] == open }) {
                        let o = stack[at]
                        partner[o] = k
                        partner[k] = o
                        stack.removeSubrange(at...)
                        if open == UInt8(ascii: "{") { braces.removeLast(braces.count - (braces.lastIndex(of: o) ?? braces.count)) }
                        enclosingBracket[k] = stack.last
                        enclosingBrace[k] = braces.last
                    }
                default:
                    break
                }
            }
            k += 1
        }
    }

    private func context(for frames: [IfFrame]) -> Int {
        if let k = ifContexts.firstIndex(of: frames) { return k }
        ifContexts.append(frames)
        return ifContexts.count - 1
    }
}
