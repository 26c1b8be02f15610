import Foundation
import WaterfallEngines

/// On SIGTERM or SIGHUP (a CI job cancelled or timed out, a terminal closed), kills every
/// external engine's process group, then exits with 128 + the signal. Engines run in their own
/// process groups, so a signal to the harness's group never reaches them, and one that does not
/// read its stdin would otherwise outlive the run (docs/decisions/adversarial.md).
///
/// Call it first in `main`, before any other thread exists: the two signals are blocked in the
/// calling thread, every later thread inherits the block, and one thread takes them with
/// `sigwait`, whatever their disposition or the mask inherited from the parent. Engines are
/// spawned with an empty mask (`EngineProcess`), so they still die of SIGTERM. SIGINT is left to
/// the commands: `fuzz` and `compare` turn it into an orderly stop with a report.
func stopEnginesOnTermination() {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGTERM); sigaddset(&signals, SIGHUP)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    let awaited = signals
    let waiter = Thread {
        var set = awaited, received: Int32 = 0
        guard sigwait(&set, &received) == 0 else { return }
        let stopped = ExternalEngine.killAll()
        if stopped > 0 { printError("waterfall-check: \(received == SIGTERM ? "SIGTERM" : "SIGHUP"): stopped \(stopped) external engine(s)") }
        exit(128 + received)
    }
    waiter.start()
}
