import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

@Suite("Golden sharding (verify --shard K/N)")
struct GoldenShardTests {
    @Test("K/N parses only with 1 <= K <= N")
    func parse() {
        #expect(Shard("2/3") == Shard(index: 2, count: 3))
        for bad in ["0/3", "4/3", "1/0", "x/2", "1", "1/2/3", "-1/2"] { #expect(Shard(bad) == nil, "\(bad)") }
    }

    @Test("N shards together run every fixture exactly once", arguments: [1, 2, 3, 7])
    func partition(count: Int) throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        for i in 0..<23 { try dir.write(TwoColumns.fixture("f\(i)"), to: "d\(i % 4)/f\(i).json") }
        var seen: [String] = []
        for k in 1...count {
            let runner = GoldenRunner(engine: { ReferenceEngine() }, jobs: 2, shard: Shard(index: k, count: count))
            let report = runner.run(paths: [dir.url])
            #expect(report.results.allSatisfy { $0.status == .passed })
            #expect(report.results.count + report.otherShards == 23)
            seen += report.results.map(\.file)
        }
        #expect(seen.count == 23)
        #expect(Set(seen).count == 23)
    }

    @Test("shards differ by at most one fixture, whatever the paths", arguments: [2, 3, 4, 7])
    func even(count: Int) throws {
        // The bundled fixtures' paths: a hash of them split 68/105 over 2 shards.
        let keys = try FileManager.default.subpathsOfDirectory(atPath: ExternalTestSupport.packageRoot.appendingPathComponent("Fixtures").path).filter { $0.hasSuffix(".json") }
        #expect(keys.count > 100)
        let sizes = (1...count).map { Shard(index: $0, count: count)!.select(keys) { $0 }.count }
        #expect(sizes.reduce(0, +) == keys.count)
        #expect(sizes.max()! - sizes.min()! <= 1, "\(sizes)")
        // Whatever order the paths are listed in.
        let reversed = (1...count).map { Set(Shard(index: $0, count: count)!.select(keys.reversed()) { $0 }) }
        #expect(reversed == (1...count).map { Set(Shard(index: $0, count: count)!.select(keys) { $0 }) })
    }

    @Test("a duplicate name across shards is the same error the unsharded run reports, in the shard of the later file", arguments: [2, 3, 5])
    func duplicatesAcrossShards(count: Int) throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        // a and b share a name and sort next to each other, so dealing them out splits them.
        try dir.write(TwoColumns.fixture("same"), to: "s/a.json")
        try dir.write(TwoColumns.fixture("same"), to: "s/b.json")
        try dir.write(TwoColumns.fixture("other"), to: "s/c.json")
        try dir.write(TwoColumns.fixture("same"), to: "t/a.json")  // another folder: no clash
        func errors(_ r: VerifyReport) -> [String: String] {
            Dictionary(uniqueKeysWithValues: r.results.filter { $0.status == .error }.map { ($0.file, $0.message) })
        }
        let whole = GoldenRunner(engine: { ReferenceEngine() }, jobs: 1).run(paths: [dir.url])
        #expect(errors(whole).count == 1)
        #expect(errors(whole).values.first?.contains("duplicate fixture name \"same\"") == true)
        var sharded: [String: String] = [:]
        for k in 1...count {
            let r = GoldenRunner(engine: { ReferenceEngine() }, jobs: 2, shard: Shard(index: k, count: count)).run(paths: [dir.url])
            sharded.merge(errors(r)) { a, _ in a }
        }
        #expect(sharded == errors(whole))
    }

    @Test("a shard left without fixtures passes (the others have them); the total says so")
    func emptyShard() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("only"), to: "only.json")
        let reports = (1...5).map { GoldenRunner(engine: { ReferenceEngine() }, jobs: 1, shard: Shard(index: $0, count: 5)).run(paths: [dir.url]) }
        #expect(reports.filter { $0.results.count == 1 }.count == 1)
        for r in reports where r.results.isEmpty {
            #expect(r.verdict == .passed && r.otherShards == 1)
            #expect(r.summary == "0 fixtures: 0 passed, 0 failed, 0 errors, 0 skipped (1 left to other shards)")
        }
    }

    @Test("the split depends on the path relative to the directory argument, not where it lives")
    func stableAcrossCheckouts() throws {
        let a = try TempDir(), b = try TempDir(); defer { a.cleanup(); b.cleanup() }
        for i in 0..<12 { for d in [a, b] { try d.write(TwoColumns.fixture("f\(i)"), to: "s/f\(i).json") } }
        let shard = Shard(index: 1, count: 3)
        let inA = GoldenRunner(engine: { ReferenceEngine() }, jobs: 1, shard: shard).run(paths: [a.url]).results.map(\.name)
        let inB = GoldenRunner(engine: { ReferenceEngine() }, jobs: 1, shard: shard).run(paths: [b.url]).results.map(\.name)
        #expect(inA == inB)
    }
}
