/// A command's whole command line in one value: its options (own and shared groups), operands
/// and prose. ``Arguments`` parses against ``table``; ``usage`` is generated from the same value
/// (CommandSpec+Usage.swift), so an option is in the help exactly when it is parsed.
struct CommandSpec: Sendable {
    /// The subcommand, as typed (`verify`).
    let name: String
    /// One line for `waterfall-check --help`.
    let summary: String
    /// The command's own options, in help order.
    let options: [OptionSpec]
    /// The shared groups it takes, each under its heading after the own options.
    let groups: [OptionGroup]
    /// The operands after the options in the synopsis (`PATH...`, `FIXTURE`, `PATH... | --all`).
    /// An option this text names is not repeated in the synopsis.
    let operands: String
    /// The paragraphs between the synopsis and the options: what the command does.
    let about: String
    /// The paragraphs after the options: CI notes, exit status.
    let notes: String
    /// Options some other command takes that this one refuses, with why: said after
    /// "unknown option --x".
    let refusals: [String: String]

    init(name: String, summary: String, options: [any OptionDeclaration] = [], groups: [OptionGroup] = [],
         operands: String = "", about: String, notes: String = "", refusals: [String: String] = [:]) {
        self.name = name; self.summary = summary; self.options = options.map(\.spec); self.groups = groups
        self.operands = operands; self.about = about; self.notes = notes; self.refusals = refusals
    }

    /// Every option the command accepts: its own, then each group's. Names are unique (a
    /// precondition: two declarations of one name would make the help ambiguous).
    var table: [OptionSpec] {
        let all = options + groups.flatMap(\.options)
        precondition(Set(all.map(\.name)).count == all.count, "\(name): an option declared twice in its table")
        return all
    }
}
