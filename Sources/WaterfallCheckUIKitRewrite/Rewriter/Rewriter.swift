// The rewrite's working state: the lexed files, their pending edits, changes and findings.

/// A byte edit of one input file: replace `start..<end` with `replacement`.
struct Edit {
    var start: Int
    var end: Int
    var replacement: String
    /// Creation order, to order insertions at the same offset.
    var sequence: Int
}

/// A change being built: what the report says and the edits that make it.
struct PendingChange {
    var file: Int
    var offset: Int
    var rule: Rule
    var before: String
    var after: String
    var edits: [Edit]
}

final class Rewriter {
    let files: [SourceFile]
    var changes: [PendingChange] = []
    var findings: [[Finding]]
    private var sequence = 0
    let options: UIKitRewrite.Options

    init(files: [(path: String, text: String)], options: UIKitRewrite.Options) {
        self.files = files.map { SourceFile(path: $0.path, text: $0.text) }
        self.findings = Array(repeating: [], count: files.count)
        self.options = options
    }

    func edit(_ start: Int, _ end: Int, _ replacement: String) -> Edit {
        sequence += 1
        return Edit(start: start, end: end, replacement: replacement, sequence: sequence)
    }

    /// Records a change unless one of its edits overlaps an edit already made (then a finding).
    @discardableResult
    func add(file f: Int, offset: Int, rule: Rule, before: String, after: String, edits: [Edit]) -> Bool {
        for e in edits {
            if let other = conflicting(file: f, e) {
                finding(f, offset: offset, .conflict,
                        "\(rule.rawValue) (\(oneLine(before)) -> \(oneLine(after))) overlaps \(other.rule.rawValue) (\(oneLine(other.before)) -> \(oneLine(other.after))); not made")
                return false
            }
        }
        changes.append(PendingChange(file: f, offset: offset, rule: rule, before: before, after: after, edits: edits))
        return true
    }

    private func conflicting(file f: Int, _ e: Edit) -> PendingChange? {
        for c in changes where c.file == f {
            for o in c.edits {
                let overlap = e.start < o.end && o.start < e.end
                let insertionInside = (e.start == e.end && o.start < e.start && e.start < o.end)
                    || (o.start == o.end && e.start < o.start && o.start < e.end)
                if overlap || insertionInside { return c }
            }
        }
        return nil
    }

    func finding(_ f: Int, offset: Int, _ kind: Finding.Kind, _ message: String, note token: Int? = nil) {
        let file = files[f]
        let p = file.position(offset)
        var message = message
        if let token, let cond = file.ifCondition(token) { message += " (under `#if \(cond)`)" }
        findings[f].append(Finding(path: file.path, line: p.line, column: p.column, kind: kind, message: message))
    }

    /// The text of `start..<end` in file `f` with the pending edits inside it applied; those edits
    /// are taken out of their changes (the changes stay listed) since the caller replaces the whole
    /// range. Returns nil if an edit straddles the range's boundary.
    func absorb(file f: Int, _ start: Int, _ end: Int) -> String? {
        var inside: [Edit] = []
        for c in changes where c.file == f {
            for e in c.edits {
                if e.start >= start && e.end <= end {
                    inside.append(e)
                } else if e.start < end && start < e.end {
                    return nil
                }
            }
        }
        for x in changes.indices where changes[x].file == f {
            changes[x].edits.removeAll { $0.start >= start && $0.end <= end }
        }
        return apply(inside, to: Array(files[f].bytes[start..<end]), base: start)
    }

    /// Applies edits (sorted by start, then creation) to bytes that begin at offset `base`.
    func apply(_ edits: [Edit], to bytes: [UInt8], base: Int) -> String {
        let sorted = edits.sorted { ($0.start, $0.sequence) < ($1.start, $1.sequence) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var at = base
        for e in sorted {
            precondition(e.start >= at, "overlapping edits")
            out.append(contentsOf: bytes[(at - base)..<(e.start - base)])
            out.append(contentsOf: Array(e.replacement.utf8))
            at = e.end
        }
        out.append(contentsOf: bytes[(at - base)...])
        return String(decoding: out, as: UTF8.self)
    }

    func results() -> [RewrittenFile] {
        files.indices.map { f in
            let file = files[f]
            let mine = changes.filter { $0.file == f }
            let edits = mine.flatMap(\.edits)
            let text = apply(edits, to: file.bytes, base: 0)
            #if DEBUG
            Rewriter._checkInvariants(input: file.bytes, edits: edits, output: text)
            #endif
            let listed = mine.sorted { $0.offset < $1.offset }.map { c -> Change in
                let p = file.position(c.offset)
                return Change(line: p.line, column: p.column, rule: c.rule, before: c.before, after: c.after)
            }
            let found = findings[f].sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            return RewrittenFile(path: file.path, text: text, changes: listed, findings: found)
        }
    }

    /// Every byte outside the edits is the input's: undoing the edits on the output gives the input.
    static func _checkInvariants(input: [UInt8], edits: [Edit], output: String) {
        let sorted = edits.sorted { ($0.start, $0.sequence) < ($1.start, $1.sequence) }
        var out = Array(output.utf8)[...]
        var at = 0
        for e in sorted {
            precondition(e.start >= at && e.end <= input.count, "edits overlap or leave the file")
            let keep = input[at..<e.start]
            precondition(out.starts(with: keep), "unchanged bytes differ")
            out = out.dropFirst(keep.count)
            let r = Array(e.replacement.utf8)
            precondition(out.starts(with: r), "replacement missing")
            out = out.dropFirst(r.count)
            at = e.end
        }
        precondition(Array(out) == Array(input[at...]), "unchanged tail differs")
    }
}

/// A short one-line form of a snippet for messages.
func oneLine(_ s: String, limit: Int = 80) -> String {
    var t = ""
    var lastSpace = false
    for c in s {
        if c == "\n" || c == "\r" || c == "\t" || c == " " {
            if !lastSpace { t.append(" ") }
            lastSpace = true
        } else {
            t.append(c)
            lastSpace = false
        }
    }
    if t.count > limit { t = String(t.prefix(limit - 1)) + "…" }
    return t
}
