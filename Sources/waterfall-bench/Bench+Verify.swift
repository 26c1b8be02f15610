import Foundation
import WaterfallCheckEngines

/// `verify` over 1,000 fixtures of 30 items (heights 40–400 pt, 2–4 columns), written in
/// canonical form to a temporary directory, expected from the reference engine (a speed bench,
/// not a golden). Wall time of the whole run (collect, read, lay out, compare), 1 and 2 jobs,
/// median of 5 warm runs. Bar (DESIGN.md): under 2 s.
func benchVerify() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bench-verify-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let count = 1_000
    var bytes = 0
    for i in 0..<count {
        let input = benchInput(items: 30, columns: 2 + i % 3, seed: UInt64(i + 1))
        let fixture = Fixture(name: "bench-\(i)", input: input, expected: .layout(try ReferenceLayout.layout(input)))
        let data = Data(CanonicalWriter.string(for: fixture).utf8)
        bytes += data.count
        try AtomicFile.write(data, to: dir.appendingPathComponent(String(format: "s%02d/f%04d.json", i % 10, i), isDirectory: false)
                                .creatingParent())
    }
    let walk = median { _ = FixtureFile.collect([dir]); _ = PendingFiles.find(under: [dir]) }
    let files = FixtureFile.collect([dir]).files
    let read = try median { for f in files { _ = try FixtureReader.read(contentsOf: f.url) } }
    print("\(count) fixtures, 30 items each, \(bytes / count) bytes on average")
    print(String(format: "directory walks (fixtures, pending) %.1f ms; reading every fixture %.1f ms on one core", walk * 1e3, read * 1e3))
    let widths = [8, 12, 14, 14, 10]
    print(row(["jobs", "wall", "fixtures/s", "result", "bar < 2 s"], widths: widths))
    for jobs in [1, 2] {
        let runner = GoldenRunner(engine: { ReferenceEngine() }, recordMode: .never, jobs: jobs)
        var report = VerifyReport(results: [])
        let t = median { report = runner.run(paths: [dir]) }
        print(row(["\(jobs)", String(format: "%.3f s", t), rate(Double(count) / t), "\(report.passed)/\(report.results.count) pass",
                   t < 2 ? "ok" : "MISSED"], widths: widths))
    }
}

private extension URL {
    /// Creates the URL's parent directory, returns the URL.
    func creatingParent() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
