import Foundation

/// What an engine can express inside its declared ``LayoutFeatures``, finer than features
/// (FIXTURE-FORMAT §9 `constraints`, docs/fixture-format.md): real layouts have one spacing for
/// rows and columns, no header insets, no footers, one container width. The generator makes only
/// inputs inside them (``project(_:)``); an input outside them is answered `unsupported` without
/// asking the engine (``refusal(_:)``), a skip, never a fault. ``none``: every input of the features.
public struct EngineConstraints: Hashable, Sendable {
    /// Headers and footers have no insets (Blueprints and two other libraries).
    public var supplementaryWithoutInsets: Bool
    /// Headers but no footers (one library).
    public var noFooters: Bool
    /// `rowSpacing == columnSpacing` (three libraries have one spacing).
    public var oneSpacing: Bool
    /// No section insets at all: the layout's `sectionInset` and every section's are 0.
    public var noSectionInsets: Bool
    /// A section may override its column count but not its insets.
    public var noSectionInsetOverrides: Bool
    /// Round robin goes left to right only (sgr-ksmt: no `rightToLeft`).
    public var leftToRightOnly: Bool
    /// The one container width the engine lays out at, pt (a layout that reads the screen once).
    public var fixedContainerWidth: CGFloat?
    /// Items by size only (needs the `size` feature): a size-only API (CHT's `sizeForItemAt`)
    /// scales every size to its own column width, so a fixed height `h` sent as `(w, h)` comes
    /// back as `h · w' / w` (floored to pixels: a pixel short where `w'` is the library's floored
    /// width, or where the product rounds down by an ulp). The generator makes such items sizes.
    public var sizedItemsOnly: Bool

    public init(supplementaryWithoutInsets: Bool = false, noFooters: Bool = false, oneSpacing: Bool = false,
                noSectionInsets: Bool = false, noSectionInsetOverrides: Bool = false, leftToRightOnly: Bool = false,
                fixedContainerWidth: CGFloat? = nil, sizedItemsOnly: Bool = false) {
        self.supplementaryWithoutInsets = supplementaryWithoutInsets; self.noFooters = noFooters
        self.oneSpacing = oneSpacing; self.noSectionInsets = noSectionInsets
        self.noSectionInsetOverrides = noSectionInsetOverrides; self.leftToRightOnly = leftToRightOnly
        self.fixedContainerWidth = fixedContainerWidth; self.sizedItemsOnly = sizedItemsOnly
    }

    /// No constraint.
    public static let none = EngineConstraints()

    /// The members' JSON keys and meanings (FIXTURE-FORMAT §9 `constraints`), in declaration order:
    /// the one table the reader, the writer and the report header use.
    public static let keys: [(key: String, meaning: String)] = [
        ("supplementaryWithoutInsets", "headers and footers have no insets"),
        ("noFooters", "no footers"),
        ("oneSpacing", "rowSpacing equals columnSpacing"),
        ("noSectionInsets", "no section insets"),
        ("noSectionInsetOverrides", "sections override the column count only"),
        ("leftToRightOnly", "round robin left to right only"),
        ("fixedContainerWidth", "one container width (pt)"),
        ("sizedItemsOnly", "items by size only (no fixed heights)"),
    ]

    /// The boolean constraints with their keys, in ``keys`` order (the text and JSON forms).
    public var flags: [(key: String, on: Bool)] {
        [("supplementaryWithoutInsets", supplementaryWithoutInsets), ("noFooters", noFooters), ("oneSpacing", oneSpacing),
         ("noSectionInsets", noSectionInsets), ("noSectionInsetOverrides", noSectionInsetOverrides),
         ("leftToRightOnly", leftToRightOnly), ("sizedItemsOnly", sizedItemsOnly)]
    }

    /// `key: value` for each constraint set; empty for ``none``.
    public var lines: [String] {
        var out: [String] = []
        for (k, on) in flags where on { out.append("\(k) (\(Self.keys.first { $0.key == k }!.meaning))") }
        if let w = fixedContainerWidth { out.append("fixedContainerWidth: \(w) pt") }
        return out
    }

    /// Why `input` is outside the constraints, or `nil` when it is inside. O(sections).
    public func refusal(_ input: LayoutInput) -> String? {
        let s = input.layout
        if let w = fixedContainerWidth, s.containerWidth != w { return "lays out at container width \(w) pt only" }
        if oneSpacing && s.rowSpacing != s.columnSpacing { return "has one spacing for rows and columns" }
        if leftToRightOnly && s.placement == .rightToLeft { return "has no rightToLeft placement" }
        if noSectionInsets && s.sectionInset != .zero { return "has no section insets" }
        for (i, section) in input.sections.enumerated() {
            if noSectionInsets, let I = section.sectionInset, I != .zero { return "has no section insets (section \(i))" }
            if noSectionInsetOverrides && section.sectionInset != nil { return "cannot override a section's insets (section \(i))" }
            if noFooters && section.footer != nil { return "has no footers (section \(i))" }
            if supplementaryWithoutInsets && (section.header.map { $0.inset != .zero } ?? false || section.footer.map { $0.inset != .zero } ?? false) {
                return "has no header or footer insets (section \(i))"
            }
            if sizedItemsOnly, let j = section.items.firstIndex(where: { if case .height = $0.dimension { return true }; return false }) {
                return "lays out items by size only (item \(i).\(j) has a fixed height)"
            }
        }
        return nil
    }

    /// `input` moved inside the constraints by the smallest change: insets and footers dropped,
    /// the column spacing made the row spacing, `rightToLeft` made `leftToRight`, the container
    /// width fixed (a width the section insets do not fill is still valid when the constraint's
    /// is). An input inside them is returned unchanged; an invalid input stays invalid unless its
    /// fault was in what was dropped. O(sections).
    public func project(_ input: LayoutInput) -> LayoutInput {
        guard self != .none else { return input }
        var out = input
        if let w = fixedContainerWidth { out.layout.containerWidth = w }
        if oneSpacing { out.layout.columnSpacing = out.layout.rowSpacing }
        if leftToRightOnly && out.layout.placement == .rightToLeft { out.layout.placement = .leftToRight }
        if noSectionInsets { out.layout.sectionInset = .zero }
        for i in out.sections.indices {
            if noSectionInsets || noSectionInsetOverrides { out.sections[i].sectionInset = nil }
            if noFooters { out.sections[i].footer = nil }
            if supplementaryWithoutInsets {
                if out.sections[i].header != nil { out.sections[i].header!.givenInset = nil }
                if out.sections[i].footer != nil { out.sections[i].footer!.givenInset = nil }
            }
            // A fixed height h as the natural size 100 × h (its aspect, not its height, is kept).
            if sizedItemsOnly {
                for j in out.sections[i].items.indices {
                    if case .height(let h) = out.sections[i].items[j].dimension { out.sections[i].items[j].dimension = .size(CGSize(width: 100, height: h)) }
                }
            }
        }
        return out
    }
}

extension EngineConstraints {
    /// Every constraint of either (an input inside the union is inside both); a fixed container
    /// width of `self` wins when both fix one. O(1).
    public func union(_ other: EngineConstraints) -> EngineConstraints {
        EngineConstraints(
            supplementaryWithoutInsets: supplementaryWithoutInsets || other.supplementaryWithoutInsets,
            noFooters: noFooters || other.noFooters, oneSpacing: oneSpacing || other.oneSpacing,
            noSectionInsets: noSectionInsets || other.noSectionInsets,
            noSectionInsetOverrides: noSectionInsetOverrides || other.noSectionInsetOverrides,
            leftToRightOnly: leftToRightOnly || other.leftToRightOnly,
            fixedContainerWidth: fixedContainerWidth ?? other.fixedContainerWidth, sizedItemsOnly: sizedItemsOnly || other.sizedItemsOnly)
    }
}
