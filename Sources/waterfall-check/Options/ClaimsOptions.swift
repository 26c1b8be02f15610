import Foundation
import WaterfallCheckEngines

/// How a run pins what the engine under test says about itself (issue 33, docs/engine-claims.md):
/// `--expect-claims FILE` and `--max-skipped PERCENT`, for verify, compare and fuzz.
enum ClaimsOptions {
    /// `--expect-claims FILE`: the loosest claims the run allows.
    static let expectClaims = Option<String>("--expect-claims", value: "FILE",
                                             help: "fail the run (exit 1) when the engine claims more than FILE allows: a JSON object with the hello's claim members (features, capabilities, tieBreaks, lengthQuantum, maxLength, query), each the loosest value allowed; an absent member allows only the exact default (docs/engine-claims.md)")

    /// `--max-skipped PERCENT`: the share of cases the engine's own claims may skip.
    static let maxSkipped = Option<Double>("--max-skipped", value: "PERCENT", expects: "a percentage from 0 to 100",
                                           help: "fail the run (exit 1) when the engine's own claims (features, tie breaks, largest length) skip more than PERCENT of its cases; without it a run where most were skipped only says so") {
        decimal($0).flatMap { $0 >= 0 && $0 <= 100 ? $0 : nil }
    }

    static let group = OptionGroup("claims options", [expectClaims, maxSkipped])

    /// ``group`` with `--conventions` (what the engine is judged with), for the commands that
    /// take it: verify, fuzz and compare.
    static let withConventions = OptionGroup("claims options", [expectClaims, maxSkipped, ConventionsOption.option])

    /// The judging options this run was given, as they go on its replay lines and in the `source`
    /// of the fixtures it saves: ` --conventions FILE|auto --expect-claims FILE --max-skipped
    /// PERCENT`, each only when given (shell-quoted), so a replay judges as this run did
    /// (`--tolerance` and `--invariants` are ``Counterexample/verdictOptions(tolerance:invariants:)``'s).
    /// `auto` stays `auto`: the replay detects the conventions again.
    /// - Throws: ``WaterfallCheckError/usage(_:)`` for a malformed `--max-skipped` (as ``read(_:)``).
    static func replayArguments(_ args: Arguments) throws -> String {
        var s = ""
        if let c = try args.value(ConventionsOption.option) { s += " --conventions \(shellQuoted(c))" }
        if let f = try args.value(expectClaims) { s += " --expect-claims \(shellQuoted(f))" }
        if let p = try args.value(maxSkipped) { s += " --max-skipped \(p == p.rounded() ? String(Int(p)) : String(p))" }
        return s
    }

    /// The allowed claims (`nil` without `--expect-claims`) and the skip limit as a fraction.
    /// - Throws: ``WaterfallCheckError/usage(_:)`` naming the file, line, column and member of a bad claims file.
    static func read(_ args: Arguments) throws -> (allowed: EngineDescriptor?, skipLimit: Double?) {
        let limit = try args.value(maxSkipped).map { $0 / 100 }
        guard let path = try args.value(expectClaims) else { return (nil, limit) }
        do { return (try EngineClaims.allowed(contentsOf: URL(fileURLWithPath: path)), limit) } catch {
            throw WaterfallCheckError.usage("--expect-claims \(path): \(error)")
        }
    }
}
