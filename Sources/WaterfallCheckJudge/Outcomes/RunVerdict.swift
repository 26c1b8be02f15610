import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation

/// What a whole run says, the one vocabulary behind every command's exit status (the front end
/// maps it: 0, 1, 2). Ordered from best to worst, so runs combine with `max`.
public enum RunVerdict: Int, Comparable, Hashable, Sendable {
    /// Every check passed.
    case passed = 0
    /// A check failed: a golden mismatch, a broken invariant, a difference between engines.
    case failed = 1
    /// The run could not vouch for everything: a fixture, engine, path or write problem, or
    /// nothing was checked at all.
    case error = 2

    public static func < (a: RunVerdict, b: RunVerdict) -> Bool { a.rawValue < b.rawValue }
}
