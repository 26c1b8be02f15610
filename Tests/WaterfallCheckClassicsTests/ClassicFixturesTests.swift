import Foundation
import Testing
import WaterfallCheck
import WaterfallCheckCore
@testable import WaterfallCheckClassics

/// The minimal counterexamples in Fixtures/classic: each expects what a correct engine gives
/// (FIXTURE-FORMAT §5), so the reference passes it, and each names in `extensions` the classic
/// engines whose quirk it exposes (`classicEngines`) and the invariant that catches it
/// (`invariant`; `placement` for an exact hash-order tie, decided exactly):
/// those engines fail the fixture and that invariant on its input. Other classic
/// engines may fail a fixture through other quirks (001's content width 10, for one).
@Suite("Fixtures/classic")
struct ClassicFixturesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var fixture: Fixture
        var engines: [String]
        var invariant: String?
        var testDescription: String { fixture.name }
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/classic").standardized

    static func load() throws -> [Case] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        return try files.map { file in
            let fixture = try FixtureReader.read(contentsOf: directory.appendingPathComponent(file))
            guard case .array(let names)? = fixture.extensions?["classicEngines"] else { return Case(fixture: fixture, engines: [], invariant: nil) }
            var invariant: String?
            if case .string(let id)? = fixture.extensions?["invariant"] { invariant = id }
            return Case(fixture: fixture, engines: names.compactMap { if case .string(let s) = $0 { s } else { nil } }, invariant: invariant)
        }
    }

    /// Whether `engine` gives what the fixture expects (FIXTURE-FORMAT §7, 0.001 pt); a fault fails.
    static func passes(_ engine: LayoutEngine, _ fixture: Fixture) -> Bool {
        guard let actual = engine.answer(fixture.input).outcome else { return false }
        return LayoutDiff(expected: fixture.expected!, actual: actual, tolerance: .default).isEmpty
    }

    @Test("every fixture is there, expects a result and names its engines and invariant")
    func corpus() throws {
        let cases = try Self.load()
        #expect(cases.count == 21)
        for c in cases {
            #expect(c.fixture.expected != nil)
            #expect(!c.engines.isEmpty && c.engines.allSatisfy { ClassicEngines.entry(named: $0) != nil })
            #expect(c.invariant.map { Invariants.named($0) != nil } ?? true)
        }
    }

    @Test("the reference passes; the named engines fail the fixture and its invariant", arguments: try load())
    func fixture(_ c: Case) throws {
        #expect(Self.passes(ReferenceEngine(), c.fixture))
        let invariants: Set<String>? = c.invariant.map { [$0] }
        if invariants != nil { #expect(checkInvariants(c.fixture.input, engine: ReferenceEngine(), selection: invariants).isEmpty) }
        for name in c.engines {
            let entry = try #require(ClassicEngines.entry(named: name))
            #expect(!Self.passes(entry.make(), c.fixture), "\(name) passes \(c.fixture.name)")
            let caught = checkInvariants(c.fixture.input, engine: entry.make(), selection: invariants).map(\.invariant)
            if let id = c.invariant {
                #expect(caught == [id], "\(id) does not catch \(name) on \(c.fixture.name)")
            } else {
                #expect(!caught.contains("placement"), "an exact tie is accepted by placement")
            }
        }
    }
}
