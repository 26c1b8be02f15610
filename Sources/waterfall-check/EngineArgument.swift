import Foundation
import WaterfallCheck

/// Resolves an `--engine` argument (default `reference`) to an engine maker: the one place every
/// command turns a name into engines, so new kinds of names (`exec:CMD`) are added here once.
/// - Throws: ``UsageError`` naming the engine and listing the built-in ones.
func resolveEngine(_ name: String?) throws -> EngineRegistry.Entry {
    let name = name ?? "reference"
    guard let entry = EngineRegistry.entry(named: name) else {
        let known = EngineRegistry.builtIn.map(\.descriptor.name).joined(separator: ", ")
        throw UsageError("no engine named '\(name)' (built in: \(known); see 'waterfall-check engines')")
    }
    return entry
}

/// The fixture paths of a command line, as URLs relative to the current directory (reports keep
/// the spelling the user typed). Throws a usage error when there are none.
func fixturePaths(_ args: [String], command: String) throws -> [URL] {
    guard !args.isEmpty else { throw UsageError("\(command) needs at least one fixture file or directory") }
    return args.map { URL(fileURLWithPath: $0) }
}

/// Refuses a command that would write under fixture paths when `CI` is set: CI checks the
/// goldens, it never changes them. Returns the message to print, or `nil` when not in CI.
func refusalInCI(_ command: String) -> String? {
    guard isCI else { return nil }
    let value = ProcessInfo.processInfo.environment["CI"] ?? ""
    return "error: '\(command)' writes under fixture paths and is disabled in CI (CI=\(value)); run it locally and commit the result"
}

/// Writes a report file named on the command line (allowed in CI), creating its directory.
/// - Throws: an error naming the path.
func writeReport(_ data: Data, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(data, to: url)
    } catch {
        throw UsageError("cannot write report \(path): \(error.localizedDescription)")
    }
}
