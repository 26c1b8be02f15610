import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation

/// A length beside another it is compared with, for every report and message: both as
/// ``formatPoints(_:)`` prints them (two decimals), or both with every digit when two decimals
/// would print them alike although they differ, so `405` against `405` never hides a
/// 1e-13-pt overrun. The one rule of the golden tables, the invariants' messages and the
/// comparisons.
/// - Returns: `a` and `b`, in that order.
package func formatPair(_ a: CGFloat, _ b: CGFloat) -> (String, String) {
    let (x, y) = (formatPoints(a), formatPoints(b))
    return x == y && a != b && !(a.isNaN && b.isNaN) ? (formatPrecisely(a), formatPrecisely(b)) : (x, y)
}

/// Two lists of lengths (frames `[x, y, width, height]`, sizes `[width, height]`) as
/// `[10, 54, 111.67, 120]`, by ``formatPair(_:_:)``'s rule applied to the lists: every digit of
/// every component when two decimals would print the lists alike although they differ.
package func formatPair(_ a: [CGFloat], _ b: [CGFloat]) -> (String, String) {
    let x = "[" + a.map(formatPoints).joined(separator: ", ") + "]", y = "[" + b.map(formatPoints).joined(separator: ", ") + "]"
    guard x == y, a != b else { return (x, y) }
    return ("[" + a.map(formatPrecisely).joined(separator: ", ") + "]", "[" + b.map(formatPrecisely).joined(separator: ", ") + "]")
}

/// Two frames by ``formatPair(_:_:)``'s rule.
package func formatPair(_ a: CGRect, _ b: CGRect) -> (String, String) {
    formatPair([a.origin.x, a.origin.y, a.size.width, a.size.height], [b.origin.x, b.origin.y, b.size.width, b.size.height])
}

/// Every digit: integral values as ``formatPoints(_:)`` writes them, others as the shortest
/// decimal that reads back to the same double (`131.66666666666669`).
package func formatPrecisely(_ v: CGFloat) -> String {
    v == v.rounded() && abs(v) < 1e15 ? formatPoints(v) : "\(Double(v))"
}
