import Foundation
import WaterfallCheckEngines

extension FuzzCommand {
    /// `fuzz --lifecycle`: ``LifecycleFuzzer`` on one engine for `duration` seconds (or `maxSteps`
    /// steps), the first departure shrunk, printed as a fixture with `steps` and saved to `save`.
    /// Exit status as `fuzz`'s: 1 a departure, 2 an engine without the capability.
    static func runLifecycle(entry: EngineEntry, seed: UInt64, duration: Double, maxSteps: Int, tolerance: Tolerance,
                             shrinkTime: Double, save: String?, replay: String, html: String?) throws -> Int32 {
        let engine = entry.make()
        guard engine.descriptor.capabilities.contains(.lifecycle), let lifecycle = engine as? LifecycleLayoutEngine else {
            printError("error: \(entry.descriptor.name) has no lifecycle (capability lifecycle): a UIKit layout in process, or an exec: engine declaring it (FIXTURE-FORMAT §9), is needed for --lifecycle")
            return exitCode(.error)
        }
        var fuzzer = LifecycleFuzzer(engine: engine, seed: seed, seconds: duration, maxSteps: maxSteps)
        fuzzer.runner = LifecycleRunner(tolerance: tolerance)
        fuzzer.shrinkSeconds = shrinkTime
        print("lifecycle: \(duration) s or \(maxSteps == .max ? "no step bound" : "\(maxSteps) steps"), tolerance \(tolerance) pt")
        let report = fuzzer.run(engine: lifecycle)
        let rate = report.seconds > 0 ? Double(report.statistics.totalSteps) / report.seconds : 0
        if let cx = report.counterexample {
            print("FAIL lifecycle \(cx.finding.key): \(cx.finding)")
            print("  found after \(String(format: "%.2f", report.secondsToFind ?? 0)) s in case \(report.cases - 1); shrunk from \(cx.originalSteps) step(s), \(cx.originalItems) item(s) to \(cx.lifecycle.steps.count) step(s), \(cx.lifecycle.maxItems) item(s) in \(String(format: "%.2f", cx.shrinkSeconds)) s")
            for (k, step) in cx.lifecycle.steps.enumerated() {
                print("  step \(k + 1): \(describe(step))\(k == cx.finding.step ? "   <- departs here" : "")")
            }
            let fixture = cx.fixture(engine: entry.descriptor, source: replay)
            if let save {
                do {
                    let url = try cx.save(in: URL(fileURLWithPath: save), engine: entry.descriptor, source: replay)
                    print("  saved \(save)/\(url.lastPathComponent)")
                } catch {
                    printError("error: cannot save the counterexample to \(save): \(error); it is printed below")
                }
            }
            print(CanonicalWriter.string(for: fixture), terminator: "")
            print("  replay: \(replay)")
        }
        print("\(report.cases) lifecycle case(s), \(report.statistics.totalSteps) step(s) in \(String(format: "%.2f", report.seconds)) s (\(Int(rate)) steps/s)")
        print(report.statistics.summary)
        if let html {
            var page = HTMLReport(title: "waterfall-check fuzz --lifecycle: \(entry.descriptor.name), seed \(seed)",
                                  notes: ["\(report.cases) case(s), \(report.statistics.totalSteps) step(s) in \(String(format: "%.2f", report.seconds)) s", replay])
            if let cx = report.counterexample { page.add(cx, engine: entry.descriptor.name) }
            do { try page.write(to: URL(fileURLWithPath: html)) } catch {
                throw WaterfallCheckError.cannotWrite(path: html, reason: "\(error)")
            }
        }
        return exitCode(report.counterexample == nil ? .passed : .failed)
    }
}
