import Foundation
import WaterfallCheckEngines
import WaterfallCheckTestSupport
import WaterfallCheckUIKit

/// Lifecycle steps per second (issue 34): the correct planted layout (`PlantedLifecycleLayout(.none)`,
/// the reference through the UIKit driver) in process, beside the single-input fuzzer on the same
/// engine with every invariant, both per element laid out (the aim: lifecycle at least 1/5 of
/// single-input cases per element); then the same lifecycle over `exec:` (the tests' Python engine
/// with the `lifecycle` capability: one request line per step, state, lookup and query). One job,
/// 5 s each.
func benchLifecycle() throws {
    let widths = [30, 12, 14, 16]
    print(row(["run", "per s", "elements/state", "elements/s"], widths: widths))
    let engine = PlantedLifecycleLayout.engine(.none)
    let life = LifecycleFuzzer(engine: engine, seed: 1, seconds: 5).run(engine: engine)
    let s = life.statistics
    let perState = s.states > 0 ? Double(s.elements) / Double(s.states) : 0
    let stepRate = Double(s.totalSteps) / life.seconds
    print(row(["lifecycle steps, in process", rate(stepRate), String(format: "%.1f", perState), rate(stepRate * perState)], widths: widths))

    let generator = InputGenerator(features: engine.descriptor.features, maxItems: 12, largeItems: 12, invalidRate: 0)
    let fuzz = Fuzzer(configuration: FuzzConfiguration(seed: 1, cases: nil, duration: 5, jobs: 1, generator: generator), engine: { PlantedLifecycleLayout.engine(.none) }).run()
    var items = 0
    for k in 0..<1_000 {
        var c = ChoiceSource(random: SplitMix64(seed: 1, case: UInt64(k)))
        items += generator.generate(&c).sections.reduce(0) { $0 + $1.items.count }
    }
    let perCase = Double(items) / 1_000
    print(row(["single-input cases, same engine", rate(fuzz.casesPerSecond), String(format: "%.1f", perCase), rate(fuzz.casesPerSecond * perCase)], widths: widths))
    print("  lifecycle / single-input, per element: \(String(format: "%.2f", (stepRate * perState) / max(1, fuzz.casesPerSecond * perCase)))")

    let script = ExternalTestSupport.packageRoot.appendingPathComponent("Tests/WaterfallCheckTestSupport/FakeEngines/lifecycle_engine.py").path
    let external = try ExternalEngine.start(ExternalEngine.Configuration(arguments: ["python3", script, "ok"], displayName: "lifecycle ok", timeout: 10))
    defer { external.shutdown() }
    let remote = LifecycleFuzzer(engine: external, seed: 1, seconds: 5).run(engine: external)
    let r = remote.statistics
    let remotePerState = r.states > 0 ? Double(r.elements) / Double(r.states) : 0
    let remoteRate = Double(r.totalSteps) / remote.seconds
    print(row(["lifecycle steps, exec: (Python)", rate(remoteRate), String(format: "%.1f", remotePerState), rate(remoteRate * remotePerState)], widths: widths))
    if life.counterexample != nil || remote.counterexample != nil { print("  unexpected finding: \(String(describing: life.counterexample?.finding ?? remote.counterexample?.finding))") }
}
