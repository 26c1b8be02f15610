import Foundation
import WaterfallCheckEngines

/// `--conventions FILE|auto`: judge the engine (`compare`: the candidate) with these conventions
/// instead of the ones it declares: a file `waterfall-check conventions --save` wrote (or a bare
/// conventions object, docs/fixture-format.md §9 `conventions`), or `auto` to detect them first
/// (``ConventionProbe``).
enum ConventionsOption {
    static let option = Option<String>("--conventions", value: "FILE|auto",
                                       help: "judge the engine with these conventions instead of its declared ones: a file 'waterfall-check conventions --save' wrote, or auto to detect them first (printed)")

    /// `[judging options]` in a synopsis.

    /// `entry` judged with the conventions `spec` names; `entry` itself without `spec`.
    /// - Throws: ``JSONError`` for a bad file (file, line and member named); a usage error for a
    ///   missing one.
    static func apply(_ spec: String?, to entry: EngineEntry, tolerance: Tolerance) throws -> EngineEntry {
        guard let spec else { return entry }
        let conventions: EngineConventions
        if spec == "auto" {
            let report = ConventionProbe(tolerance: tolerance).detect(entry.make())
            conventions = report.conventions
            print("conventions (detected): \(conventions.lines.isEmpty ? "none" : conventions.lines.joined(separator: "; "))")
            if !report.undetermined.isEmpty {
                print("undetermined (a probe faulted): \(report.undetermined.joined(separator: ", ")); not declared, judged as plain §5")
            }
        } else {
            guard FileManager.default.fileExists(atPath: spec) else {
                throw WaterfallCheckError.usage("--conventions: no file '\(spec)' (give a file 'waterfall-check conventions --save' wrote, or auto)")
            }
            let file = try EngineConventions.read(contentsOf: URL(fileURLWithPath: spec))
            conventions = file.conventions
            // The bounds a hello's conventions have (docs/engine-claims.md), before anything runs.
            if let why = EngineClaims.conventionBounds(conventions) {
                throw WaterfallCheckError.usage("--conventions \(spec): \(why) (docs/engine-claims.md)")
            }
            print("conventions (\(TextReport.printable(spec))): \(conventions.lines.isEmpty ? "none" : conventions.lines.joined(separator: "; "))")
            if !file.undetermined.isEmpty {
                print("undetermined in \(TextReport.printable(spec)) (a probe faulted): \(file.undetermined.joined(separator: ", ")); not declared, judged as plain §5")
            }
        }
        var d = entry.descriptor
        d.conventions = conventions
        let make = entry.make
        return EngineEntry(descriptor: d) { make().redeclaring(conventions: conventions) }
    }
}
