import Foundation
import WaterfallEngines

/// Every benchmark group: a name (`scripts/bench NAME...` selects) and a function printing its table.
/// Each group lives in its own `Bench+Name.swift`.
let groups: [(name: String, run: () throws -> Void)] = [
    ("engine", benchEngine),
    ("codec", benchCodec),
    ("verify", benchVerify),
    ("classic", benchClassic),
    ("protocol", benchProtocol),
    ("fuzz", benchFuzz),
]

let selected = Set(CommandLine.arguments.dropFirst())
for g in groups where selected.isEmpty || selected.contains(g.name) {
    print("== \(g.name) ==")
    do { try g.run() } catch { print("  failed: \(error)") }
    print("")
}
