import Foundation
import WaterfallCheckEngines

func topUsage() -> String {
    var s = """
    waterfall-check \(waterfallCheckVersion): golden fixtures, fuzzing and comparison for waterfall layouts.

    USAGE: waterfall-check <command> [options]

    COMMANDS:

    """
    let width = commands.map { $0.name.count }.max() ?? 0
    for c in commands { s += "  \(c.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(c.summary)\n" }
    s += "\nRun 'waterfall-check help <command>' for a command's options.\nExit status: 0 ok, 1 a check failed, 2 usage, fixture or engine error."
    return s
}

/// The first argument that is not valid UTF-8, escaped (`CommandLine.arguments` would decode it
/// with U+FFFD and name a file that does not exist).
func invalidArgument() -> String? {
    for i in 1..<Int(CommandLine.argc) {
        guard let p = CommandLine.unsafeArgv[i] else { continue }
        let bytes = Array(UnsafeBufferPointer(start: p, count: strlen(p))).map { UInt8(bitPattern: $0) }
        if String(validating: bytes, as: UTF8.self) == nil {
            return bytes.map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
        }
    }
    return nil
}

func main() -> Int32 {
    if let bad = invalidArgument() {
        printError("error: the argument \(bad) is not valid UTF-8; waterfall-check reads only UTF-8 paths and options (rename the file)")
        return exitCode(.error)
    }
    var argv = Array(CommandLine.arguments.dropFirst())
    guard let first = argv.first else { print(topUsage()); return exitCode(.error) }
    switch first {
    case "--help", "-h": print(topUsage()); return exitCode(.passed)
    case "--version": print("waterfall-check \(waterfallCheckVersion)"); return exitCode(.passed)
    case "help":
        guard argv.count > 1 else { print(topUsage()); return exitCode(.passed) }
        guard let c = commands.first(where: { $0.name == argv[1] }) else {
            printError("error: no command '\(argv[1])'\n\n\(topUsage())"); return exitCode(.error)
        }
        print(c.usage); return exitCode(.passed)
    default: break
    }
    guard let command = commands.first(where: { $0.name == first }) else {
        printError("error: unknown command '\(first)'\n\n\(topUsage())")
        return exitCode(.error)
    }
    argv.removeFirst()
    if argv.contains("--help") || argv.contains("-h") { print(command.usage); return exitCode(.passed) }
    do {
        return try command.run(Arguments(argv, spec: command.spec))
    } catch {
        return exitCode(for: error, command: command)
    }
}

stopEnginesOnTermination()
setvbuf(stdout, nil, _IOLBF, 0)
let status = main()
// A signal is ending the run: the termination thread exits with 128 + the signal.
awaitTerminationIfSignalled()
exit(status)
