import Foundation
import WaterfallCheckEngines

/// `waterfall-check accept`: moves pending recordings over their fixtures.
enum AcceptCommand: Command {
    /// `--force`: accept a recording that breaks invariants.
    static let force = Flag("--force", help: "accept a recording that breaks invariants anyway")

    static let spec = CommandSpec(
        name: "accept",
        summary: "Accept pending recordings: move <name>.json.new over <name>.json",
        options: [force, PendingOptions.all],
        operands: "PATH... | --all",
        about: """
    Moves each pending recording over its fixture (one atomic rename), after checking it reads as
    a valid fixture and breaks no invariant: neither one a forced recording lists under
    extensions.recordedBreaking nor one its expected frames break (--force accepts it anyway).
    PATH is a fixture, its .json.new, or a directory (every pending recording under it); --all
    means every pending recording under the fixture roots of the last 'record' (remembered in
    .waterfall-check/last-record), never the whole current directory.
    """,
        notes: """
    Disabled in CI (environment CI set, not 0/false): exit status 2, nothing changed.
    EXIT STATUS: 0 done, 2 usage, an invalid recording, a failed move, or CI.
    """)

    static func run(_ args: Arguments) throws -> Int32 {
        let force = args.flag(Self.force)
        return try runPending(args, command: name, verb: "accepted") { try PendingFiles.accept($0, force: force) }
    }
}

/// `waterfall-check reject`: deletes pending recordings.
enum RejectCommand: Command {
    static let spec = CommandSpec(
        name: "reject",
        summary: "Reject pending recordings: delete <name>.json.new",
        options: [PendingOptions.all],
        operands: "PATH... | --all",
        about: """
    Deletes each pending recording. PATH is a fixture, its .json.new, or a directory (every
    pending recording under it); --all means every pending recording under the fixture roots of
    the last 'record'.
    """,
        notes: """
    Disabled in CI (environment CI set, not 0/false), like every command that changes fixtures.
    EXIT STATUS: 0 done, 2 usage, a failed delete, or CI.
    """)

    static func run(_ args: Arguments) throws -> Int32 {
        try runPending(args, command: name, verb: "rejected", PendingFiles.reject)
    }
}

/// The option `accept` and `reject` share.
enum PendingOptions {
    /// `--all`: every pending recording under the last `record`'s fixture roots.
    static let all = Flag("--all", help: "every pending recording under the fixture roots of the last 'record' (.waterfall-check/last-record)")
}

/// The shared body of `accept` and `reject`: resolve `PATH... | --all`, refuse in CI, apply
/// `action` to every pending recording (going on after a failure), report each.
private func runPending(_ args: Arguments, command: String, verb: String,
                        _ action: (FixtureFile) throws -> Void) throws -> Int32 {
    let all = args.flag(PendingOptions.all)
    var paths = args.operands
    if all && !paths.isEmpty { throw WaterfallCheckError.usage("give PATH... or --all, not both") }
    if !all && paths.isEmpty { throw WaterfallCheckError.usage("\(command) needs PATH... or --all") }
    if paths.contains("") { throw WaterfallCheckError.usage("\(command): an empty PATH argument (an unset variable?); name a file or directory") }
    if let refusal = refusalInCI(command) { printError(refusal); return exitCode(.error) }
    if all { paths = try LastRecord.roots([], command: "\(command) --all") }
    let pending = PendingFiles.find(under: paths.map { URL(fileURLWithPath: $0) })
    guard !pending.isEmpty else { printError("error: no pending recordings under \(paths.joined(separator: " "))"); return exitCode(.error) }
    var status: Int32 = 0
    for file in pending {
        do {
            try action(file)
            print("\(verb) \(file.path)")
        } catch {
            printError("error: \(file.path): \(error)")
            status = 2
        }
    }
    return status
}
