import Foundation

extension EngineComparison.Report {
    /// Writes each minimal difference to `directory` (created if need be) as a canonical fixture
    /// whose expected value is the baseline's answer, each file atomically (``AtomicFile``), and
    /// the input of each case on which an engine faulted (`compare-fault-<case>.json`, expecting
    /// the baseline's answer when the baseline answered). Named `compare-<case>.json`; an existing
    /// file of that name with another input is kept and the new one gets `-2`, `-3`, … (a found
    /// counterexample is never dropped; ``Fixture/save(in:)``). A difference on which the
    /// baseline faulted, or answered non-finite numbers, is saved input-only, and its
    /// description says why (review A6, A14): a fixture never holds `Infinity` or `NaN`.
    /// - Returns: the paths written, in report order.
    /// - Throws: ``WaterfallCheckError/cannotWrite(path:reason:)``, or a file system error creating `directory`.
    package func saveFixtures(in directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written: [String] = []
        var fixtures = differences.map { $0.fixture(baseline: baseline, candidate: candidate) }
            + faults.map { $0.fixture(baseline: baseline, candidate: candidate) }
        if let revisions {
            // Both commits, in the source line and machine-readably in the extensions.
            for k in fixtures.indices {
                fixtures[k].source = (fixtures[k].source ?? "") + "; baseline \(revisions.baseline.label), candidate \(revisions.candidate.label)"
                fixtures[k].extensions = .object([("revisions", .object([("baseline", revisions.baseline.jsonValue), ("candidate", revisions.candidate.jsonValue)]))])
            }
        }
        // One writer for every saved fixture: a new name, never an overwrite (review A5).
        // Another case's equal input under another name is saved too: each case is reported.
        for fixture in fixtures { written.append(try fixture.save(in: URL(fileURLWithPath: directory), reusingAnyName: false).path) }
        return written
    }
}

extension EngineComparison.FaultCase {
    /// The baseline's answer as a saved fixture's `expected`, or `nil` and why not: it faulted or
    /// was unsupported (no answer to expect), or it holds a non-finite number (JSON has none, and
    /// the fixture must stay readable: review A6).
    static func expected(_ answer: EngineAnswer?) -> (LayoutOutcome?, String?) {
        guard let answer else { return (nil, nil) }
        guard let outcome = answer.outcome.map(golden) else {
            return (nil, "Saved input-only: the baseline gave no answer to expect (\(answer.summary))")
        }
        if case .layout(let r) = outcome {
            let c = r.contentSize
            let frames = r.sections.flatMap { [$0.header, $0.footer].compactMap { $0 } + $0.items }
            let finite = c.width.isFinite && c.height.isFinite
                && frames.allSatisfy { $0.origin.x.isFinite && $0.origin.y.isFinite && $0.size.width.isFinite && $0.size.height.isFinite }
            if !finite { return (nil, "Saved input-only: the baseline's answer has a non-finite number, which no fixture can hold (a fault of the baseline)") }
        }
        return (outcome, nil)
    }

    /// `outcome` as a fixture's `expected`: without the extra elements a UIKit-shaped engine reported.
    static func golden(_ outcome: LayoutOutcome) -> LayoutOutcome {
        guard case .layout(let r) = outcome else { return outcome }
        return .layout(LayoutResult(contentSize: r.contentSize, sections: r.sections))
    }

    /// The faulting input as a fixture, expecting the baseline's answer when it gave one.
    func fixture(baseline: EngineDescriptor, candidate: EngineDescriptor) -> Fixture {
        let (expected, why) = Self.expected(self.baseline)
        return Fixture(name: "compare-fault-" + EngineComparison.Finding.fixtureName(origin.name),
                       description: "\(fault.engine) faulted (\(fault.kind.rawValue)): \(fault.message)" + (why.map { ". \($0)" } ?? ""),
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
    func fixture(baseline: EngineDescriptor, candidate: EngineDescriptor) -> Fixture {
        let (expected, why) = EngineComparison.FaultCase.expected(self.baseline)
        var description = "Minimal input on which \(baseline.name) \(baseline.version) and \(candidate.name) \(candidate.version) differ"
        if let d = difference.largestDelta, d.isFinite { description += "; largest displacement \(formatPoints(d)) pt" }
        return Fixture(name: "compare-" + Self.fixtureName(origin.name), description: description + (why.map { ". \($0)." } ?? ". Expected: the baseline's answer."),
                       source: "waterfall-check compare, \(origin.originDescription)",
                       tolerance: origin.tolerance?.points, input: minimal, expected: expected)
    }
}
