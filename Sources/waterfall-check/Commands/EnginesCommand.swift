import Foundation
import WaterfallCheckEngines

/// `waterfall-check engines`: every built-in engine, one per line.
enum EnginesCommand: Command {
    static let spec = CommandSpec(
        name: "engines",
        summary: "List the built-in engines: name, version, capabilities, description",
        about: """
    Lists every built-in engine, one per line: name, version, capabilities, features and a
    one-line description, then the web engines (chromium:grid-lanes, firefox:masonry,
    webkit:masonry, BROWSER:masonry=PATH, BROWSER:jquery-masonry=PATH, which need their browser:
    scripts/bootstrap --web). Any of them can be passed to --engine; so can exec:'CMD ARGS'.
    """)

    static func run(_ args: Arguments) throws -> Int32 {
        let rest = args.operands
        guard rest.isEmpty else { throw WaterfallCheckError.usage("unexpected argument \(rest[0])") }
        let entries = EngineRegistry.builtIn.entries
        let nameWidth = (entries.map { $0.descriptor.name.count } + WebEngine.specs.map(\.count)).max() ?? 0
        for e in entries {
            let d = e.descriptor
            let caps = d.capabilities.names.isEmpty ? "-" : d.capabilities.names.joined(separator: ",")
            let features = d.features == .all ? "all features" : d.features.names.joined(separator: ",")
            print("\(d.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0))  \(d.version)  [\(caps)]  (\(features))  \(d.summary)")
        }
        // The web engines run in a browser and are listed without starting it.
        for spec in WebEngine.specs {
            let web = try WebEngine.parse(spec: spec.replacingOccurrences(of: "PATH", with: "masonry.js"))!
            let d = WebEngine.descriptor(.init(kind: web.kind, browser: web.browser), version: web.browser.rawValue)
            print("\(spec.padding(toLength: nameWidth, withPad: " ", startingAt: 0))  (web)  [-]  (\(d.features.names.joined(separator: ",")); tie breaks \(d.limits.tieBreakNames.joined(separator: ",")))  \(d.summary)")
        }
        return exitCode(.passed)
    }
}
