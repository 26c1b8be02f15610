import CWaterfallCheckJSONC
import Foundation

/// One JSON text parsed strictly: json-c (strict mode, UTF-8 validation) plus the checks json-c
/// leaves out (``JSONLint``: `NaN`, `Infinity`, single quotes, `1.`, raw control characters,
/// integers beyond 64 bits, numbers overflowing a double; duplicate keys; trailing bytes).
/// Every error is a ``JSONError`` with line, column and JSON path.
///
/// Used for fixture files (``FixtureReader``) and, one line at a time, for the engine protocol
/// (FIXTURE-FORMAT §9). Decode its values inside ``decode(_:)``.
package final class JSONDocument {
    /// The file name used in errors.
    package let file: String
    /// The text's bytes.
    package let bytes: [UInt8]
    private let root: OpaquePointer?

    /// Nesting deeper than this is a fixture error (json-c keeps one frame per level).
    package static let maximumDepth = 512

    /// Parses `bytes` (one JSON text, any top-level value).
    /// - Throws: ``JSONError`` for an empty text, a UTF-8 byte order mark, invalid UTF-8, a
    ///   syntax error, a non-JSON token, a duplicate key, a key containing U+0000, a number that does not fit a double or an
    ///   integer beyond 64 bits, trailing bytes.
    /// - Complexity: O(n): json-c's parse, one lexical pass over the bytes, one walk of the tree's
    ///   containers to count members. The duplicate-key search and every locating walk run only
    ///   when there is something to report.
    package init(parsing bytes: [UInt8], file: String) throws {
        self.file = file
        self.bytes = bytes
        func fail(_ offset: Int, _ message: String) -> JSONError {
            let locator = SourceLocator(bytes: bytes)
            let (line, column) = locator.lineColumn(at: offset)
            return JSONError(file: file, line: line, column: column, jsonPath: locator.path(at: offset), message: message)
        }
        if bytes.isEmpty { throw fail(0, "empty file; expected one JSON object") }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw fail(0, "the file starts with a UTF-8 byte order mark (BOM); save it as UTF-8 without BOM") }
        guard bytes.count < Int(Int32.max) else { throw fail(0, "the file is larger than 2 GiB") }

        // json-c: structure and UTF-8.
        var parseFault: JSONLint.Fault?
        let tok = json_tokener_new_ex(Int32(Self.maximumDepth))!
        defer { json_tokener_free(tok) }
        json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8)
        var parsed = bytes.withUnsafeBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { json_tokener_parse_ex(tok, $0, Int32(b.count)) }
        }
        var error = json_tokener_get_error(tok)
        var retried = false
        // A top-level number or literal at the very end (`42`, `null` without a newline) leaves
        // json-c waiting for more: a space ends it, so the decoder can say what is wrong with it.
        if error == json_tokener_continue, let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }),
           first != UInt8(ascii: "{"), first != UInt8(ascii: "["), first != UInt8(ascii: "\"") {
            retried = true
            parsed = json_tokener_parse_ex(tok, " ", 1)
            error = json_tokener_get_error(tok)
        }
        // After the extra space the whole text was read (json-c counts offsets per chunk).
        let end = retried ? bytes.count : json_tokener_get_parse_end(tok)
        if error == json_tokener_continue {
            parseFault = .init(offset: bytes.count, message: "unexpected end of file; the JSON text is incomplete")
        } else if error != json_tokener_success {
            let what = String(cString: json_tokener_error_desc(error))
            parseFault = error == json_tokener_error_parse_utf8_string
                ? .init(offset: end, message: "the file is not valid UTF-8")
                : .init(offset: end, message: "JSON syntax error: \(what)")
        } else if let rest = bytes[end...].firstIndex(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) {
            parseFault = .init(offset: rest, message: "unexpected bytes after the top-level value")
        }
        // Our lexical pass; the earlier of the two faults wins.
        let lint = bytes.withUnsafeBufferPointer(JSONLint.check)
        if let l = lint.fault, l.offset <= parseFault?.offset ?? Int.max {
            json_object_put(parsed)
            throw fail(l.offset, l.message)
        }
        if let p = parseFault {
            json_object_put(parsed)
            throw fail(p.offset, p.message)
        }
        root = parsed

        // json-c cuts a key at U+0000: `"columnCount\u0000x"` would be read as `columnCount`.
        if Self.containsEscapedNUL(bytes), let bad = SourceLocator(bytes: bytes).firstKeyWithNUL() {
            let (line, column) = SourceLocator(bytes: bytes).lineColumn(at: bad.offset)
            throw JSONError(file: file, line: line, column: column, jsonPath: bad.path, message: "a key must not contain U+0000 (\\u0000)")
        }
        // A key written twice leaves json-c with fewer members than the text has.
        if Self.countMembers(parsed) != lint.memberCount {
            let dup = SourceLocator(bytes: bytes).firstDuplicateKey() ?? (0, "$")
            let (line, column) = SourceLocator(bytes: bytes).lineColumn(at: dup.offset)
            throw JSONError(file: file, line: line, column: column, jsonPath: dup.path, message: "duplicate key; each key may appear once per object")
        }
    }

    /// json-c's own parse and free of `bytes`, nothing else (no lexical pass, no tree check): the
    /// reference the codec bench sets the strict reader against. Returns whether json-c parsed it.
    package static func rawParseAndFree(_ bytes: [UInt8]) -> Bool {
        let tok = json_tokener_new_ex(Int32(maximumDepth))!
        defer { json_tokener_free(tok) }
        json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8)
        let parsed = bytes.withUnsafeBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { json_tokener_parse_ex(tok, $0, Int32(b.count)) }
        }
        defer { json_object_put(parsed) }
        return parsed != nil
    }

    /// The lexical pass alone (bench split). Returns the member count.
    package static func lintOnly(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBufferPointer(JSONLint.check).memberCount }

    /// Reads and parses the file at `url`.
    /// - Throws: ``JSONError`` (with line 1, column 1) when the file cannot be read (naming a
    ///   FIFO or device as not a regular file), or as
    ///   ``init(parsing:file:)``.
    package convenience init(contentsOf url: URL) throws {
        try self.init(parsing: try Self.bytes(contentsOf: url), file: url.path)
    }

    /// The bytes of the regular file at `url`, read straight into one array.
    /// - Throws: ``JSONError`` (at 1:1) when it cannot be read or is not a regular file.
    package static func bytes(contentsOf url: URL) throws -> [UInt8] {
        do { return try Self.readBytes(url.path) } catch {
            throw JSONError(file: url.path, line: 1, column: 1, jsonPath: "$", message: "cannot read the file: \(error.message)")
        }
    }

    private struct ReadFailure: Error { var message: String }

    /// The file's bytes, read straight into one array (no `Data` then a copy: the file is held
    /// once, not twice, while it is parsed). A FIFO or device is never read (no hang on a FIFO,
    /// no endless read of /dev/zero).
    private static func readBytes(_ path: String) throws(ReadFailure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw ReadFailure(message: String(cString: strerror(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw ReadFailure(message: String(cString: strerror(errno))) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw ReadFailure(message: "it is not a regular file (a directory, FIFO or device)") }
        var size = Int(st.st_size)
        var out = [UInt8]()
        var failure: Int32 = 0
        while true {
            // Read what fstat announced, then probe for more (a file that grew while being read).
            let capacity = max(size - out.count, 0) + 1
            let before = out.count
            out.reserveCapacity(before + capacity)
            var got = 0
            out.append(contentsOf: repeatElement(0, count: capacity))
            out.withUnsafeMutableBufferPointer { b in
                while got < capacity {
                    let n = read(fd, b.baseAddress! + before + got, capacity - got)
                    if n < 0 { if errno == EINTR { continue }; failure = errno; break }
                    if n == 0 { break }
                    got += n
                }
            }
            out.removeLast(capacity - got)
            if failure != 0 { throw ReadFailure(message: String(cString: strerror(failure))) }
            if got < capacity { break }
            size = out.count * 2
        }
        return out
    }

    deinit { json_object_put(root) }

    /// Runs `body` on the root value, turning a ``JSONFault`` it throws into a located
    /// ``JSONError``. Nodes must not escape `body`.
    package func decode<T>(_ body: (JSONNode) throws -> T) throws -> T {
        do {
            return try withExtendedLifetime(self) { try body(JSONNode(raw: root, container: nil, slot: .root)) }
        } catch let f as JSONFault {
            throw error(for: f)
        }
    }

    /// The located error for `fault`: its JSON path, and the line and column of the value (or of
    /// the object missing a member).
    package func error(for fault: JSONFault) -> JSONError {
        var components = fault.container.flatMap { path(to: $0, from: root) } ?? []
        switch fault.slot {
        case .root: break
        case .key(let k): components.append(.key(k))
        case .index(let i): components.append(.index(i))
        }
        let locator = SourceLocator(bytes: bytes)
        let (line, column) = locator.lineColumn(at: locator.offset(of: components))
        return JSONError(file: file, line: line, column: column, jsonPath: JSONPathComponent.render(components), message: fault.message)
    }

    /// The path from `node` down to `target` (by identity). O(n), error path only.
    private func path(to target: UInt, from node: OpaquePointer?) -> [JSONPathComponent]? {
        guard let o = node else { return nil }
        if UInt(bitPattern: o) == target { return [] }
        switch json_object_get_type(o) {
        case json_type_object:
            var entry = json_object_get_object(o)?.pointee.head
            while let e = entry {
                if let sub = path(to: target, from: OpaquePointer(e.pointee.v)) {
                    return [.key(String(cString: e.pointee.k.assumingMemoryBound(to: CChar.self)))] + sub
                }
                entry = e.pointee.next
            }
        case json_type_array:
            for i in 0..<json_object_array_length(o) {
                if let sub = path(to: target, from: json_object_array_get_idx(o, i)) { return [.index(i)] + sub }
            }
        default: break
        }
        return nil
    }

    /// Whether the text contains the escape `\u0000` anywhere. O(n).
    private static func containsEscapedNUL(_ bytes: [UInt8]) -> Bool {
        let tail = Array("u0000".utf8)
        var i = 0
        while let slash = bytes[i...].firstIndex(of: UInt8(ascii: "\\")) {
            if bytes[(slash + 1)...].starts(with: tail) { return true }
            i = slash + 1
        }
        return false
    }

    /// Counts the object members json-c kept (a duplicate key keeps one), walking containers only.
    /// - Complexity: O(n) in the values; no allocation.
    private static func countMembers(_ node: OpaquePointer?) -> Int {
        guard let o = node else { return 0 }
        var members = 0
        switch json_object_get_type(o) {
        case json_type_object:
            var entry = json_object_get_object(o)?.pointee.head
            while let e = entry {
                members += 1 + countMembers(OpaquePointer(e.pointee.v))
                entry = e.pointee.next
            }
        case json_type_array:
            for i in 0..<json_object_array_length(o) { members += countMembers(json_object_array_get_idx(o, i)) }
        default: break
        }
        return members
    }
}
