import Foundation

extension CGRect {
    /// The strict "meets" predicate of FIXTURE-FORMAT §9:
    /// `f.minX < r.maxX && r.minX < f.maxX && f.minY < r.maxY && r.minY < f.maxY`.
    ///
    /// Unlike `CGRect.intersects(_:)`, touching edges do not meet, and no standardisation is done
    /// (frames and rects here never have negative sizes).
    @inlinable
    public func meets(_ rect: CGRect) -> Bool {
        let f = self
        return f.origin.x < rect.origin.x + rect.size.width
            && rect.origin.x < f.origin.x + f.size.width
            && f.origin.y < rect.origin.y + rect.size.height
            && rect.origin.y < f.origin.y + f.size.height
    }

    /// ``meets(_:)`` as 1 or 0, its four comparisons joined without a branch (Bool's bits ANDed:
    /// LLVM keeps `&&` of comparisons as branches, which a scan over frames mispredicts about
    /// every other time). For scans that add up or store verdicts. The same answer, NaN included.
    @inlinable @inline(__always)
    public func meetsBit(_ rect: CGRect) -> UInt8 {
        let f = self
        let a = f.origin.x < rect.origin.x + rect.size.width, b = rect.origin.x < f.origin.x + f.size.width
        let c = f.origin.y < rect.origin.y + rect.size.height, d = rect.origin.y < f.origin.y + f.size.height
        return unsafeBitCast(a, to: UInt8.self) & unsafeBitCast(b, to: UInt8.self)
            & unsafeBitCast(c, to: UInt8.self) & unsafeBitCast(d, to: UInt8.self)
    }

    /// `[x, y, width, height]` with up to two decimals, as reports print frames.
    public var shortDescription: String {
        "[\(formatPoints(origin.x)), \(formatPoints(origin.y)), \(formatPoints(size.width)), \(formatPoints(size.height))]"
    }
}

/// A length for humans: integral values without a fraction, others with up to two decimals;
/// from 10^15 on, six significant digits with an exponent (`1.79769e+308`), never 309 digits
/// (review D17).
package func formatPoints(_ v: CGFloat) -> String {
    if !v.isFinite { return "\(v)" }
    if abs(v) >= 1e15 { return String(format: "%.6g", Double(v)) }
    if v == v.rounded() { return String(Int64(v)) }
    var s = String(format: "%.2f", Double(v))
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}
