import Foundation

/// Insets around a section's items or a supplementary view, in pt (FIXTURE-FORMAT §2).
public struct LayoutInsets: Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// All four edges 0.
    public static let zero = LayoutInsets()

    /// The same inset on all four edges.
    public init(all value: CGFloat) { self.init(top: value, left: value, bottom: value, right: value) }
}

/// How an item picks its column (FIXTURE-FORMAT §2, §5 step 3).
public enum Placement: String, Hashable, Sendable, CaseIterable {
    /// The column whose running height is lowest, ties decided by ``TieBreak``.
    case shortestFirst
    /// Round robin: item `i` goes to column `i % n`.
    case leftToRight
    /// Round robin from the right: item `i` goes to column `n - 1 - i % n`.
    case rightToLeft

    /// `true` for the two round-robin placements, which reject spans > 1.
    public var isRoundRobin: Bool { self != .shortestFirst }
}

/// Which tied column wins under ``Placement/shortestFirst`` (CSS grid-lanes' tie rule).
public enum TieBreak: String, Hashable, Sendable, CaseIterable {
    /// The smallest tied column index.
    case leftmost
    /// The smallest tied column at or after the placement cursor, else the smallest tied column.
    case afterPrevious
}

/// The settings shared by every section (FIXTURE-FORMAT §2). Lengths in pt.
public struct LayoutSettings: Hashable, Sendable {
    /// The collection view's bounds width.
    public var containerWidth: CGFloat
    /// Columns per section, unless a section overrides it.
    public var columnCount: Int
    /// Horizontal gap between adjacent columns.
    public var columnSpacing: CGFloat
    /// Vertical gap between two items stacked in one column.
    public var rowSpacing: CGFloat
    /// Insets around each section's items (not around header/footer).
    public var sectionInset: LayoutInsets
    public var placement: Placement
    /// Columns whose top is within this of the lowest count as tied (inclusive).
    public var tieTolerance: CGFloat
    public var tieBreak: TieBreak
    /// When set, column widths and size-derived heights are floored to `1 / pixelScale` pt.
    public var pixelScale: CGFloat?
    /// Lower bound of the content height.
    public var minimumContentHeight: CGFloat

    public init(
        containerWidth: CGFloat,
        columnCount: Int,
        columnSpacing: CGFloat = 0,
        rowSpacing: CGFloat = 0,
        sectionInset: LayoutInsets = .zero,
        placement: Placement = .shortestFirst,
        tieTolerance: CGFloat = 0,
        tieBreak: TieBreak = .leftmost,
        pixelScale: CGFloat? = nil,
        minimumContentHeight: CGFloat = 0
    ) {
        self.containerWidth = containerWidth
        self.columnCount = columnCount
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        self.sectionInset = sectionInset
        self.placement = placement
        self.tieTolerance = tieTolerance
        self.tieBreak = tieBreak
        self.pixelScale = pixelScale
        self.minimumContentHeight = minimumContentHeight
    }
}

/// A header or footer: a full-width view above or below a section's items (FIXTURE-FORMAT §3).
public struct HeaderFooter: Hashable, Sendable {
    /// Height in pt.
    public var height: CGFloat
    /// Insets around the view; its width is `containerWidth - inset.left - inset.right`.
    /// All 0 when not given.
    public var inset: LayoutInsets {
        get { givenInset ?? .zero }
        set { givenInset = newValue }
    }
    /// The inset as the fixture gives it, `nil` when the fixture omits it. Only the canonical
    /// writer cares (FIXTURE-FORMAT §8 writes an optional field only when present); equality and
    /// hashing use ``inset``, so an omitted inset equals an explicit all-0 one.
    public var givenInset: LayoutInsets?

    public init(height: CGFloat, inset: LayoutInsets? = nil) {
        self.height = height
        self.givenInset = inset
    }

    public static func == (a: HeaderFooter, b: HeaderFooter) -> Bool {
        a.height == b.height && a.inset == b.inset
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(height)
        hasher.combine(inset)
    }
}

/// One item of a section (FIXTURE-FORMAT §3): a fixed height or a natural size, and a span.
public struct LayoutItem: Hashable, Sendable {
    /// How the item's height is given.
    public enum Dimension: Hashable, Sendable {
        /// A height in pt.
        case height(CGFloat)
        /// A natural size (an image's pixel size, say); the height is scaled to the item's width.
        case size(CGSize)
    }

    public var dimension: Dimension
    /// Number of adjacent columns the item covers, as given (clamped to the column count in layout).
    public var span: Int

    public init(_ dimension: Dimension, span: Int = 1) {
        self.dimension = dimension
        self.span = span
    }

    /// An item of fixed height (pt).
    public static func height(_ height: CGFloat, span: Int = 1) -> LayoutItem {
        LayoutItem(.height(height), span: span)
    }

    /// An item given by its natural size (for example an image's pixel size).
    public static func size(width: CGFloat, height: CGFloat, span: Int = 1) -> LayoutItem {
        LayoutItem(.size(CGSize(width: width, height: height)), span: span)
    }
}

/// One section of the input (FIXTURE-FORMAT §3).
public struct SectionInput: Hashable, Sendable {
    /// Replaces ``LayoutSettings/columnCount`` for this section when set.
    public var columnCount: Int?
    /// Replaces ``LayoutSettings/sectionInset`` as a whole for this section when set.
    public var sectionInset: LayoutInsets?
    public var header: HeaderFooter?
    public var items: [LayoutItem]
    public var footer: HeaderFooter?

    public init(
        columnCount: Int? = nil,
        sectionInset: LayoutInsets? = nil,
        header: HeaderFooter? = nil,
        items: [LayoutItem] = [],
        footer: HeaderFooter? = nil
    ) {
        self.columnCount = columnCount
        self.sectionInset = sectionInset
        self.header = header
        self.items = items
        self.footer = footer
    }
}

/// Everything a layout is computed from: the fixture's `layout` and `sections`.
public struct LayoutInput: Hashable, Sendable {
    /// The fixture's `layout`: the settings every section shares.
    public var layout: LayoutSettings
    public var sections: [SectionInput]

    public init(layout: LayoutSettings, sections: [SectionInput]) {
        self.layout = layout
        self.sections = sections
    }

    /// Total number of items over all sections. O(sections).
    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// The column count in effect for `section`.
    public func columnCount(of section: SectionInput) -> Int { section.columnCount ?? layout.columnCount }

    /// The section inset in effect for `section`.
    public func sectionInset(of section: SectionInput) -> LayoutInsets { section.sectionInset ?? layout.sectionInset }
}
