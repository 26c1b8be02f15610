import Foundation
import WaterfallCheck
#if canImport(Glibc)
import Glibc
#endif

/// A child process run with `posix_spawn` and reaped with `waitpid` on its own pid: what the CLI
/// tests use instead of Foundation's `Process`, whose `waitUntilExit()` on Linux can miss the
/// child's SIGCHLD under load and wait forever beside a zombie (seen here in the SIGTERM test).
public final class Subprocess: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    public let pid: pid_t
    private let stdoutFD: Int32
    private let stderrFD: Int32
    private let stdinFD: Int32

    /// Starts `executable` with `arguments` in `directory` and exactly `environment`.
    /// - Parameters:
    ///   - capture: pipe stdout and stderr (read with ``finish()``); otherwise both go to /dev/null.
    ///   - input: bytes written to stdin (then closed); `nil` gives /dev/null.
    public init(_ executable: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String],
         capture: Bool = true, input: Data? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1], inp: [Int32] = [-1, -1]
        if capture {
            guard pipe(&out) == 0, pipe(&err) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
            posix_spawn_file_actions_adddup2(&actions, out[1], 1)
            posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        if input != nil {
            guard pipe(&inp) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
            posix_spawn_file_actions_adddup2(&actions, inp[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        for fd in out + err + inp where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
        // Nothing else the test process has open reaches the child: another test's script still
        // open for writing would make its exec fail with ETXTBSY, another test's pipe would never
        // see its end of file. (``addCloseFrom(_:lowest:)``, as the harness does for engines.)
        addCloseFrom(&actions, lowest: 3)
        // The child starts with no signal blocked and default dispositions, whatever the test runner's.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none); sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // In `directory` by way of `/bin/sh -c 'cd "$0" && exec "$@"'` (glibc's addchdir_np is not
        // in Swift's Glibc module); `exec` keeps the pid.
        let command = directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0.path, executable] } ?? [executable]
        let argv = (command + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, command[0], &actions, &attributes, argv, envp)
        for fd in [out[1], err[1], inp[0]] where fd >= 0 { close(fd) }
        guard rc == 0 else {
            for fd in [out[0], err[0], inp[1]] where fd >= 0 { close(fd) }
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(rc)))")
        }
        pid = child
        stdoutFD = out[0]; stderrFD = err[0]; stdinFD = inp[1]
        if let input, stdinFD >= 0 {
            let fd = stdinFD
            // Written on another thread, so a child that does not read cannot block the test.
            Thread.detachNewThread {
                input.withUnsafeBytes { b in
                    var off = 0
                    while off < b.count {
                        let n = write(fd, b.baseAddress! + off, b.count - off)
                        if n <= 0 { break }
                        off += n
                    }
                }
                close(fd)
            }
        }
    }

    /// Sends `signal` to the child.
    public func signal(_ signal: Int32) { kill(pid, signal) }

    /// Reads stdout and stderr to their end (when captured), then reaps the child.
    /// - Returns: its exit code, or the signal number when a signal ended it (as Foundation's
    ///   `terminationStatus` reports).
    public func finish() -> (status: Int32, stdout: Data, stderr: Data) {
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        if stderrFD >= 0 {
            let fd = stderrFD
            DispatchQueue.global().async(group: group) { errBox.data = Self.readAll(fd) }
        }
        let out = stdoutFD >= 0 ? Self.readAll(stdoutFD) : Data()
        group.wait()
        return (wait(), out, errBox.data)
    }

    /// Reaps the child (retrying on EINTR). Exit code, or the signal number.
    public func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : signal
    }

    private static func readAll(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n > 0 { data.append(buffer, count: n); continue }
            if n < 0 && errno == EINTR { continue }
            break
        }
        close(fd)
        return data
    }
}
