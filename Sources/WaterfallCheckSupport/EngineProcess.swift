#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A child process talking lines on piped stdin/stdout, its stderr drained into a bounded tail.
///
/// The child runs in its own process group (`POSIX_SPAWN_SETPGROUP`), so ``terminate()`` kills
/// everything it started, including a grandchild that still holds a pipe. All parent-side pipe
/// ends are close-on-exec (two engines started side by side never inherit each other's pipes;
/// `pipe2` is not exported to Swift, so pipe creation and spawning are serialised by a lock)
/// and non-blocking; one `poll()` loop writes the request, reads stdout and drains stderr, so a
/// child blocked on a full stderr pipe can never deadlock the harness. SIGPIPE is ignored in
/// the harness (a write to a dead engine returns `EPIPE`) and reset to default in the child.
/// Used from one thread at a time, so its mutable state is `@exclusivity(unchecked)` (no runtime
/// exclusivity check per access).
package final class EngineProcess {
    /// What one ``exchange(_:deadline:)`` produced.
    package enum Outcome {
        /// One complete line, without its `\n`.
        case line([UInt8])
        /// The child closed stdout (exited or crashed) before a complete line; `partial` is what
        /// it wrote of an unterminated line.
        case closed(partial: [UInt8])
        /// No complete line before the deadline; `partial` is what arrived of one.
        case timedOut(partial: [UInt8])
        /// A line longer than the limit (a runaway engine); the stream cannot be resynchronised.
        case tooLong
    }

    /// Where the child reads requests and writes replies.
    package enum Channel: Equatable {
        /// stdin and stdout, `\n`-terminated lines (protocol `waterfall-engine/1`).
        case standardStreams
        /// Chromium's `--remote-debugging-pipe`: requests on the child's fd 3, replies on its fd 4,
        /// each message terminated by a NUL byte; the child's stdin is `/dev/null` and its stdout
        /// goes with its stderr into the bounded tail.
        case devToolsPipe
    }

    /// The byte ending a message: `\n`, or NUL on ``Channel/devToolsPipe``.
    private let separator: UInt8

    package let pid: pid_t
    @exclusivity(unchecked) private var stdinFD: Int32
    @exclusivity(unchecked) private var stdoutFD: Int32
    @exclusivity(unchecked) private var stderrFD: Int32
    /// Bytes read from stdout; `out[outStart...]` is not yet returned, `out[outStart..<scanned]`
    /// holds no `\n`.
    @exclusivity(unchecked) private var out: [UInt8] = []
    @exclusivity(unchecked) private var outStart = 0
    @exclusivity(unchecked) private var scanned = 0
    /// The storage ``takeLine()`` copies each line into (reused; at most 1 MiB kept).
    @exclusivity(unchecked) private var lineBuffer: [UInt8] = []
    /// Request bytes queued for stdin; `pending[pendingStart...]` is not yet written.
    @exclusivity(unchecked) private var pending: [UInt8] = []
    @exclusivity(unchecked) private var pendingStart = 0
    @exclusivity(unchecked) private var pollSet = [pollfd](repeating: pollfd(), count: 3)
    @exclusivity(unchecked) private var err: [UInt8] = []
    private let stderrLimit: Int
    /// The longest stdout line accepted (``maxLine`` unless a test injects less).
    package let lineLimit: Int
    @exclusivity(unchecked) private var reaped = false
    /// The wait status once reaped.
    @exclusivity(unchecked) private(set) var waitStatus: Int32?

    /// The `DispatchTime.now().uptimeNanoseconds` instant `seconds` from now; `seconds` is
    /// clamped to [0, a year], so no value can overflow the conversion (D14).
    package static func deadline(after seconds: Double) -> UInt64 {
        let s = seconds.isNaN ? 0 : min(max(seconds, 0), 366 * 86_400)
        return DispatchTime.now().uptimeNanoseconds &+ UInt64(s * 1e9)
    }

    /// The longest line accepted: 512 MiB (a 1 M-item layout is about 60 MB).
    package static let maxLine = 512 << 20

    /// Starts `arguments[0]` (looked up in `PATH`) with `arguments` as its argv.
    /// - Parameter stderrLimit: bytes of the child's stderr kept (the last ones).
    /// - Throws: ``SpawnError`` when the pipes or the process cannot be created.
    /// - Parameter lineLimit: the longest reply line accepted; past it ``exchange(_:deadline:)``
    ///   returns ``Outcome/tooLong`` without reading further (a flood is never buffered whole).
    /// - Parameter channel: where requests and replies go (``Channel``).
    package init(arguments: [String], stderrLimit: Int = 16 << 10, lineLimit: Int = EngineProcess.maxLine,
         channel: Channel = .standardStreams) throws {
        _ = EngineProcess.ignoreSIGPIPE
        self.stderrLimit = stderrLimit
        self.lineLimit = lineLimit
        self.separator = channel == .devToolsPipe ? 0 : 0x0A
        var fds: [Int32] = []
        func makePipe() throws -> (read: Int32, write: Int32) {
            var p: [Int32] = [-1, -1]
            guard pipe(&p) == 0 else { throw SpawnError(command: arguments, errno: errno) }
            // Above the descriptors the child is given (0-4), so no dup2 below overwrites a pipe
            // end another dup2 still has to copy.
            for i in 0..<2 {
                let high = fcntl(p[i], F_DUPFD_CLOEXEC, 10)
                if high >= 0 { close(p[i]); p[i] = high } else { _ = fcntl(p[i], F_SETFD, FD_CLOEXEC) }
            }
            fds += p
            return (p[0], p[1])
        }
        // pipe2(O_CLOEXEC) is not exported to Swift: serialise pipe creation and spawning, so no
        // engine started on another thread inherits these pipes before they are close-on-exec.
        EngineProcess.spawnLock.lock()
        defer { EngineProcess.spawnLock.unlock() }
        do {
            let input = try makePipe(), output = try makePipe(), error = try makePipe()
            #if os(Linux)
            var actions = posix_spawn_file_actions_t()
            var attr = posix_spawnattr_t()
            #else
            var actions: posix_spawn_file_actions_t?
            var attr: posix_spawnattr_t?
            #endif
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            switch channel {
            case .standardStreams:
                posix_spawn_file_actions_adddup2(&actions, input.read, 0)
                posix_spawn_file_actions_adddup2(&actions, output.write, 1)
                posix_spawn_file_actions_adddup2(&actions, error.write, 2)
            case .devToolsPipe:
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                posix_spawn_file_actions_adddup2(&actions, error.write, 1)
                posix_spawn_file_actions_adddup2(&actions, error.write, 2)
                posix_spawn_file_actions_adddup2(&actions, input.read, 3)
                posix_spawn_file_actions_adddup2(&actions, output.write, 4)
            }
            #if os(Linux)
            addCloseFrom(&actions, lowest: channel == .devToolsPipe ? 5 : 3)
            #endif
            posix_spawnattr_init(&attr)
            defer { posix_spawnattr_destroy(&attr) }
            posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
            posix_spawnattr_setpgroup(&attr, 0)
            var defaults = sigset_t(), mask = sigset_t()
            sigemptyset(&defaults); sigaddset(&defaults, SIGPIPE)
            sigemptyset(&mask)
            posix_spawnattr_setsigdefault(&attr, &defaults)
            posix_spawnattr_setsigmask(&attr, &mask)

            let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var child: pid_t = 0
            let rc = posix_spawnp(&child, arguments[0], &actions, &attr, argv, environ)
            guard rc == 0 else { throw SpawnError(command: arguments, errno: rc) }
            pid = child
            EngineProcess.live.insert(child)
            close(input.read); close(output.write); close(error.write)
            fds = []
            stdinFD = input.write; stdoutFD = output.read; stderrFD = error.read
            for fd in [stdinFD, stdoutFD, stderrFD] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        } catch {
            fds.forEach { close($0) }
            throw error
        }
    }

    deinit { terminate() }

    private static let spawnLock = NSLock()

    /// The process groups of every engine started and not yet reaped.
    package static let live = LiveGroups()

    /// A locked set of process-group ids.
    package final class LiveGroups: @unchecked Sendable {
        private let lock = NSLock()
        private var ids = Set<pid_t>()
        private var stopped = false
        /// Records a started group; once ``killAll()`` has run, kills it at once instead (an
        /// engine spawned while the run is being stopped must not outlive it).
        package func insert(_ id: pid_t) { lock.withLock { if stopped { kill(-id, SIGKILL) }; _ = ids.insert(id) } }
        package func remove(_ id: pid_t) { lock.withLock { _ = ids.remove(id) } }
        /// How many groups are live.
        package var count: Int { lock.withLock { ids.count } }
        /// SIGKILLs every live group and stops further starts (``isStopped``); returns how many.
        package func killAll() -> Int {
            let groups = lock.withLock { stopped = true; for id in ids { kill(-id, SIGKILL) }; return Array(ids) }
            // SIGKILL is delivered asynchronously, and on a loaded machine a killed build or engine
            // can outlive the harness's exit by a few milliseconds: wait (up to 2 s in all) until
            // every group is gone, reaping our own children, so nothing of the run outlives it.
            let deadline = DispatchTime.now().uptimeNanoseconds + 2_000_000_000
            for id in groups {
                while kill(-id, 0) == 0 && DispatchTime.now().uptimeNanoseconds < deadline {
                    while waitpid(-id, nil, WNOHANG) > 0 {}
                    usleep(2_000)
                }
            }
            return groups.count
        }
        /// Whether ``killAll()`` has run: the run is ending, engines are not restarted (D9).
        package var isStopped: Bool { lock.withLock { stopped } }
    }
    private static let ignoreSIGPIPE: Void = { signal(SIGPIPE, SIG_IGN); () }()

    /// Writes `request` (a whole line including its `\n`; may be empty) and reads one line of reply,
    /// draining stderr all along. The line is returned only once the whole request is written.
    /// - Parameter deadline: `DispatchTime.now().uptimeNanoseconds`-based instant to give up at.
    /// - Complexity: O(bytes written + bytes read).
    package func exchange(_ request: [UInt8], deadline: UInt64) -> Outcome {
        request.withUnsafeBytes { enqueue($0) }
        return receive(deadline: deadline, early: false)
    }

    /// Queues `bytes` (whole request lines) for the child's stdin and writes what the pipe takes
    /// now, without waiting; the rest is written by the next ``receive(deadline:early:)``, which
    /// polls stdin beside stdout and stderr (so neither side can block the other: the pipelined
    /// requests of FIXTURE-FORMAT §9).
    package func enqueue(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty, stdinFD >= 0 else { return }
        if pendingStart == pending.count {
            pending.removeAll(keepingCapacity: true); pendingStart = 0
            let w = write(stdinFD, bytes.baseAddress!, bytes.count)
            if w == bytes.count { return }
            if w < 0 && errno != EAGAIN && errno != EINTR { closeStdin(); return }
            pending.append(raw: UnsafeRawBufferPointer(rebasing: bytes[max(w, 0)...]))
        } else {
            pending.append(raw: bytes)
        }
    }

    /// Bytes queued for stdin and not yet written.
    package var unwritten: Int { stdinFD < 0 ? 0 : pending.count - pendingStart }

    /// Reads one line of reply, writing queued request bytes and draining stderr all along.
    /// - Parameter early: return a line while request bytes are still queued (pipelining: the
    ///   reply to an earlier request); otherwise only once everything queued is written.
    /// - Complexity: O(bytes written + bytes read).
    package func receive(deadline: UInt64, early: Bool) -> Outcome {
        // When this call first had to wait, and whether it polls before blocking (SpinWait).
        var waitStart: UInt64 = 0
        var spins = false
        while true {
            if early || unwritten == 0, let line = takeLine() { return .line(line) }
            // Every byte scanned, no `\n`, and more than the limit: stop before buffering more (D4).
            if scanned == out.count && out.count - outStart > lineLimit { return .tooLong }
            if stdoutFD < 0 { return .closed(partial: takeRest()) }
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { return .timedOut(partial: takeRest()) }
            let writing = unwritten > 0
            pollSet[0] = pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)
            pollSet[1] = pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)
            pollSet[2] = pollfd(fd: writing ? stdinFD : -1, events: Int16(POLLOUT), revents: 0)
            // Wake every 50 ms to notice a child that exited while a grandchild holds its stdout.
            let ms = Int32(min((deadline - now + 999_999) / 1_000_000, 50))
            // Poll without blocking for SpinWait's window first: an answer due within it is
            // picked up without the core going to sleep.
            if waitStart == 0 {
                waitStart = now
                spins = separator == 0x0A && SpinWait.harnessMaySpin(engines: EngineProcess.live.count)
            }
            var n: Int32 = 0
            if spins { n = pollSet.withUnsafeMutableBufferPointer { SpinWait.pollReady($0.baseAddress!, count: writing ? 3 : 2, since: waitStart) } }
            if n == 0 { n = pollSet.withUnsafeMutableBufferPointer { poll($0.baseAddress!, nfds_t(writing ? 3 : 2), ms) } }
            if n < 0 { if errno == EINTR { continue }; return .closed(partial: takeRest()) }
            if n == 0 {
                if exitStatus(grace: 0) != nil {
                    readStdout()
                    if let line = takeLine() { return .line(line) }
                    return .closed(partial: takeRest())
                }
                continue
            }
            if pollSet[1].revents != 0 { drainStderr() }
            if pollSet[0].revents != 0 { readStdout() }
            if writing && pollSet[2].revents != 0 {
                let w = pending.withUnsafeBytes { write(stdinFD, $0.baseAddress! + pendingStart, $0.count - pendingStart) }
                if w > 0 {
                    pendingStart += w
                    if pendingStart == pending.count { pending.removeAll(keepingCapacity: true); pendingStart = 0 }
                } else if w < 0 && errno != EAGAIN && errno != EINTR { closeStdin() }
            }
        }
    }

    /// Closes the child's stdin (end of requests: a well-behaved engine exits).
    package func closeStdin() {
        if stdinFD >= 0 { close(stdinFD); stdinFD = -1 }
        pending.removeAll(); pendingStart = 0
    }

    /// The last bytes (up to the limit) the child wrote to stderr, after reading what is pending.
    /// Waits up to `grace` seconds for the stderr pipe to close (a crashing child's last words).
    package func stderrTail(grace: Double = 0) -> String {
        let deadline = EngineProcess.deadline(after: grace)
        while stderrFD >= 0 {
            var fd = pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)
            let now = DispatchTime.now().uptimeNanoseconds
            let ms = now >= deadline ? 0 : Int32((deadline - now) / 1_000_000)
            guard poll(&fd, 1, ms) > 0 else { break }
            drainStderr()
        }
        if err.count > stderrLimit { err.removeFirst(err.count - stderrLimit) }
        return String(decoding: err, as: UTF8.self)
    }

    /// Ends the child: closes its stdin, gives it `grace` seconds to exit, then SIGKILLs its whole
    /// process group and reaps it (no zombie). Idempotent. Returns the wait status.
    @discardableResult
    package func terminate(grace: Double = 0) -> Int32? {
        closeStdin()
        if !reaped {
            let deadline = EngineProcess.deadline(after: grace)
            var status: Int32 = 0
            while waitStatus == nil && DispatchTime.now().uptimeNanoseconds < deadline {
                let r = waitpid(pid, &status, WNOHANG)
                if r == pid { waitStatus = status } else if r != 0 { break } else { usleep(2_000) }
            }
            // The group id stays reserved while any member (or the unreaped leader) lives.
            kill(-pid, SIGKILL)
            if waitStatus == nil {
                var r: pid_t
                repeat { r = waitpid(pid, &status, 0) } while r < 0 && errno == EINTR
                if r == pid { waitStatus = status }
            }
            Self.reapGroup(pid)
            reaped = true
            EngineProcess.live.remove(pid)
        }
        for fd in [stdoutFD, stderrFD] where fd >= 0 { close(fd) }
        stdoutFD = -1; stderrFD = -1
        return waitStatus
    }

    /// Reaps the child if it has exited within `grace` seconds, without killing it.
    package func exitStatus(grace: Double) -> Int32? {
        if let s = waitStatus { return s }
        let deadline = EngineProcess.deadline(after: grace)
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                waitStatus = status
                kill(-pid, SIGKILL)  // stragglers of the group
                Self.reapGroup(pid)
                reaped = true
                EngineProcess.live.remove(pid)
                return status
            }
            if r < 0 || DispatchTime.now().uptimeNanoseconds >= deadline { return nil }
            usleep(2_000)
        }
    }

    /// Reaps the members of group `group` (already SIGKILLed) that are this process's children:
    /// grandchildren are reparented to the harness when it runs as PID 1 (a container without an
    /// init), and would stay zombies (D10). Elsewhere they are not our children: `ECHILD` at once.
    package static func reapGroup(_ group: pid_t) {
        var status: Int32 = 0
        while true {
            let r = waitpid(-group, &status, 0)
            if r > 0 || (r < 0 && errno == EINTR) { continue }
            return
        }
    }

    /// `exited with status 3`, `killed by signal 11 (SIGSEGV)`.
    package static func describe(status: Int32) -> String {
        let signal = status & 0x7f
        if signal == 0 { return "exited with status \((status >> 8) & 0xff)" }
        let name: String = switch signal {
        case SIGKILL: "SIGKILL"
        case SIGSEGV: "SIGSEGV"
        case SIGABRT: "SIGABRT"
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGBUS: "SIGBUS"
        case SIGTERM: "SIGTERM"
        case SIGPIPE: "SIGPIPE"
        default: "signal"
        }
        return "killed by signal \(signal) (\(name))"
    }

    // MARK: - Reading

    /// The next complete line of `out` (from `outStart`), without its `\n`. Each byte is scanned
    /// once (memchr); consumed bytes are dropped in bulk, not per line. The line is copied into
    /// ``lineBuffer`` and returned as that array: a caller done with it before the next call (as
    /// every caller is) leaves the storage unshared, so no line allocates once it has grown.
    private func takeLine() -> [UInt8]? {
        let from = max(outStart, scanned)
        let nl: Int? = out.withUnsafeBufferPointer { b in
            guard from < b.count, let p = memchr(b.baseAddress! + from, Int32(separator), b.count - from) else { return nil }
            return from + (UnsafeRawPointer(p) - UnsafeRawPointer(b.baseAddress! + from))
        }
        guard let nl else { scanned = out.count; return nil }
        if lineBuffer.capacity > 1 << 20 { lineBuffer = [] } else { lineBuffer.removeAll(keepingCapacity: true) }
        out.withUnsafeBufferPointer { lineBuffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[outStart..<nl])) }
        let line = lineBuffer
        outStart = nl + 1
        scanned = outStart
        if outStart == out.count {
            out.removeAll(keepingCapacity: out.capacity <= 1 << 20); outStart = 0; scanned = 0
        } else if outStart > 65_536 && outStart * 2 > out.count {
            out.removeSubrange(..<outStart); scanned -= outStart; outStart = 0
        }
        return line
    }

    private func takeRest() -> [UInt8] {
        defer { out.removeAll(); outStart = 0; scanned = 0 }
        return Array(out[outStart...])
    }

    /// Reads what stdout has; closes it on end of file.
    private func readStdout() {
        if stdoutFD >= 0 && !readAvailable(stdoutFD, into: &out) { close(stdoutFD); stdoutFD = -1 }
    }

    private func drainStderr() {
        if stderrFD >= 0 && !readAvailable(stderrFD, into: &err) { close(stderrFD); stderrFD = -1 }
        if err.count > 2 * stderrLimit { err.removeFirst(err.count - stderrLimit) }
    }

    /// Appends everything readable now from non-blocking `fd`; `false` at end of file or error.
    /// At most 16 chunks per call, so a flooding child cannot keep the loop here.
    private func readAvailable(_ fd: Int32, into buffer: inout [UInt8]) -> Bool {
        for _ in 0..<16 {
            let n = readAppending(fd, to: &buffer, atMost: 65_536)
            if n > 0 {
                if n < 65_536 { return true }
            } else if n == 0 {
                return false
            } else {
                return errno == EAGAIN || errno == EINTR
            }
        }
        return true
    }
}

/// A process could not be started.
package struct SpawnError: Error, CustomStringConvertible {
    package var command: [String]
    package var errno: Int32
    package var description: String {
        "cannot start \(command.joined(separator: " ")): \(String(cString: strerror(errno)))"
    }
}
