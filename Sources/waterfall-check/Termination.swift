import Foundation
import WaterfallCheck

/// On SIGTERM or SIGHUP (a CI job cancelled or timed out, a terminal closed), kills every
/// external engine's process group, then exits with 128 + the signal. Engines run in their own
/// process groups, so a signal to the harness's group never reaches them, and one that does not
/// read its stdin would otherwise outlive the run (docs/decisions/adversarial.md).
///
/// SIGINT is left to the commands: `fuzz` and `compare` turn it into an orderly stop with a
/// report. Returns the signal sources, which must stay alive for the run.
func stopEnginesOnTermination() -> [DispatchSourceSignal] {
    [SIGTERM, SIGHUP].map { signo in
        signal(signo, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signo, queue: .global())
        source.setEventHandler {
            let stopped = ExternalEngine.killAll()
            if stopped > 0 { printError("waterfall-check: \(signo == SIGTERM ? "SIGTERM" : "SIGHUP"): stopped \(stopped) external engine(s)") }
            exit(128 + signo)
        }
        source.resume()
        return source
    }
}
