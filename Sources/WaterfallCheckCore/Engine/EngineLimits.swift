import Foundation

/// What an engine can express beyond its ``LayoutFeatures``: the tie breaks it implements, the
/// resolution of its lengths and the largest length it can hold (FIXTURE-FORMAT §9, the additive
/// `tieBreaks`, `lengthQuantum` and `maxLength` members of the hello line).
///
/// The harness never sends an input outside these (``LayoutEngine/answer(_:)`` answers
/// `unsupported` without asking), the generator keeps its inputs inside them, and the comparison
/// tolerances scale with ``lengthQuantum`` (docs/web-engines.md, "Placement-level verdicts").
/// The default, ``exact``, is every engine that computes in doubles: both tie breaks, quantum 0,
/// the §6 range.
public struct EngineLimits: Hashable, Sendable {
    /// The tie breaks the engine implements (§5 step 3). CSS grid-lanes has only the placement
    /// cursor: `[.afterPrevious]`.
    public var tieBreaks: Set<TieBreak>
    /// The step the engine's lengths are truncated to, pt; 0 when it keeps doubles. Chromium keeps
    /// LayoutUnits of 1/64 px, so `1 / (64 · scale)` pt at `scale` CSS px per pt.
    public var lengthQuantum: CGFloat
    /// The largest length (container width, content height) the engine can hold, pt. Chromium's
    /// LayoutUnit clamps at 33,554,428 px.
    public var maxLength: CGFloat
    /// Which elements the engine's rect query answers (FIXTURE-FORMAT §9 `query`); ``QueryPredicate/strict`` by default.
    public var queryPredicate: QueryPredicate

    public init(tieBreaks: Set<TieBreak> = Set(TieBreak.allCases), lengthQuantum: CGFloat = 0,
                maxLength: CGFloat = ReferenceLayout.maximumLength, queryPredicate: QueryPredicate = .strict) {
        self.tieBreaks = tieBreaks; self.lengthQuantum = lengthQuantum; self.maxLength = maxLength
        self.queryPredicate = queryPredicate
    }

    /// Both tie breaks, exact doubles, the whole §6 range.
    public static let exact = EngineLimits()

    /// What two engines compared side by side can both be sent, and the coarser resolution: the
    /// common tie breaks (both, if they share none: each engine's gate then skips what it lacks),
    /// the larger quantum, the smaller largest length.
    public func common(with other: EngineLimits) -> EngineLimits {
        let shared = tieBreaks.intersection(other.tieBreaks)
        return EngineLimits(tieBreaks: shared.isEmpty ? Set(TieBreak.allCases) : shared,
                            lengthQuantum: max(lengthQuantum, other.lengthQuantum), maxLength: min(maxLength, other.maxLength),
                            queryPredicate: queryPredicate == .closed || other.queryPredicate == .closed ? .closed : .strict)
    }

    /// The tie breaks in §2's order, as the hello line spells them.
    public var tieBreakNames: [String] { TieBreak.allCases.filter { tieBreaks.contains($0) }.map(\.rawValue) }

    /// Why `input` is outside these limits, or `nil` when the engine can be asked.
    ///
    /// - A `shortestFirst` input whose `tieBreak` is not in ``tieBreaks`` (round-robin
    ///   placements never consult it).
    /// - A valid input (§6) whose container width or §5 content height exceeds ``maxLength``;
    ///   an invalid input is the engine's to reject with its §6 code.
    /// - Complexity: O(1) for the tie break; O(items · columns) (the reference layout) only when
    ///   ``maxLength`` is below the §6 range.
    public func refusal(_ input: LayoutInput) -> String? {
        let s = input.layout
        if s.placement == .shortestFirst && !tieBreaks.contains(s.tieBreak) {
            return "implements tie break \(tieBreakNames.joined(separator: ", ")) only, not \(s.tieBreak.rawValue)"
        }
        guard maxLength < ReferenceLayout.maximumLength, let r = try? ReferenceLayout.layout(input) else { return nil }
        let longest = max(s.containerWidth, r.contentSize.height)
        if longest > maxLength {
            return "holds lengths up to \(formatPoints(maxLength)) pt; this layout needs \(formatPoints(longest)) pt"
        }
        return nil
    }
}

/// Which elements a rect query answers.
public enum QueryPredicate: String, Hashable, Sendable, CaseIterable {
    /// FIXTURE-FORMAT §9: a frame meets a rect when the open intervals overlap,
    /// `f.minX < r.maxX && r.minX < f.maxX && f.minY < r.maxY && r.minY < f.maxY`. An element that
    /// only touches the rect, or a zero-area one on its edge, is not answered.
    case strict
    /// `CGRect.intersects(_:)` as UIKit layouts call it: the closed intervals overlap, so an
    /// element that only touches the rect (or a zero-area one on it) may be answered too. It is
    /// what swift-corelibs-foundation does on Linux (verified) and, by Apple's documentation and
    /// third-party tests, what CoreGraphics does (docs/uikit-geometry.md). An engine declaring it
    /// must still answer every element that meets the rect strictly, and nothing farther away:
    /// only touching elements are forgiven, and the verdict says so.
    case closed

    /// Whether `frame` meets `rect` by this predicate. O(1).
    public func meets(_ frame: CGRect, _ rect: CGRect) -> Bool {
        switch self {
        case .strict:
            return frame.minX < rect.maxX && rect.minX < frame.maxX && frame.minY < rect.maxY && rect.minY < frame.maxY
        case .closed:
            return frame.minX <= rect.maxX && rect.minX <= frame.maxX && frame.minY <= rect.maxY && rect.minY <= frame.maxY
        }
    }
}
