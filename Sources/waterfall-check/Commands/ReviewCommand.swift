import Foundation
import WaterfallCheckEngines

/// `waterfall-check review`: shows pending recordings and what each changes in `expected`;
/// in a terminal, accepts, rejects or skips each one per key (like `cargo insta review`).
enum ReviewCommand: Command {
    /// `--html DIR`: each recording drawn over the current expected.
    static let html = ReportOptions.html.described("also write an HTML report drawing each recording over the current expected")
    /// `--list`: never interactive.
    static let list = Flag("--list", help: "print only, even in a terminal")
    /// `--json FILE`: the pending recordings as JSON (`-`: standard output).
    static let json = ReportOptions.json.described("also write the pending recordings as JSON (path, fixture, changes, broken invariants, provenance); - writes it to standard output instead of the text, and review is then never interactive")
    /// `--diff-tool CMD`: an external diff of each fixture against its recording.
    static let diffTool = Option<String>("--diff-tool", value: "CMD",
        help: "run CMD FIXTURE RECORDING (through /bin/sh, like insta's INSTA_DIFF_TOOL: 'diff -u', 'delta', 'difft') before each pending file's table; default: the environment variable WATERFALL_CHECK_DIFF_TOOL")

    static let spec = CommandSpec(
        name: "review",
        summary: "Review pending recordings (*.json.new): accept, reject or skip each",
        options: [list, diffTool],
        groups: [OptionGroup("report options", [html, json])],
        operands: "[PATH...]",
        about: """
    Shows every pending recording (<name>.json.new) under PATH (default: the fixture roots of
    the last 'record', remembered in .waterfall-check/last-record; without one it asks for a
    PATH) with the whole table of what accepting it changes in the fixture's expected values:
    element, current frame, pending frame, delta; for a new golden, every frame it adds. A
    recording that breaks an invariant (forced, or its frames) lists each broken invariant.

    Each recording's provenance (extensions.recording: engine, version, tolerance, the command
    that recorded it) is shown; accept drops it from the golden.

    In a terminal (standard input and output both one) and outside CI, review is interactive:
    for each pending file press a to accept, r to reject, s to skip, q to skip the rest, A to
    accept this and every later one, R to reject this and every later one; a summary follows.
    A recording that breaks invariants is not accepted here (use
    'waterfall-check accept --force'). Otherwise, or with --list, it only prints.
    """,
        notes: """
    EXIT STATUS: 0 reviewed (also when there is nothing pending), 2 no PATH and no last record,
    a PATH that does not exist, a pending file or its fixture that cannot be read, a failed
    accept or reject, or a diff tool that could not be run.
    """)

    static func run(_ args: Arguments) throws -> Int32 {
        let html = try args.value(Self.html)
        let list = args.flag(Self.list)
        let json = try args.value(Self.json)
        let diffTool = try args.value(Self.diffTool) ?? ProcessInfo.processInfo.environment["WATERFALL_CHECK_DIFF_TOOL"].flatMap { $0.isEmpty ? nil : $0 }
        let roots = try LastRecord.roots(args.operands, command: name)
        if let missing = roots.first(where: { $0.isEmpty || !FileManager.default.fileExists(atPath: $0) }) {
            printError("error: no such file or directory: '\(missing)'"); return exitCode(.error)
        }
        return try review(roots, html: html, list: list, json: json, diffTool: diffTool)
    }

    /// Reviews the pending recordings under `roots` (`review` and `verify --review`).
    static func review(_ roots: [String], html: String? = nil, list: Bool = false, json: String? = nil, diffTool: String? = nil) throws -> Int32 {
        let toStdout = json == "-"
        func say(_ text: String, terminator: String = "\n") { if !toStdout { print(text, terminator: terminator) } }
        let pending = PendingFiles.find(under: roots.map { URL(fileURLWithPath: $0) })
        guard !pending.isEmpty else {
            if let json { let data = jsonData([], unreadable: []); if toStdout { FileHandle.standardOutput.write(data) } else { try writeReport(data, to: json) } }
            say("no pending recordings under \(roots.joined(separator: " "))")
            return exitCode(.passed)
        }
        let interactive = !list && !toStdout && !isCI && isatty(0) == 1 && isatty(1) == 1
        var status: Int32 = 0
        var reviews: [PendingReview] = []
        var unreadable: [(file: String, error: String)] = []
        var tally: [String: Int] = [:]
        var rest: Character?  // q, A or R: the key that decides every later file
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
            say(render(review), terminator: "")
            if let diffTool, !toStdout, !runDiffTool(diffTool, review) { status = exitCode(.error) }
            guard interactive else { continue }
            let verdict = decide(review, "[\(n + 1)/\(pending.count)] a accept, r reject, s skip, A accept all, R reject all, q quit: ", &rest)
            if verdict == "failed" { status = exitCode(.error) }
            tally[verdict, default: 0] += 1
        }
        if let html {
            var page = HTMLReport(title: "waterfall-check review", notes: ["\(pending.count) pending under " + roots.joined(separator: " ")])
            page.add(reviews, unreadable: unreadable)
            do { try page.write(to: URL(fileURLWithPath: html)) } catch { printError("error: \(error)"); return exitCode(.error) }
        }
        if let json {
            let data = jsonData(reviews, unreadable: unreadable)
            if toStdout { FileHandle.standardOutput.write(data) } else { try writeReport(data, to: json) }
        }
        if interactive {
            print(["accepted", "rejected", "skipped", "failed"].map { "\(tally[$0, default: 0]) \($0)" }.joined(separator: ", "))
        } else {
            say("\(pending.count) pending; accept with 'waterfall-check accept PATH...' or '--all', reject likewise")
        }
        return status
    }

    /// The pending recordings as one JSON object: `pending` (one entry per readable file: path,
    /// fixture, name, changes as `verify --json`'s differences, brokenInvariants, note, provenance)
    /// and `unreadable` (path, error).
    static func jsonData(_ reviews: [PendingReview], unreadable: [(file: String, error: String)]) -> Data {
        let entries: [JSONValue] = reviews.map { r in
            var o: [(key: String, value: JSONValue)] = [
                ("path", .string(r.pending.path)), ("fixture", .string(PendingFiles.directory == nil ? String(r.pending.path.dropLast(4)) : r.fixture.path)),
                ("name", .string(r.recording.name)), ("changes", .array(r.changes.map(JSONSummary.value))),
                ("brokenInvariants", .array(r.brokenInvariants.map(JSONValue.string))),
            ]
            if let note = r.note { o.append(("note", .string(note))) }
            o.append(("provenance", RecordingProvenance(r.recording).map(\.json) ?? .null))
            return .object(o)
        }
        let root = JSONValue.object([("format", .string("waterfall-check-review/1")), ("pending", .array(entries)),
                                     ("unreadable", .array(unreadable.map { .object([("path", .string($0.file)), ("error", .string($0.error))]) }))])
        return Data((JSONWriter.text(root) + "\n").utf8)
    }

    /// Runs `tool FIXTURE RECORDING` through /bin/sh, its output passed through; `false` when it
    /// could not be run (a diff tool's own exit status 1, "they differ", is not a failure).
    static func runDiffTool(_ tool: String, _ review: PendingReview) -> Bool {
        fflush(stdout)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", tool + " \"$1\" \"$2\"", "sh", review.fixture.path, review.pending.url.path]
        do { try process.run() } catch { printError("error: --diff-tool: cannot run /bin/sh: \(error)"); return false }
        process.waitUntilExit()
        if process.terminationStatus > 1 {
            printError("error: --diff-tool '\(tool)' exited \(process.terminationStatus) on \(review.pending.path)")
            return false
        }
        return true
    }

    /// One pending file: a header line, the whole change table, the invariants it breaks.
    static func render(_ review: PendingReview) -> String {
        let count = review.changes.count
        var out = TextReport.printable("\(review.pending.path): \(count) change\(count == 1 ? "" : "s") in expected" + (review.note.map { "; \($0)" } ?? "")) + "\n"
        if !review.changes.isEmpty {
            out += TextReport.table(review.changes, rows: .max, indent: "  ", headers: ["element", "current", "pending", "delta"])
        }
        for b in review.brokenInvariants { out += "  breaks \(TextReport.printable(b))\n" }
        if let p = RecordingProvenance(review.recording) { out += "  " + TextReport.printable(p.line) + "\n" }
        return out
    }

    /// Asks for one key and applies it: "accepted", "rejected", "skipped" or "failed" (the
    /// accept or reject failed). `q` (or the end of input) skips this file and every later one;
    /// `A` accepts, `R` rejects this one and every later one (`rest` keeps the key; a recording
    /// that breaks invariants is never accepted by `A`: it is skipped).
    static func decide(_ review: PendingReview, _ prompt: String, _ rest: inout Character?) -> String {
        while true {
            var key: UInt8?
            if let r = rest {
                key = r.asciiValue
            } else {
                print(prompt, terminator: "")
                fflush(stdout)
                key = readKey()
                print(key.map { String(UnicodeScalar($0)) } ?? "")
            }
            do {
                switch key {
                case UInt8(ascii: "a"), UInt8(ascii: "A"):
                    if key == UInt8(ascii: "A") { rest = "A" }
                    if rest == "A" && !review.brokenInvariants.isEmpty {
                        print("skipped \(review.pending.path): it breaks invariants ('waterfall-check accept --force' accepts it)")
                        return "skipped"
                    }
                    try PendingFiles.accept(review.pending)
                    print("accepted \(review.pending.path)")
                    return "accepted"
                case UInt8(ascii: "r"), UInt8(ascii: "R"):
                    if key == UInt8(ascii: "R") { rest = "R" }
                    try PendingFiles.reject(review.pending)
                    print("rejected \(review.pending.path)")
                    return "rejected"
                case UInt8(ascii: "s"): return "skipped"
                case UInt8(ascii: "q"), nil: rest = "q"; return "skipped"
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
