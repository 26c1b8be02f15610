import Foundation

/// Writes a file all at once or not at all, so a golden or a counterexample is never half-written.
public enum AtomicFile {
    /// Why a write failed, naming the path.
    public struct WriteError: LocalizedError, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
        public var errorDescription: String? { description }
    }

    /// Writes `data` to a temporary file in `url`'s directory (a hidden name from the first 100
    /// bytes of `url`'s), flushes it to disk, then renames it over `url` (atomic on POSIX file
    /// systems). An existing file keeps its permissions. On any
    /// failure the temporary file is removed and `url` is left as it was.
    /// - Throws: ``WriteError`` naming `url`'s path and the system's reason.
    public static func write(_ data: Data, to url: URL) throws {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        // At most 100 bytes of the name, so a name near NAME_MAX (255) still has a temporary.
        let stem = String(decoding: url.lastPathComponent.utf8.prefix(100), as: UTF8.self)
        let temp = directory + "/." + stem + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        func failure(_ what: String, _ code: Int32 = errno) -> WriteError {
            WriteError(path: path, reason: "\(what): \(String(cString: strerror(code)))")
        }
        var mode: mode_t = 0o644
        var st = stat()
        if stat(path, &st) == 0 { mode = st.st_mode & 0o7777 }

        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else { throw failure("cannot create a temporary file in \(directory)") }
        var ok = false
        defer { if !ok { unlink(temp) } }
        do {
            defer { close(fd) }
            try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                var offset = 0
                while offset < buffer.count {
                    let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw failure("write failed")
                    }
                    offset += n
                }
            }
            guard fchmod(fd, mode) == 0 else { throw failure("chmod failed") }
            guard fsync(fd) == 0 else { throw failure("fsync failed") }
        }
        guard rename(temp, path) == 0 else { throw failure("rename failed") }
        ok = true
    }
}
