import Foundation
import WaterfallCheckEngines

/// Options several commands declare on their own (each says in its help what it does with them):
/// the tolerance, the worker count, the seed, the shrink bound, the save directory.
enum CommonOptions {
    /// `--tolerance PT`: a non-negative decimal number of points.
    static let tolerance = Option<Tolerance>("--tolerance", value: "PT", expects: "a non-negative decimal number",
                                             help: "per-component tolerance in pt (default: the fixture's, else 0.001)") {
        nonNegativeDecimal($0).map { Tolerance(CGFloat($0)) }
    }

    /// `--jobs N`: 1 to 256 workers (more threads than that only contend on a 2-to-64-core machine).
    static let jobs = Option<Int>("--jobs", value: "N", expects: "a number of workers from 1 to 256",
                                  help: "worker threads (default: the number of cores); the report is the same whatever N") {
        Int($0).flatMap { (1...256).contains($0) ? $0 : nil }
    }

    /// `--seed S`: a 64-bit seed, decimal or 0x-hex.
    static let seed = Option<UInt64>("--seed", value: "S", expects: "a 64-bit unsigned integer (decimal or 0x-hex)",
                                     help: "the seed of the generated inputs, decimal or 0x-hex") { waterfall_check.seed($0) }

    /// `--shrink-time SEC`: a non-negative decimal number of seconds.
    static let shrinkTime = Option<Double>("--shrink-time", value: "SEC", expects: "a non-negative decimal number of seconds",
                                           help: "time bound of each shrink") { nonNegativeDecimal($0) }

    /// `--save DIR`: where minimal failures are written as fixtures.
    static let save = Option<String>("--save", value: "DIR", help: "write each minimal failure to DIR as a fixture")
}
