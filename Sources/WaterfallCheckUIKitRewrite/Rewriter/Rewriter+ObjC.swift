// Rules 1-3: @objc / @objcMembers / dynamic, class-bound protocols, optional requirements.

/// A formerly optional method of a protocol in the files, by its full name (`f(_:layout:)`).
struct LocalOptionalMethod {
    var selector: String
    var protocolName: String
    /// Whether the result type gained an Optional level (`-> T` became `-> T?`). When it was
    /// already optional (`-> T?`), a forced call `x.f!(a)` keeps its type without a trailing `!`.
    var wrapped: Bool
}

/// A token to delete (an attribute, `dynamic`, `optional`), grouped by line when applied.
struct TokenRemoval {
    var file: Int
    var start: Int
    var end: Int
    var rule: Rule
}

extension Rewriter {
    // MARK: Rule 1

    func objcRemovals(_ decls: [[TypeDeclaration]]) -> [TokenRemoval] {
        var result: [TokenRemoval] = []
        for (f, file) in files.enumerated() {
            // Classes marked @objcMembers: their members' `dynamic` only served Objective-C.
            let objcMembersBodies = Set(decls[f].compactMap { d -> Int? in
                d.head.attributes.contains { file.text($0.nameIndex) == "objcMembers" } ? d.open : nil
            })
            var removedAttributeHeads = Set<Int>()
            for i in file.code.indices where file.isPunct(i, "@") && i + 1 < file.code.count {
                let n = i + 1
                guard file.code[n].kind == .identifier, file.code[n].start == file.code[i].end else { continue }
                let name = file.text(n)
                guard name == "objc" || name == "objcMembers" else { continue }
                var last = n
                if name == "objc", file.isPunct(n + 1, "("), file.code[n + 1].start == file.code[n].end, let close = file.partner[n + 1] {
                    last = close
                }
                result.append(TokenRemoval(file: f, start: file.code[i].start, end: file.code[last].end, rule: .objcAttribute))
                if let k = file.declarationKeyword(from: i) { removedAttributeHeads.insert(k) }
            }
            for i in file.code.indices where file.isWord(i, "dynamic") {
                guard let k = file.declarationKeyword(from: i) else { continue }
                let inObjcMembers = file.enclosingBrace[k].map { objcMembersBodies.contains($0) } ?? false
                if removedAttributeHeads.contains(k) || inObjcMembers {
                    result.append(TokenRemoval(file: f, start: file.code[i].start, end: file.code[i].end, rule: .objcDynamic))
                }
            }
        }
        return result
    }

    /// Deletes tokens keeping the line layout: a token goes with the one space after it; a line
    /// left blank by its removals goes entirely; a token ending its line takes the blanks before it.
    func applyRemovals(_ removals: [TokenRemoval]) {
        let byFile = Dictionary(grouping: removals, by: \.file)
        for (f, list) in byFile {
            let file = files[f]
            let byLine = Dictionary(grouping: list, by: { file.lineStart(of: $0.start) })
            for (lineStart, onLine) in byLine.sorted(by: { $0.key < $1.key }) {
                let sorted = onLine.sorted { $0.start < $1.start }
                let lineEnd = file.nextLineStart(after: lineStart)
                var contentEnd = lineEnd
                while contentEnd > lineStart, [UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(file.bytes[contentEnd - 1]) { contentEnd -= 1 }
                // Is the line blank once these tokens are gone?
                var at = lineStart, blank = true
                for r in sorted {
                    if !file.onlyBlanks(at, r.start) { blank = false }
                    at = r.end
                }
                if !file.onlyBlanks(at, contentEnd) { blank = false }
                if blank {
                    for (x, r) in sorted.enumerated() {
                        let edits = x == 0 ? [edit(lineStart, lineEnd, "")] : []
                        add(file: f, offset: r.start, rule: r.rule, before: file.text(r.start, r.end), after: "", edits: edits)
                    }
                    continue
                }
                var removedUpTo = lineStart
                for r in sorted {
                    var s = r.start, e = r.end
                    if e < contentEnd, file.bytes[e] == UInt8(ascii: " ") || file.bytes[e] == UInt8(ascii: "\t") {
                        e += 1
                    } else if file.onlyBlanks(e, contentEnd) {
                        while s > removedUpTo, file.bytes[s - 1] == UInt8(ascii: " ") || file.bytes[s - 1] == UInt8(ascii: "\t") { s -= 1 }
                        e = contentEnd
                    }
                    removedUpTo = e
                    add(file: f, offset: r.start, rule: r.rule, before: file.text(s, e), after: "", edits: [edit(s, e, "")])
                }
            }
        }
    }

    // MARK: Rule 2

    func classBoundProtocols(_ decls: [[TypeDeclaration]]) {
        // Protocols and classes in the files that make a protocol class-bound when inherited.
        var classBound = options.classBoundProtocols
        for list in decls { for d in list where d.kind == .class { classBound.insert(String(d.name.split(separator: ".").last ?? "")) } }
        var changed = true
        while changed {
            changed = false
            for (f, list) in decls.enumerated() {
                for d in list where d.kind == .protocol && !classBound.contains(lastComponent(d.name)) {
                    let isObjc = d.head.attributes.contains { files[f].text($0.nameIndex) == "objc" }
                    if isObjc || files[f].clauseNames(d).contains(where: { classBound.contains($0.name) || isKnownClassBound($0.name) }) {
                        classBound.insert(lastComponent(d.name))
                        changed = true
                    }
                }
            }
        }
        for (f, list) in decls.enumerated() {
            let file = files[f]
            for d in list where d.kind == .protocol {
                guard d.head.attributes.contains(where: { file.text($0.nameIndex) == "objc" }) else { continue }
                let clause = file.clauseNames(d)
                if clause.contains(where: { classBound.contains($0.name) || isKnownClassBound($0.name) }) { continue }
                if let first = clause.first {
                    let at = file.code[first.first].start
                    add(file: f, offset: at, rule: .classBound, before: file.text(first.first), after: "AnyObject, " + file.text(first.first),
                        edits: [edit(at, at, "AnyObject, ")])
                } else {
                    let at = file.code[d.nameIndex].end
                    add(file: f, offset: at, rule: .classBound, before: "protocol " + file.text(d.nameIndex),
                        after: "protocol " + file.text(d.nameIndex) + ": AnyObject", edits: [edit(at, at, ": AnyObject")])
                }
            }
        }
    }

    private func lastComponent(_ name: String) -> String { String(name.split(separator: ".").last ?? "") }

    /// UIKit's and Foundation's class-bound protocols by their naming: `UI…Delegate`, `…DataSource`,
    /// `NS…Protocol`, plus `AnyObject` and the old `class`.
    func isKnownClassBound(_ name: String) -> Bool {
        if name == "AnyObject" || name == "class" || name == "NSObjectProtocol" { return true }
        guard name.hasPrefix("UI") || name.hasPrefix("NS") else { return false }
        return ["Delegate", "DataSource", "DelegateFlowLayout", "DataSourcePrefetching", "Protocol"].contains { name.hasSuffix($0) }
    }

    // MARK: Rule 3

    /// Rewrites `optional` requirements; returns the token removals for `optional` and the methods.
    func optionalRequirements(_ decls: [[TypeDeclaration]]) -> (removals: [TokenRemoval], methods: [LocalOptionalMethod], byProtocol: [String: [String]]) {
        var removals: [TokenRemoval] = []
        var methods: [LocalOptionalMethod] = []
        var byProtocol: [String: [String]] = [:]
        for (f, list) in decls.enumerated() {
            let file = files[f]
            for d in list where d.kind == .protocol {
                guard let open = d.open, let close = d.close else { continue }
                for i in (open + 1)..<close where file.enclosingBrace[i] == open && file.isWord(i, "optional") {
                    guard let k = file.declarationKeyword(from: i) else { continue }
                    let kw = file.text(k)
                    guard kw == "func" || kw == "var" || kw == "subscript" else { continue }
                    removals.append(TokenRemoval(file: f, start: file.code[i].start, end: file.code[i].end, rule: .optionalRequirement))
                    switch kw {
                    case "func", "subscript":
                        guard let (selector, wrapped) = rewriteFunctionResult(f, keyword: k, close: close) else { continue }
                        if kw == "func" {
                            methods.append(LocalOptionalMethod(selector: selector, protocolName: d.name, wrapped: wrapped))
                            byProtocol[lastComponent(d.name), default: []].append(selector)
                        }
                    default:
                        // `var x: T { get }`: the type after the name's colon.
                        var j = k + 1
                        while j < close, !file.isPunct(j, ":") { j += 1 }
                        guard j + 1 < close else { continue }
                        let end = typeEnd(f, from: j + 1, limit: close)
                        _ = makeOptional(f, typeStart: j + 1, typeEnd: end, prefix: ": ")
                        byProtocol[lastComponent(d.name), default: []].append("var " + file.name(k + 1))
                    }
                }
            }
        }
        return (removals, methods, byProtocol)
    }

    /// For a `func`/`subscript` requirement: its full name and whether its result gained an
    /// Optional level; adds the result-type change.
    private func rewriteFunctionResult(_ f: Int, keyword k: Int, close: Int) -> (String, Bool)? {
        let file = files[f]
        var j = k + 1
        while j < close, !file.isPunct(j, "(") { j += 1 }
        guard j < close, let pClose = file.partner[j] else { return nil }
        let base = file.text(k) == "subscript" ? "subscript" : file.name(k + 1)
        let labels = parameterLabels(f, open: j, close: pClose)
        let selector = base + "(" + labels.map { $0 + ":" }.joined() + ")"
        // Effects after the parameters.
        var e = pClose
        while e + 1 < close, ["async", "throws", "rethrows", "reasync"].contains(file.text(e + 1)) && file.code[e + 1].kind == .identifier {
            e += 1
            if file.isPunct(e + 1, "("), let p = file.partner[e + 1] { e = p }
        }
        if file.isOp(e + 1, "->") {
            let start = e + 2
            guard start < close else { return nil }
            let end = typeEnd(f, from: start, limit: close)
            return (selector, makeOptional(f, typeStart: start, typeEnd: end, prefix: "-> "))
        }
        // No result: `-> Void?` (see docs/uikit-rewrite.md, "Void optional methods").
        let at = file.code[e].end
        add(file: f, offset: at, rule: .optionalResult, before: "", after: " -> Void?", edits: [edit(at, at, " -> Void?")])
        return (selector, true)
    }

    /// The external parameter labels (`_` for none) of a parameter clause.
    func parameterLabels(_ f: Int, open: Int, close: Int) -> [String] {
        let file = files[f]
        var labels: [String] = []
        var start = open + 1
        for j in (open + 1)...close where j == close || (file.enclosingBracket[j] == open && file.isPunct(j, ",")) {
            if start < j, file.code[start].kind == .identifier { labels.append(file.name(start)) }
            start = j + 1
        }
        return labels
    }

    /// The last token of a type that starts at `start`: stops at a top-level `where`, `{`, `}`,
    /// `;`, `=`, `,`, or a line break not continued by `&`, `->` or `.`.
    func typeEnd(_ f: Int, from start: Int, limit: Int) -> Int {
        let file = files[f]
        var j = start
        var last = start
        var angle = 0
        while j < limit {
            if j > start, angle == 0 {
                if file.isWord(j, "where") || file.isPunct(j, "{") || file.isPunct(j, "}") || file.isPunct(j, ";")
                    || file.isOp(j, "=") || file.isPunct(j, ",") || file.isPunct(j, ")") || file.isPunct(j, "]") { break }
                if file.code[j].newlineBefore {
                    let cont = ["&", "->", "."]
                    let prev = file.text(last), cur = file.text(j)
                    if !cont.contains(prev) && !cont.contains(cur) { break }
                }
            }
            if file.code[j].kind == .operator, file.text(j) != "->" {
                for c in file.text(j) { if c == "<" { angle += 1 } else if c == ">" { angle -= 1 } }
            }
            if (file.isPunct(j, "(") || file.isPunct(j, "[")), let p = file.partner[j], p < limit {
                last = p
                j = p + 1
                continue
            }
            last = j
            j += 1
        }
        return last
    }

    /// Makes the type `start...end` optional; returns whether it gained an Optional level.
    func makeOptional(_ f: Int, typeStart: Int, typeEnd: Int, prefix: String) -> Bool {
        let file = files[f]
        let s = file.code[typeStart].start, e = file.code[typeEnd].end
        let type = file.text(s, e)
        if file.isOp(typeEnd, "?") || (type.hasPrefix("Optional<") && type.hasSuffix(">")) { return false }
        if file.isOp(typeEnd, "!") {
            let bang = file.code[typeEnd].start
            add(file: f, offset: s, rule: .optionalResult, before: prefix + type, after: prefix + type.dropLast() + "?",
                edits: [edit(bang, bang + 1, "?")])
            return false
        }
        var needsParens = file.isWord(typeStart, "some") || file.isWord(typeStart, "any")
        var j = typeStart
        while j <= typeEnd {
            if file.isOp(j, "->") || file.isOp(j, "&") { needsParens = true }
            if let p = file.partner[j], p > j { j = p + 1 } else { j += 1 }
        }
        if needsParens {
            add(file: f, offset: s, rule: .optionalResult, before: prefix + type, after: prefix + "(" + type + ")?",
                edits: [edit(s, s, "("), edit(e, e, ")?")])
        } else {
            add(file: f, offset: s, rule: .optionalResult, before: prefix + type, after: prefix + type + "?",
                edits: [edit(e, e, "?")])
        }
        return true
    }
}
