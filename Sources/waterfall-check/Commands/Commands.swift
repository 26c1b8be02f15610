/// The subcommands of `waterfall-check`: each one's name, summary, option table and usage come
/// from its ``Command/spec``. (Here, not in main.swift, whose globals the tests could not read:
/// top-level code initialises them only when the executable runs.)

/// Every subcommand, in the order `--help` lists them.
let commands: [Command.Type] = [
    EnginesCommand.self,
    VerifyCommand.self,
    RecordCommand.self,
    ReviewCommand.self,
    AcceptCommand.self,
    RejectCommand.self,
    FormatCommand.self,
    CompareCommand.self,
    ConventionsCommand.self,
    CompareRevisionsCommand.self,
    RenderCommand.self,
    FuzzCommand.self,
    MergeCommand.self,
    MergeReportsCommand.self,
    UIKitRewriteCommand.self,
    WPTCommand.self,
]
