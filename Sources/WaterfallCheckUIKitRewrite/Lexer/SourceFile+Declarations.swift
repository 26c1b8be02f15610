// Declarations as the rules need them: a declaration's attributes and modifiers, type
// declarations with their inheritance clause and body, and members of a body.

/// An attribute as written: `@name` or `@name(…)`, as indices into `SourceFile.code`.
struct Attribute {
    var at: Int
    var nameIndex: Int
    var last: Int
}

/// The attributes and modifiers in front of a declaration keyword.
struct DeclarationHead {
    /// The first token of the declaration (its first attribute or modifier, or the keyword).
    var first: Int
    var keyword: Int
    var attributes: [Attribute]
    /// Modifier tokens (`public`, `override`, `optional`, `dynamic`, …), in order.
    var modifiers: [Int]
}

struct TypeDeclaration {
    enum Kind: String { case `protocol`, `class`, `struct`, `enum`, `extension`, actor }
    var kind: Kind
    var head: DeclarationHead
    var nameIndex: Int
    /// The qualified name (`Outer.Inner`); for an extension, the extended type as written.
    var name: String
    /// The inheritance clause: the `:` and the token after the clause's last type (a `where` or `{`).
    var clauseColon: Int?
    var clauseEnd: Int?
    var open: Int?
    var close: Int?
}

enum SwiftWords {
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "final", "override", "static",
        "class", "required", "convenience", "lazy", "weak", "unowned", "mutating", "nonmutating", "dynamic",
        "optional", "indirect", "nonisolated", "distributed", "prefix", "postfix", "infix", "consuming",
        "borrowing", "__consuming",
    ]
    static let accessModifiers: Set<String> = ["public", "private", "fileprivate", "internal", "open", "package"]
    static let declarationKeywords: Set<String> = [
        "func", "var", "let", "subscript", "init", "deinit", "class", "struct", "enum", "protocol",
        "extension", "typealias", "associatedtype", "case", "actor", "macro", "import", "operator",
        "precedencegroup",
    ]
    static let memberKeywords: Set<String> = ["func", "var", "let", "subscript", "init", "deinit", "typealias", "associatedtype", "case"]
}

extension SourceFile {
    /// Scans back from a declaration keyword over its modifiers and attributes.
    func declarationHead(keyword k: Int) -> DeclarationHead {
        var attributes: [Attribute] = [], modifiers: [Int] = []
        var j = k - 1
        var first = k
        while j >= 0 {
            if code[j].kind == .identifier, SwiftWords.modifiers.contains(text(j)), !isPunct(j - 1, ".") {
                if isPunct(j - 1, "@"), code[j - 1].end == code[j].start { break }
                modifiers.insert(j, at: 0)
                first = j
                j -= 1
                continue
            }
            if isPunct(j, ")"), let open = partner[j] {
                // `@attr(…)` or `private(set)` / `unowned(safe)`.
                if open >= 1, code[open - 1].kind == .identifier {
                    if open >= 2, isPunct(open - 2, "@"), code[open - 2].end == code[open - 1].start {
                        attributes.insert(Attribute(at: open - 2, nameIndex: open - 1, last: j), at: 0)
                        first = open - 2
                        j = open - 3
                        continue
                    }
                    if SwiftWords.modifiers.contains(text(open - 1)) {
                        modifiers.insert(open - 1, at: 0)
                        first = open - 1
                        j = open - 2
                        continue
                    }
                }
                break
            }
            if code[j].kind == .identifier, isPunct(j - 1, "@"), code[j - 1].end == code[j].start {
                // `@objc`, `@MainActor`, `@Sendable`-style, possibly with a dotted name (`@Foo.Bar`).
                attributes.insert(Attribute(at: j - 1, nameIndex: j, last: j), at: 0)
                first = j - 1
                j -= 2
                continue
            }
            break
        }
        return DeclarationHead(first: first, keyword: k, attributes: attributes, modifiers: modifiers)
    }

    /// From a modifier or attribute at `i`, the declaration keyword it belongs to, if any.
    func declarationKeyword(from i: Int) -> Int? {
        var j = i
        while j < code.count {
            if code[j].kind == .identifier {
                let w = text(j)
                if SwiftWords.declarationKeywords.contains(w) {
                    // `class` is also a modifier (`class func`).
                    if w == "class", j + 1 < code.count, code[j + 1].kind == .identifier,
                       SwiftWords.declarationKeywords.contains(text(j + 1)) || SwiftWords.modifiers.contains(text(j + 1)) {
                        j += 1
                        continue
                    }
                    return j
                }
                if SwiftWords.modifiers.contains(w) {
                    j += 1
                    if isPunct(j, "("), let close = partner[j] { j = close + 1 }
                    continue
                }
                return nil
            }
            if isPunct(j, "@"), j + 1 < code.count, code[j + 1].kind == .identifier {
                j += 2
                while isPunct(j, "."), j + 1 < code.count, code[j + 1].kind == .identifier { j += 2 }
                if isPunct(j, "("), code[j].start == code[j - 1].end, let close = partner[j] { j = close + 1 }
                continue
            }
            return nil
        }
        return nil
    }

    func typeDeclarations() -> [TypeDeclaration] {
        var result: [TypeDeclaration] = []
        for k in code.indices where code[k].kind == .identifier {
            guard let kind = TypeDeclaration.Kind(rawValue: text(k)), !isPunct(k - 1, "."),
                  k + 1 < code.count, code[k + 1].kind == .identifier else { continue }
            let next = text(k + 1)
            if kind == .class, SwiftWords.declarationKeywords.contains(next) || SwiftWords.modifiers.contains(next) { continue }
            var n = k + 1
            var name = self.name(n)
            if kind == .extension {
                while isPunct(n + 1, "."), n + 2 < code.count, code[n + 2].kind == .identifier {
                    n += 2
                    name += "." + self.name(n)
                }
            }
            // Skip generic parameters.
            var j = n + 1
            if isOp(j, "<") || (j < code.count && code[j].kind == .operator && text(j).hasPrefix("<")) {
                var depth = 0
                while j < code.count {
                    if code[j].kind == .operator {
                        for c in text(j) { if c == "<" { depth += 1 } else if c == ">" { depth -= 1 } }
                    }
                    j += 1
                    if depth <= 0 { break }
                }
            }
            var decl = TypeDeclaration(kind: kind, head: declarationHead(keyword: k), nameIndex: n, name: name)
            if isPunct(j, ":") { decl.clauseColon = j }
            // The body: the first `{` at the declaration's own nesting.
            var b = j
            while b < code.count {
                if enclosingBracket[b] == enclosingBracket[k] {
                    if isPunct(b, "{") { break }
                    if isPunct(b, "}") || isPunct(b, ";") { b = code.count; break }
                    if decl.clauseColon != nil, decl.clauseEnd == nil, isWord(b, "where") { decl.clauseEnd = b }
                }
                b += 1
            }
            if b < code.count {
                decl.open = b
                decl.close = partner[b]
                if decl.clauseColon != nil, decl.clauseEnd == nil { decl.clauseEnd = b }
            }
            result.append(decl)
        }
        // Qualify nested names by their enclosing type declarations.
        var byOpen: [Int: Int] = [:]
        for (x, d) in result.enumerated() { if let o = d.open { byOpen[o] = x } }
        for x in result.indices where result[x].kind != .extension {
            var names = [result[x].name]
            var brace = enclosingBrace[result[x].head.keyword]
            while let o = brace {
                if let outer = byOpen[o] { names.insert(result[outer].name, at: 0); break }
                brace = enclosingBrace[o]
            }
            result[x].name = names.joined(separator: ".")
        }
        return result
    }

    /// The inherited type names in a clause (the last component of each: `UIKit.UIScrollViewDelegate` gives `UIScrollViewDelegate`).
    func clauseNames(_ d: TypeDeclaration) -> [(name: String, first: Int)] {
        guard let colon = d.clauseColon, let end = d.clauseEnd else { return [] }
        var result: [(String, Int)] = []
        var start = colon + 1
        var last: String?
        var depth = 0
        for j in (colon + 1)...end {
            if j == end || (depth == 0 && isPunct(j, ",")) {
                if let last { result.append((last, start)) }
                last = nil
                start = j + 1
                continue
            }
            if code[j].kind == .operator { for c in text(j) { if c == "<" { depth += 1 } else if c == ">" { depth -= 1 } } }
            if depth == 0, code[j].kind == .identifier { last = name(j) }
        }
        return result
    }

    /// The member declaration keywords directly in a type's body.
    func memberKeywords(of d: TypeDeclaration) -> [Int] {
        guard let open = d.open, let close = d.close else { return [] }
        return ((open + 1)..<close).filter {
            enclosingBrace[$0] == open && code[$0].kind == .identifier && SwiftWords.memberKeywords.contains(text($0))
                && !isPunct($0 - 1, ".")
        }
    }

    /// The last token of a member declaration whose keyword is at `k`, in a body that closes at `close`:
    /// its body's `}` if it has one, else the token before the next member or the body's end.
    func memberEnd(keyword k: Int, bodyClose close: Int) -> Int {
        let level = enclosingBracket[k]
        var j = k + 1
        while j < close {
            if enclosingBracket[j] == level {
                if isPunct(j, "{"), let p = partner[j] {
                    // A computed property's accessors or a function's body; `var x = 1 { didSet }` too.
                    return p
                }
                if isPunct(j, ";") { return j - 1 }
                if code[j].newlineBefore, startsDeclaration(j) { return j - 1 }
            }
            j += 1
        }
        return close - 1
    }

    /// Whether the token at `j` starts a new declaration (an attribute, a modifier or a keyword).
    func startsDeclaration(_ j: Int) -> Bool {
        if code[j].kind == .poundKeyword { return true }
        if isPunct(j, "@") { return declarationKeyword(from: j) != nil }
        if code[j].kind == .identifier {
            let w = text(j)
            if SwiftWords.declarationKeywords.contains(w) { return true }
            if SwiftWords.modifiers.contains(w) { return declarationKeyword(from: j) != nil }
        }
        return false
    }
}
