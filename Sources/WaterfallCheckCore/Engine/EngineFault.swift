import Foundation

/// An external engine misbehaved (FIXTURE-FORMAT §9): it could not be started, failed the hello
/// handshake, crashed, hung past the timeout, or wrote a malformed, truncated, mismatched or
/// misshapen reply, or answered `unsupported` to an input within its declared features.
///
/// Not a ``LayoutError``: harnesses report it against the case (with ``stderr``) apart from
/// passes and failures. The engine that threw it has already been killed; its next request
/// starts a fresh process.
public struct EngineFault: Error, Hashable, CustomStringConvertible, Sendable {
    public enum Kind: String, Sendable {
        /// The process could not be started.
        case spawn
        /// The hello line was missing, malformed, of another protocol, or changed on a restart.
        case handshake
        /// The process exited or closed stdout before replying.
        case crashed
        /// No complete reply within the timeout.
        case timedOut
        /// The reply is not one JSON object (or was cut off at end of file).
        case malformedReply
        /// The reply's `id` is not the request's.
        case mismatchedID
        /// The reply is JSON of the wrong shape (a missing `contentSize`, a frame of 3 numbers,
        /// an unknown error code).
        case wrongShape
        /// `unsupported` for an input using only declared features.
        case unexpectedUnsupported
        /// An in-process engine threw an error that is neither a ``LayoutError`` nor a fault
        /// (a port's simulated `NSException`, say).
        case threw
    }

    public var kind: Kind
    /// The engine's command line as given.
    public var engine: String
    /// What went wrong, one line.
    public var message: String
    /// The offending reply line, cut to 500 bytes; empty when there was none.
    public var reply: String
    /// The last bytes the engine wrote to stderr (bounded).
    public var stderr: String

    public init(_ kind: Kind, engine: String, _ message: String, reply: String = "", stderr: String = "") {
        self.kind = kind; self.engine = engine; self.message = message; self.reply = reply; self.stderr = stderr
    }

    /// What tells one crash from another, as a runtime prints it, for grouping faults the way
    /// failures are grouped: for a crash, the last `Fatal error:` message on stderr and the first
    /// backtrace frame outside the Swift runtime and libc (`Index out of range` in
    /// `BlueprintsDelegate.collectionView(_:layout:referenceSizeForHeaderInSection:)`). `nil`
    /// for any other fault and a crash whose stderr has no `Fatal error:` (a hang, garbage, a
    /// thrown error whose message may carry the input's numbers): those are merged only on equal
    /// inputs. O(stderr).
    public var signature: String? {
        switch kind {
        case .crashed:
            let lines = stderr.split(separator: "\n")
            guard let fatal = lines.last(where: { $0.contains("Fatal error:") }) else { return nil }
            let what = fatal[fatal.range(of: "Fatal error:")!.upperBound...].trimmingCharacters(in: .whitespaces)
            // `  3 [ra]  0x000056020a72fc7b Symbol + 618 in image at file:line`
            let runtime = ["libswiftCore", "libc.so", "libswift_Concurrency", "libdispatch", "libFoundation", "ld-linux"]
            let frame = lines.first { line in
                line.contains(" 0x") && line.contains(" in ") && !runtime.contains { line.contains(" in \($0)") }
                    && !line.contains("_assertionFailure") && !line.contains("Backtracing")
            }
            guard let frame, let start = frame.range(of: #"0x[0-9a-f]+ "#, options: .regularExpression),
                  let end = frame.range(of: " + ", range: start.upperBound..<frame.endIndex) else { return "crashed: \(what)" }
            return "crashed: \(what) in \(frame[start.upperBound..<end.lowerBound])"
        default: return nil
        }
    }

    /// `engine fault (crashed) in exec:./e: exited with status 3`, then the reply and the
    /// stderr tail on indented lines, each quoted with `| ` so that none passes for the harness's
    /// own output and none runs into the next line.
    public var description: String {
        var s = "engine fault (\(kind.rawValue)) in \(engine): \(message)"
        if !reply.isEmpty { s += "\n  reply: \(reply)" }
        let tail = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        if !tail.isEmpty {
            s += "\n  the engine's stderr (last \(tail.utf8.count) bytes):\n"
            s += tail.split(separator: "\n", omittingEmptySubsequences: false).map { "    | " + $0 }.joined(separator: "\n")
        }
        return s
    }
}
