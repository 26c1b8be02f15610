import Foundation

/// The harness's one error for I/O, collection and usage problems, each naming what it is about.
/// Every command maps it to exit status 2.
///
/// Domain outcomes are not errors of this type: a ``LayoutError`` is an engine's answer, an
/// ``EngineFault`` an engine misbehaving, a ``FixtureError`` a fixture file that is not valid
/// (file, line, column, JSON path).
public enum WaterfallCheckError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file or directory could not be read.
    case cannotRead(path: String, reason: String)
    /// A file could not be written; whatever was at `path` is as it was.
    case cannotWrite(path: String, reason: String)
    /// A path a command cannot use for fixtures: empty, missing, a pending `*.json.new`, or a
    /// directory with no fixtures. `message` names the path.
    case badPath(path: String, message: String)
    /// A pending recording could not be accepted or rejected. `message` names the file.
    case pendingFile(path: String, message: String)
    /// An `--engine` value that names no engine of the registry and is not `exec:CMD`.
    case unknownEngine(spec: String, known: [String])
    /// An `--invariants` / `--skip` id that is not in the catalogue.
    case unknownInvariant(id: String, known: [String])
    /// A bad command line; the message names the option.
    case usage(String)
    /// A git revision that could not be resolved, checked out or built (`compare-revisions`);
    /// `message` names the revision and ends with the tail of the command's output.
    case revision(String, message: String)

    /// The path the error is about, when it is about one.
    public var path: String? {
        switch self {
        case .cannotRead(let p, _), .cannotWrite(let p, _), .badPath(let p, _), .pendingFile(let p, _): return p
        case .unknownEngine, .unknownInvariant, .usage, .revision: return nil
        }
    }

    public var description: String {
        switch self {
        case let .cannotRead(path, reason): return "cannot read \(path): \(reason)"
        case let .cannotWrite(path, reason): return "cannot write \(path): \(reason)"
        case let .badPath(_, message), let .pendingFile(_, message): return message
        case let .unknownEngine(spec, known):
            return "unknown engine '\(spec)': use one of \(known.joined(separator: ", ")) or exec:'CMD ARGS'"
        case let .unknownInvariant(id, known): return "no invariant '\(id)'; known: \(known.joined(separator: ", "))"
        case let .usage(message), let .revision(_, message): return message
        }
    }
}
