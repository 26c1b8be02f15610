import Foundation
import WaterfallCheckEngines

/// Every benchmark group: a name (`scripts/bench NAME...` selects) and a function printing its table.
/// Each group lives in its own `Bench+Name.swift`.
let groups: [(name: String, run: () throws -> Void)] = [
    ("engine", benchEngine),
    ("codec", benchCodec),
    ("verify", benchVerify),
    ("classic", benchClassic),
    ("protocol", benchProtocol),
    ("protocol-split", benchProtocolSplit),
    ("compare", benchCompare),
    ("fuzz", benchFuzz),
    ("ties", benchTies),
    ("web", benchWeb),
    ("uikit", benchUIKit),
    ("lifecycle", benchLifecycle),
]
/// Groups run only when named.
let onDemand: [(name: String, run: () throws -> Void)] = [("no-false-positives", benchNoFalsePositives), ("libfuzz", benchLibFuzzer),
                                                        ("protocol-count", benchProtocolCount)]

let selected = Set(CommandLine.arguments.dropFirst())
let onDemandNames = Set(onDemand.map(\.name))
for g in groups + onDemand where selected.isEmpty ? !onDemandNames.contains(g.name) : selected.contains(g.name) {
    print("== \(g.name) ==")
    do { try g.run() } catch { print("  failed: \(error)") }
    print("")
}
