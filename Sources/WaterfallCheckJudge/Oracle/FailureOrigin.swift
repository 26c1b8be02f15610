import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation
import WaterfallCheckCore

/// Where an engine's answer first departs from FIXTURE-FORMAT §5, in layout order (section by
/// section: header, items, footer; then `contentSize`): the kind of element and what about it.
/// One bug shows through many invariants on many minimal inputs (the spanning item stacked on
/// its first column's height fails `no-overlap` on one input, `within-bounds` with a second
/// section, `placement` with a third column), but its first departure is the same on every one
/// of them; failures are grouped by it (``CounterexampleGroup/group(_:engine:invariants:)``), the
/// way Hypothesis tells bugs apart by where they are raised.
///
/// Two different bugs with the same first departure (two stacking bugs of spanning items, say)
/// are grouped as one: the group lists every member's minimal input, and fixing one bug leaves
/// the other to the next run.
package struct FailureOrigin: Hashable, Sendable, CustomStringConvertible {
    public enum Element: String, Hashable, Sendable {
        case header, item, spanningItem = "spanning item", footer, contentSize
        /// Whatever stands first on an empty section's end (its footer; else the next section's
        /// header or first row; else the content height), moved vertically. One bug of an empty
        /// section (four of the review's ten libraries subtract the row spacing) lands on a
        /// different element depending on what follows the section; keyed by the element, it
        /// was up to four findings (``standsOnEmptySection(_:_:)``).
        case afterEmptySection = "after an empty section"
    }
    public enum Departure: String, Hashable, Sendable {
        /// The element's y is not §5's in the column the engine took (stacking).
        case top
        /// The column is one the rule does not pick (x is another column's origin, the width the
        /// span's; for a spanning item, also an origin it does not fit at: its start taken
        /// unclamped), or the frame is null.
        case column
        /// Anything else of the frame: an x that is no column origin and the width (judged first,
        /// before the top), the height, a
        /// supplementary view's x. An x off every column is the column geometry's bug, as a wrong
        /// width is (one bug: sgr-ksmt's column gap moves x where the floored widths agree, and
        /// the width where they do not; Blueprints' wrap puts an item inside the inset): keyed as
        /// `column` it was two findings, and its y, judged in a column the item is not in, said nothing.
        case frame
    }
    public var element: Element
    public var departure: Departure

    public var description: String { "\(element.rawValue): \(departure.rawValue)" }
}

extension CheckContext {
    /// The first departure of the engine's frames from ``LayoutModel``, or `nil` when there is
    /// none to find: an invalid input, no layout, a result whose shape is not the input's
    /// (`complete` reports that), or frames that agree with §5 everywhere.
    /// - Complexity: O(elements), on the model the geometric invariants already built.
    package var origin: FailureOrigin? {
        guard let r = result, r.sections.count == input.sections.count,
              zip(r.sections, input.sections).allSatisfy({ $0.items.count == $1.items.count }) else { return nil }
        let afterEmpty = FailureOrigin(element: .afterEmptySection, departure: .top)
        for (si, s) in model.sections.enumerated() {
            if let e = s.header, let a = r.sections[si].header, !close(a, e) {
                if !close(a.minY, e.minY) && FailureOrigin.standsOnEmptySection(input, .header(si)) { return afterEmpty }
                return FailureOrigin(element: .header, departure: .frame)
            }
            for (i, m) in s.items.enumerated() {
                let f = r.sections[si].items[i]
                let element: FailureOrigin.Element = input.sections[si].items[i].span > 1 ? .spanningItem : .item
                if f.isNull { return FailureOrigin(element: element, departure: .column) }
                // The column's geometry before anything judged in a column: an x off every column
                // origin, or a width not the span's (then an x that is another column's origin is
                // a coincidence of narrow columns, not a choice). The width as stored: a negative
                // one (`CGRect.width` standardizes it) is a geometry bug too.
                if !m.aligned || !close(f.size.width, m.frame.width) {
                    // A spanning item at a column's origin where it does not fit (the shortest
                    // column taken for its start, the span not clamped), the span's width: the
                    // start column is a choice the rule does not make, not the geometry.
                    let spacing = input.layout.columnSpacing
                    if !m.aligned, close(f.size.width, m.frame.width),
                       (0..<s.columnCount).contains(where: { close(f.minX, s.origin($0, spacing: spacing)) }) {
                        return FailureOrigin(element: element, departure: .column)
                    }
                    return FailureOrigin(element: element, departure: .frame)
                }
                if !close(f.minY, m.frame.minY) {
                    if m.above < 0 && FailureOrigin.standsOnEmptySection(input, .item(si, i)) { return afterEmpty }
                    return FailureOrigin(element: element, departure: .top)
                }
                if !m.placementAllowed { return FailureOrigin(element: element, departure: .column) }
                if !close(f, m.frame) { return FailureOrigin(element: element, departure: .frame) }
            }
            if let e = s.footer, let a = r.sections[si].footer, !close(a, e) {
                if !close(a.minY, e.minY) && FailureOrigin.standsOnEmptySection(input, .footer(si)) { return afterEmpty }
                return FailureOrigin(element: .footer, departure: .frame)
            }
        }
        let l = input.layout
        if !close(r.contentSize.width, l.containerWidth) { return FailureOrigin(element: .contentSize, departure: .frame) }
        if !close(r.contentSize.height, max(model.finalTop, l.minimumContentHeight)) {
            return FailureOrigin.standsOnEmptySection(input, nil) ? afterEmpty : FailureOrigin(element: .contentSize, departure: .frame)
        }
        return nil
    }
}

extension FailureOrigin {
    /// Whether `element`'s top (`nil`: the content height) stands on an empty section's end: the
    /// footer of an empty section; the header or a first-row item (the caller says it is in the
    /// first row) of a section after an empty one; the content height after an empty last
    /// section. Elements in between need not exist: a zero-height header or footer an engine
    /// leaves out is filled in with §5's frame, so the first element that departs is the next
    /// one. O(1).
    package static func standsOnEmptySection(_ input: LayoutInput, _ element: ElementID?) -> Bool {
        func empty(_ si: Int) -> Bool { input.sections.indices.contains(si) && input.sections[si].items.isEmpty }
        guard let element else { return empty(input.sections.count - 1) }
        return element.kind == .footer ? empty(element.section) : empty(element.section - 1)
    }
}
