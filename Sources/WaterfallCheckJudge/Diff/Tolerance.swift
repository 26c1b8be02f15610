import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation

/// The per-component comparison tolerance of FIXTURE-FORMAT §7, in pt: two frames match when
/// every component (`x`, `y`, `width`, `height`) differs by at most ``points``.
///
/// The one numeric type for a tolerance everywhere in the harness (golden runs, the fuzzer's
/// geometric invariants, `compare`, pictures). A NaN or infinite component never matches (the
/// difference of two equal infinities is NaN), so a non-finite frame is always a difference.
/// Written as a literal where a tolerance is expected: `tolerance: 0.5`.
public struct Tolerance: Hashable, Sendable, Comparable, CustomStringConvertible,
                         ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The largest allowed difference per component, pt, ≥ 0.
    public var points: CGFloat

    public init(_ points: CGFloat) { self.points = points }
    public init(floatLiteral value: Double) { points = CGFloat(value) }
    public init(integerLiteral value: Int) { points = CGFloat(value) }

    /// 0.001 pt: FIXTURE-FORMAT §7's default, used when neither the command line nor the
    /// fixture sets one.
    public static let `default` = Tolerance(0.001)

    /// The tolerance a case is judged at: the command line's (`explicit`), else the fixture's
    /// (FIXTURE-FORMAT §7 `tolerance`, pt), else ``default``. The one place the rule is written.
    public static func resolve(explicit: Tolerance?, fixture: CGFloat?) -> Tolerance {
        explicit ?? fixture.map(Tolerance.init) ?? .default
    }

    /// ``resolve(explicit:fixture:)`` with the fixture's tolerance already a ``Tolerance``.
    public static func resolve(explicit: Tolerance?, fixture: Tolerance?) -> Tolerance {
        explicit ?? fixture ?? .default
    }
    /// No difference at all is allowed (bit for bit, up to `-0 == 0`).
    public static let exact = Tolerance(0)

    /// `|a - b| <= points`; false when either is NaN.
    @inline(__always)
    public func matches(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) <= points }

    /// Every component of two frames within the tolerance.
    @inline(__always)
    public func matches(_ a: CGRect, _ b: CGRect) -> Bool {
        matches(a.origin.x, b.origin.x) && matches(a.origin.y, b.origin.y)
            && matches(a.size.width, b.size.width) && matches(a.size.height, b.size.height)
    }

    /// Both components of two sizes within the tolerance.
    @inline(__always)
    public func matches(_ a: CGSize, _ b: CGSize) -> Bool { matches(a.width, b.width) && matches(a.height, b.height) }

    /// The largest absolute component difference of two frames, pt; NaN when any component
    /// difference is NaN (so it never compares as small).
    public static func delta(_ a: CGRect, _ b: CGRect) -> CGFloat {
        delta([a.origin.x, a.origin.y, a.size.width, a.size.height], [b.origin.x, b.origin.y, b.size.width, b.size.height])
    }

    /// The largest absolute component difference of two sizes, pt; NaN as for frames.
    public static func delta(_ a: CGSize, _ b: CGSize) -> CGFloat { delta([a.width, a.height], [b.width, b.height]) }

    /// The largest absolute difference of paired components; NaN when any is NaN.
    static func delta(_ a: [CGFloat], _ b: [CGFloat]) -> CGFloat {
        var m: CGFloat = 0
        for (x, y) in zip(a, b) {
            let d = abs(x - y)
            if d.isNaN { return .nan }
            m = max(m, d)
        }
        return m
    }

    public static func < (a: Tolerance, b: Tolerance) -> Bool { a.points < b.points }

    /// `0.001`, as the fixture format writes numbers.
    public var description: String { JSONWriter.number(points) }
}
