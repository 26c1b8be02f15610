import Foundation

extension EngineComparison.Report {
    /// Writes each minimal difference to `directory` (created if need be) as a canonical fixture
    /// whose expected value is the baseline's answer, each file atomically (``AtomicFile``), and
    /// the input of each case on which an engine faulted (`compare-fault-<case>.json`, expecting
    /// the baseline's answer when the baseline answered). Named `compare-<case>.json`; an existing
    /// file of that name with other content is kept and the new one gets `-2`, `-3`, … (a found
    /// counterexample is never dropped).
    /// - Returns: the paths written, in report order.
    /// - Throws: ``WaterfallCheckError/cannotWrite(path:reason:)``, or a file system error creating `directory`.
    public func saveFixtures(in directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written: [String] = []
        var fixtures = differences.compactMap { $0.fixture(baseline: baseline, candidate: candidate) }
            + faults.map { $0.fixture(baseline: baseline, candidate: candidate) }
        if let revisions {
            // Both commits, in the source line and machine-readably in the extensions.
            for k in fixtures.indices {
                fixtures[k].source = (fixtures[k].source ?? "") + "; baseline \(revisions.baseline.label), candidate \(revisions.candidate.label)"
                fixtures[k].extensions = .object([("revisions", .object([("baseline", revisions.baseline.jsonValue), ("candidate", revisions.candidate.jsonValue)]))])
            }
        }
        for fixture in fixtures {
            let data = CanonicalWriter.data(for: fixture)
            var k = 1
            while true {
                let url = URL(fileURLWithPath: directory).appendingPathComponent(fixture.name + (k == 1 ? "" : "-\(k)") + ".json")
                if let existing = FileManager.default.contents(atPath: url.path), existing != data { k += 1; continue }
                try AtomicFile.write(data, to: url)
                written.append(url.path)
                break
            }
        }
        return written
    }
}

extension EngineComparison.FaultCase {
    /// `outcome` as a fixture's `expected`: without the extra elements a UIKit-shaped engine reported.
    static func golden(_ outcome: LayoutOutcome) -> LayoutOutcome {
        guard case .layout(let r) = outcome else { return outcome }
        return .layout(LayoutResult(contentSize: r.contentSize, sections: r.sections))
    }

    /// The faulting input as a fixture, expecting the baseline's answer when it gave one.
    func fixture(baseline: EngineDescriptor, candidate: EngineDescriptor) -> Fixture {
        let expected = self.baseline?.outcome.map(Self.golden)
        return Fixture(name: "compare-fault-" + EngineComparison.Finding.fixtureName(origin.name),
                       description: "\(fault.engine) faulted (\(fault.kind.rawValue)): \(fault.message)",
                       source: "waterfall-check compare, \(origin.originDescription)",
                       tolerance: origin.tolerance?.points, input: origin.input, expected: expected)
    }
}

extension EngineComparison.Finding {
    /// `name` with characters a fixture name may not hold replaced by `-`.
    static func fixtureName(_ name: String) -> String {
        String(name.map { Fixture.isValidName(String($0)) ? $0 : "-" })
    }

    /// The minimal input as a fixture expecting the baseline's answer; `nil` when the baseline
    /// gave neither frames nor a §6 error.
    func fixture(baseline: EngineDescriptor, candidate: EngineDescriptor) -> Fixture? {
        guard let expected = self.baseline.outcome.map(EngineComparison.FaultCase.golden) else { return nil }
        var description = "Minimal input on which \(baseline.name) \(baseline.version) and \(candidate.name) \(candidate.version) differ"
        if let d = difference.largestDelta { description += "; largest displacement \(formatPoints(d)) pt" }
        return Fixture(name: "compare-" + Self.fixtureName(origin.name), description: description + ". Expected: the baseline's answer.",
                       source: "waterfall-check compare, \(origin.originDescription)",
                       tolerance: origin.tolerance?.points, input: minimal, expected: expected)
    }
}
