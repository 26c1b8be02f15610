// Rule 5: an `override` declared in an extension moves to the end of its class's body.

extension Rewriter {
    func extensionOverrides(_ decls: [[TypeDeclaration]]) {
        // Classes of the files by qualified name and by last component (when unique).
        var classes: [String: (file: Int, decl: TypeDeclaration)] = [:]
        var byLast: [String: [(Int, TypeDeclaration)]] = [:]
        for (f, list) in decls.enumerated() {
            for d in list where d.kind == .class {
                classes[d.name] = (f, d)
                byLast[String(d.name.split(separator: ".").last ?? ""), default: []].append((f, d))
            }
        }
        for (f, list) in decls.enumerated() {
            let file = files[f]
            for ext in list where ext.kind == .extension {
                guard let close = ext.close else { continue }
                let overrides = file.memberKeywords(of: ext).filter { k in
                    file.declarationHead(keyword: k).modifiers.contains { file.isWord($0, "override") }
                }
                guard !overrides.isEmpty else { continue }
                let target = classes[ext.name] ?? byLast[ext.name].flatMap { $0.count == 1 ? $0[0] : nil }
                var moved: [Range<Int>] = []
                for k in overrides {
                    let head = file.declarationHead(keyword: k)
                    let what = "\(file.text(k)) \(k + 1 < close ? file.name(k + 1) : "")"
                    guard let (cf, cls) = target, let cClose = cls.close else {
                        finding(f, offset: file.code[head.first].start, .extensionOverride,
                                "`override \(what)` in an extension of \(ext.name), which is not a class in these files: move it into the class body by hand",
                                note: k)
                        continue
                    }
                    if let r = move(member: head, in: f, extensionDecl: ext, extensionClose: close, toClass: cls, in: cf, classClose: cClose) {
                        moved.append(r)
                    }
                }
                if moved.count == overrides.count, let (cf, cls) = target { removeIfEmpty(ext, in: f, moved: moved, movedTo: cls.name, in: files[cf].path) }
            }
        }
    }

    /// Removes `extension X { … }` once every member it held has moved into the class: nothing
    /// but the moved members (and blanks) in its body, and no inheritance clause (an extension
    /// declaring a conformance stays, empty or not). Its lines go when it stands on lines of its
    /// own; comments above it stay.
    private func removeIfEmpty(_ ext: TypeDeclaration, in f: Int, moved: [Range<Int>], movedTo cls: String, in path: String) {
        let file = files[f]
        guard ext.clauseColon == nil, let open = ext.open, let close = ext.close else { return }
        let body = file.code[open].end..<file.code[close].start
        // Every token of the body (comments too) inside a moved member's text.
        for t in file.all where body.contains(t.start) {
            guard moved.contains(where: { $0.contains(t.start) }) else { return }
        }
        var s = file.code[ext.head.first].start, e = file.code[close].end
        let next = file.nextLineStart(after: e)
        var lineTail = next
        while lineTail > e, [UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(file.bytes[lineTail - 1]) { lineTail -= 1 }
        if file.onlyBlanks(file.lineStart(of: s), s) && file.onlyBlanks(e, lineTail) {
            s = file.lineStart(of: s)
            e = next
        }
        let name = "extension \(ext.name)"
        // The moved members' removals lie inside: taken into this one.
        guard absorb(file: f, s, e) != nil else {
            finding(f, offset: file.code[ext.head.keyword].start, .conflict, "`\(name)` is empty after its overrides moved, but overlaps another rewrite; not removed")
            return
        }
        add(file: f, offset: file.code[ext.head.first].start, rule: .extensionOverride, before: "",
            after: "\(name) { } removed: its only members moved into class \(cls) (\(path))", edits: [edit(s, e, "")])
    }

    /// Moves one member; returns the byte range of the text it took out (nil when not moved).
    @discardableResult
    private func move(member head: DeclarationHead, in f: Int, extensionDecl ext: TypeDeclaration, extensionClose: Int,
                      toClass cls: TypeDeclaration, in cf: Int, classClose: Int) -> Range<Int>? {
        let file = files[f]
        let lastToken = file.memberEnd(keyword: head.keyword, bodyClose: extensionClose)
        // The member's text: from its leading doc comments' line to the end of its last line.
        var start = file.code[head.first].start
        var a = file.allIndex[head.first] - 1
        while a >= 0, file.all[a].isComment {
            // Comments on the lines directly above (no blank line between), each starting its line.
            let gap = file.bytes[file.all[a].end..<start]
            if gap.filter({ $0 == UInt8(ascii: "\n") }).count > 1 { break }
            if !file.onlyBlanks(file.lineStart(of: file.all[a].start), file.all[a].start) { break }
            start = file.all[a].start
            a -= 1
        }
        var s = start, e = file.code[lastToken].end
        let ownLines = file.onlyBlanks(file.lineStart(of: s), s)
        // A trailing comment on the last line goes with the member.
        var after = file.allIndex[lastToken] + 1
        while after < file.all.count, file.all[after].isComment, !file.all[after].newlineBefore { e = file.all[after].end; after += 1 }
        let nextLine = file.nextLineStart(after: e)
        var lineTail = nextLine
        while lineTail > e, [UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(file.bytes[lineTail - 1]) { lineTail -= 1 }
        if ownLines && file.onlyBlanks(e, lineTail) {
            s = file.lineStart(of: s)
            e = nextLine
        }
        guard var text = absorb(file: f, s, e) else {
            finding(f, offset: file.code[head.keyword].start, .conflict, "an override in an extension overlaps another rewrite; not moved", note: head.keyword)
            return nil
        }
        if !text.hasSuffix("\n") { text += "\n" }
        let indentation = String(decoding: file.bytes[file.lineStart(of: file.code[head.first].start)..<file.code[head.first].start]
            .prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }, as: UTF8.self)
        // The extension's access level applies to its members; inside the class it must be written.
        if let access = ext.head.modifiers.first(where: { SwiftWords.accessModifiers.contains(file.text($0)) }).map(file.text),
           !head.modifiers.contains(where: { SwiftWords.accessModifiers.contains(file.text($0)) }) {
            let written = access == "private" ? "fileprivate" : access
            let offset = file.code[head.first].start - s
            let utf8 = Array(text.utf8)
            text = String(decoding: utf8[..<offset] + Array((written + " ").utf8) + utf8[offset...], as: UTF8.self)
            if access == "private", cf != f {
                finding(f, offset: file.code[head.keyword].start, .extensionOverride,
                        "the moved override was private to \(file.path); it is fileprivate in \(files[cf].path) now and may need other private names")
            }
        }
        // `#if` branches the member is under, beyond those the class itself is under.
        let classFrames = files[cf].ifFrames(cls.head.keyword)
        var frames = file.ifFrames(head.keyword)
        if frames.starts(with: classFrames) { frames.removeFirst(classFrames.count) }
        if !frames.isEmpty {
            let cond = frames.map(\.condition).joined(separator: " && ")
            text = indentation + "#if " + cond + "\n" + text + indentation + "#endif\n"
        }
        // Insert before the class's closing brace, on its own lines.
        let target = files[cf]
        let closeAt = target.code[classClose].start
        let closeLineStart = target.lineStart(of: closeAt)
        let insertAt: Int, inserted: String
        if target.onlyBlanks(closeLineStart, closeAt) {
            insertAt = closeLineStart
            inserted = "\n" + text
        } else {
            insertAt = closeAt
            inserted = "\n" + text
        }
        let name = "\(file.text(head.keyword)) \(head.keyword + 1 < file.code.count ? file.name(head.keyword + 1) : "")"
        let from = file.position(file.code[head.keyword].start)
        let to = target.position(closeAt)
        guard add(file: f, offset: file.code[head.first].start, rule: .extensionOverride, before: oneLine(file.text(file.code[head.first].start, file.code[head.keyword].end) + " " + (head.keyword + 1 < file.code.count ? file.name(head.keyword + 1) : "")),
            after: "moved into class \(cls.name) (\(target.path):\(to.line))", edits: [edit(s, e, "")]) else { return nil }
        add(file: cf, offset: closeAt, rule: .extensionOverride, before: "",
            after: "override \(name) moved here from the extension at \(file.path):\(from.line)", edits: [edit(insertAt, insertAt, inserted)])
        return s..<e
    }
}
