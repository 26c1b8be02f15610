import Foundation
import WaterfallCheck
import WaterfallCheckTransport

/// Paths and engines shared by the External* and Compare* suites.
public enum ExternalTestSupport {
    /// The package root, from this file's path (Tests/WaterfallCheckTests/ExternalTestSupport.swift).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/WaterfallCheckTestSupport/FakeEngines/fake_engine.py`.
    public static let fakeEngine = packageRoot.appendingPathComponent("Tests/WaterfallCheckTestSupport/FakeEngines/fake_engine.py").path

    /// The debug `waterfall-engine` that `swift build` / `swift test` put in `.build/debug/`.
    public static let engineExecutable = packageRoot.appendingPathComponent(".build/debug/waterfall-engine").path

    /// The fake engine in `mode`, with a 10-s timeout: generous, since tests run in parallel on
    /// a loaded machine and Python may be slow to start. Tests of timeouts pass 1 s explicitly.
    public static func fake(_ mode: String, _ extra: String = "", timeout: Double = 10) -> ExternalEngine.Configuration {
        ExternalEngine.Configuration(arguments: ["python3", fakeEngine, mode] + (extra.isEmpty ? [] : [extra]),
                                     displayName: "fake \(mode)", timeout: timeout)
    }

    /// One section, 2 columns of 50 pt in 100 pt, items 10, 20, 30 pt tall: all the fake declares.
    public static let threeItems = LayoutInput(
        layout: LayoutSettings(containerWidth: 100, columnCount: 2),
        sections: [SectionInput(items: [.height(10), .height(20), .height(30)])])

    /// Whether `pid` names no process at all (exited and reaped: no zombie left behind).
    public static func isGone(_ pid: Int32) -> Bool { kill(pid, 0) == -1 && errno == ESRCH }

    /// The engine fault `body` throws, or `nil` when it throws none.
    public static func fault(_ body: () throws -> Void) -> EngineFault? {
        do { try body(); return nil } catch let f as EngineFault { return f } catch { return nil }
    }
}

extension ExternalTestSupport {
    /// `Tests/WaterfallCheckTestSupport/FakeEngines/pipeline_engine.py`: declares a pipeline
    /// window (8 unless told) and faults (per `mode`: crash, hang, garbage; `ok` never) on a layout
    /// whose first item is 666 pt tall; `strict` exits with status 4 when sent more than the window.
    public static func pipelineFake(_ mode: String, window: Int = 8, timeout: Double = 10) -> ExternalEngine.Configuration {
        let path = packageRoot.appendingPathComponent("Tests/WaterfallCheckTestSupport/FakeEngines/pipeline_engine.py").path
        return ExternalEngine.Configuration(arguments: ["python3", path, mode, "\(window)"], displayName: "fake pipeline \(mode)", timeout: timeout)
    }

    /// One section, 2 columns in 100 pt, items of the given heights.
    public static func heights(_ h: [CGFloat]) -> LayoutInput {
        LayoutInput(layout: LayoutSettings(containerWidth: 100, columnCount: 2),
                    sections: [SectionInput(items: h.map { .height($0) })])
    }
}
