// Rule 6: Swift 3 UIKit names to their Swift 4.2 names, as Xcode's fix-it renames them.

extension Rewriter {
    func swift3Names() {
        let table = options.swift3Renames
        // Names the files declare themselves (a compatibility shim) are theirs: not renamed.
        var declared = Set<String>()
        for file in files {
            for i in file.code.indices where i + 1 < file.code.count && file.code[i].kind == .identifier {
                if ["func", "var", "let", "typealias", "class", "struct", "enum"].contains(file.text(i)),
                   file.code[i + 1].kind == .identifier, table[file.name(i + 1)] != nil || file.name(i + 1) == "UIEdgeInsetsMake" || file.name(i + 1) == "UIEdgeInsetsInsetRect" {
                    declared.insert(file.name(i + 1))
                }
            }
        }
        var insetRects: [(Int, Int)] = []
        for (f, file) in files.enumerated() {
            for i in file.code.indices where file.code[i].kind == .identifier {
                let name = file.text(i)
                guard table[name] != nil || name == "UIEdgeInsetsMake" || name == "UIEdgeInsetsInsetRect" else { continue }
                if file.isPunct(i - 1, ".") { continue }
                if ["func", "var", "let", "typealias", "class", "struct", "enum"].contains(i > 0 ? file.text(i - 1) : "") { continue }
                if declared.contains(name) {
                    finding(f, offset: file.code[i].start, .swift3Name, "`\(name)` is declared in these files; not renamed", note: i)
                    continue
                }
                let s = file.code[i].start, e = file.code[i].end
                if let new = table[name] {
                    add(file: f, offset: s, rule: .swift3Name, before: name, after: new, edits: [edit(s, e, new)])
                } else if name == "UIEdgeInsetsMake" {
                    let open = i + 1
                    guard file.isPunct(open, "("), let close = file.partner[open] else {
                        finding(f, offset: s, .swift3Name, "`UIEdgeInsetsMake` used without a call; rename by hand to `UIEdgeInsets.init(top:left:bottom:right:)`", note: i)
                        continue
                    }
                    let args = arguments(f, open: open, close: close)
                    guard args.count == 4, argumentLabels(f, open: open, close: close) == ["_", "_", "_", "_"] else {
                        finding(f, offset: s, .swift3Name, "`UIEdgeInsetsMake` with \(args.count) arguments; not renamed", note: i)
                        continue
                    }
                    var edits = [edit(s, e, "UIEdgeInsets")]
                    for (label, a) in zip(["top", "left", "bottom", "right"], args) {
                        let at = file.code[a.first].start
                        edits.append(edit(at, at, label + ": "))
                    }
                    add(file: f, offset: s, rule: .swift3Name, before: "UIEdgeInsetsMake(a, b, c, d)",
                        after: "UIEdgeInsets(top: a, left: b, bottom: c, right: d)", edits: edits)
                } else {
                    insetRects.append((f, i))
                }
            }
        }
        // `UIEdgeInsetsInsetRect(r, i)` → `r.inset(by: i)`, innermost first, so that rewrites inside
        // its arguments are taken into the new text.
        for (f, i) in insetRects.sorted(by: { $0.1 > $1.1 }) {
            let file = files[f]
            let s = file.code[i].start
            let open = i + 1
            guard file.isPunct(open, "("), let close = file.partner[open] else {
                finding(f, offset: s, .swift3Name, "`UIEdgeInsetsInsetRect` used without a call; rewrite by hand as `rect.inset(by: insets)`", note: i)
                continue
            }
            let args = arguments(f, open: open, close: close)
            guard args.count == 2, argumentLabels(f, open: open, close: close) == ["_", "_"] else {
                finding(f, offset: s, .swift3Name, "`UIEdgeInsetsInsetRect` with \(args.count) arguments; not renamed", note: i)
                continue
            }
            let e = file.code[close].end
            let before = file.text(s, e)
            let r0 = file.code[args[0].first].start, r1 = file.code[args[0].last].end
            let i0 = file.code[args[1].first].start, i1 = file.code[args[1].last].end
            // Take the pending edits of the arguments into their text (they are inside the range replaced).
            guard let rect = absorb(file: f, r0, r1), let insets = absorb(file: f, i0, i1),
                  absorb(file: f, s, e) != nil else {
                finding(f, offset: s, .conflict, "`UIEdgeInsetsInsetRect` overlaps another rewrite; not renamed", note: i)
                continue
            }
            let simple = isPostfixExpression(f, args[0].first, args[0].last)
            let after = (simple ? rect : "(" + rect + ")") + ".inset(by: " + insets + ")"
            add(file: f, offset: s, rule: .swift3Name, before: before, after: after, edits: [edit(s, e, after)])
        }
    }

    /// Whether `first...last` is a postfix expression (`a.b(c)[d]`), which `.inset(by:)` can follow unparenthesised.
    private func isPostfixExpression(_ f: Int, _ first: Int, _ last: Int) -> Bool {
        let file = files[f]
        var j = first
        while j <= last {
            let t = file.code[j]
            if j > first, t.spaceBefore { return false }
            switch t.kind {
            case .identifier, .number, .string: j += 1
            case .punctuation:
                if file.isPunct(j, "."), j > first { j += 1; continue }
                if (file.isPunct(j, "(") || file.isPunct(j, "[")), let p = file.partner[j] { j = p + 1; continue }
                return false
            case .operator:
                if j > first, file.isOp(j, "?") || file.isOp(j, "!") { j += 1; continue }
                return false
            default: return false
            }
        }
        return true
    }
}
