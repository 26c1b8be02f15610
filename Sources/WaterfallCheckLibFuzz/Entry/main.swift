// The project's libFuzzer target, linked by scripts/libfuzz with `swiftc -sanitize=fuzzer
// -parse-as-library` against the WaterfallCheckLibFuzz static library (docs/libfuzzer.md).
//
//   waterfall-libfuzz [libFuzzer flags] [CORPUS...]   fuzz the engine named by -engine=NAME, else
//                                                     WATERFALL_ENGINE, else the binary's name
//                                                     waterfall-fuzz-NAME, else reference
//   waterfall-libfuzz -write_corpus=DIR FIXTURES...   seed inputs from fixtures (the engine's features)
//   waterfall-libfuzz -list_engines                   the engines it knows
//   waterfall-libfuzz -serve=NAME                     serve NAME over waterfall-engine/1, so
//       waterfall-check fuzz --engine 'exec:waterfall-libfuzz -serve=NAME' --from-bytes FILE
//       shrinks an artifact of an engine waterfall-check does not know (the broken ones)
//
// WATERFALL_INVARIANTS=a,b (or -invariants=a,b) checks only those invariants.
import Foundation
import WaterfallCheckLibFuzz

public typealias Argv = UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>

/// Takes `-NAME=VALUE` out of the arguments libFuzzer will parse (it would warn about a flag it
/// does not know) and returns VALUE. The value goes to the environment too, so `-jobs`/`-fork`
/// workers, which libFuzzer starts from the remaining arguments, inherit it.
func takeFlag(_ name: String, _ argc: UnsafeMutablePointer<CInt>, _ argv: Argv, environment: String? = nil) -> String? {
    guard let list = argv.pointee else { return nil }
    let prefix = "-\(name)="
    var found: String?
    var write = 0
    for read in 0..<Int(argc.pointee) {
        let arg = list[read].map { String(cString: $0) } ?? ""
        if arg.hasPrefix(prefix) { found = String(arg.dropFirst(prefix.count)); continue }
        list[write] = list[read]
        write += 1
    }
    list[write] = nil
    argc.pointee = CInt(write)
    if let found, let environment { setenv(environment, found, 1) }
    return found
}

/// Writes `text` to standard error (this file is compiled outside the package: public API only).
func printError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

func fail(_ message: String) -> Never {
    printError("waterfall-libfuzz: error: \(message)\n")
    exit(2)
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: Argv) -> CInt {
    let registry = LibFuzzEngines.registry
    let arguments = (0..<Int(argc.pointee)).compactMap { argv.pointee?[$0].map { String(cString: $0) } }
    if arguments.contains("-list_engines") || arguments.contains("-list_engines=1") {
        for e in registry.entries { print(e.descriptor.name) }
        exit(0)
    }
    if let name = takeFlag("serve", argc, argv) {
        guard let entry = registry.entry(named: name) else { fail("\(WaterfallCheckError.unknownEngine(spec: name, known: registry.names))") }
        signal(SIGPIPE, SIG_IGN)
        EngineServer(engine: entry.make()).serve()
        exit(0)
    }
    let env = ProcessInfo.processInfo.environment
    // A copy named waterfall-fuzz-NAME fuzzes NAME (OSS-Fuzz runs each binary of $OUT without
    // flags or environment of ours; docs/libfuzzer.md).
    let program = URL(fileURLWithPath: arguments.first ?? "").lastPathComponent
    let byName = program.hasPrefix("waterfall-fuzz-") ? String(program.dropFirst("waterfall-fuzz-".count)) : nil
    let name = takeFlag("engine", argc, argv, environment: "WATERFALL_ENGINE") ?? env["WATERFALL_ENGINE"] ?? byName ?? "reference"
    guard let entry = registry.entry(named: name) else { fail("\(WaterfallCheckError.unknownEngine(spec: name, known: registry.names))") }
    if let directory = takeFlag("write_corpus", argc, argv) {
        exit(writeCorpus(to: directory, engine: entry, arguments: Array(arguments.dropFirst().filter { !$0.hasPrefix("-") })))
    }
    var invariants = InvariantSet.all
    if let ids = takeFlag("invariants", argc, argv, environment: "WATERFALL_INVARIANTS") ?? env["WATERFALL_INVARIANTS"] {
        do { invariants = try InvariantSet(list: ids) } catch { fail("\(error)") }
    }
    return LibFuzzerTarget.register(LibFuzzerTarget.Configuration(engine: entry.make, invariants: invariants))
}

/// `-write_corpus=DIR FIXTURES...`: one seed input per fixture the engine's generator can
/// express (LibFuzzerTarget.seedCorpus), named after the fixture. Exit status 0, or 2 when DIR
/// cannot be written.
func writeCorpus(to directory: String, engine: EngineEntry, arguments: [String]) -> Int32 {
    var generator = InputGenerator()
    generator.features = generator.features.intersection(engine.descriptor.features)
    let seeds = LibFuzzerTarget.seedCorpus(arguments.map { URL(fileURLWithPath: $0) }, generator: generator)
    do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for s in seeds {
            let name = String(s.name.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
            try Data(s.bytes).write(to: URL(fileURLWithPath: directory).appendingPathComponent("fixture-\(name)"))
        }
    } catch {
        printError("waterfall-libfuzz: error: cannot write the seed corpus to \(directory): \(error)\n")
        return 2
    }
    printError("waterfall-libfuzz: seed corpus \(directory): \(seeds.count) input(s) from \(arguments.joined(separator: " ")), \(seeds.filter(\.exact).count) exact\n")
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    LibFuzzerTarget.testOneInput(data, size)
}
