import Foundation

/// How an engine rounds one kind of length: to multiples of `1 / scale` pt (`scale` 1: whole
/// points; 2 or 3: device pixels), down or to the nearest.
public struct LengthRounding: Hashable, Sendable, CustomStringConvertible {
    public enum Rule: String, Hashable, Sendable, CaseIterable {
        /// `floor(v · scale) / scale`.
        case down
        /// `(v · scale).rounded() / scale` (half away from zero, as `CGFloat.rounded()`).
        case nearest
    }
    public var rule: Rule
    /// Steps per pt, > 0 and finite; 0 means the input's `pixelScale` (no rounding when it is
    /// null): CHT floors every height to `traitCollection.displayScale`.
    public var scale: CGFloat

    public init(_ rule: Rule, scale: CGFloat = 1) { self.rule = rule; self.scale = scale }

    /// `v` rounded by this rule (unchanged for scale 0: see ``resolved(pixelScale:)``). O(1).
    public func apply(_ v: CGFloat) -> CGFloat {
        guard scale > 0 else { return v }
        switch rule {
        case .down: return (v * scale).rounded(.down) / scale
        case .nearest: return (v * scale).rounded() / scale
        }
    }

    /// This rounding for an input of `pixelScale`: itself, or for scale 0 the input's pixels
    /// (`nil`: no rounding, the input has none). O(1).
    public func resolved(pixelScale: CGFloat?) -> LengthRounding? {
        scale > 0 ? self : pixelScale.map { LengthRounding(rule, scale: $0) }
    }

    /// `down to 1/2 pt`, `nearest to 1 pt`, `down to the input's pixels`.
    public var description: String {
        scale == 0 ? "\(rule.rawValue) to the input's pixels (pixelScale)" : "\(rule.rawValue) to \(scale == 1 ? "1" : "1/\(scale.formatted())") pt"
    }
}

private extension CGFloat {
    func formatted() -> String { self == rounded() ? String(Int(self)) : "\(self)" }
}

/// The conventions an engine follows where it departs from FIXTURE-FORMAT §5 on purpose, as real
/// `UICollectionViewLayout`s do (docs/fixture-format.md §9 `conventions`; the review of ten real
/// layouts, docs/conventions.md). Every judgement of the harness (the invariants, `compare`'s
/// verdicts, `verify`) takes an engine's answer *with its conventions*: an element that is where
/// §5 with these conventions puts it is judged as if it were where §5 puts it, and anything
/// beyond is still a failure (``EngineConventions/none``: plain §5).
///
/// Plain data, read by the hello line's `conventions` member, by `--conventions FILE` and by
/// `waterfall-check conventions --save`; the JSON names are ``keys`` (one table).
public struct EngineConventions: Hashable, Sendable {
    /// Column widths rounded (sgr-ksmt/WaterfallLayout, Blueprints: floored to whole points).
    /// Only ``LengthRounding/Rule/down`` is modelled; item x positions follow from the width.
    /// Size-derived heights are computed from the rounded width.
    public var columnWidthRounding: LengthRounding?
    /// Every item height rounded, fixed heights included (CHT floors to device pixels; a
    /// compositional layout rounds to whole points).
    public var heightRounding: LengthRounding?
    /// Size-derived heights rounded, fixed ones not (sgr-ksmt: `floor(size.height * itemWidth /
    /// size.width)`, as §5's `pixelScale` 1 does to them).
    public var sizeHeightRounding: LengthRounding?
    /// Every frame's x and y and the content height rounded (a compositional layout rounds y).
    public var positionRounding: LengthRounding?
    /// A header or footer of height 0 is not created: no frame, no element in queries; its top
    /// inset still counts, its bottom inset does not (CHT documents it; sgr-ksmt, Blueprints and
    /// two others do it; CHT's and sgr-ksmt's code add `inset.top`, then `maxY + inset.bottom`
    /// only for a created view).
    public var omitsZeroHeightSupplementaryViews: Bool
    /// No sections gives `contentSize` `[0, 0]`, where §5 gives `[W, 0]` (five libraries).
    public var zeroContentSizeWithoutSections: Bool
    /// A section with no items collapses: its header, footer and section insets vanish (Blueprints).
    public var emptySectionsCollapse: Bool
    /// A section's bottom is its tallest running column height, which counts the row spacing
    /// after the last item of each column (one library).
    public var countsTrailingSpacing: Bool
    /// A built-in tie band, pt (§5 `tieTolerance` the engine applies whatever the input says when
    /// the input's is smaller; one library hard-codes 5).
    public var builtInTieTolerance: CGFloat
    /// The rect query answers elements that only touch the rect (`CGRect.intersects` on Linux,
    /// ``QueryPredicate/closed``); what a hello's `"query": "closed"` also declares.
    public var closedRectQueries: Bool
    /// Positions may carry floating-point noise of up to this many ulps (a size-only API turns a
    /// fixed height `h` into `w · h / w`): each item height may be that far off, so a tie the
    /// noise flips is forgiven too (the running heights' bound widens by it).
    public var positionNoiseULPs: Int
    /// The first row is filled in order, item `i` in column `i` (`i < columnCount`, span-1 items),
    /// before shortest-first takes over: a zero-height tie goes right (Blueprints'
    /// `VerticalBlueprintLayout`, like `UICollectionViewFlowLayout`'s first line).
    public var firstRowInOrder: Bool
    /// A shortest-first tie goes to the column whose last item was placed earliest (an empty
    /// column first, then the leftmost), not to the leftmost: Blueprints takes the lowest bottom
    /// among all its items, in layout order (`sorted { $0.frame.maxY < $1.frame.maxY }`, stable),
    /// skipping items something already stands on. Span-1 items; it also fills the first row in
    /// order, since an empty column is the least recent.
    public var tiesToLeastRecentColumn: Bool
    /// `shouldInvalidateLayout(forBoundsChange:)` is true for a scroll too, not only for a new
    /// width: a design that costs re-preparation (or, with an invalidation context, only what
    /// the context names), not a wrong layout (Blueprints; Apple: "Subclasses can override it and
    /// return an appropriate value"). `reprepare` then checks only that a width change is true.
    public var invalidatesOnScroll: Bool

    public init(columnWidthRounding: LengthRounding? = nil, heightRounding: LengthRounding? = nil, sizeHeightRounding: LengthRounding? = nil,
                positionRounding: LengthRounding? = nil, omitsZeroHeightSupplementaryViews: Bool = false,
                zeroContentSizeWithoutSections: Bool = false, emptySectionsCollapse: Bool = false,
                countsTrailingSpacing: Bool = false, builtInTieTolerance: CGFloat = 0,
                closedRectQueries: Bool = false, positionNoiseULPs: Int = 0, firstRowInOrder: Bool = false,
                invalidatesOnScroll: Bool = false, tiesToLeastRecentColumn: Bool = false) {
        self.columnWidthRounding = columnWidthRounding; self.heightRounding = heightRounding
        self.positionRounding = positionRounding
        self.sizeHeightRounding = sizeHeightRounding
        self.omitsZeroHeightSupplementaryViews = omitsZeroHeightSupplementaryViews
        self.zeroContentSizeWithoutSections = zeroContentSizeWithoutSections
        self.emptySectionsCollapse = emptySectionsCollapse; self.countsTrailingSpacing = countsTrailingSpacing
        self.builtInTieTolerance = builtInTieTolerance; self.closedRectQueries = closedRectQueries
        self.positionNoiseULPs = positionNoiseULPs
        self.firstRowInOrder = firstRowInOrder; self.invalidatesOnScroll = invalidatesOnScroll
        self.tiesToLeastRecentColumn = tiesToLeastRecentColumn
    }

    /// Plain §5: no convention.
    public static let none = EngineConventions()

    /// Whether any convention changes the expected frames (not only the query predicate).
    public var changesFrames: Bool {
        var plain = self
        plain.closedRectQueries = false
        plain.invalidatesOnScroll = false
        return plain != .none
    }

    /// The members, each with its JSON key (FIXTURE-FORMAT §9 `conventions`) and a one-line
    /// statement of what it is when set, in declaration order: the one table the JSON reader and
    /// writer, the `conventions` command and the report header use.
    public static let keys: [(key: String, meaning: String)] = [
        ("columnWidth", "column widths rounded"),
        ("height", "every item height rounded, fixed ones included"),
        ("sizeHeight", "size-derived item heights rounded (fixed ones not)"),
        ("position", "x, y and the content height rounded"),
        ("omitsZeroHeightSupplementaryViews", "headers and footers of height 0 are not created"),
        ("zeroContentSizeWithoutSections", "no sections gives contentSize [0, 0]"),
        ("emptySectionsCollapse", "an empty section's header, footer and insets vanish"),
        ("countsTrailingSpacing", "a section's bottom counts the row spacing after its last items"),
        ("tieTolerance", "a built-in tie band (pt)"),
        ("closedRectQueries", "rect queries answer elements that only touch the rect"),
        ("positionNoiseULPs", "positions carry floating-point noise (ulps)"),
        ("firstRowInOrder", "the first row is filled in order, item i in column i"),
        ("tiesToLeastRecentColumn", "a tie goes to the column whose last item is the oldest"),
        ("invalidatesOnScroll", "shouldInvalidateLayout(forBoundsChange:) is true for a scroll too"),
    ]

    /// One line per convention set, `key: value (meaning)`; empty for ``none``.
    public var lines: [String] {
        var out: [String] = []
        func add(_ key: String, _ value: String) {
            let meaning = Self.keys.first { $0.key == key }!.meaning
            out.append("\(key): \(value) (\(meaning))")
        }
        if let r = columnWidthRounding { add("columnWidth", r.description) }
        if let r = heightRounding { add("height", r.description) }
        if let r = sizeHeightRounding { add("sizeHeight", r.description) }
        if let r = positionRounding { add("position", r.description) }
        if omitsZeroHeightSupplementaryViews { add("omitsZeroHeightSupplementaryViews", "true") }
        if zeroContentSizeWithoutSections { add("zeroContentSizeWithoutSections", "true") }
        if emptySectionsCollapse { add("emptySectionsCollapse", "true") }
        if countsTrailingSpacing { add("countsTrailingSpacing", "true") }
        if builtInTieTolerance != 0 { add("tieTolerance", "\(builtInTieTolerance)") }
        if closedRectQueries { add("closedRectQueries", "true") }
        if positionNoiseULPs != 0 { add("positionNoiseULPs", "\(positionNoiseULPs)") }
        if firstRowInOrder { add("firstRowInOrder", "true") }
        if tiesToLeastRecentColumn { add("tiesToLeastRecentColumn", "true") }
        if invalidatesOnScroll { add("invalidatesOnScroll", "true") }
        return out
    }
}
