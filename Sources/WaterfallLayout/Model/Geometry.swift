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

    /// `[x, y, width, height]` with up to two decimals, as reports print frames.
    public var shortDescription: String {
        "[\(formatPoints(origin.x)), \(formatPoints(origin.y)), \(formatPoints(size.width)), \(formatPoints(size.height))]"
    }
}

/// A length for humans: integral values without a fraction, others with up to two decimals;
/// from 10^15 on, six significant digits with an exponent (`1.79769e+308`), never 309 digits
/// (review D17).
public func formatPoints(_ v: CGFloat) -> String {
    if !v.isFinite { return "\(v)" }
    if abs(v) >= 1e15 { return String(format: "%.6g", Double(v)) }
    if v == v.rounded() { return String(Int64(v)) }
    var s = String(format: "%.2f", Double(v))
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}
