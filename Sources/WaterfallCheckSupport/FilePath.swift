import Foundation

/// Path arithmetic on strings, without Foundation's `NSString` path methods (on this
/// Foundation, `deletingLastPathComponent` traps on a one-character string and on `"x/"`).
/// Pure and total: every string, however odd, gives an answer (docs/decisions/adversarial.md).
package enum FilePath {
    /// The directory part of `path` as it is spelled: `.` for a bare name, `/` for a child of the
    /// root; trailing slashes are ignored (`a/b/` → `a`).
    package static func parent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        var head = p[..<slash]
        while head.count > 1, head.hasSuffix("/") { head = head.dropLast() }
        return head.isEmpty ? "/" : String(head)
    }

    /// The last component of `path`, trailing slashes ignored (`a/b/` → `b`; `/` → `/`).
    package static func lastComponent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard p != "/", let slash = p.lastIndex(of: "/") else { return String(p) }
        return String(p[p.index(after: slash)...])
    }

    /// `name` without its last `.extension` (a leading dot is not an extension).
    package static func deletingExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// `path` made absolute against the current directory, `.` and `..` components removed
    /// lexically, without resolving symbolic links.
    package static func absolute(_ path: String) -> String {
        var parts: [Substring] = []
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        for c in full.split(separator: "/", omittingEmptySubsequences: true) {
            if c == "." { continue }
            if c == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(c)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` absolute with every symbolic link resolved (`realpath`); when the file does not
    /// exist yet, its nearest existing ancestor is resolved and the rest appended.
    package static func resolved(_ path: String) -> String {
        var head = absolute(path)
        var tail: [String] = []
        while true {
            if let r = realpath(head, nil) {
                defer { free(r) }
                let base = String(cString: r)
                return tail.isEmpty ? base : (base == "/" ? "" : base) + "/" + tail.reversed().joined(separator: "/")
            }
            if head == "/" { return "/" + tail.reversed().joined(separator: "/") }
            tail.append(lastComponent(head))
            head = parent(head)
        }
    }

    /// Whether `path` is `ancestor` or lies under it (both absolute and resolved).
    package static func isWithin(_ path: String, _ ancestor: String) -> Bool {
        path == ancestor || path.hasPrefix(ancestor.hasSuffix("/") ? ancestor : ancestor + "/")
    }
}

/// Writes to standard error with `write(2)`, ignoring every failure: a closed descriptor or a
/// full device loses the message, never the run (`FileHandle.standardError.write` traps there).
package func writeStandardError(_ text: String) { writeDescriptor(2, text) }

/// Writes `text` to descriptor `fd` with `write(2)`, ignoring every failure (see ``writeStandardError(_:)``).
package func writeDescriptor(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeMutableBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
    }
    bytes.removeAll()
}

/// `word` as a shell reads it back: as is when it is plain, else in single quotes.
package func shellQuoted(_ word: String) -> String {
    if !word.isEmpty, word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=,@%+".contains($0)) }) { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
