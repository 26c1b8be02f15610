import Foundation
import WaterfallCheckEngines

/// On SIGINT, SIGTERM or SIGHUP (Ctrl-C, a CI job cancelled or timed out, a terminal closed),
/// kills every external engine's process group, removes the temporary files of writes in
/// progress, then exits with 128 + the signal. Engines run in their own process groups, so a
/// signal to the harness's group never reaches them, and one that is hung or ignores signals
/// would otherwise outlive the run (docs/decisions/adversarial.md, D9, D16).
///
/// A command that stops in order on Ctrl-C (`fuzz`: the report of what was found) installs
/// ``Interrupt/handler``: the first SIGINT calls it instead (it must only ask the run to stop:
/// the engines are stopped right after, so a hung one cannot hold the run up); a second SIGINT
/// exits at once.
///
/// Call it first in `main`, before any other thread exists: the signals are blocked in the
/// calling thread, every later thread inherits the block, and one thread takes them with
/// `sigwait`, whatever their disposition or the mask inherited from the parent. Engines are
/// spawned with an empty mask (`EngineProcess`), so they still die of SIGTERM.
func stopEnginesOnTermination() {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGTERM); sigaddset(&signals, SIGHUP); sigaddset(&signals, SIGINT)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    let awaited = signals
    let waiter = Thread {
        var interrupts = 0
        while true {
            var set = awaited, received: Int32 = 0
            guard sigwait(&set, &received) == 0 else { return }
            // This thread ends the run (unless the command stops in order): say so before
            // stopping the engines, which may take up to 2 s, so the main thread, seeing its
            // engine die meanwhile, cannot finish the run first with another status.
            let handler = received == SIGINT && interrupts == 0 ? Interrupt.handler : nil
            if handler == nil { Interrupt.exiting = true }
            // An orderly stop is asked for first (the handler only sets a flag), so the command
            // knows that the engines dying next are being stopped, not faulting.
            handler?()
            let stopped = ExternalEngine.killAll()
            if handler != nil {
                interrupts += 1
                continue
            }
            removeTemporaries()
            let name = received == SIGTERM ? "SIGTERM" : received == SIGHUP ? "SIGHUP" : "SIGINT"
            if stopped > 0 { printError("waterfall-check: \(name): stopped \(stopped) external engine(s)") }
            exit(128 + received)
        }
    }
    waiter.start()
}

/// Removes what a run leaves half made: the temporary files of writes in progress, and the
/// trees and worktree records of revisions being checked out or built (`compare-revisions`).
/// For the termination thread and an ``Interrupt/handler``, after the engines were stopped.
func removeTemporaries() {
    AtomicFile.removeTemporaries()
    WebEngine.removeBrowserDirectories()
    RevisionBuilds.removeAbandoned()
    RawTerminal.restore()
}

/// The terminal settings a raw-mode prompt (`review`'s one-key read) replaced, restored by the
/// prompt and, on SIGINT, SIGTERM or SIGHUP, by the termination thread before it exits (review
/// A13: the shell was left without echo).
enum RawTerminal {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var saved: termios?

    /// Standard input's settings, as they were before raw mode (`nil`: back to normal).
    static func remember(_ settings: termios?) { lock.withLock { saved = settings } }

    /// Restores the remembered settings, if any. Idempotent.
    static func restore() {
        lock.withLock {
            if var s = saved { tcsetattr(0, TCSANOW, &s) }
            saved = nil
        }
    }
}

/// The orderly Ctrl-C of the running command, if it has one.
enum Interrupt {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed: (() -> Void)?
    nonisolated(unsafe) private static var ending = false
    /// Set by the termination thread once it is going to exit with 128 + the signal: `main`
    /// then leaves the exit to it.
    static var exiting: Bool {
        get { lock.withLock { ending } }
        set { lock.withLock { ending = newValue } }
    }
    static var handler: (() -> Void)? {
        get { lock.withLock { installed } }
        set { lock.withLock { installed = newValue } }
    }
}

/// Blocks for good once a signal is ending the run (``Interrupt/exiting``): the termination
/// thread exits with 128 + the signal within the engines' stop grace. A command calls it after
/// its engines have run and before it prints, saves or writes anything, so that a run stopped by
/// SIGTERM or SIGHUP (its engines dying while it finished, every later case a fault) leaves no
/// report, golden or counterexample behind (adversarial review: `fuzz --json` wrote one).
func awaitTerminationIfSignalled() {
    while Interrupt.exiting { sleep(1) }
}
