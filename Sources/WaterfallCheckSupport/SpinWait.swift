#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Adaptive waiting on a pipe: poll without blocking, yielding the core between polls, for a short
/// while before a blocking wait.
///
/// Both ends of the `exec:` protocol wait on each other at least once per fuzz case (the harness
/// for the answers, the engine for the next window). A blocking wait lets the core sleep, and on a
/// virtual machine waking it from another core goes through the hypervisor: on the 2-core CI
/// machine type `fuzz --isolate --jobs 1` made 4 voluntary context switches a case and spent
/// 100 to 200 µs of system time a case on them, several times the case's own work
/// (docs/decisions/external.md, "Spinning before sleeping"). Most of these waits are shorter than
/// ``window``: polling first turns them into a few cheap syscalls.
///
/// Spinning must never take a core from work: `sched_yield` between polls hands the core to any
/// other runnable thread, a round that took long (``busyRound``: another thread ran in it) ends the
/// spin, and the harness spins only while every engine and the thread driving it can have a core
/// of their own (``harnessMaySpin(engines:)``). A wait longer than the window falls back to
/// blocking, so an idle engine costs nothing. `WATERFALL_SPIN_US=0` turns spinning off.
package enum SpinWait {
    /// How long to poll before blocking: 200 µs, above the 60 to 150 µs a fuzz case's window of
    /// requests takes to answer on the CI machine type (`WATERFALL_SPIN_US` overrides it).
    package static let window: UInt64 = {
        if let v = ProcessInfo.processInfo.environment["WATERFALL_SPIN_US"], let us = UInt64(v) { return min(us, 100_000) * 1_000 }
        return 200_000
    }()

    /// A poll-and-yield round longer than this means the yield gave the core to another thread
    /// (a round on a free core takes about 1 µs): the cores are busy, so the spin ends.
    package static let busyRound: UInt64 = 20_000

    private static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// Whether the harness should spin while `engines` engine processes run: only when each of
    /// them and the thread driving it can have a core (2 · engines ≤ cores). With more, as
    /// `--jobs 2` on 2 cores, the cores are never idle and spinning only slowed the run.
    package static func harnessMaySpin(engines: Int) -> Bool { window > 0 && 2 * engines <= cores }

    /// Polls `fds` (setting their `revents`) without blocking until one is ready, ``window`` has
    /// passed since `start` (a `DispatchTime` uptime in ns), or a round finds the core busy.
    /// - Returns: what the last `poll` returned: > 0 ready, 0 not within the spin, < 0 an error
    ///   (`errno` set).
    package static func pollReady(_ fds: UnsafeMutablePointer<pollfd>, count: Int, since start: UInt64) -> Int32 {
        var last = DispatchTime.now().uptimeNanoseconds
        while true {
            let n = poll(fds, nfds_t(count), 0)
            if n != 0 { return n }
            let now = DispatchTime.now().uptimeNanoseconds
            if now &- start >= window || now &- last > busyRound { return 0 }
            last = now
            sched_yield()
        }
    }

    /// Waits up to ``window`` for `fd` to be readable (or closed) without blocking: the engine
    /// side, before a blocking read. - Returns: whether it is.
    package static func readable(_ fd: Int32) -> Bool {
        guard window > 0 else { return false }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return pollReady(&p, count: 1, since: DispatchTime.now().uptimeNanoseconds) > 0
    }
}
