import Foundation
import Testing
import WaterfallCheck
@testable import waterfall_check
import WaterfallCheckTestSupport

/// Help that cannot drift from parsing (issue 30 item 5; architecture review §3): every command's
/// `--help`, as the executable prints it, documents exactly the options its table
/// (``CommandSpec/table``) parses, and the table is all the parser accepts.
@Suite("Help and parsing come from one option table")
struct HelpTableTests {
    /// Every command, by name (the list `waterfall-check --help` shows).
    static let names = commands.map { $0.name }

    @Test("every command's --help lists exactly the options it parses", arguments: names)
    func helpMatchesTable(_ name: String) throws {
        let spec = try #require(commands.first { $0.name == name }).spec
        let dir = try TempDir(); defer { dir.cleanup() }
        let out = try CLI.run([name, "--help"], in: dir.url)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(HelpDrift.problems(help: out.stdout, spec: spec) == [], "\(out.stdout)")
        // `help NAME` is the same text.
        let help = try CLI.run(["help", name], in: dir.url)
        #expect(help.stdout == out.stdout)
    }

    @Test("an option another command takes, and this one's table lacks, is a usage error naming it", arguments: names)
    func foreignOptionRejected(_ name: String) throws {
        let spec = try #require(commands.first { $0.name == name }).spec
        let mine = Set(spec.table.map(\.name))
        let foreign = try #require(Set(commands.flatMap { $0.spec.table.map(\.name) }).subtracting(mine).sorted().first)
        let dir = try TempDir(); defer { dir.cleanup() }
        let out = try CLI.run([name, foreign, "x"], in: dir.url, ci: "false")
        #expect(out.status == 2)
        #expect(out.stderr.hasPrefix("error: unknown option \(foreign)"), "\(out.stderr)")
        #expect(out.stderr.hasSuffix("see 'waterfall-check help \(name)'\n"), "\(out.stderr)")
    }

    @Test("compare-revisions refuses --isolate and --scale, saying why (it used to drop them silently)")
    func compareRevisionsRefusals() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        for option in ["--isolate", "--scale=2"] {
            let out = try CLI.run(["compare-revisions", "--engine", "reference", option, "HEAD", "HEAD"], in: dir.url)
            #expect(out.status == 2)
            #expect(out.stderr.hasPrefix("error: unknown option \(option): compare-revisions runs "), "\(out.stderr)")
        }
    }

    @Test("record takes and documents --scale (its help did not list it)")
    func recordScale() throws {
        #expect(RecordCommand.spec.table.contains { $0.isSame(as: EngineOptions.scale.spec) })
        #expect(RecordCommand.usage.contains("\n  --scale S "))
    }

    @Test("the check bites: a help missing a parsed option, or listing an unparsed one, is reported")
    func checkBites() throws {
        // The generator run on a table without --scale, checked against record's real table.
        let missing = CommandSpec(name: "record", summary: "", options: RecordCommand.spec.options.map(TableEntry.init),
                                  groups: [EngineOptions.group.without(EngineOptions.scale)], operands: "PATH...", about: "")
        #expect(HelpDrift.problems(help: missing.usage, spec: RecordCommand.spec) == ["--scale is parsed but not in the help"])
        // And the other way: the help of a table with an extra option, against the real one.
        let extra = CommandSpec(name: "format", summary: "", options: [FormatCommand.check, Flag("--ghost", help: "never parsed")],
                                operands: "PATH...", about: "")
        #expect(HelpDrift.problems(help: extra.usage, spec: FormatCommand.spec)
                == ["--ghost is in the OPTIONS but not parsed", "--ghost is in the synopsis but not parsed"])
        // The hand-written record help this table replaced: the drift the review found.
        let old = """
        USAGE: waterfall-check record [--mode missing|failed|all] [--accept] [--force] [--engine NAME]
                                      [--tolerance PT] [--jobs N] PATH...

        OPTIONS:
          --mode missing    record fixtures without expected
          --accept          write into the fixture instead of <name>.json.new
          --force           record output that breaks invariants anyway
          --engine, --tolerance, --jobs, --engine-timeout, --isolate   as for verify
        """
        #expect(HelpDrift.problems(help: old, spec: RecordCommand.spec).contains("--scale is parsed but not in the help"))
    }

    @Test("the parser accepts exactly the table: its options in both forms, operands, and nothing else")
    func parserAcceptsTheTable() throws {
        let args = try Arguments(["--check", "a", "--", "--b"], spec: FormatCommand.spec)
        #expect(args.flag(FormatCommand.check))
        #expect(args.operands == ["a", "--b"])
        let value = try Arguments(["--jobs=3", "--tolerance", "0.5", "-"], spec: RecordCommand.spec)
        #expect(try value.value(CommonOptions.jobs) == 3)
        #expect(try value.value(CommonOptions.tolerance)?.points == 0.5)
        #expect(value.operands == ["-"])
        #expect(throws: WaterfallCheckError.self) { _ = try Arguments(["--junit", "x"], spec: FormatCommand.spec) }
        #expect(throws: WaterfallCheckError.self) { _ = try Arguments(["--check=yes"], spec: FormatCommand.spec) }
    }

    @Test("the value parsers keep their messages", arguments: [
        (["--jobs", "x"], "--jobs expects a number of workers from 1 to 256, got 'x'"),
        (["--engine", "--x"], "--engine needs a value, got the option --x (write --engine=--x if you mean that value)"),
        (["--tolerance", "0x1"], "--tolerance expects a non-negative decimal number, got '0x1'"),
        (["--engine-timeout", "0"], "--engine-timeout expects a positive number of seconds, at most 86400 (a day), got '0'"),
    ])
    func messages(_ argv: [String], _ message: String) throws {
        do {
            let args = try Arguments(argv, spec: VerifyCommand.spec)
            _ = try args.value(CommonOptions.jobs)
            _ = try args.value(CommonOptions.tolerance)
            _ = try EngineOptions.read(args)
            Issue.record("no error for \(argv)")
        } catch WaterfallCheckError.usage(let text) {
            #expect(text == message)
        }
    }

    @Test("every table has unique names, and every synopsis is short enough for a usage error", arguments: names)
    func tablesWellFormed(_ name: String) throws {
        let spec = try #require(commands.first { $0.name == name }).spec
        #expect(Set(spec.table.map(\.name)).count == spec.table.count)
        // A usage error prints the error, the synopsis and one line more, in at most six lines.
        #expect(spec.synopsis.split(separator: "\n").count <= 4, "\(spec.synopsis)")
        #expect(spec.usage.split(separator: "\n").allSatisfy { $0.count <= CommandSpec.width }, "\(spec.usage)")
    }
}

/// Re-declares an ``OptionSpec`` as a table entry (to build test tables from a real command's).
private struct TableEntry: OptionDeclaration {
    let spec: OptionSpec
    init(_ spec: OptionSpec) { self.spec = spec }
}

/// What a help text documents, read back from the text alone (not from the generator), and how it
/// differs from what a command parses.
enum HelpDrift {
    /// The problems of `help` against `spec`'s table, one sentence each; `[]` when they agree:
    /// - each table option is listed once in an options section (OPTIONS or a group's heading);
    /// - each option listed there, and each `--name` of the USAGE lines, is in the table;
    /// - each own option is in the synopsis, each group as `[title]` with its heading.
    static func problems(help: String, spec: CommandSpec) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let synopsis = lines.prefix { !$0.isEmpty }.joined(separator: " ")
        let inSynopsis = Set(optionNames(in: synopsis))
        var listed: [String] = []
        var inSection = false
        for line in lines {
            if line.hasSuffix("OPTIONS:") && line == line.uppercased() { inSection = true; continue }
            if line.isEmpty { inSection = false; continue }
            // An option line: two spaces, then the option; its help's continuation lines are deeper.
            if inSection, line.hasPrefix("  --"), let name = optionNames(in: String(line.dropFirst(2).prefix { $0 != " " })).first {
                listed.append(name)
            }
        }
        let parsed = spec.table.map(\.name)
        var out: [String] = []
        for name in parsed where !listed.contains(name) { out.append("\(name) is parsed but not in the help") }
        for name in Set(listed) where listed.filter({ $0 == name }).count > 1 { out.append("\(name) is listed twice") }
        for name in listed where !parsed.contains(name) { out.append("\(name) is in the OPTIONS but not parsed") }
        for name in inSynopsis.sorted() where !parsed.contains(name) { out.append("\(name) is in the synopsis but not parsed") }
        for o in spec.options where !inSynopsis.contains(o.name) { out.append("\(o.name) is not in the synopsis") }
        for g in spec.groups where !g.options.isEmpty {
            if !synopsis.contains("[\(g.title)]") { out.append("[\(g.title)] is not in the synopsis") }
            if !lines.contains("\(g.title.uppercased()):") { out.append("\(g.title.uppercased()): is not in the help") }
        }
        return out
    }

    /// The `--name`s in `text`, without `=value` or a trailing bracket or comma.
    static func optionNames(in text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "[" || $0 == "]" || $0 == "|" || $0 == "," }).compactMap { word in
            guard word.hasPrefix("--"), word.count > 2 else { return nil }
            return String(word.prefix { $0 != "=" })
        }
    }
}
