import Foundation

/// One way an engine's answer differs from a fixture's `expected` (FIXTURE-FORMAT §7).
///
/// Each difference names its subject (an element, `contentSize`, or the error), the expected and
/// actual values, the largest component difference in pt where both are geometry, and the JSON
/// path of the expected value in the fixture file, so a report can point at its line.
public struct GoldenDifference: Hashable, Sendable {
    /// What differs. Ordered the way reports list differences: the error first, then elements in
    /// document order (section, header, items, footer), then `contentSize`, which usually only
    /// follows from the elements above it.
    public enum Subject: Hashable, Sendable, Comparable, CustomStringConvertible {
        case error
        case element(ElementID)
        case contentSize

        private var rank: Int {
            switch self { case .error: return 0; case .element: return 1; case .contentSize: return 2 }
        }

        public static func < (a: Subject, b: Subject) -> Bool {
            if case let .element(x) = a, case let .element(y) = b { return x < y }
            return a.rank < b.rank
        }

        /// `item 0.4`, `header 2`, `contentSize`, `error`.
        public var description: String {
            switch self {
            case .error: return "error"
            case .element(let id): return id.description
            case .contentSize: return "contentSize"
            }
        }
    }

    /// One side of a difference.
    public enum Value: Hashable, Sendable, CustomStringConvertible {
        /// A frame `[x, y, width, height]` in pt.
        case frame(CGRect)
        /// `contentSize` `[width, height]` in pt.
        case size(CGSize)
        /// A layout error code (FIXTURE-FORMAT §6).
        case error(LayoutError.Code)
        /// A successful layout, where an error was expected.
        case layout

        /// `[10, 54, 111.67, 120]`, `[375, 267.75]`, `error invalidSpan`, `a layout`.
        public var description: String {
            switch self {
            case .frame, .size: return "[" + components.map(formatPoints).joined(separator: ", ") + "]"
            case .error(let c): return "error \(c.rawValue)"
            case .layout: return "a layout"
            }
        }

        /// Geometry with every digit (`[131.66666666666669, 147.7515, ...]`), for differences
        /// too small for ``description``'s two decimals.
        public var preciseDescription: String {
            components.isEmpty ? description : "[" + components.map { $0 == $0.rounded() && abs($0) < 1e15 ? formatPoints($0) : "\(Double($0))" }.joined(separator: ", ") + "]"
        }

        /// The value's components, for geometry (empty for errors and `layout`).
        var components: [CGFloat] {
            switch self {
            case .frame(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
            case .size(let s): return [s.width, s.height]
            case .error, .layout: return []
            }
        }
    }

    public var subject: Subject
    /// `nil` when the engine gave an element the fixture does not expect (an extra frame).
    public var expected: Value?
    /// `nil` when the engine gave no such element (a missing frame).
    public var actual: Value?
    /// JSON path of the expected value in the fixture (`$.expected.sections[0].items[4]`); for an
    /// extra element, of the array or section it would belong to.
    public var jsonPath: String

    public init(subject: Subject, expected: Value?, actual: Value?, jsonPath: String) {
        self.subject = subject; self.expected = expected; self.actual = actual; self.jsonPath = jsonPath
    }

    /// The largest absolute component difference in pt when both sides are geometry of the same
    /// shape; `nil` for missing, extra and error differences. NaN components give NaN.
    public var delta: CGFloat? {
        guard let e = expected?.components, let a = actual?.components, !e.isEmpty, e.count == a.count else { return nil }
        var m: CGFloat = 0
        for (x, y) in zip(e, a) {
            let d = abs(x - y)
            if d.isNaN { return .nan }
            m = max(m, d)
        }
        return m
    }

    /// The expected and actual sides as reports print them (`-` when absent): two decimals,
    /// or every digit when two decimals would print both sides alike.
    public var sides: (expected: String, actual: String) {
        let e = expected?.description ?? "-", a = actual?.description ?? "-"
        guard e == a, let x = expected, let y = actual else { return (e, a) }
        return (x.preciseDescription, y.preciseDescription)
    }

    /// One sentence for a report: `item 0.3 moved by 24 pt: expected [..] actual [..]`.
    public var sentence: String {
        switch (expected, actual) {
        case let (e?, nil):
            return "\(subject) is missing: expected \(e)"
        case let (nil, a?):
            return "\(subject) is extra: actual \(a)"
        case let (.error(e)?, .error(a)?):
            return "error code changed: expected \(e.rawValue), actual \(a.rawValue)"
        case let (.error(e)?, a?):
            return "expected error \(e.rawValue), actual \(a)"
        case let (e?, .error(a)?):
            return "expected \(e), actual error \(a.rawValue)"
        case let (e?, a?):
            return "\(subject) \(verb(e, a)) by \(formatDelta(delta ?? .nan)) pt: expected \(sides.expected) actual \(sides.actual)"
        case (nil, nil):
            return "\(subject) differs"
        }
    }

    /// `moved` when only the origin changed, `resized` when only the size, else `changed`.
    private func verb(_ e: Value, _ a: Value) -> String {
        guard case let .frame(x) = e, case let .frame(y) = a else { return "changed" }
        if x.size == y.size { return "moved" }
        if x.origin == y.origin { return "resized" }
        return "changed"
    }
}

/// A difference in pt for humans: like ``formatPoints(_:)``, but small values keep three
/// significant digits, so a 0.0015-pt drift never prints as `0`.
public func formatDelta(_ v: CGFloat) -> String {
    if v.isFinite && v != 0 && abs(v) < 0.01 { return String(format: "%.3g", Double(v)) }
    return formatPoints(v)
}
