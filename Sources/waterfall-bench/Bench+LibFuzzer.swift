import Foundation
import WaterfallCheckEngines
import WaterfallCheckTestSupport
import WaterfallCheckCore

/// Time to find each broken engine's bug (the tests' `BrokenEngines`, the deep-branch one, and
/// classic 002's pile-up through `no-overlap`): the random fuzzer (`waterfall-check fuzz`'s
/// `Fuzzer`, one job, only that invariant) beside libFuzzer (the fuzz target built by
/// `scripts/libfuzz --build`, one process, empty corpus with the script's defaults for one
/// (`-len_control=0 -max_len=256`), only that invariant), each bounded to
/// LIBFUZZ_BENCH_SECONDS (default 60), median of 3 seeds. Wall-clock seconds, shrinking
/// excluded; libFuzzer's include its start (about 0.1 s). On demand: `scripts/bench libfuzz`
/// (scripts/bench builds the target first). LIBFUZZ_BIN names the fuzz target; LIBFUZZ_BENCH_ONLY
/// selects engines.
func benchLibFuzzer() throws {
    let env = ProcessInfo.processInfo.environment
    let bin = env["LIBFUZZ_BIN"] ?? ".build/libfuzz/waterfall-libfuzz"
    guard FileManager.default.isExecutableFile(atPath: bin) else {
        print("  no fuzz target at \(bin): run scripts/libfuzz --build first (scripts/bench libfuzz does)")
        return
    }
    let limit = Double(env["LIBFUZZ_BENCH_SECONDS"] ?? "") ?? 60
    let seeds: [UInt64] = [1, 2, 3]
    // LIBFUZZ_BENCH_INVARIANTS=all checks every invariant in both fuzzers (scripts/libfuzz's
    // default), instead of only the bug's.
    let every = env["LIBFUZZ_BENCH_INVARIANTS"] == "all"
    var cases: [(name: String, invariant: String, make: @Sendable () -> LayoutEngine)] = []
    for b in BrokenEngines.all + BrokenEngines.tieBugs.dropFirst() + [BrokenEngines.spanBug, BrokenEngines.deepBranch] {
        cases.append((b.make().descriptor.name, b.invariant, b.make))
    }
    if let classic = EngineRegistry.builtIn.entry(named: "classic-002-waterflowlayout") {
        cases.append((classic.descriptor.name + " (pile-up)", "no-overlap", classic.make))
    }
    // LIBFUZZ_BENCH_ONLY=a,b keeps the engines whose names contain one of those words.
    if let only = env["LIBFUZZ_BENCH_ONLY"]?.split(separator: ",").map(String.init) {
        cases.removeAll { c in !only.contains { c.name.contains($0) } }
    }
    let widths = [40, 18, 16, 16, 16, 30]
    print("each cell: median of \(seeds.count) seeds, seconds to the first failure (> \(Int(limit)) = not found in time)")
    print(row(["engine", "invariant", "random fuzz (s)", "libFuzzer (s)", "libFuzzer runs", "per seed: random | libFuzzer"], widths: widths))
    for c in cases {
        var random: [Double] = [], coverage: [Double] = [], runs: [Int] = []
        for seed in seeds {
            let config = FuzzConfiguration(seed: seed, cases: nil, duration: limit, jobs: 1,
                                           invariants: try every ? .all : InvariantSet(ids: [c.invariant]), shrinkTime: 0.01)
            let report = Fuzzer(configuration: config, engine: c.make).run()
            random.append(report.counterexamples.isEmpty ? .infinity : report.seconds)
            let (seconds, found, executed) = try runLibFuzzer(bin, engine: c.name.replacingOccurrences(of: " (pile-up)", with: ""),
                                                              invariant: every ? nil : c.invariant, seed: seed, limit: limit)
            coverage.append(found ? seconds : .infinity)
            runs.append(executed)
        }
        func cell(_ xs: [Double]) -> String {
            let m = xs.sorted()[xs.count / 2]
            return m.isFinite ? String(format: "%.3f", m) : "> \(Int(limit))"
        }
        func each(_ xs: [Double]) -> String { xs.map { $0.isFinite ? String(format: "%.1f", $0) : ">\(Int(limit))" }.joined(separator: " ") }
        print(row([c.name, every ? "all" : c.invariant, cell(random), cell(coverage), "\(runs.sorted()[runs.count / 2])",
                   "\(each(random)) | \(each(coverage))"], widths: widths))
    }
}

/// One libFuzzer run from an empty corpus: wall seconds, whether it wrote a crash, units executed.
private func runLibFuzzer(_ bin: String, engine: String, invariant: String?, seed: UInt64, limit: Double) throws -> (Double, Bool, Int) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("libfuzz-bench-\(getpid())-\(engine)-\(seed)")
    try? FileManager.default.removeItem(at: dir)
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("corpus"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: bin)
    // scripts/libfuzz's defaults for an empty corpus (every length up to 256 bytes from the start).
    p.arguments = ["-seed=\(seed)", "-max_total_time=\(Int(limit))", "-print_final_stats=1", "-len_control=0", "-max_len=256",
                   "-artifact_prefix=\(dir.path)/", dir.appendingPathComponent("corpus").path]
    var environment = ProcessInfo.processInfo.environment
    environment["WATERFALL_ENGINE"] = engine
    environment["WATERFALL_INVARIANTS"] = invariant
    p.environment = environment
    let err = Pipe()
    p.standardError = err
    p.standardOutput = FileHandle.nullDevice
    let start = DispatchTime.now().uptimeNanoseconds
    try p.run()
    let output = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let crashed = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).contains { $0.hasPrefix("crash-") }
    let executed = output.split(separator: "\n").first { $0.hasPrefix("stat::number_of_executed_units:") }
        .flatMap { Int($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) } ?? 0
    return (seconds, crashed, executed)
}
