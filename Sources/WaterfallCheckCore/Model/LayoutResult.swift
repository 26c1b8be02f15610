import Foundation

/// The frames of one section (FIXTURE-FORMAT §4): one item frame per input item, in input order,
/// and a header / footer frame exactly where the input has them. Frames in pt.
public struct SectionFrames: Hashable, Sendable {
    public var header: CGRect?
    public var items: [CGRect]
    public var footer: CGRect?

    public init(header: CGRect? = nil, items: [CGRect] = [], footer: CGRect? = nil) {
        self.header = header
        self.items = items
        self.footer = footer
    }
}

/// The output of a layout: the content size and every frame (FIXTURE-FORMAT §4).
///
/// An engine's result may disagree with its input in shape (a missing or extra frame): that is
/// for the harness to report, so nothing here enforces it. ``extraElements`` holds what a
/// UIKit-shaped engine reported beyond one frame per input element (duplicates, unknown index
/// paths), so the `complete` invariant can name them.
public struct LayoutResult: Hashable, Sendable {
    public var contentSize: CGSize
    public var sections: [SectionFrames]
    /// Elements beyond one per input element (duplicates, out-of-range index paths). Usually empty.
    public var extraElements: [LayoutElement]

    public init(contentSize: CGSize, sections: [SectionFrames], extraElements: [LayoutElement] = []) {
        self.contentSize = contentSize
        self.sections = sections
        self.extraElements = extraElements
    }

    /// Every frame as a flat element list: headers, items, footers, section by section. O(n).
    public var elements: [LayoutElement] {
        var out: [LayoutElement] = []
        out.reserveCapacity(sections.reduce(0) { $0 + $1.items.count + 2 })
        for (s, section) in sections.enumerated() {
            if let h = section.header { out.append(LayoutElement(id: .header(s), frame: h)) }
            for (i, f) in section.items.enumerated() { out.append(LayoutElement(id: .item(s, i), frame: f)) }
            if let f = section.footer { out.append(LayoutElement(id: .footer(s), frame: f)) }
        }
        return out + extraElements
    }

    /// The frame of `id`, or `nil` when the result has none.
    public func frame(of id: ElementID) -> CGRect? {
        guard sections.indices.contains(id.section) else { return nil }
        let s = sections[id.section]
        switch id.kind {
        case .header: return s.header
        case .footer: return s.footer
        case .item: return s.items.indices.contains(id.item) ? s.items[id.item] : nil
        }
    }
}

/// Identifies one element of a layout: an item by section and index, or a section's header or footer.
public struct ElementID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public enum Kind: Int, Hashable, Sendable, Comparable {
        case header = 0, item = 1, footer = 2
        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }
    public var kind: Kind
    public var section: Int
    /// The item's index within its section; 0 for headers and footers.
    public var item: Int

    public init(kind: Kind, section: Int, item: Int = 0) {
        self.kind = kind; self.section = section; self.item = item
    }
    public static func item(_ section: Int, _ item: Int) -> ElementID { ElementID(kind: .item, section: section, item: item) }
    public static func header(_ section: Int) -> ElementID { ElementID(kind: .header, section: section) }
    public static func footer(_ section: Int) -> ElementID { ElementID(kind: .footer, section: section) }

    /// Document order: by section, then header, items, footer.
    public static func < (a: ElementID, b: ElementID) -> Bool {
        (a.section, a.kind, a.item) < (b.section, b.kind, b.item)
    }

    /// `item 0.4`, `header 2`, `footer 0`: the form used in every report.
    public var description: String {
        switch kind {
        case .item: return "item \(section).\(item)"
        case .header: return "header \(section)"
        case .footer: return "footer \(section)"
        }
    }
}

/// An element and its frame (pt).
public struct LayoutElement: Hashable, Sendable {
    public var id: ElementID
    public var frame: CGRect
    public init(id: ElementID, frame: CGRect) { self.id = id; self.frame = frame }
}
