import Foundation
import WaterfallCheckEngines

// The command line's front end: what the library's results become for the user. Standard error,
// report files, the CI switch, and the one mapping from a run's verdict (or an error) to an exit
// status. Commands call these; nothing else in the executable writes stderr or picks a status.

/// The exit status of a run: 0 passed, 1 a check failed, 2 an error (``RunVerdict``).
func exitCode(_ verdict: RunVerdict) -> Int32 { Int32(verdict.rawValue) }

/// The exit status of a command that stopped with `error`: always 2 (a usage, fixture, engine,
/// path or write problem). A usage error prints the message, the command's synopsis and where
/// the full help is, never the whole help; any other error its message alone.
func exitCode(for error: Error, command: Command.Type?) -> Int32 {
    if case WaterfallCheckError.usage(let message) = error {
        var text = "error: \(message)"
        if let command {
            text += "\n" + command.spec.synopsis + "\nsee 'waterfall-check help \(command.name)'"
        }
        printError(text)
    } else if error is FixtureError {
        printError("\(error)")  // `file:line:column: error: ...` already
    } else {
        printError("error: \(error)")
    }
    return 2
}

/// Writes to standard error; a closed or full stderr loses the message, never the run (D7).
func printError(_ message: String) {
    // Each line bounded: a 100k-character path gives one short line, not 200 KB (review D17).
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { FixtureError.abbreviated(String($0)) }
    writeStandardError(lines.joined(separator: "\n") + "\n")
}

/// Writes a report file named on the command line (allowed in CI), creating its directory.
/// - Throws: ``WaterfallCheckError/cannotWrite(path:reason:)`` naming the path (exit status 2,
///   without the usage text: the command line was right, the file system said no).
func writeReport(_ data: Data, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    do {
        try FileManager.default.createDirectory(atPath: FilePath.parent(url.path), withIntermediateDirectories: true)
        // A device (/dev/null), FIFO or symbolic link is written through, never replaced (D2).
        try AtomicFile.write(data, to: url, special: .writeInPlace)
    } catch WaterfallCheckError.cannotWrite(_, let reason) {
        throw WaterfallCheckError.cannotWrite(path: "report \(path)", reason: reason)
    } catch {
        throw WaterfallCheckError.cannotWrite(path: "report \(path)", reason: error.localizedDescription)
    }
}

/// Whether the environment variable `CI` is set to something other than `0` or `false`.
/// The library never reads the environment: only the executable does, here.
var isCI: Bool { RecordMode.isCI(ProcessInfo.processInfo.environment) }

