/// The help text of a command, generated from its ``CommandSpec``: the synopsis and the option
/// sections come from the table ``Arguments`` parses against; only the prose is written by hand.
extension CommandSpec {
    /// The width the generated lines are wrapped to (the prose is wrapped by hand to the same).
    static let width = 100
    /// The widest option label that still gets its own column; a wider one pushes its help over.
    static let labelColumn = 24

    /// The full help for `waterfall-check help NAME` and `NAME --help`: synopsis, about, the
    /// options (own, then each group under its heading), notes.
    var usage: String {
        var parts = [synopsis]
        if !about.isEmpty { parts.append(about) }
        let column = min(Self.labelColumn, table.map(\.label.count).max() ?? 0)
        if !options.isEmpty { parts.append("OPTIONS:\n" + Self.optionLines(options, column: column)) }
        for group in groups where !group.options.isEmpty {
            parts.append("\(group.title.uppercased()):\n" + Self.optionLines(group.options, column: column))
        }
        if !notes.isEmpty { parts.append(notes) }
        return parts.joined(separator: "\n\n")
    }

    /// The `USAGE:` lines: required options bare, the others in brackets, each group as
    /// `[title]`, then the operands; wrapped under the command's name.
    var synopsis: String {
        let head = "USAGE: waterfall-check \(name) "
        let operandWords = Set(operands.split(separator: " ").map(String.init))
        let own = options.filter { !operandWords.contains($0.name) }
        let words = own.filter(\.isRequired).map(\.label) + own.filter { !$0.isRequired }.map { "[\($0.label)]" }
            + groups.filter { !$0.options.isEmpty }.map { "[\($0.title)]" } + (operands.isEmpty ? [] : [operands])
        let text = Self.wrap(words, first: head, indent: String(repeating: " ", count: head.count))
        return words.isEmpty ? String(text.dropLast()) : text
    }

    /// One option per entry: `  LABEL  help`, the help wrapped at ``width`` under its column.
    static func optionLines(_ options: [OptionSpec], column: Int) -> String {
        let indent = String(repeating: " ", count: 2 + column + 2)
        return options.map { o in
            let label = "  " + o.label.padding(toLength: max(column, o.label.count), withPad: " ", startingAt: 0) + "  "
            let words = o.help.split(separator: " ").map(String.init)
            return wrap(words, first: label, indent: indent, separator: " ")
        }.joined(separator: "\n")
    }

    /// `words` joined by spaces, broken into lines of at most ``width`` characters (a longer word
    /// keeps a line of its own); the first line starts with `first`, the others with `indent`.
    static func wrap(_ words: [String], first: String, indent: String, separator: String = " ") -> String {
        var lines: [String] = []
        var line = first
        var empty = true
        for word in words {
            if !empty && line.count + separator.count + word.count > width {
                lines.append(line)
                line = indent; empty = true
            }
            line += (empty ? "" : separator) + word
            empty = false
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
