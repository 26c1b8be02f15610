import Foundation
import WaterfallEngines

/// Layout requests per second for 32-item inputs: the reference engine in process, and the same
/// engine over protocol waterfall-engine/1 (`exec:waterfall-engine reference`, the release build
/// beside this executable), one request at a time. Median of 5 warm runs. Quality bar: ≥ 5,000/s.
///
/// Also the CPU time per request, harness and engine process apart (getrusage), which a loaded
/// machine inflates far less than the wall clock.
func benchProtocol() throws {
    let widths = [34, 10, 12, 12, 16, 16]
    print(row(["engine", "requests", "time", "requests/s", "harness CPU/req", "engine CPU/req"], widths: widths))
    let inputs = (1...8).map { benchInput(items: 32, columns: 3, seed: UInt64($0)) }
    let start = DispatchTime.now().uptimeNanoseconds
    let entry = try EngineRegistry.builtIn.resolve("exec:'\(EngineRegistry.defaultEngineExecutable)' reference")
    let external = entry.make() as! ExternalEngine
    _ = try external.layout(inputs[0])
    let startup = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9

    for (name, engine, count) in [("in-process reference", ReferenceEngine() as LayoutEngine, 100_000),
                                  ("exec: waterfall-engine reference", external, 5_000)] {
        let selfBefore = cpuSeconds(children: false)
        let t = try median { for i in 0..<count { _ = try engine.layout(inputs[i & 7]) } }
        let harness = (cpuSeconds(children: false) - selfBefore) / Double(6 * count)
        var engineCPU = "-"
        if engine === external {
            let childBefore = cpuSeconds(children: true)
            external.shutdown()  // reaped: its CPU time now counts in RUSAGE_CHILDREN
            engineCPU = String(format: "%.1f µs", (cpuSeconds(children: true) - childBefore) / Double(6 * count + 1) * 1e6)
        }
        print(row([name, "\(count)", String(format: "%.3f s", t), rate(Double(count) / t),
                   String(format: "%.1f µs", harness * 1e6), engineCPU], widths: widths))
    }
    print(String(format: "(start-up: hello probe, engine start and first request: %.1f ms)", startup * 1e3))
}

/// User + system CPU seconds of this process (`children: false`) or of its reaped children.
private func cpuSeconds(children: Bool) -> Double {
    var u = rusage()
    #if os(Linux)
    getrusage(__rusage_who_t((children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue), &u)
    #else
    getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &u)
    #endif
    func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return s(u.ru_utime) + s(u.ru_stime)
}
