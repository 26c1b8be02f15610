import Foundation
import WaterfallCheckEngines

/// Resolves an `--engine` argument (default `reference`) to an engine maker: the one place every
/// command turns a name into engines (``EngineRegistry/resolve(_:options:)``: a built-in name,
/// or `exec:'CMD ARGS'` for an external engine speaking waterfall-engine/1).
/// - Throws: ``WaterfallCheckError/usage(_:)`` naming the engine and listing the built-in ones; ``EngineFault`` when
///   an external engine cannot be started or fails its hello.
func resolveEngine(_ name: String?, options: EngineRegistry.Options = EngineRegistry.Options()) throws -> EngineEntry {
    let name = name ?? "reference"
    do {
        return try EngineRegistry.builtIn.resolve(name, options: options)
    } catch WaterfallCheckError.unknownEngine {
        let known = EngineRegistry.builtIn.names.joined(separator: ", ")
        throw WaterfallCheckError.usage("no engine named '\(name)' (built in: \(known), \(WebEngine.specs.joined(separator: ", ")), or exec:'CMD ARGS'; see 'waterfall-check engines')")
    }
}

/// The engine options that are not the defaults, as command-line arguments with a leading
/// space (`--engine-timeout`, `--isolate`, `--scale`): what a printed command must repeat to
/// run the engine as this run did (under `--isolate` a trap is a fault, not a crash).
func engineOptionArguments(_ o: EngineRegistry.Options) -> String {
    (o.timeout == 10 ? "" : " --engine-timeout \(o.timeout)") + (o.isolate ? " --isolate" : "") + (o.scale == 1 ? "" : " --scale \(Double(o.scale))")
}

/// The fixture paths of a command line, as URLs relative to the current directory (reports keep
/// the spelling the user typed). Throws a usage error when there are none or one is empty.
func fixturePaths(_ args: [String], command: String) throws -> [URL] {
    guard !args.isEmpty else { throw WaterfallCheckError.usage("\(command) needs at least one fixture file or directory") }
    // An empty argument (an unset shell variable) would otherwise mean the current directory.
    guard !args.contains("") else { throw WaterfallCheckError.usage("\(command): an empty PATH argument (an unset variable?); name a file or directory") }
    return args.map { URL(fileURLWithPath: $0) }
}

/// Refuses a command that would write under fixture paths when `CI` is set: CI checks the
/// goldens, it never changes them. Returns the message to print, or `nil` when not in CI.
func refusalInCI(_ command: String) -> String? {
    guard isCI else { return nil }
    let value = ProcessInfo.processInfo.environment["CI"] ?? ""
    return "error: '\(command)' writes under fixture paths and is disabled in CI (CI=\(value)); run it locally and commit the result"
}
