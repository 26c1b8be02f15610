import Foundation
import WaterfallCheckEngines

/// `waterfall-check conventions`: probes an engine and prints the conventions it follows
/// (``ConventionProbe``), each with its evidence; `--save FILE` writes them for `--conventions FILE`.
enum ConventionsCommand: Command {
    static let save = Option<String>("--save", value: "FILE", help: "write the conventions found (and their evidence) to FILE, for --conventions FILE")

    static let spec = CommandSpec(
        name: "conventions",
        summary: "Detect the conventions an engine follows where it departs from §5, with evidence",
        options: [EngineOptions.engine, save, CommonOptions.tolerance],
        groups: [EngineOptions.group],
        about: """
    Lays out targeted inputs (a width no column divides, fractional heights, zero-height headers,
    no sections, an empty section, a row spacing, near-ties) and names each convention that
    explains the engine's answers where plain §5 does not: column widths and heights rounded,
    positions rounded, zero-height supplementary views left out, [0, 0] for no sections, empty
    sections collapsed, the trailing spacing counted, a built-in tie band, closed rect queries,
    the first row in order, ties to the least recently used column, shouldInvalidateLayout true
    for a scroll. Each is printed with the probe that shows it. It names what the engine does: a
    documented bug that looks like a convention is found as one, so read the list before judging
    with it (--conventions auto takes it unread). Probes are sent inside the engine's constraints
    and with a tie break it implements, and judged within 4 of its length quanta. A probe no
    convention explains is printed as unexplained: a possible bug, never a convention. Position
    noise is not probed; declare it. A probe the engine faults on (crash, hang, exception) is a
    bug in the engine, printed with the probe's input as JSON; the conventions it probes are
    undetermined (printed, and listed under "undetermined" in the --save file): not declared, so
    judged as plain §5. The others are still detected, printed and saved.
    """,
        notes: """
    EXIT STATUS: 0 probed (whatever was found), 2 usage or engine error, a probe faulted (what
    the other probes found is still printed and saved), or no probe could be laid out.
    """)

    static func run(_ args: Arguments) throws -> Int32 {
        let rest = args.operands
        guard rest.isEmpty else { throw WaterfallCheckError.usage("unexpected argument \(rest[0])") }
        let entry = try resolveEngine(try args.value(EngineOptions.engine), options: try EngineOptions.read(args))
        let tolerance = try args.value(CommonOptions.tolerance) ?? .default
        let saveFile = try args.value(Self.save)
        let report = ConventionProbe(tolerance: tolerance).detect(entry.make())
        let d = entry.descriptor
        print("conventions: engine \(TextReport.printable(d.name)) \(TextReport.printable(d.version))")
        if d.conventions != .none { print("declared: \(d.conventions.lines.joined(separator: "; "))") }
        if report.found.isEmpty {
            print(report.unexplained.isEmpty && report.notProbed.isEmpty && report.faults.isEmpty
                  ? "found: none (plain §5 explains every probe)" : "found: none")
        }
        for f in report.found { print("found \(f.key): \(f.value)\n    evidence: \(f.evidence)") }
        for f in report.unexplained { print("unexplained (\(f.key) probes): \(f.evidence)") }
        for f in report.notProbed { print("not probed (\(f.key)): \(f.evidence)") }
        // A probe the engine faulted on says nothing about the conventions it probes: they are
        // undetermined (never declared, so judged as plain §5); the rest still stands.
        let undetermined = report.undetermined
        for key in undetermined {
            print("undetermined (\(key)): its probe faulted; not declared, judged as plain §5")
        }
        if let saveFile {
            let evidence = JSONValue.object(report.found.map { ($0.key, .string($0.evidence)) })
            let doc = JSONValue.object([("engine", .string(d.name)), ("conventions", report.conventions.json), ("evidence", evidence),
                                        ("unexplained", .array(report.unexplained.map { .string($0.evidence) })),
                                        ("undetermined", .array(undetermined.map { .string($0) }))])
            try writeReport(Data((JSONWriter.text(doc, style: .pretty) + "\n").utf8), to: saveFile)
            print("saved \(saveFile)\(undetermined.isEmpty ? "" : " (undetermined: \(undetermined.joined(separator: ", ")))")")
        }
        // A fault on a valid input is a bug in the engine: said plainly, with the input that
        // reproduces it, and the run is an engine error.
        if !report.faults.isEmpty {
            // The input first: the fault's own text may end in a long backtrace.
            for f in report.faults {
                printError("error: the engine faulted on a valid input (a bug in the engine; \(f.key) undetermined)\(f.input.map { "\n    input: \($0)" } ?? "")")
                printError("    \(TextReport.printableBlock(f.evidence, indent: "    "))")
            }
            printError("error: \(report.faults.count) probe(s) faulted: \(undetermined.joined(separator: ", ")) undetermined\(saveFile == nil ? "" : " (saved as such)")")
            return exitCode(.error)
        }
        // Nothing answered: "found: none" would read as plain §5, which nothing showed.
        if report.answered == 0 {
            printError("error: no probe could be laid out by \(TextReport.printable(d.name)) (each is listed as not probed): nothing was detected")
            return exitCode(.error)
        }
        return exitCode(.passed)
    }
}
