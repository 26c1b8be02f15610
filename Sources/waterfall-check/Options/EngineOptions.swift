import Foundation
import WaterfallCheckEngines

/// How engines run, for every command that takes engines: `--engine-timeout SECONDS` (default
/// 10), `--isolate` and `--scale S` (the web engines' CSS px per pt, default 1); and `--engine`.
enum EngineOptions {
    /// `--engine NAME|exec:CMD`: the engine under test (``resolveEngine(_:options:)``).
    static let engine = Option<String>("--engine", value: "NAME|exec:CMD",
                                       help: "the engine under test (default: reference; see 'waterfall-check engines'), or exec:'CMD ARGS' (an engine speaking waterfall-engine/1)")

    /// `--engine-timeout SECONDS`: at most a day, the deadline is kept in nanoseconds (D14).
    static let timeout = Option<Double>("--engine-timeout", value: "SECONDS", expects: "a positive number of seconds, at most 86400 (a day)",
                                        help: "time an external engine (exec:, --isolate, a web engine) gets for its hello and each reply (default 10)") {
        decimal($0).flatMap { $0 > 0 && $0 <= EngineRegistry.Options.maxTimeout ? $0 : nil }
    }

    /// `--isolate`: built-in engines in a `waterfall-engine` subprocess.
    static let isolate = Flag("--isolate", help: "run a built-in engine in a waterfall-engine subprocess, so a trap is a reported fault instead of the end of the run")

    /// `--scale S`: CSS px per pt for the web engines (chromium:...), a power of two.
    static let scale = Option<Double>("--scale", value: "S", expects: "a power of two from 1/64 to 64 (CSS px per pt), such as 0.5, 1 or 2",
                                      help: "CSS px per pt for the web engines (chromium:grid-lanes, firefox:masonry, webkit:masonry, BROWSER:masonry=PATH, ...), a power of two from 1/64 to 64 (default 1)") {
        decimal($0).flatMap { WebEngine.isValidScale(CGFloat($0)) ? $0 : nil }
    }

    /// The group: `[engine options]` in a synopsis.
    static let group = OptionGroup("engine options", [timeout, isolate, scale])

    /// The engine options given, each at its default when not given or not in the command's
    /// table (`render` has no web `--scale`, `compare-revisions` no `--isolate`).
    static func read(_ args: Arguments) throws -> EngineRegistry.Options {
        let timeout = args.declares(timeout) ? try args.value(timeout) : nil
        let scale = args.declares(scale) ? try args.value(scale) : nil
        return EngineRegistry.Options(timeout: timeout ?? 10, isolate: args.declares(isolate) && args.flag(isolate), scale: CGFloat(scale ?? 1))
    }
}
