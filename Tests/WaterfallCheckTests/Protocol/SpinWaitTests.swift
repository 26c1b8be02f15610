import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge

/// ``SpinWait``: polling a pipe before blocking on it (docs/decisions/external.md, "Spinning
/// before sleeping"). What it must never do is report a pipe ready that is not, or spin without end.
@Suite("Spinning before a blocking wait")
struct SpinWaitTests {
    /// A pipe's two ends, closed when done.
    private static func withPipe(_ body: (_ read: Int32, _ write: Int32) throws -> Void) rethrows {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        try body(fds[0], fds[1])
    }

    @Test("an empty pipe: not readable, and the spin ends within its window (not blocking)")
    func emptyPipe() {
        Self.withPipe { r, _ in
            let start = DispatchTime.now().uptimeNanoseconds
            #expect(!SpinWait.readable(r))
            let took = DispatchTime.now().uptimeNanoseconds - start
            // The window, plus at most one busy round and generous scheduling slack.
            #expect(took < SpinWait.window + 50_000_000, "spun \(took) ns")
        }
    }

    @Test("bytes already in the pipe, or a closed writer: readable at once")
    func readyPipe() {
        Self.withPipe { r, w in
            var byte: UInt8 = 0x0A
            #expect(write(w, &byte, 1) == 1)
            #expect(SpinWait.readable(r) == (SpinWait.window > 0))
        }
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        close(fds[1])  // end of file is readable too: the reader must not block on it
        #expect(SpinWait.readable(fds[0]) == (SpinWait.window > 0))
        close(fds[0])
    }

    @Test("bytes written by another thread during the spin are seen before the window ends")
    func writtenDuringSpin() {
        Self.withPipe { r, w in
            guard SpinWait.window >= 100_000 else { return }  // spinning turned off or short
            let writer = Thread {
                usleep(20)
                var byte: UInt8 = 1
                _ = write(w, &byte, 1)
            }
            writer.start()
            var p = pollfd(fd: r, events: Int16(POLLIN), revents: 0)
            // Up to 1 s of blocking poll after the spin, so the test cannot hang either way.
            var n = SpinWait.pollReady(&p, count: 1, since: DispatchTime.now().uptimeNanoseconds)
            if n == 0 { n = poll(&p, 1, 1_000) }
            #expect(n == 1 && p.revents & Int16(POLLIN) != 0)
        }
    }

    @Test("the harness spins only while every engine and its driving thread can have a core")
    func harnessPolicy() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(SpinWait.harnessMaySpin(engines: cores / 2 + 1) == false)
        if cores >= 2 { #expect(SpinWait.harnessMaySpin(engines: cores / 2) == (SpinWait.window > 0)) }
    }
}
