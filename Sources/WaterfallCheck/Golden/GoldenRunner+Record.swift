import Foundation

extension GoldenRunner {
    /// Records the engine's output (`answer`) as the `expected` of `fixture` when ``recordMode``
    /// selects it, into `<name>.json.new` or the fixture itself (``recordTarget``), through the
    /// canonical writer and an atomic write: a failed write leaves every file as it was and makes
    /// the result an error naming the path.
    ///
    /// A fixture whose `expected` already equals the output bit for bit is left alone. Every
    /// recording is first checked against ``invariants`` (every invariant when there is no
    /// checker): output that breaks one is not recorded and the fixture fails, unless
    /// ``forceRecord``, which records it listing the failures under `extensions.recordedBreaking`.
    /// An output that is not a well-formed golden for the input (a missing or extra frame, a
    /// non-finite number) is never written: the result becomes an error. A fixture that was
    /// failing or had no `expected` becomes ``CaseStatus/recorded``.
    func record(_ answer: EngineAnswer, of fixture: Fixture, engine: LayoutEngine, into result: inout FixtureResult) {
        guard let output = answer.outcome else { return }
        let selected: Bool
        switch recordMode {
        case .never: selected = false
        case .missing: selected = fixture.expected == nil
        case .failed: selected = fixture.expected == nil || result.status == .failed
        case .all: selected = true
        }
        guard selected, fixture.expected != output else { return }
        if case .layout(let layout) = output, let problem = Self.recordingProblem(layout, for: fixture.input) {
            result.status = .error
            result.position = nil
            result.message = "not recorded: the engine's output is not a golden for this input: \(problem)"
            return
        }
        // judge(_:engine:) already checked the invariants when it had a checker and either no
        // expected or invariantsOnGoldens.
        var broken = result.failures
        if invariants == nil || (fixture.expected != nil && !invariantsOnGoldens) {
            do {
                broken = try (invariants ?? InvariantChecker()).violations(of: fixture.input, answer: answer, engine: engine, tolerance: result.tolerance)
            } catch {
                result.status = .error
                result.message = "not recorded: engine fault: \(error)"
                return
            }
        }
        // An output that breaks an invariant is never blessed unless forced.
        if !broken.isEmpty && !forceRecord {
            result.status = .failed
            result.failures = broken
            result.message = "not recorded (breaks \(broken.map(\.invariant).joined(separator: ", ")); --force records it anyway): \(broken[0].message)"
            return
        }
        var updated = fixture
        updated.expected = output
        updated.setRecordedBreaking(broken.map(\.message))
        if recordTarget == .pending, var provenance {
            provenance.engine = engine.descriptor.name
            provenance.engineVersion = engine.descriptor.version
            provenance.tolerance = result.tolerance
            updated.setRecordingProvenance(provenance)
        } else {
            updated.setRecordingProvenance(nil)
        }
        let target = recordTarget == .pending ? PendingFiles.pending(for: result.url) : result.url
        do {
            if recordTarget == .pending && PendingFiles.directory != nil {
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            try AtomicFile.write(Data(CanonicalWriter.string(for: updated).utf8), to: target)
            if recordTarget == .fixture { try? FileManager.default.removeItem(at: PendingFiles.pending(for: result.url)) }
        } catch {
            result.status = .error
            result.position = nil
            result.message = error is WaterfallCheckError ? "\(error)" : "cannot write \(target.path): \(error)"
            return
        }
        result.recorded = target
        if fixture.expected == nil || result.status == .failed || result.status == .error {
            result.status = .recorded
            result.message = "recorded \(target.lastPathComponent)" + (fixture.expected == nil ? "" : " (was: \(result.message))")
        }
        if !broken.isEmpty {
            result.status = .recorded
            result.failures = broken
            result.message = "recorded \(target.lastPathComponent) breaking \(broken.map(\.invariant).joined(separator: ", ")) (forced)"
        }
    }

    /// Why ``record(_:of:engine:into:)`` would not write `answer` into `fixture` (unforced), or
    /// `nil`: not a golden for the input, or the invariants it breaks (those already in `result`,
    /// else those judged from the answer alone: the engine is not asked again, so a failing
    /// fixture is still laid out once; record also checks determinism, re-prepare, lookups and
    /// queries). For a golden mismatch in a run that records nothing.
    /// - Complexity: one check of the answer-only invariants, when `result` holds no failure.
    func recordRefusal(_ answer: EngineAnswer, of fixture: Fixture, engine: LayoutEngine, result: FixtureResult) -> String? {
        if case .layout(let layout)? = answer.outcome, let problem = Self.recordingProblem(layout, for: fixture.input) {
            return "is not a golden for this input: \(problem)"
        }
        var broken = result.failures
        if broken.isEmpty {
            broken = (try? InvariantChecker(selection: Invariants.answerOnly).violations(of: fixture.input, answer: answer, engine: engine, tolerance: result.tolerance)) ?? []
        }
        guard let first = broken.first?.message else { return nil }
        // A note, not the report: the first message cut at 160 characters (10,000 column tops ran to 30 KB).
        var cut = Substring(first)
        if first.count > 160 { cut = first.prefix(160); if let space = cut.lastIndex(of: " ") { cut = cut[..<space] } }
        return "breaks \(broken.map(\.invariant).joined(separator: ", ")) (\(cut)\(cut.count < first.count ? " …" : ""))"
    }

    /// Why `layout` cannot be written as the `expected` of `input` (FIXTURE-FORMAT §4), or `nil`:
    /// one frame per item, a header / footer frame exactly where the input has one, nothing
    /// extra, every number finite.
    static func recordingProblem(_ layout: LayoutResult, for input: LayoutInput) -> String? {
        if let problem = layout.shapeProblem(for: input) { return problem.message }
        guard layout.contentSize.width.isFinite && layout.contentSize.height.isFinite else { return "contentSize is not finite" }
        for (s, out) in layout.sections.enumerated() {
            let frames = [out.header, out.footer].compactMap { $0 } + out.items
            if let bad = frames.first(where: { !($0.origin.x.isFinite && $0.origin.y.isFinite && $0.size.width.isFinite && $0.size.height.isFinite) }) {
                return "section \(s) has a non-finite frame \(bad.shortDescription)"
            }
        }
        return nil
    }
}
