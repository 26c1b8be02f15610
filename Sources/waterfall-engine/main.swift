import Foundation
import WaterfallCheckEngines

/// `waterfall-engine [NAME]`: serves a built-in engine over protocol waterfall-engine/1
/// (FIXTURE-FORMAT §9) on stdin/stdout until end of input.

let usage = """
USAGE: waterfall-engine [NAME]
       waterfall-engine --list | --version | --help

Serves the built-in engine NAME (default: reference) over protocol waterfall-engine/1 on
stdin/stdout: a hello line, then one JSON reply line per JSON request line, until end of input
(exit 0). A malformed request gets {"id":N,"error":"badRequest","message":"..."}.
The hello declares a pipeline window ("pipeline":32): the harness may send that many requests
before reading their replies, which come in order.
Run it from waterfall-check as --engine exec:'waterfall-engine NAME', or with --isolate.
"""

func main() -> Int32 {
    let args = Array(CommandLine.arguments.dropFirst())
    switch args.first {
    case "--help", "-h":
        print(usage); return 0
    case "--version":
        print("waterfall-engine \(waterfallCheckVersion)"); return 0
    case "--list":
        for e in EngineRegistry.builtIn.entries { print("\(e.descriptor.name)  \(e.descriptor.version)  \(e.descriptor.summary)") }
        return 0
    default: break
    }
    guard args.count <= 1 else {
        writeStandardError("error: expected at most one engine name\n\n\(usage)\n"); return 2
    }
    let name = args.first ?? "reference"
    guard let entry = EngineRegistry.builtIn.entry(named: name) else {
        writeStandardError("error: \(WaterfallCheckError.unknownEngine(spec: name, known: EngineRegistry.builtIn.names))\n"); return 2
    }
    // A harness that closes the pipe early must not kill us with SIGPIPE mid-reply.
    signal(SIGPIPE, SIG_IGN)
    EngineServer(engine: entry.make(), pipeline: EngineServer.defaultPipeline).serve()
    return 0
}

exit(main())
