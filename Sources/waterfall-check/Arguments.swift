import Foundation
import WaterfallCheckEngines

/// A small command-line parser: `--name value`, `--name=value`, flags, and positionals.
/// Each command takes what it knows, then calls ``finish()``, which rejects anything left over.
struct Arguments {
    private var items: [String]
    private var positionals: [String] = []

    init(_ argv: [String]) {
        // Everything after a lone `--` is positional.
        if let dd = argv.firstIndex(of: "--") {
            items = Array(argv[..<dd]); positionals = Array(argv[(dd + 1)...])
        } else {
            items = argv
        }
    }

    /// Removes and reports a flag such as `--accept` (given once or more).
    mutating func flag(_ name: String) -> Bool {
        let before = items.count
        items.removeAll { $0 == name }
        return items.count < before
    }

    /// Removes and returns the value of `--name value` or `--name=value` (the last one wins). A
    /// separate value starting with `--` is a usage error (it is the next option); `--name=--x`
    /// passes it.
    mutating func value(_ name: String) throws -> String? {
        var found: String?
        while let i = items.firstIndex(where: { $0 == name || $0.hasPrefix(name + "=") }) {
            if items[i] == name {
                guard i + 1 < items.count else { throw WaterfallCheckError.usage("\(name) needs a value") }
                // `--junit --github PATH` forgot the file name: never write a file called `--github`.
                guard !items[i + 1].hasPrefix("--") else {
                    throw WaterfallCheckError.usage("\(name) needs a value, got the option \(items[i + 1]) (write \(name)=\(items[i + 1]) if you mean that value)")
                }
                found = items[i + 1]
                items.removeSubrange(i...(i + 1))
            } else {
                found = String(items[i].dropFirst(name.count + 1))
                items.remove(at: i)
            }
        }
        return found
    }

    /// The value of `name` parsed by `parse`, with a usage error naming the option when it fails.
    mutating func value<T>(_ name: String, as what: String, _ parse: (String) -> T?) throws -> T? {
        guard let raw = try value(name) else { return nil }
        guard let v = parse(raw) else { throw WaterfallCheckError.usage("\(name) expects \(what), got '\(raw)'") }
        return v
    }

    /// A non-negative number of points, for `--scale` and the like.
    mutating func points(_ name: String) throws -> Double? {
        try value(name, as: "a non-negative decimal number") { Arguments.decimal($0).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }
    }

    /// `--tolerance PT`: a non-negative decimal number of points.
    mutating func tolerance() throws -> Tolerance? {
        try points("--tolerance").map { Tolerance(CGFloat($0)) }
    }

    /// A non-negative decimal number of seconds, for `--shrink-time` and the like.
    mutating func seconds(_ name: String) throws -> Double? {
        try value(name, as: "a non-negative decimal number of seconds") { Arguments.decimal($0).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }
    }

    /// A 64-bit seed, decimal or `0x`-hexadecimal (`fuzz` and `compare` alike: compare refused hex).
    static func seed(_ text: String) -> UInt64? {
        text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }

    /// A decimal number (`Double("0x10")` would also read hexadecimal, `nan` and `inf`).
    static func decimal(_ text: String) -> Double? {
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return nil }
        return Double(text)
    }

    /// A positive integer, for `--jobs`, `--cases` and the like.
    mutating func positiveInt(_ name: String) throws -> Int? {
        try value(name, as: "a positive integer") { Int($0).flatMap { $0 > 0 ? $0 : nil } }
    }

    /// A worker count: 1 to 256 (more threads than that only contend on a 2-to-64-core machine).
    mutating func jobs() throws -> Int? {
        try value("--jobs", as: "a number of workers from 1 to 256") { Int($0).flatMap { (1...256).contains($0) ? $0 : nil } }
    }

    /// The remaining arguments, which must all be positional.
    mutating func finish() throws -> [String] {
        if let unknown = items.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw WaterfallCheckError.usage("unknown option \(unknown)")
        }
        let rest = items + positionals
        items = []; positionals = []
        return rest
    }
}

/// One subcommand of `waterfall-check`.
protocol Command {
    static var name: String { get }
    /// One line for `waterfall-check --help`.
    static var summary: String { get }
    /// The full usage text for `waterfall-check help NAME` / `NAME --help`.
    static var usage: String { get }
    /// Runs the command. Returns the exit status (0 ok, 1 check failed, 2 usage or input error).
    static func run(_ args: inout Arguments) throws -> Int32
}
