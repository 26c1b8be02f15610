import Foundation
import WaterfallCheck

/// Layout requests per second for 32-item inputs: the reference engine in process, and the same
/// engine over protocol waterfall-engine/1 (`exec:waterfall-engine reference`, the release build
/// beside this executable), one request at a time. Median of 5 warm runs. Quality bar: ≥ 5,000/s.
func benchProtocol() throws {
    let widths = [34, 10, 14, 14]
    print(row(["engine", "requests", "time", "requests/s"], widths: widths))
    let inputs = (1...8).map { benchInput(items: 32, columns: 3, seed: UInt64($0)) }
    let local = ReferenceEngine()
    let executable = EngineRegistry.defaultEngineExecutable
    let start = DispatchTime.now().uptimeNanoseconds
    let entry = try EngineRegistry.resolve("exec:'\(executable)' reference")
    let external = entry.make()
    _ = try external.layout(inputs[0])
    let startup = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    for (name, engine, count) in [("in-process reference", local as LayoutEngine, 100_000),
                                  ("exec: waterfall-engine reference", external, 5_000)] {
        let t = try median { for i in 0..<count { _ = try engine.layout(inputs[i & 7]) } }
        print(row([name, "\(count)", String(format: "%.3f s", t), rate(Double(count) / t)], widths: widths))
    }
    print(String(format: "(start-up, twice (hello probe + engine), and the first request: %.1f ms)", startup * 1e3))
}

