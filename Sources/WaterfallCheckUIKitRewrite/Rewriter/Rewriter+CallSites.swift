// Rule 4: calls of formerly optional methods, `x?.f?(` / `x.f!(`.

extension Rewriter {
    /// The argument labels of a call's parenthesised arguments (`_` for an unlabelled one).
    func argumentLabels(_ f: Int, open: Int, close: Int) -> [String] {
        let file = files[f]
        var labels: [String] = []
        var start = open + 1
        guard close > open + 1 else { return [] }
        for j in (open + 1)...close where j == close || (file.enclosingBracket[j] == open && file.isPunct(j, ",")) {
            if start < j, file.code[start].kind == .identifier, file.isPunct(start + 1, ":") {
                labels.append(file.name(start))
            } else {
                labels.append("_")
            }
            start = j + 1
        }
        return labels
    }

    /// The top-level argument ranges of a call, as (first token, last token).
    func arguments(_ f: Int, open: Int, close: Int) -> [(first: Int, last: Int)] {
        let file = files[f]
        guard close > open + 1 else { return [] }
        var result: [(Int, Int)] = []
        var start = open + 1
        for j in (open + 1)...close where j == close || (file.enclosingBracket[j] == open && file.isPunct(j, ",")) {
            result.append((start, j - 1))
            start = j + 1
        }
        return result
    }

    func optionalCalls(local: [LocalOptionalMethod]) {
        let localBySelector = Dictionary(local.map { ($0.selector, $0) }, uniquingKeysWith: { a, _ in a })
        let uikit = options.uikitOptionalMethods
        let baseNames = Set(local.map(\.selector).map(baseName) + uikit.map(baseName))
        for (f, file) in files.enumerated() {
            for i in file.code.indices where file.code[i].kind == .identifier && i + 2 < file.code.count {
                let mark = i + 1, open = i + 2
                guard file.code[mark].kind == .operator, file.code[mark].start == file.code[i].end,
                      file.isOp(mark, "?") || file.isOp(mark, "!"),
                      file.isPunct(open, "("), file.code[open].start == file.code[mark].end,
                      let close = file.partner[open] else { continue }
                let base = file.name(i)
                // A member call (`x?.f?(`, `x.f?(`): a bare `f?(` calls a closure property or a
                // local function, never a delegate's optional method.
                guard baseNames.contains(base), i > 0, file.isPunct(i - 1, ".") else { continue }
                let selector = base + "(" + argumentLabels(f, open: open, close: close).map { $0 + ":" }.joined() + ")"
                let m = file.text(mark)
                let before = base + m + "("
                if let l = localBySelector[selector] {
                    let s = file.code[mark].start
                    if m == "!" && l.wrapped {
                        let e = file.code[close].end
                        add(file: f, offset: file.code[i].start, rule: .optionalCall, before: base + "!(…)", after: base + "(…)!",
                            edits: [edit(s, s + 1, ""), edit(e, e, "!")])
                    } else {
                        add(file: f, offset: file.code[i].start, rule: .optionalCall, before: before, after: base + "(", edits: [edit(s, s + 1, "")])
                    }
                } else if uikit.contains(selector) {
                    let s = file.code[mark].start
                    add(file: f, offset: file.code[i].start, rule: .optionalCall, before: before, after: base + "(", edits: [edit(s, s + 1, "")])
                } else {
                    finding(f, offset: file.code[i].start, .optionalCall,
                            "`\(before)` calls \(selector), which is neither an optional requirement in these files nor in the UIKit table; left as is",
                            note: i)
                }
            }
        }
    }
}

extension Rewriter {
    /// A formerly optional method referenced without a call (`delegate?.f != nil`, `if let g =
    /// delegate?.f`): Swift's way to ask whether an optional method is implemented. After the
    /// rewrite the method always exists, so the test is always true and the layout takes the
    /// branch iOS takes only for an implementing delegate: a finding, never a silent change.
    func implementationTests(local: [LocalOptionalMethod]) {
        let bases = Set(local.map(\.selector).map(baseName))
        guard !bases.isEmpty else { return }
        for (f, file) in files.enumerated() {
            for i in file.code.indices where file.code[i].kind == .identifier && i > 0 && file.isPunct(i - 1, ".") {
                let base = file.name(i)
                guard bases.contains(base) else { continue }
                var next = i + 1
                if next < file.code.count, file.isOp(next, "?") || file.isOp(next, "!"), file.code[next].start == file.code[i].end { next += 1 }
                if next < file.code.count, file.isPunct(next, "("), file.code[next].start == file.code[next - 1].end { continue }  // a call
                finding(f, offset: file.code[i].start, .optionalCall,
                        "`.\(base)` without a call tests whether an optional method is implemented; after the rewrite it always is, so the test is always true: rewrite it by hand (call it and compare the answer with nil)",
                        note: i)
            }
        }
    }
}

/// `f(_:x:)` → `f`.
func baseName(_ selector: String) -> String {
    String(selector.prefix { $0 != "(" })
}
