import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the input an in-process engine is laying out, so that a trap in the engine's code (an
/// `assert`, a `fatalError`, an index out of range, a UIKit exception left to terminate) does not
/// lose the case: the signal the trap raises writes the input as a fixture (an input-only one,
/// checked against the invariants), prints how to replay it isolated, and then lets the process
/// die as it would have (the previous handler runs: Swift's backtracer, or the default action).
///
/// The fixture goes into `$WATERFALL_CHECK_CRASH_DIR`, else `.build/waterfall-check-crashes/`
/// under the working directory (`swift test` runs in the package root; under `.build/`, so a walk
/// of the repository never reads it as a fixture). The file is written with `write(2)` once the
/// text is made; making the text allocates, which is not async-signal-safe, so a trap inside the
/// allocator itself may lose the file (the process dies either way).
///
/// Used by the UIKit driver (`UIKitLayoutEngine`) around every call into the layout's code.
/// - Complexity: O(1) per ``laying(out:engine:_:)`` (a reference is kept, nothing is encoded
///   until a trap).
package enum CrashRecorder {
    /// The signals a Swift trap raises: `SIGILL` (x86-64 `ud2`), `SIGTRAP` (arm64 `brk`),
    /// `SIGABRT` (`abort()`), `SIGSEGV` and `SIGBUS` (a bad pointer), `SIGFPE`.
    static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    /// Runs `body` with `input` recorded as the case being laid out by `engine` (its name, for the
    /// fixture's `source` and the message). Nested calls keep the innermost input.
    package static func laying<R>(out input: LayoutInput, engine: String, _ body: () throws -> R) rethrows -> R {
        guard isEnabled else { return try body() }
        installOnce
        let previous = current
        current = Pending(input: input, engine: engine)
        defer { current = previous }
        return try body()
    }

    /// Whether traps are recorded; `serve(_:)` turns it off, since the harness on the other end
    /// of the pipe already has the input and reports the trap as an engine fault.
    nonisolated(unsafe) package static var isEnabled = true

    /// Where a trap's fixture is written.
    package static var directory: String {
        ProcessInfo.processInfo.environment["WATERFALL_CHECK_CRASH_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.currentDirectoryPath + "/.build/waterfall-check-crashes"
    }

    /// The fixture and the message for a trap while `engine` laid out `input`; written by the
    /// signal handler, and package so a test can check both without trapping.
    package static func report(for input: LayoutInput, engine: String, signal: Int32, in directory: String) -> (path: String, fixture: String, message: String) {
        // Unique per trap: the pid, the thread, and the time (two workers may trap at once).
        let name = "crash-\(sanitized(engine))-\(getpid())-\(UInt(bitPattern: Int(pthread_self())) % 100_000)-\(UInt64(Date().timeIntervalSince1970 * 1000) % 1_000_000)"
        let path = directory + "/" + name + ".json"
        let fixture = Fixture(name: name, description: "\(engine) trapped (signal \(signal)) while laying out this input, in process.",
                              source: "in-process run of \(engine); replay isolated: waterfall-check verify --engine 'exec:YOUR-ENGINE --serve' \(path)",
                              input: input)
        let message = """
            waterfall-check: \(engine) trapped (signal \(signal)) while laying out an input; it is saved as
              \(path)
            Replay it with the engine in its own process (serve(_:)), where a trap is an engine fault, not the end of the run:
              waterfall-check verify --engine 'exec:YOUR-ENGINE --serve' \(path)
            and fuzz it the same way: waterfall-check fuzz --engine 'exec:YOUR-ENGINE --serve' (docs/uikit.md)

            """
        return (path, CanonicalWriter.string(for: fixture), message)
    }

    fileprivate struct Pending { let input: LayoutInput; let engine: String }

    /// One slot per thread: the harness's workers each lay out their own case, and the signal is
    /// delivered to the thread that trapped.
    private static let slot = ThreadSlot()

    private static var current: Pending? {
        get { slot.value }
        set { slot.value = newValue }
    }

    private static func sanitized(_ s: String) -> String {
        String(s.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" }.prefix(60))
    }

    nonisolated(unsafe) private static var previousActions: [Int32: sigaction] = [:]

    private static let installOnce: Void = {
        for sig in signals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { CrashRecorder.handle($0) }
            #else
            action.__sigaction_u.__sa_handler = { CrashRecorder.handle($0) }
            #endif
            sigemptyset(&action.sa_mask)
            // On the thread's alternate stack (``ThreadSlot``): a stack overflow's SIGSEGV cannot
            // run on the stack that overflowed.
            action.sa_flags = Int32(SA_ONSTACK)
            var old = sigaction()
            if sigaction(sig, &action, &old) == 0 { previousActions[sig] = old }
        }
    }()

    private static func handle(_ sig: Int32) {
        if let pending = current {
            current = nil  // once, even if writing traps again
            let dir = directory
            let r = report(for: pending.input, engine: pending.engine, signal: sig, in: dir)
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let fd = open(r.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            let message: String
            if fd >= 0 {
                r.fixture.utf8CString.withUnsafeBufferPointer { b in _ = write(fd, b.baseAddress, b.count - 1) }
                close(fd)
                message = r.message
            } else {
                message = "waterfall-check: \(pending.engine) trapped while laying out an input, which could not be saved as \(r.path) (\(String(cString: strerror(errno)))); set WATERFALL_CHECK_CRASH_DIR to a writable folder\n"
            }
            message.utf8CString.withUnsafeBufferPointer { b in _ = write(2, b.baseAddress, b.count - 1) }
        }
        // Hand the signal on as if this handler had never been here.
        if var old = previousActions[sig] { sigaction(sig, &old, nil) } else { signal(sig, SIG_DFL) }
        if sig == SIGABRT { raise(sig) }  // a trap re-executes its instruction on return; abort() does not
    }
}

/// A per-thread value (pthread-specific data: no dictionary lookup, no allocation per read).
private final class ThreadSlot: @unchecked Sendable {
    private let key: pthread_key_t = {
        var k = pthread_key_t()
        pthread_key_create(&k) { p in
            #if canImport(Glibc)
            guard let p else { return }
            #endif
            Unmanaged<AnyObject>.fromOpaque(p).release()
        }
        return k
    }()
    private final class Holder { var value: CrashRecorder.Pending? }

    var value: CrashRecorder.Pending? {
        get { holder.value }
        set { holder.value = newValue }
    }

    private var holder: Holder {
        if let p = pthread_getspecific(key) { return Unmanaged<Holder>.fromOpaque(p).takeUnretainedValue() }
        let h = Holder()
        pthread_setspecific(key, Unmanaged.passRetained(h).toOpaque())
        ThreadSlot.ensureAlternateStack()
        return h
    }

    /// Gives the calling thread an alternate signal stack unless it has one (Swift's backtracer
    /// sets one on the threads it knows), so a trap handler runs after a stack overflow. 64 KiB,
    /// kept for the thread's life.
    private static func ensureAlternateStack() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 64 << 10
        guard let memory = malloc(size) else { return }
        var stack = stack_t()
        stack.ss_sp = memory
        stack.ss_size = size
        stack.ss_flags = 0
        if sigaltstack(&stack, nil) != 0 { free(memory) }
    }
}
