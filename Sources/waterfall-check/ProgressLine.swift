import Foundation
import WaterfallCheck

/// A progress line: redrawn in place on stderr when it is a terminal, else a line every 10 s (a
/// CI log) on stderr, or on stdout for `fuzz` (as it always printed them); nothing for a run
/// shorter than that. Called from one thread at a time (``EngineComparison/run(_:generated:progress:)``
/// serialises its calls; the fuzzer calls from its driving thread).
final class ProgressLine: @unchecked Sendable {
    private let live = isatty(STDERR_FILENO) != 0
    private let plainToStandardOutput: Bool
    private let start = DispatchTime.now().uptimeNanoseconds
    private var last: UInt64 = 0
    private var shown = false

    init(plainToStandardOutput: Bool = false) { self.plainToStandardOutput = plainToStandardOutput }

    func show(_ text: String) {
        let now = DispatchTime.now().uptimeNanoseconds - start
        // A terminal line at most 10 times a second, a log line every 10 s.
        guard now - last >= (live ? 100_000_000 : 10_000_000_000) else { return }
        last = now
        if live {
            writeStandardError("\r\u{1B}[K  \(text)")
            shown = true
            return
        }
        if plainToStandardOutput { print("  \(text)") } else { writeStandardError("  \(text)\n") }
    }

    /// Erases the live line, if one was drawn.
    func clear() { if live && shown { writeStandardError("\r\u{1B}[K") } }
}
