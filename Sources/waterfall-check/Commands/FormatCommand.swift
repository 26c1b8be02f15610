import Foundation
import WaterfallCheckEngines

/// `waterfall-check format [--check] PATH...`: rewrites fixtures into canonical form
/// (FIXTURE-FORMAT §8), or with `--check` lists those that are not.
enum FormatCommand: Command {
    /// `--check`: list, do not write.
    static let check = Flag("--check", help: "Change nothing: list the files that are not canonical and exit 1 if any.")

    static let spec = CommandSpec(
        name: "format",
        summary: "Rewrite fixtures in canonical form, or --check that they are",
        options: [check],
        operands: "PATH...",
        about: """
    Reads every fixture (a PATH is a .json file or a directory searched recursively for *.json)
    and rewrites the ones not in canonical form (FIXTURE-FORMAT section 8), atomically.
    """,
        notes: """
    In CI (environment CI set, not 0/false) only --check runs: format writes under fixture paths.

    Exit status: 0 all canonical (or rewritten), 1 --check found a file to format,
    2 a fixture error (file:line:column), a missing path, a directory without fixtures, or a
    rewrite refused in CI.
    """)

    static func run(_ args: Arguments) throws -> Int32 {
        let check = args.flag(Self.check)
        let paths = args.operands
        guard !paths.isEmpty else { throw WaterfallCheckError.usage("format needs at least one PATH") }
        if !check, let refusal = refusalInCI(name) { printError(refusal); return exitCode(.error) }
        let files: [FixtureFile]
        do { files = try FixtureFile.files(at: paths) } catch let e as WaterfallCheckError {
            printError("error: \(e)"); return exitCode(.error)
        }
        var faults = 0, changed = 0
        // Paths as the user gave them (relative stays relative), as verify prints them.
        for file in files {
            do {
                guard try FixtureFormatter.format(file.url, write: !check) else { continue }
                changed += 1
                print(check ? file.path : "formatted \(file.path)")
            } catch let e as FixtureError {
                printError("\(file.shown(e))")
                faults += 1
            } catch {
                printError("error: \(file.path): \(error)")
                faults += 1
            }
        }
        if faults > 0 { return exitCode(.error) }
        if check && changed > 0 {
            printError("\(changed) of \(files.count) file(s) not in canonical form; run 'waterfall-check format' on them")
            return exitCode(.failed)
        }
        return exitCode(.passed)
    }
}
