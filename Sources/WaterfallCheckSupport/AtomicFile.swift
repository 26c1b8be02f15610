import Foundation

/// Writes a file all at once or not at all, so a golden or a counterexample is never half-written.
package enum AtomicFile {
    /// What to do when the target exists and is not a regular file (after its links are followed).
    package enum SpecialFiles: Sendable {
        /// Refuse it (a golden or a pending recording is always a regular file).
        case refuse
        /// Write a character device (`/dev/null`, `/dev/stdout`) or a FIFO in place with
        /// open + write, never replacing it; refuse anything else (a directory, a socket, a
        /// block device). For report files named on the command line.
        case writeInPlace
    }

    /// Writes `data` to `url`, never replacing what is not a regular file: a symbolic link is
    /// followed (the file it names is written, the link stays), a FIFO or character device is
    /// written in place or refused (`special`). A regular or missing file is written to a
    /// temporary file in its directory (a hidden name from the first 100 bytes of its own),
    /// flushed to disk, then renamed over it (atomic on POSIX file systems); an existing file
    /// keeps its permissions. On any failure the temporary file is removed and the target is
    /// left as it was; a temporary of a run stopped by SIGINT/SIGTERM is removed by
    /// ``removeTemporaries()``.
    /// - Throws: ``WaterfallCheckError/cannotWrite(path:reason:)`` naming `url`'s path and the system's reason.
    package static func write(_ data: Data, to url: URL, special: SpecialFiles = .refuse) throws {
        let shown = url.path
        func failure(_ what: String, _ code: Int32 = errno) -> WaterfallCheckError {
            WaterfallCheckError.cannotWrite(path: shown, reason: "\(what): \(String(cString: strerror(code)))")
        }
        let path = try followLinks(url.path, shown: shown)
        var st = stat()
        var mode: mode_t = 0o644
        if lstat(path, &st) == 0 {
            let type = st.st_mode & S_IFMT
            if type != S_IFREG {
                guard special == .writeInPlace, type == S_IFCHR || type == S_IFIFO else {
                    throw WaterfallCheckError.cannotWrite(path: shown, reason: "it is \(describe(type)), not a regular file; it is never replaced")
                }
                return try writeInPlace(data, path: path, fifo: type == S_IFIFO, failure: failure)
            }
            mode = st.st_mode & 0o7777
        }
        let directory = FilePath.parent(path)
        // At most 100 bytes of the name, so a name near NAME_MAX (255) still has a temporary.
        let stem = String(decoding: FilePath.lastComponent(path).utf8.prefix(100), as: UTF8.self)
        let temp = directory + "/." + stem + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

        temporaries.insert(temp)
        defer { temporaries.remove(temp) }
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else { throw failure("cannot create a temporary file in \(directory)") }
        var ok = false
        defer { if !ok { unlink(temp) } }
        do {
            defer { close(fd) }
            try writeAll(data, fd, failure)
            guard fchmod(fd, mode) == 0 else { throw failure("chmod failed") }
            guard fsync(fd) == 0 else { throw failure("fsync failed") }
        }
        guard rename(temp, path) == 0 else { throw failure("rename failed") }
        ok = true
    }

    /// `path` with its symbolic links followed (each relative target against the link's
    /// directory), at most 32 deep; a missing final target is returned (it will be created).
    static func followLinks(_ path: String, shown: String) throws -> String {
        var current = path
        for _ in 0..<32 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            if n < 0 { return current }
            let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : FilePath.parent(current) + "/" + target
        }
        throw WaterfallCheckError.cannotWrite(path: shown, reason: "too many levels of symbolic links")
    }

    private static func writeInPlace(_ data: Data, path: String, fifo: Bool, failure: (String, Int32) -> WaterfallCheckError) throws {
        // O_NONBLOCK: a FIFO nobody reads is an error (ENXIO), never a hang.
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            throw failure(errno == ENXIO && fifo ? "the FIFO has no reader" : "cannot open", errno)
        }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        try writeAll(data, fd, { failure($0, errno) })
    }

    private static func writeAll(_ data: Data, _ fd: Int32, _ failure: (String, Int32) -> WaterfallCheckError) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw failure("write failed", errno)
                }
                offset += n
            }
        }
    }

    private static func writeAll(_ data: Data, _ fd: Int32, _ failure: (String) -> WaterfallCheckError) throws {
        try writeAll(data, fd) { what, _ in failure(what) }
    }

    private static func describe(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// Temporary files being written now, removed by ``removeTemporaries()``.
    private static let temporaries = LockedSet()

    /// Writes `data` as a new file in `directory` under the first free name of `names(1)`,
    /// `names(2)`, ... (at most 10,000 tries), never replacing a file: the bytes are written and
    /// flushed to a hidden temporary first (``write(_:to:special:)``), then hard-linked to the
    /// name (`link(2)` fails on an existing name, so two writers racing for one name get two
    /// names), then the temporary is removed. The file appears whole or not at all.
    /// - Returns: the file written.
    /// - Throws: ``WaterfallCheckError/cannotWrite(path:reason:)``.
    public static func create(_ data: Data, in directory: URL, names: (Int) -> String) throws -> URL {
        try create(in: directory, names: names) { _ in data }
    }

    /// ``create(_:in:names:)`` whose bytes depend on the name taken: `data(n)` is written for
    /// `names(n)` (a fixture whose `name` must match its file's). - Throws: as it.
    public static func create(in directory: URL, names: (Int) -> String, data: (Int) -> Data) throws -> URL {
        let dir = directory.path
        let temp = dir + "/.new-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        temporaries.insert(temp)
        defer { unlink(temp); temporaries.remove(temp) }
        var written = 0
        for n in 1...10_000 {
            let bytes = data(n)
            if n == 1 || bytes != data(written) {
                unlink(temp)
                try write(bytes, to: URL(fileURLWithPath: temp))
                written = n
            }
            let target = directory.appendingPathComponent(names(n))
            if link(temp, target.path) == 0 { return target }
            guard errno == EEXIST else {
                throw WaterfallCheckError.cannotWrite(path: target.path, reason: String(cString: strerror(errno)))
            }
        }
        throw WaterfallCheckError.cannotWrite(path: directory.appendingPathComponent(names(1)).path, reason: "10000 files of that name exist")
    }

    /// Removes every temporary file a write in progress has created; for the SIGINT/SIGTERM
    /// handler, just before the process exits. Returns how many were removed.
    @discardableResult
    package static func removeTemporaries() -> Int { temporaries.drain { unlink($0) == 0 } }

    final class LockedSet: @unchecked Sendable {
        private let lock = NSLock()
        private var items = Set<String>()
        package func insert(_ s: String) { lock.withLock { _ = items.insert(s) } }
        package func remove(_ s: String) { lock.withLock { _ = items.remove(s) } }
        package func drain(_ body: (String) -> Bool) -> Int {
            lock.withLock { defer { items.removeAll() }; return items.filter(body).count }
        }
    }
}
