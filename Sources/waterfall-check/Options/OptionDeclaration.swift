/// What a command's table lists: an ``Option`` of any value type or a ``Flag``, seen through
/// its ``OptionSpec``.
protocol OptionDeclaration: Sendable {
    /// The declaration the parser and the help read.
    var spec: OptionSpec { get }
}

extension Option: OptionDeclaration {}
extension Flag: OptionDeclaration {}
