import Foundation

extension GoldenRunner {
    /// Records `output` as the `expected` of `fixture` when ``recordMode`` selects it, into
    /// `<name>.json.new` or the fixture itself (``recordTarget``), through the canonical writer
    /// and an atomic write: a failed write leaves every file as it was and makes the result an
    /// error naming the path.
    ///
    /// A fixture whose `expected` already equals `output` bit for bit is left alone. An output
    /// that is not a well-formed golden for the input (a missing or extra frame, a non-finite
    /// number) is never written: the result becomes an error. A fixture that was failing or had
    /// no `expected` (and broke no invariant) becomes ``CaseStatus/recorded``.
    func record(_ output: LayoutOutcome, of fixture: Fixture, into result: inout FixtureResult) {
        let selected: Bool
        switch recordMode {
        case .never: selected = false
        case .missing: selected = fixture.expected == nil
        case .failed: selected = fixture.expected == nil || result.status == .failed
        case .all: selected = true
        }
        guard selected, fixture.expected != output else { return }
        // An output that breaks an invariant is never blessed: the fixture stays failed.
        guard result.violations.isEmpty else {
            result.message = "not recorded: " + result.message
            return
        }
        if case .layout(let layout) = output, let problem = Self.recordingProblem(layout, for: fixture.input) {
            result.status = .error
            result.position = nil
            result.message = "not recorded: the engine's output is not a golden for this input: \(problem)"
            return
        }
        var updated = fixture
        updated.expected = output
        let target = recordTarget == .pending ? PendingFiles.pending(for: result.url) : result.url
        do {
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
    }

    /// Why `layout` cannot be written as the `expected` of `input` (FIXTURE-FORMAT §4), or `nil`:
    /// one frame per item, a header / footer frame exactly where the input has one, nothing
    /// extra, every number finite.
    static func recordingProblem(_ layout: LayoutResult, for input: LayoutInput) -> String? {
        if let extra = layout.extraElements.first { return "extra element \(extra.id)" }
        guard layout.sections.count == input.sections.count else {
            return "\(layout.sections.count) sections for \(input.sections.count) in the input"
        }
        func finite(_ r: CGRect) -> Bool { [r.origin.x, r.origin.y, r.size.width, r.size.height].allSatisfy(\.isFinite) }
        guard layout.contentSize.width.isFinite && layout.contentSize.height.isFinite else { return "contentSize is not finite" }
        for (s, (out, inp)) in zip(layout.sections, input.sections).enumerated() {
            if (out.header == nil) != (inp.header == nil) { return "header \(s) \(inp.header == nil ? "is extra" : "is missing")" }
            if (out.footer == nil) != (inp.footer == nil) { return "footer \(s) \(inp.footer == nil ? "is extra" : "is missing")" }
            guard out.items.count == inp.items.count else { return "section \(s) has \(out.items.count) item frames for \(inp.items.count) items" }
            let frames = [out.header, out.footer].compactMap { $0 } + out.items
            if let bad = frames.first(where: { !finite($0) }) { return "section \(s) has a non-finite frame \(bad.shortDescription)" }
        }
        return nil
    }
}
