import Foundation

/// The golden comparison of FIXTURE-FORMAT §7: an engine's answer against a fixture's `expected`.
public enum GoldenComparison {
    /// Every difference between `expected` and the engine's `actual` answer, sorted (see
    /// ``GoldenDifference/Subject``); empty when they match.
    ///
    /// Frames and `contentSize` match when every component differs by at most `tolerance` pt
    /// (a NaN or infinite component never matches). A missing or extra frame, a missing or extra
    /// header/footer or section, a different error code, and an error where frames were expected
    /// (or the reverse) are differences. Elements a UIKit-shaped engine reported beyond one per
    /// input element (``LayoutResult/extraElements``) are extra.
    ///
    /// - Parameters:
    ///   - expected: the fixture's `expected`.
    ///   - actual: the engine's result, or the ``LayoutError`` it threw (an `unsupported` error
    ///     is the caller's to count as skipped before comparing).
    ///   - tolerance: per-component tolerance in pt, ≥ 0.
    /// - Complexity: O(n log n) in the number of frames (the sort), O(n) when nothing differs.
    public static func differences(expected: Expected, actual: Result<LayoutResult, LayoutError>,
                                   tolerance: CGFloat) -> [GoldenDifference] {
        switch (expected, actual) {
        case let (.error(e), .failure(a)):
            return e == a.code ? [] : [GoldenDifference(subject: .error, expected: .error(e), actual: .error(a.code), jsonPath: "$.expected.error")]
        case let (.error(e), .success):
            return [GoldenDifference(subject: .error, expected: .error(e), actual: .layout, jsonPath: "$.expected.error")]
        case let (.layout, .failure(a)):
            return [GoldenDifference(subject: .error, expected: .layout, actual: .error(a.code), jsonPath: "$.expected")]
        case let (.layout(e), .success(a)):
            return differences(expected: e, actual: a, tolerance: tolerance)
        }
    }

    /// Differences between two layouts (see ``differences(expected:actual:tolerance:)``).
    public static func differences(expected e: LayoutResult, actual a: LayoutResult, tolerance: CGFloat) -> [GoldenDifference] {
        var out: [GoldenDifference] = []
        func compare(_ id: ElementID, _ x: CGRect?, _ y: CGRect?, path: String, container: String) {
            // `CGRect.null` is how the UIKit adapter marks an item it got no attributes for.
            let y = y == CGRect.null ? nil : y
            switch (x, y) {
            case let (x?, y?):
                if !matches(x, y, tolerance) {
                    out.append(GoldenDifference(subject: .element(id), expected: .frame(x), actual: .frame(y), jsonPath: path))
                }
            case let (x?, nil):
                out.append(GoldenDifference(subject: .element(id), expected: .frame(x), actual: nil, jsonPath: path))
            case let (nil, y?):
                out.append(GoldenDifference(subject: .element(id), expected: nil, actual: .frame(y), jsonPath: container))
            case (nil, nil):
                break
            }
        }
        for s in 0..<max(e.sections.count, a.sections.count) {
            let x = s < e.sections.count ? e.sections[s] : nil
            let y = s < a.sections.count ? a.sections[s] : nil
            let base = "$.expected.sections[\(s)]"
            let section = x == nil ? "$.expected.sections" : base
            compare(.header(s), x?.header, y?.header, path: base + ".header", container: section)
            let xi = x?.items ?? [], yi = y?.items ?? []
            for i in 0..<max(xi.count, yi.count) {
                compare(.item(s, i), i < xi.count ? xi[i] : nil, i < yi.count ? yi[i] : nil,
                        path: base + ".items[\(i)]", container: x == nil ? section : base + ".items")
            }
            compare(.footer(s), x?.footer, y?.footer, path: base + ".footer", container: section)
        }
        for extra in a.extraElements {
            let container = extra.id.section < e.sections.count ? "$.expected.sections[\(extra.id.section)]" : "$.expected.sections"
            out.append(GoldenDifference(subject: .element(extra.id), expected: nil, actual: .frame(extra.frame), jsonPath: container))
        }
        if !(close(e.contentSize.width, a.contentSize.width, tolerance) && close(e.contentSize.height, a.contentSize.height, tolerance)) {
            out.append(GoldenDifference(subject: .contentSize, expected: .size(e.contentSize), actual: .size(a.contentSize),
                                        jsonPath: "$.expected.contentSize"))
        }
        if !isSorted(out) { out.sort { $0.subject < $1.subject } }
        return out
    }

    /// Whether every component of two frames differs by at most `tolerance` (FIXTURE-FORMAT §7).
    public static func matches(_ x: CGRect, _ y: CGRect, _ tolerance: CGFloat) -> Bool {
        close(x.origin.x, y.origin.x, tolerance) && close(x.origin.y, y.origin.y, tolerance)
            && close(x.size.width, y.size.width, tolerance) && close(x.size.height, y.size.height, tolerance)
    }

    /// `abs(a - b) <= tolerance`; false when either is NaN, and for two equal infinities (whose
    /// difference is NaN), so a non-finite component never matches.
    @inline(__always)
    private static func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat) -> Bool { abs(a - b) <= tolerance }

    /// Whether `list` is already in report order (it is, unless extra elements were appended).
    private static func isSorted(_ list: [GoldenDifference]) -> Bool {
        zip(list, list.dropFirst()).allSatisfy { !($1.subject < $0.subject) }
    }
}
