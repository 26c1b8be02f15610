import Foundation
import WaterfallCheckCore

/// Detects the ``EngineConventions`` an engine follows (`waterfall-check conventions`, and
/// `--conventions auto`): each convention is probed with a few targeted inputs whose §5 layout
/// the convention changes, and is taken when its conventional layout
/// (``ConventionalLayout``) explains every probe's answer and plain §5 does not. The candidates of
/// one convention are tried from the mildest (none) up; the first that explains all its probes
/// wins, with the conventions found before it applied. What no candidate explains is reported as
/// unexplained (a bug, or a convention this probe does not know), never taken as a convention.
///
/// Position noise is not probed (no input shows it reliably): declare it.
///
/// A convention one of whose probes the engine faulted on (a crash, a hang, an exception) is
/// *undetermined*: nothing of that step is taken (its other answers may miss what the faulting
/// probe would have shown), the fault is reported with the probe's input, and the other
/// conventions are still detected. Undetermined is not declared: judged as plain §5.
package struct ConventionProbe {
    /// One convention found, or a probe no candidate explains.
    package struct Finding: Sendable, CustomStringConvertible {
        /// ``EngineConventions/keys``' key.
        package var key: String
        /// What was found: the convention's value, or why it was not probed.
        package var value: String
        /// The probe that shows it: the input, the element and the engine's frame against §5's.
        package var evidence: String
        /// The probe's input as compact JSON (`{"layout":…,"sections":…}`), for a fault: what
        /// reproduces it (`waterfall-check verify` of a fixture with this input).
        package var input: String?
        package var description: String { "\(key): \(value)\n    evidence: \(evidence)" }
    }

    /// What ``detect(_:tolerance:)`` found.
    package struct Report: Sendable {
        package var conventions: EngineConventions = .none
        /// Every convention found, in ``EngineConventions/keys`` order.
        package var found: [Finding] = []
        /// Probes that no candidate explains (each a possible bug), and probes not run.
        package var unexplained: [Finding] = []
        package var notProbed: [Finding] = []
        /// Probes the engine faulted on (crashed, hung, answered garbage), with the fault and the
        /// probe's input: an engine that faults on a valid input has a bug.
        package var faults: [Finding] = []
        /// How many probes the engine answered with a layout (0: nothing was probed).
        package var answered = 0
        /// The conventions whose probes faulted (``EngineConventions/keys``' keys, in probe
        /// order): not detected, so not in ``conventions``; a saved file lists them, and they are
        /// judged as plain §5.
        package var undetermined: [String] {
            var seen = Set<String>()
            return faults.map(\.key).filter { seen.insert($0).inserted }
        }
    }

    package var tolerance: Tolerance
    package init(tolerance: Tolerance = .default) { self.tolerance = tolerance }

    /// A probe: a short name for the evidence, and the input.
    typealias Probe = (name: String, input: LayoutInput)

    static func input(_ W: CGFloat, columns: Int, spacing: CGFloat = 0, rowSpacing: CGFloat = 0,
                      inset: LayoutInsets = .zero, _ sections: [SectionInput]) -> LayoutInput {
        LayoutInput(layout: LayoutSettings(containerWidth: W, columnCount: columns, columnSpacing: spacing, rowSpacing: rowSpacing,
                                           sectionInset: inset), sections: sections)
    }

    static func items(_ heights: [CGFloat]) -> SectionInput { SectionInput(items: heights.map { .height($0) }) }

    /// The conventions in probe order, each with its candidates (mildest first) and probes.
    /// Position rounding comes after the conventions its probes also show (the trailing spacing
    /// in the content height).
    static var plan: [(key: String, candidates: [(String, (inout EngineConventions) -> Void)], probes: [Probe])] {
        // The input's pixels first (they change nothing without a pixelScale), then 1, 2, 3.
        func roundings(_ rules: [LengthRounding.Rule]) -> [LengthRounding] {
            rules.flatMap { r in [0, 1, 2, 3].map { LengthRounding(r, scale: CGFloat($0)) } }
        }
        return [
            ("columnWidth",
             roundings([.down]).map { r in (r.description, { $0.columnWidthRounding = r }) },
             [("width 10.9, 1 column, one item 10 tall", input(10.9, columns: 1, [items([10])])),
              ("width 10, 3 columns, items 1, 1, 1", input(10, columns: 3, [items([1, 1, 1])])),
              ("width 100, 3 columns, spacing 1, items 1, 1, 1", input(100, columns: 3, spacing: 1, [items([1, 1, 1])]))]),
            ("height",
             roundings([.down, .nearest]).map { r in (r.description, { $0.heightRounding = r }) },
             [("width 100, 1 column, items 10.3, 10.7, 10.45", input(100, columns: 1, [items([10.3, 10.7, 10.45])])),
              ("width 100, 2 columns, items 0.2, 5.8", input(100, columns: 2, [items([0.2, 5.8])])),
              ("width 100, 1 column, pixelScale 2, items 10.3, 10.7", {
                  var i = input(100, columns: 1, [items([10.3, 10.7])]); i.layout.pixelScale = 2; return i }())]),
            ("omitsZeroHeightSupplementaryViews", [("true", { $0.omitsZeroHeightSupplementaryViews = true })],
             [("header and footer of height 0 around item 10", input(100, columns: 1, [
                SectionInput(header: HeaderFooter(height: 0), items: [.height(10)], footer: HeaderFooter(height: 0))])),
              ("header and footer of height 0, insets 2 above and 3 below, around item 10, then a section with item 10", input(100, columns: 1, [
                SectionInput(header: HeaderFooter(height: 0, inset: LayoutInsets(top: 2, bottom: 3)), items: [.height(10)],
                             footer: HeaderFooter(height: 0, inset: LayoutInsets(top: 2, bottom: 3))), items([10])]))]),
            ("zeroContentSizeWithoutSections", [("true", { $0.zeroContentSizeWithoutSections = true })],
             [("width 320, no sections", input(320, columns: 2, []))]),
            ("emptySectionsCollapse", [("true", { $0.emptySectionsCollapse = true })],
             [("sections [item 10], [header 5, footer 6, no items], [item 10]; inset 3", input(100, columns: 1, inset: LayoutInsets(all: 3), [
                items([10]), SectionInput(header: HeaderFooter(height: 5), items: [], footer: HeaderFooter(height: 6)), items([10])])),
              ("sections [item 10], [no items], [item 10]; inset 3", input(100, columns: 1, inset: LayoutInsets(all: 3), [
                items([10]), SectionInput(), items([10])]))]),
            ("countsTrailingSpacing", [("true", { $0.countsTrailingSpacing = true })],
             [("width 100, 1 column, row spacing 7, items 10, 10", input(100, columns: 1, rowSpacing: 7, [items([10, 10])])),
              ("sections [item 10], [item 10], row spacing 7", input(100, columns: 1, rowSpacing: 7, [items([10]), items([10])]))]),
            ("firstRowInOrder", [("true", { $0.firstRowInOrder = true })],
             [("width 100, 2 columns, items 0, 10, 10 (a zero-height tie in the first row)", input(100, columns: 2, [items([0, 10, 10])])),
              ("width 90, 3 columns, items 0, 0, 10, 10", input(90, columns: 3, [items([0, 0, 10, 10])])),
              // A control the convention leaves alone: a misplacing bug fails it.
              ("width 100, 2 columns, items 10, 20, 5, 5", input(100, columns: 2, [items([10, 20, 5, 5])]))]),
            // After firstRowInOrder, the milder (its model allows the leftmost tie too, so it
            // would explain a layout that only fills its first row in order).
            ("tiesToLeastRecentColumn", [("true", { $0.tiesToLeastRecentColumn = true })],
             [("width 100, 2 columns, items 5, 10, 5, 5 (both columns 10 tall; column 1's last item is the older)",
               input(100, columns: 2, [items([5, 10, 5, 5])])),
              ("width 100, 2 columns, items 0, 0, 0, 0", input(100, columns: 2, [items([0, 0, 0, 0])])),
              // A control the convention leaves alone: a misplacing bug fails it.
              ("width 100, 2 columns, items 10, 20, 5, 5", input(100, columns: 2, [items([10, 20, 5, 5])]))]),
            ("sizeHeight",
             roundings([.down, .nearest]).map { r in (r.description, { $0.sizeHeightRounding = r }) },
             [("width 100, 1 column, items of size 3 × 1 and 3 × 2 (33.33 and 66.67 tall)",
               input(100, columns: 1, [SectionInput(items: [.size(width: 3, height: 1), .size(width: 3, height: 2)])])),
              ("width 90, 1 column, item of size 7 × 1 (12.86 tall)", input(90, columns: 1, [SectionInput(items: [.size(width: 7, height: 1)])]))]),
            ("position",
             [LengthRounding(.nearest), LengthRounding(.down)].map { r in (r.description, { $0.positionRounding = r }) },
             [("width 100, 1 column, row spacing 0.4, items 10, 10, 10", input(100, columns: 1, rowSpacing: 0.4, [items([10, 10, 10])])),
              ("width 100, 1 column, inset 0.6 all round, items 10, 10", input(100, columns: 1, inset: LayoutInsets(all: 0.6), [items([10, 10])])),
              // A control the rounding leaves alone: a bug (a row spacing ignored) fails it.
              ("width 100, 1 column, row spacing 3, items 10, 10", input(100, columns: 1, rowSpacing: 3, [items([10, 10])]))]),
            ("tieTolerance",
             [1, 2, 3, 4, 5, 6, 8, 10, 16, 20].map { t in ("\(t)", { $0.builtInTieTolerance = CGFloat(t) }) },
             [1, 2, 3, 4, 5, 6, 8, 10, 16, 20].map { d in
                 ("2 columns, items \(10 + d), 10, 1 (a column \(d) pt taller)", input(100, columns: 2, [items([CGFloat(10 + d), 10, 1])]))
             }),
        ]
    }

    /// `input` as `engine` can take it: inside its constraints, and with a tie break it implements
    /// (Chromium's grid-lanes has only `afterPrevious`: every probe was refused, and the run said
    /// "found: none").
    static func inside(_ engine: LayoutEngine, _ input: LayoutInput) -> LayoutInput {
        var out = engine.descriptor.constraints.project(input)
        let breaks = engine.descriptor.limits.tieBreaks
        if !breaks.contains(out.layout.tieBreak), let other = breaks.first { out.layout.tieBreak = other }
        return out
    }

    /// Probes `engine`. - Complexity: about 25 layouts and a few rect queries.
    package func detect(_ engine: LayoutEngine) -> Report {
        // An engine's lengths are multiples of its quantum (Chromium's 1/64 px), rounded at each
        // of the probes' few stacked lengths: a departure within 4 quanta is its units, not a
        // convention or a bug (compare's placement-level verdicts judge such engines the same way).
        let units = 4 * engine.descriptor.limits.lengthQuantum
        if units > tolerance.points { return ConventionProbe(tolerance: Tolerance(units)).detect(engine) }
        var report = Report()
        var known = EngineConventions.none
        // Two passes: a step no candidate explains is tried again with every convention the
        // later steps found (a size-only layout's floored widths show only beside its rounded
        // heights, which are probed after them).
        var retry: Set<String> = []
        for pass in 0..<2 where pass == 0 || !retry.isEmpty {
            for step in Self.plan where pass == 0 || retry.contains(step.key) {
                if pass == 1 { report.unexplained.removeAll { $0.key == step.key } }
                var answers: [(Probe, LayoutResult)] = []
                let faultsBefore = report.faults.count
                // Each probe moved inside the engine's constraints (a size-only layout gets its fixed
                // heights as sizes at the probes' 100-pt columns, the same heights), so a constrained
                // engine is probed, not refused.
                for original in step.probes {
                    let sent = Self.inside(engine, original.input)
                    // The evidence says what was sent when it is not the probe as named.
                    let probe = (name: sent == original.input ? original.name : original.name + ", sent as " + CanonicalWriter.compactInput(sent),
                                 input: sent)
                    switch engine.answer(probe.input) {
                    case .layout(let r): answers.append((probe, r)); report.answered += 1
                    case .unsupported(let why):
                        if pass == 0 { report.notProbed.append(Finding(key: step.key, value: "not probed", evidence: "\(probe.name): \(why)")) }
                    case .fault(let f):
                        report.faults.append(Finding(key: step.key, value: "undetermined", evidence: "\(probe.name): \(f)",
                                                     input: CanonicalWriter.compactInput(probe.input)))
                    case .error(let e):
                        if pass == 0 {
                            report.notProbed.append(Finding(key: step.key, value: "not probed", evidence: "\(probe.name): answered the error \(e.code.rawValue)"))
                        }
                    }
                }
                // A fault on any probe of this convention: undetermined, nothing taken from it.
                guard !answers.isEmpty, report.faults.count == faultsBefore else { continue }
                // The first departure from §5 with what is known so far: the evidence.
                func departure(_ c: EngineConventions) -> String? {
                    for (probe, r) in answers {
                        if let d = firstDeparture(r, probe.input, c) { return "\(probe.name): \(d)" }
                    }
                    return nil
                }
                guard let before = departure(known) else { continue }
                // The candidate explaining the most of the probes that depart (the mildest among
                // equals), breaking none that do not. It is taken when it explains all of them, or
                // at least two and more than half: a bug beside the convention (sgr-ksmt's column
                // gap beside its floored widths) is then reported as unexplained, with the
                // convention applied, instead of hiding the convention.
                let departing = answers.indices.filter { firstDeparture(answers[$0].1, answers[$0].0.input, known) != nil }
                var best: (value: String, conventions: EngineConventions, explained: Int)?
                for (value, apply) in step.candidates {
                    var c = known
                    apply(&c)
                    let fine = answers.indices.filter { firstDeparture(answers[$0].1, answers[$0].0.input, c) == nil }
                    guard Set(answers.indices).subtracting(departing).isSubset(of: fine) else { continue }
                    let explained = departing.filter(fine.contains).count
                    if explained > (best?.explained ?? 0) { best = (value, c, explained) }
                    if explained == departing.count { break }
                }
                if let best, best.explained == departing.count || (best.explained >= 2 && 2 * best.explained > departing.count) {
                    known = best.conventions
                    report.found.append(Finding(key: step.key, value: best.value, evidence: before))
                    if let rest = departure(known) {
                        report.unexplained.append(Finding(key: step.key, value: "not explained by \(step.key) \(best.value)", evidence: rest))
                    }
                } else {
                    report.unexplained.append(Finding(key: step.key, value: "no convention explains it", evidence: before))
                    retry.insert(step.key)
                }
            }
        }
        // Two items 10 tall in one 100-pt column, for the query and the scroll.
        let twoItems = Self.inside(engine, Self.input(100, columns: 1, [Self.items([10, 10])]))
        // Closed rect queries: an element that only touches the rect.
        if engine.descriptor.capabilities.contains(.query) {
            let probe = twoItems
            let name = "width 100, 1 column, items 10, 10"
            func fault(_ message: String) {
                report.faults.append(Finding(key: "closedRectQueries", value: "undetermined", evidence: "\(name): \(message)",
                                             input: CanonicalWriter.compactInput(probe)))
            }
            switch engine.answer(probe) {
            case .fault(let f): fault("\(f)")
            case .layout:
                let rect = CGRect(x: 0, y: 10, width: 100, height: 0)
                // A query the engine faults on says nothing about closed queries: undetermined.
                let answer: [ElementID]
                do { answer = try engine.elements(in: rect) } catch {
                    // A LayoutError is an answer (unsupported, say); anything else a fault, as ``LayoutEngine/answer(_:)`` says.
                    if !(error is LayoutError) { fault("elements(in: [0, 10, 100, 0]) failed: \(error)") }
                    break
                }
                // A zero-height rect meets nothing by §9; both items touch it (0.0 ends at
                // y 10, 0.1 starts there).
                if !answer.isEmpty {
                    known.closedRectQueries = true
                    report.found.append(Finding(key: "closedRectQueries", value: "true",
                        evidence: "\(name): elements(in: [0, 10, 100, 0]) returned \(answer.sorted().map(\.description).joined(separator: ", ")), which only touch it"))
                }
            case .unsupported, .error: break
            }
        }
        // A scroll that invalidates: asked of a layout object (the UIKit driver, or an `exec:`
        // engine with the collectionViewLayout capability), the same width 100 pt lower.
        if engine.descriptor.capabilities.contains(.collectionViewLayout), let prepared = engine as? PreparedLayoutEngine,
           let layout = try? prepared.makePreparedLayout(for: twoItems),
           let bounds = layout.bounds, layout.shouldInvalidateLayout(forBoundsChange: bounds.offsetBy(dx: 0, dy: 100)) {
            known.invalidatesOnScroll = true
            report.found.append(Finding(key: "invalidatesOnScroll", value: "true",
                evidence: "width 100, 1 column, items 10, 10: shouldInvalidateLayout(forBoundsChange:) is true for bounds \(bounds.offsetBy(dx: 0, dy: 100).shortDescription) (a scroll, same width)"))
        }
        report.conventions = known
        return report
    }

    /// The first element of `r` that is not where §5 with `c` puts it (after reconciliation), as
    /// `item 0.1 [x, y, w, h], §5 [x, y, w, h]`; `nil` when there is none.
    func firstDeparture(_ r: LayoutResult, _ input: LayoutInput, _ c: EngineConventions) -> String? {
        guard let plain = try? ReferenceLayout.layout(input) else { return nil }
        let judged = ConventionalLayout.reconcile(r, input: input, conventions: c, tolerance: tolerance)
        guard judged.sections.count == plain.sections.count else {
            return "\(judged.sections.count) sections answered, §5 has \(plain.sections.count)"
        }
        for (si, (a, e)) in zip(judged.sections, plain.sections).enumerated() {
            func differ(_ x: CGRect?, _ y: CGRect?) -> Bool {
                switch (x, y) {
                case (nil, nil): return false
                case let (x?, y?): return !tolerance.matches(x, y)
                default: return true
                }
            }
            func show(_ f: CGRect?) -> String { f?.shortDescription ?? "no frame" }
            if differ(a.header, e.header) { return "header \(si) \(show(r.sections[si].header)), §5 \(show(e.header))" }
            guard a.items.count == e.items.count else { return "section \(si) has \(a.items.count) items, §5 \(e.items.count)" }
            for i in a.items.indices where differ(a.items[i], e.items[i]) {
                return "item \(si).\(i) \(show(r.sections[si].items[i])), §5 \(show(e.items[i]))"
            }
            if differ(a.footer, e.footer) { return "footer \(si) \(show(r.sections[si].footer)), §5 \(show(e.footer))" }
        }
        if !tolerance.matches(judged.contentSize, plain.contentSize) {
            return "contentSize [\(formatPoints(r.contentSize.width)), \(formatPoints(r.contentSize.height))], §5 [\(formatPoints(plain.contentSize.width)), \(formatPoints(plain.contentSize.height))]"
        }
        return nil
    }
}
