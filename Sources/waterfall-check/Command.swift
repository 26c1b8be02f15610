/// One subcommand of `waterfall-check`: its command line declared once (``spec``), and its run.
protocol Command {
    /// The options, operands and prose: what is parsed, and what `--help` prints.
    static var spec: CommandSpec { get }
    /// Runs the command on a command line parsed against ``spec``. Returns the exit status (0 ok,
    /// 1 check failed, 2 usage or input error).
    static func run(_ args: Arguments) throws -> Int32
}

extension Command {
    /// The subcommand, as typed.
    static var name: String { spec.name }
    /// One line for `waterfall-check --help`.
    static var summary: String { spec.summary }
    /// The full usage text for `waterfall-check help NAME` / `NAME --help`, generated.
    static var usage: String { spec.usage }
}
