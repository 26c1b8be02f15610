import Foundation
import WaterfallCheckEngines

/// `waterfall-check review`: shows pending recordings and what each changes in `expected`;
/// in a terminal, accepts, rejects or skips each one per key (like `cargo insta review`).
enum ReviewCommand: Command {
    /// `--html DIR`: each recording drawn over the current expected.
    static let html = ReportOptions.html.described("also write an HTML report drawing each recording over the current expected")
    /// `--list`: never interactive.
    static let list = Flag("--list", help: "print only, even in a terminal")

    static let spec = CommandSpec(
        name: "review",
        summary: "Review pending recordings (*.json.new): accept, reject or skip each",
        options: [html, list],
        operands: "[PATH...]",
        about: """
    Shows every pending recording (<name>.json.new) under PATH (default: the fixture roots of
    the last 'record', remembered in .waterfall-check/last-record; without one it asks for a
    PATH) with the whole table of what accepting it changes in the fixture's expected values:
    element, current frame, pending frame, delta; for a new golden, every frame it adds. A
    recording that breaks an invariant (forced, or its frames) lists each broken invariant.

    In a terminal (standard input and output both one) and outside CI, review is interactive:
    for each pending file press a to accept, r to reject, s to skip, q to skip the rest; a
    summary follows. A recording that breaks invariants is not accepted here (use
    'waterfall-check accept --force'). Otherwise, or with --list, it only prints.
    """,
        notes: """
    EXIT STATUS: 0 reviewed (also when there is nothing pending), 2 no PATH and no last record,
    a PATH that does not exist, a pending file or its fixture that cannot be read, or a failed
    accept or reject.
    """)

    static func run(_ args: Arguments) throws -> Int32 {
        let html = try args.value(Self.html)
        let list = args.flag(Self.list)
        let roots = try LastRecord.roots(args.operands, command: name)
        if let missing = roots.first(where: { $0.isEmpty || !FileManager.default.fileExists(atPath: $0) }) {
            printError("error: no such file or directory: '\(missing)'"); return exitCode(.error)
        }
        let pending = PendingFiles.find(under: roots.map { URL(fileURLWithPath: $0) })
        guard !pending.isEmpty else { print("no pending recordings under \(roots.joined(separator: " "))"); return exitCode(.passed) }
        let interactive = !list && !isCI && isatty(0) == 1 && isatty(1) == 1
        var status: Int32 = 0
        var reviews: [PendingReview] = []
        var unreadable: [(file: String, error: String)] = []
        var tally: [String: Int] = [:]
        var quit = false
        for (n, file) in pending.enumerated() {
            let review: PendingReview
            do { review = try PendingFiles.review(file) } catch {
                // A fixture error names its file already (as given, like verify).
                let shown = file.shown(error)
                let message = shown is FixtureError ? "\(shown)" : "error: \(file.path): \(error)"
                printError(message)
                unreadable.append((file.path, message))
                status = exitCode(.error); continue
            }
            reviews.append(review)
            print(render(review), terminator: "")
            guard interactive else { continue }
            let verdict = quit ? "skipped" : decide(review, "[\(n + 1)/\(pending.count)] a accept, r reject, s skip, q quit: ", &quit)
            if verdict == "failed" { status = exitCode(.error) }
            tally[verdict, default: 0] += 1
        }
        if let html {
            var page = HTMLReport(title: "waterfall-check review", notes: ["\(pending.count) pending under " + roots.joined(separator: " ")])
            page.add(reviews, unreadable: unreadable)
            do { try page.write(to: URL(fileURLWithPath: html)) } catch { printError("error: \(error)"); return exitCode(.error) }
        }
        if interactive {
            print(["accepted", "rejected", "skipped", "failed"].map { "\(tally[$0, default: 0]) \($0)" }.joined(separator: ", "))
        } else {
            print("\(pending.count) pending; accept with 'waterfall-check accept PATH...' or '--all', reject likewise")
        }
        return status
    }

    /// One pending file: a header line, the whole change table, the invariants it breaks.
    static func render(_ review: PendingReview) -> String {
        let count = review.changes.count
        var out = TextReport.printable("\(review.pending.path): \(count) change\(count == 1 ? "" : "s") in expected" + (review.note.map { "; \($0)" } ?? "")) + "\n"
        if !review.changes.isEmpty {
            out += TextReport.table(review.changes, rows: .max, indent: "  ", headers: ["element", "current", "pending", "delta"])
        }
        for b in review.brokenInvariants { out += "  breaks \(TextReport.printable(b))\n" }
        return out
    }

    /// Asks for one key and applies it: "accepted", "rejected", "skipped" or "failed" (the
    /// accept or reject failed). `q` (or the end of input) skips this file and every later one.
    static func decide(_ review: PendingReview, _ prompt: String, _ quit: inout Bool) -> String {
        while true {
            print(prompt, terminator: "")
            fflush(stdout)
            let key = readKey()
            print(key.map { String(UnicodeScalar($0)) } ?? "")
            do {
                switch key {
                case UInt8(ascii: "a"):
                    try PendingFiles.accept(review.pending)
                    print("accepted \(review.pending.path)")
                    return "accepted"
                case UInt8(ascii: "r"):
                    try PendingFiles.reject(review.pending)
                    print("rejected \(review.pending.path)")
                    return "rejected"
                case UInt8(ascii: "s"): return "skipped"
                case UInt8(ascii: "q"), nil: quit = true; return "skipped"
                default: continue
                }
            } catch {
                printError("error: \(review.pending.path): \(error)")
                return review.brokenInvariants.isEmpty ? "failed" : "skipped"
            }
        }
    }

    /// One byte from standard input with the terminal's line buffering and echo off; `nil` at
    /// the end of input.
    static func readKey() -> UInt8? {
        var saved = termios()
        let isTerminal = tcgetattr(0, &saved) == 0
        if isTerminal {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &raw.c_cc) { $0[Int(VMIN)] = 1; $0[Int(VTIME)] = 0 }
            RawTerminal.remember(saved)  // a signal now restores it too (review A13)
            tcsetattr(0, TCSANOW, &raw)
        }
        defer { if isTerminal { RawTerminal.restore() } }
        var byte: UInt8 = 0
        while true {
            let n = read(0, &byte, 1)
            if n == 1 { return byte }
            if n < 0 && errno == EINTR { continue }
            return nil
        }
    }
}
