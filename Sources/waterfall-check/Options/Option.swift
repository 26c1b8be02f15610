import Foundation
import WaterfallCheckEngines

/// One command-line option as the table holds it: what the parser accepts and what the help
/// prints, from the same declaration (issue 30 item 5: help that cannot drift from parsing).
///
/// The typed views are ``Option`` (an option with a value) and ``Flag``; a command's table
/// (``CommandSpec/table``) is a list of these specs, so the parser, the usage text and the
/// help test all read one list.
struct OptionSpec: Sendable {
    /// `--name`, with its two dashes.
    let name: String
    /// The value's name in help and synopsis (`PT`, `FILE`); `nil` for a flag.
    let valueName: String?
    /// What a valid value is, for the usage error "`--name expects WHAT, got 'x'`"; `nil` when any
    /// text is accepted (a path, an engine spec).
    let expects: String?
    /// One line of help; the generator wraps it to the help's width.
    var help: String
    /// Shown in the synopsis without brackets. The command still says itself when it is missing
    /// ("--baseline is required"): parsing accepts, commands decide.
    var isRequired = false

    /// Whether this is a flag (no value).
    var isFlag: Bool { valueName == nil }

    /// `--name VALUE` or `--name`: the option as the synopsis and the OPTIONS column show it.
    var label: String { valueName.map { "\(name) \($0)" } ?? name }

    /// Whether `other` is the same option, whatever its help says: the same name, value name and
    /// valid values. (`render --scale PX` and the engines' `--scale S` share a name only.)
    func isSame(as other: OptionSpec) -> Bool {
        name == other.name && valueName == other.valueName && expects == other.expects
    }
}

/// An option that takes a value (`--name VALUE` or `--name=VALUE`, the last one given wins),
/// read as a `Value` by ``Arguments/value(_:)``.
struct Option<Value>: Sendable {
    /// The declaration the table, the parser and the help share.
    var spec: OptionSpec
    /// The value of a text, or `nil` when it is not one (the usage error names ``OptionSpec/expects``).
    let parse: @Sendable (String) -> Value?

    /// An option whose value is parsed by `parse`.
    /// - Parameters:
    ///   - name: `--name`.
    ///   - value: the value's name in the help (`PT`).
    ///   - expects: what a valid value is ("a positive integer").
    ///   - help: one line of help.
    init(_ name: String, value: String, expects: String, help: String, parse: @escaping @Sendable (String) -> Value?) {
        spec = OptionSpec(name: name, valueName: value, expects: expects, help: help)
        self.parse = parse
    }

    /// The same option with another help line (a command saying what it does with it there).
    func described(_ help: String) -> Self { var o = self; o.spec.help = help; return o }

    /// The same option, shown without brackets in the synopsis.
    func required() -> Self { var o = self; o.spec.isRequired = true; return o }
}

extension Option where Value == String {
    /// An option whose value is any text (a path, an engine spec).
    init(_ name: String, value: String, help: String) {
        spec = OptionSpec(name: name, valueName: value, expects: nil, help: help)
        parse = { $0 }
    }
}

/// A flag such as `--github`: given (once or more) or not, read by ``Arguments/flag(_:)``.
struct Flag: Sendable {
    /// The declaration the table, the parser and the help share.
    var spec: OptionSpec

    /// A flag named `name` (with its dashes) and its one line of help.
    init(_ name: String, help: String) {
        spec = OptionSpec(name: name, valueName: nil, expects: nil, help: help)
    }

    /// The same flag with another help line.
    func described(_ help: String) -> Self { var f = self; f.spec.help = help; return f }
}
