import Foundation
import WaterfallCheck

extension EngineRegistry {
    /// How `--engine` specs are run: the knobs every command passes through.
    public struct Options: Sendable {
        /// Seconds an external engine gets for its hello line and for each reply (`--engine-timeout`).
        public var timeout: Double
        /// The longest ``timeout`` the command line accepts: a day (D14).
        public static let maxTimeout: Double = 86_400
        /// Run built-in engines in a subprocess (`waterfall-engine NAME`), so one that traps
        /// becomes a reported ``EngineFault`` instead of killing the run (`--isolate`).
        public var isolate: Bool
        /// The `waterfall-engine` executable for `--isolate`; `nil` means the one beside the
        /// running executable (``defaultEngineExecutable``).
        public var engineExecutable: String?
        /// The directory an `exec:` command starts in; `nil`: the current one (`compare-revisions`
        /// starts each revision's engine in that revision's tree).
        public var workingDirectory: String?

        /// CSS px per pt for the web engines (`--scale`), a power of two; other engines ignore it.
        public var scale: CGFloat

        public init(timeout: Double = 10, isolate: Bool = false, engineExecutable: String? = nil, workingDirectory: String? = nil,
                    scale: CGFloat = 1) {
            self.timeout = timeout; self.isolate = isolate; self.engineExecutable = engineExecutable
            self.workingDirectory = workingDirectory; self.scale = scale
        }
    }

    /// The prefix of an external engine spec.
    public static let execPrefix = "exec:"

    /// Resolves an `--engine` argument, the one way every command turns a spec into engines.
    ///
    /// - `NAME`: the engine of that name in this registry; with ``Options/isolate``, the same
    ///   engine served by `waterfall-engine NAME` in a subprocess.
    /// - `chromium:grid-lanes`, `chromium:masonry=PATH`: a web engine in headless Chromium
    ///   (``WebEngine``), at ``Options/scale``; started once here for its version.
    /// - `exec:CMD ARGS`: an external engine speaking `waterfall-engine/1` (FIXTURE-FORMAT §9),
    ///   run as `/bin/sh -c 'CMD ARGS'`, so the shell's quoting, `$VAR` and `~` work as typed.
    ///
    /// An external engine is started once here to read its hello line (the descriptor); each
    /// ``Entry/make`` call then gives an engine that starts its own process on first use.
    /// - Throws: ``WaterfallCheckError/unknownEngine(spec:known:)`` for a name this registry does not hold; ``EngineFault`` when an
    ///   external engine cannot be started or fails the handshake; ``WaterfallCheckError/usage(_:)`` for a bad web
    ///   engine spec, a bad scale or no Chromium.
    public func resolve(_ spec: String, options: Options = Options()) throws -> EngineEntry {
        if let web = try WebEngine.parse(spec: spec) { return try WebEngine.entry(web.kind, browser: web.browser, options: options) }
        let configuration: ExternalEngine.Configuration
        if spec.hasPrefix(Self.execPrefix) {
            let command = String(spec.dropFirst(Self.execPrefix.count))
            guard !command.trimmingCharacters(in: .whitespaces).isEmpty else { throw WaterfallCheckError.unknownEngine(spec: spec, known: names) }
            let argv = options.workingDirectory.map { ["/bin/sh", "-c", "cd \"$0\" || exit 127\n" + command, $0] } ?? ["/bin/sh", "-c", command]
            configuration = .init(arguments: argv, displayName: spec, timeout: options.timeout)
        } else {
            guard let entry = entry(named: spec) else { throw WaterfallCheckError.unknownEngine(spec: spec, known: names) }
            guard options.isolate else { return entry }
            let executable = options.engineExecutable ?? Self.defaultEngineExecutable
            configuration = .init(arguments: [executable, spec], displayName: "\(spec) (isolated)", timeout: options.timeout)
        }
        let probe = try ExternalEngine.start(configuration)
        let descriptor = probe.descriptor
        probe.shutdown(grace: 0.2)
        return EngineEntry(descriptor: descriptor, make: { ExternalEngine(configuration, descriptor: descriptor) })
    }

    /// `waterfall-engine` in the directory of the running executable (where SwiftPM puts every
    /// product of a build: `.build/debug/`, `.build/release/`).
    public static var defaultEngineExecutable: String {
        let exe = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return exe.deletingLastPathComponent().appendingPathComponent("waterfall-engine").path
    }
}
