import Foundation
import WaterfallCheckEngines

/// A command line parsed against a command's option table (``CommandSpec/table``): `--name
/// value`, `--name=value`, flags, and operands. It accepts exactly the table's options: anything
/// else that starts with `-` (but `-` alone, and everything after a lone `--`) is a usage error
/// naming it, found before the command does anything.
///
/// Values are kept as text and read through the typed ``value(_:)`` and ``flag(_:)``, which
/// take the same declarations the table lists; reading an option the table lacks is a
/// programmer error (a precondition), the drift the review found (`record --scale`, §3).
struct Arguments {
    /// The options the command accepts.
    let table: [OptionSpec]
    /// The last text given for each value option, by name.
    private var values: [String: String] = [:]
    /// The flags given.
    private var flags: Set<String> = []
    /// The operands, in order (those after a lone `--` last).
    private(set) var operands: [String] = []

    /// Parses `argv` (the arguments after the command's name) against `spec`'s table.
    /// - Throws: ``WaterfallCheckError/usage(_:)``: "unknown option --x" (with the command's
    ///   refusal note, if it has one); "--name needs a value"; "--name needs a value, got the option
    ///   --x (write --name=--x if you mean that value)": `--junit --github PATH` forgot the file
    ///   name, and a file called `--github` is never written.
    init(_ argv: [String], spec: CommandSpec) throws {
        table = spec.table
        let byName = Dictionary(table.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        // Everything after a lone `--` is an operand.
        let end = argv.firstIndex(of: "--") ?? argv.endIndex
        var i = argv.startIndex
        while i < end {
            let item = argv[i]
            i += 1
            guard item.hasPrefix("-"), item != "-" else { operands.append(item); continue }
            let (name, inline) = item.firstIndex(of: "=").map { (String(item[..<$0]), String(item[item.index(after: $0)...])) } ?? (item, nil)
            guard let option = byName[name], !(option.isFlag && inline != nil) else {
                // A flag given a value (`--github=yes`) is not that flag: unknown, as before.
                throw WaterfallCheckError.usage("unknown option \(item)" + (spec.refusals[name].map { ": \($0)" } ?? ""))
            }
            if option.isFlag { flags.insert(name); continue }
            if let inline { values[name] = inline; continue }
            guard i < end else { throw WaterfallCheckError.usage("\(name) needs a value") }
            guard !argv[i].hasPrefix("--") else {
                throw WaterfallCheckError.usage("\(name) needs a value, got the option \(argv[i]) (write \(name)=\(argv[i]) if you mean that value)")
            }
            values[name] = argv[i]
            i += 1
        }
        if end < argv.endIndex { operands += argv[(end + 1)...] }
    }

    /// The value given for `option`, parsed; `nil` when it was not given.
    /// - Throws: ``WaterfallCheckError/usage(_:)`` "--name expects WHAT, got 'x'".
    /// - Precondition: the command's table declares `option`.
    func value<T>(_ option: Option<T>) throws -> T? {
        precondition(declares(option), "\(option.spec.name) is read but not in the command's table")
        guard let raw = values[option.spec.name] else { return nil }
        guard let v = option.parse(raw) else {
            throw WaterfallCheckError.usage("\(option.spec.name) expects \(option.spec.expects ?? "a value"), got '\(raw)'")
        }
        return v
    }

    /// Whether `flag` was given (once or more).
    /// - Precondition: the command's table declares `flag`.
    func flag(_ flag: Flag) -> Bool {
        precondition(declares(flag), "\(flag.spec.name) is read but not in the command's table")
        return flags.contains(flag.spec.name)
    }

    /// Whether the command's table holds `option` (the same option, whatever its help says):
    /// for shared code that reads an option only some of its commands take.
    func declares(_ option: some OptionDeclaration) -> Bool {
        table.contains { $0.isSame(as: option.spec) }
    }
}
