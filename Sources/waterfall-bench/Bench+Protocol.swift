import Foundation
import WaterfallCheckEngines

/// Layout requests per second for 32-item inputs: the reference engine in process, and the same
/// engine over protocol waterfall-engine/1 (`exec:waterfall-engine reference`, the release build
/// beside this executable), one request at a time and pipelined (the hello's `pipeline` window,
/// FIXTURE-FORMAT §9). Median of 5 warm runs. Bars: pipelined >= 50,000/s and within 10x of
/// in-process.
///
/// Also the CPU time per request, harness and engine process apart (getrusage), which a loaded
/// machine inflates far less than the wall clock; then the fuzzer in process against
/// `--isolate` (the reference over the protocol), 1 job (bar: isolated >= 1/5 of in-process).
func benchProtocol() throws {
    let widths = [34, 10, 12, 12, 16, 16, 14]
    print(row(["engine", "requests", "time", "requests/s", "harness CPU/req", "engine CPU/req", "vs in-process"], widths: widths))
    let inputs = (1...8).map { benchInput(items: 32, columns: 3, seed: UInt64($0)) }
    let start = DispatchTime.now().uptimeNanoseconds
    let executable = EngineRegistry.defaultEngineExecutable
    func external(window: Int) -> ExternalEngine {
        var c = ExternalEngine.Configuration(arguments: [executable, "reference"], displayName: "exec: waterfall-engine reference")
        c.maxPipeline = window
        return try! ExternalEngine.start(c)
    }
    let serial = external(window: 1)
    _ = try serial.layout(inputs[0])
    let startup = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let pipelined = external(window: EngineProtocol.Hello.maximumPipeline)
    _ = try pipelined.layout(inputs[0])

    var inProcess = 0.0
    let runs: [(String, LayoutEngine, Int, Bool)] = [
        ("in-process reference", ReferenceEngine(), 100_000, false),
        ("exec:, one at a time", serial, 5_000, false),
        ("exec:, pipelined (window \(pipelined.pipelineWindow))", pipelined, 50_000, true),
    ]
    for (name, engine, count, pipelining) in runs {
        let selfBefore = cpuSeconds(children: false)
        let t = try median {
            if pipelining, let ext = engine as? ExternalEngine {
                let w = ext.pipelineWindow
                ext.prefetch((0..<w).map { .layout(inputs[$0 & 7]) })
                for i in 0..<count {
                    _ = try ext.layout(inputs[i & 7])
                    if i + w < count { ext.prefetch([.layout(inputs[(i + w) & 7])]) }
                }
            } else {
                for i in 0..<count { _ = try engine.layout(inputs[i & 7]) }
            }
        }
        let harness = (cpuSeconds(children: false) - selfBefore) / Double(6 * count)
        var engineCPU = "-"
        if let ext = engine as? ExternalEngine {
            let childBefore = cpuSeconds(children: true)
            ext.shutdown()  // reaped: its CPU time now counts in RUSAGE_CHILDREN
            engineCPU = String(format: "%.1f µs", (cpuSeconds(children: true) - childBefore) / Double(6 * count + 1) * 1e6)
        }
        let perSecond = Double(count) / t
        if inProcess == 0 { inProcess = perSecond }
        print(row([name, "\(count)", String(format: "%.3f s", t), rate(perSecond),
                   String(format: "%.1f µs", harness * 1e6), engineCPU, String(format: "1/%.1f", inProcess / perSecond)], widths: widths))
    }
    print(String(format: "(start-up: engine start, hello and first request: %.1f ms)", startup * 1e3))

    // The fuzzer, every invariant, 1 job: in process against the reference behind the protocol.
    print("")
    let w2 = [34, 10, 12, 12, 14]
    print(row(["fuzz, 1 job, every invariant", "cases", "seconds", "cases/s", "vs in-process"], widths: w2))
    var fuzzInProcess = 0.0
    for (name, cases, make) in [("in-process reference", 100_000, { ReferenceEngine() as LayoutEngine }),
                                ("--isolate, one at a time", 3_000, { external(window: 1) as LayoutEngine }),
                                ("--isolate, pipelined", 20_000, { external(window: EngineProtocol.Hello.maximumPipeline) as LayoutEngine })] {
        let fuzzer = Fuzzer(configuration: FuzzConfiguration(seed: 7, cases: cases, jobs: 1, generator: InputGenerator(largeItems: 64)),
                            engine: make)
        let report = fuzzer.run()
        if fuzzInProcess == 0 { fuzzInProcess = report.casesPerSecond }
        print(row([name, "\(report.cases)", String(format: "%.2f", report.seconds), rate(report.casesPerSecond),
                   String(format: "1/%.1f", fuzzInProcess / report.casesPerSecond)], widths: w2))
    }
}

/// User + system CPU seconds of this process (`children: false`) or of its reaped children.
private func cpuSeconds(children: Bool) -> Double {
    var u = rusage()
    #if os(Linux)
    getrusage(__rusage_who_t((children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue), &u)
    #else
    getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &u)
    #endif
    func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e9 * 1e3 }
    return s(u.ru_utime) + s(u.ru_stime)
}

/// Per-request CPU of each protocol step in process (32-item inputs), median of 5 runs of 20,000.
func benchProtocolSplit() throws {
    let inputs = (1...8).map { benchInput(items: 32, columns: 3, seed: UInt64($0)) }
    let server = EngineServer(engine: ReferenceEngine())
    var buffer: [UInt8] = []
    let requests = inputs.map { i -> [UInt8] in var b: [UInt8] = []; EngineProtocol.Request.layout(i).encode(id: 1, into: &b); return b }
    let replies = requests.map { r -> [UInt8] in var b: [UInt8] = []; server.reply(to: r, into: &b); return b }
    let n = 20_000
    let widths = [40, 14]
    print(row(["step (32 items)", "µs/request"], widths: widths))
    func step(_ name: String, _ body: (Int) throws -> Void) rethrows {
        let t = try median { for i in 0..<n { try body(i) } }
        print(row([name, String(format: "%.2f", t / Double(n) * 1e6)], widths: widths))
    }
    step("encode request") { i in buffer.removeAll(keepingCapacity: true); EngineProtocol.Request.layout(inputs[i & 7]).encode(id: i, into: &buffer) }
    step("decode request") { i in _ = EngineProtocol.Request.decode(requests[i & 7]) }
    try step("decode request, strict reader") { i in
        _ = try JSONDocument(parsing: requests[i & 7], file: "r").decode { try LayoutInput(json: try $0.requiredMember("input")) }
    }
    try step("JSONDocument of request") { i in _ = try JSONDocument(parsing: requests[i & 7], file: "r") }
    try step("reference layout") { i in _ = try ReferenceLayout.layout(inputs[i & 7]) }
    let results = try inputs.map { try ReferenceLayout.layout($0) }
    step("encode reply") { i in buffer.removeAll(keepingCapacity: true); EngineProtocol.Reply.layout(results[i & 7]).encode(id: i, into: &buffer) }
    step("server reply (decode+layout+encode)") { i in buffer.removeAll(keepingCapacity: true); server.reply(to: requests[i & 7], into: &buffer) }
    step("json-c parse+free of reply") { i in _ = JSONDocument.rawParseAndFree(replies[i & 7]) }
    step("lint of reply") { i in _ = JSONDocument.lintOnly(replies[i & 7]) }
    try step("JSONDocument of reply") { i in _ = try JSONDocument(parsing: replies[i & 7], file: "r") }
    try step("decode reply, strict reader") { i in
        _ = try JSONDocument(parsing: replies[i & 7], file: "r").decode { try EngineProtocol.Reply(json: $0, op: "layout") }
    }
    try step("decode reply") { i in _ = try EngineProtocol.Reply.decode(replies[i & 7], op: "layout") }
}

/// A fixed workload for an instruction counter (`valgrind --tool=callgrind --trace-children=yes`),
/// no timing: `WATERFALL_BENCH_REQUESTS` (default 10,000) pipelined layout requests of the 32-item
/// inputs to `exec:waterfall-engine reference`, window 64, each reply decoded. Two runs with
/// different counts give the instructions per request of each side, start-up subtracted:
/// (total(N₂) − total(N₁)) / (N₂ − N₁), harness and engine process apart.
func benchProtocolCount() throws {
    let count = ProcessInfo.processInfo.environment["WATERFALL_BENCH_REQUESTS"].flatMap { Int($0) } ?? 10_000
    let inputs = (1...8).map { benchInput(items: 32, columns: 3, seed: UInt64($0)) }
    let c = ExternalEngine.Configuration(arguments: [EngineRegistry.defaultEngineExecutable, "reference"], displayName: "exec: waterfall-engine reference")
    let ext = try ExternalEngine.start(c)
    try pipelinedLayouts(ext, inputs, count: count)
    ext.shutdown()
    print("\(count) pipelined layout requests (window \(ext.pipelineWindow))")
}

/// `count` layout requests of `inputs` in turn, `ext`'s whole window kept in flight.
@inline(never)
private func pipelinedLayouts(_ ext: ExternalEngine, _ inputs: [LayoutInput], count: Int) throws {
    let w = ext.pipelineWindow
    ext.prefetch((0..<min(w, count)).map { .layout(inputs[$0 & 7]) })
    for i in 0..<count {
        _ = try ext.layout(inputs[i & 7])
        if i + w < count { ext.prefetch([.layout(inputs[(i + w) & 7])]) }
    }
}
