import Foundation
import WaterfallLayout

/// What FIXTURE-FORMAT §5 says each element of one input should be, computed from the input alone,
/// for the geometric invariants (column-alignment, item-size, within-bounds, stacking, placement,
/// supplementary, content-size).
///
/// Where the placement rule leaves the engine a choice (two candidate tops closer than the
/// tolerance), the model follows the column the engine took; it also follows a column the rule
/// forbids, so that one misplaced item is reported once by `placement` instead of making every
/// later item fail `stacking`. It never reads the engine's y, width or height: running heights,
/// section tops and the content height are §5's, from the input's heights.
struct LayoutModel {
    struct Item {
        /// The start column the model placed the item in (the engine's, when its x is a column origin).
        var column: Int
        /// Whether the engine's x is a column origin the item fits at (within the tolerance).
        var aligned: Bool
        /// §5's frame in ``column``: `x(column)`, the running height, the span's width, the height.
        var frame: CGRect
        /// The item whose bottom the top comes from (in its section), or -1 for the section's items top.
        var above: Int
        /// The column the placement rule picks (§5 step 3) given the running heights.
        var ruleColumn: Int
        /// Whether ``column`` is a choice the rule allows (within the tolerance).
        var placementAllowed: Bool
        /// The candidate tops `pos(c)` when the placement was not allowed (for the message).
        var candidateTops: [CGFloat]
    }

    struct Section {
        var header: CGRect?
        var footer: CGRect?
        var inset: EdgeInsets
        var columnCount: Int
        var columnWidth: CGFloat
        /// `top + inset.top` (§5 step 2): where every column starts.
        var itemsTop: CGFloat
        var items: [Item]

        /// `x(c) = inset.left + c * (w + columnSpacing)` (§5 step 2).
        func origin(_ c: Int, spacing: CGFloat) -> CGFloat { inset.left + CGFloat(c) * (columnWidth + spacing) }
    }

    var sections: [Section] = []
    /// §5's final `top`, before `minimumContentHeight`.
    var finalTop: CGFloat = 0

    /// - Parameters: `result` only lends the engine's column choices (its item x positions).
    /// - Complexity: O(items · columns · span).
    init(input: LayoutInput, result: LayoutResult, tolerance tol: CGFloat) {
        let s = input.settings
        let W = s.containerWidth
        let spacing = s.columnSpacing
        var top: CGFloat = 0
        sections.reserveCapacity(input.sections.count)
        var running: [CGFloat] = []
        var lastItem: [Int] = []
        var pos: [CGFloat] = []
        for (si, section) in input.sections.enumerated() {
            var header: CGRect?
            if let h = section.header {
                header = CGRect(x: h.inset.left, y: top + h.inset.top, width: W - h.inset.left - h.inset.right, height: h.height)
                top = top + h.inset.top + h.height + h.inset.bottom
            }
            let I = input.sectionInset(of: section)
            let n = input.columnCount(of: section)
            var w = (W - I.left - I.right - CGFloat(n - 1) * spacing) / CGFloat(n)
            if let p = s.pixelScale { w = (w * p).rounded(.down) / p }
            var model = Section(header: header, footer: nil, inset: I, columnCount: n, columnWidth: w,
                                itemsTop: top + I.top, items: [])
            model.items.reserveCapacity(section.items.count)
            running = Array(repeating: model.itemsTop, count: n)
            lastItem = Array(repeating: -1, count: n)
            if pos.count < n { pos = Array(repeating: 0, count: n) }
            var cursor = 0
            var bottom = model.itemsTop
            let frames = si < result.sections.count ? result.sections[si].items : []
            let stride = w + spacing
            for (i, item) in section.items.enumerated() {
                let k = min(item.span, n)
                let iw = CGFloat(k) * w + CGFloat(k - 1) * spacing
                let height: CGFloat
                switch item.dimension {
                case .height(let h): height = h
                case .size(let size):
                    height = s.pixelScale.map { ((size.height * iw / size.width) * $0).rounded(.down) / $0 }
                        ?? size.height * iw / size.width
                }
                // pos(c): the greatest running height over the span's columns.
                let starts = n - k + 1
                for c in 0..<starts {
                    var p = running[c]
                    for j in (c + 1)..<(c + k) where running[j] > p { p = running[j] }
                    pos[c] = p
                }
                let rule = Self.ruleColumn(s, index: i, n: n, pos: pos, starts: starts, cursor: cursor)
                // The engine's column: the rule's when its origin is within the tolerance of the
                // engine's x (columns narrower than the tolerance cannot be told apart), else the
                // origin nearest x, if within the tolerance.
                var column = rule
                var aligned = false
                if i < frames.count, frames[i].origin.x.isFinite {
                    let x = frames[i].origin.x
                    func fits(_ c: Int) -> Bool { abs(x - model.origin(c, spacing: spacing)) <= tol }
                    if fits(rule) {
                        aligned = true
                    } else if stride > 0 {
                        let guess = ((x - I.left) / stride).rounded()
                        let g = guess.isFinite ? Int(max(0, min(guess, CGFloat(starts - 1)))) : 0
                        for c in [g, g - 1, g + 1] where c >= 0 && c < starts && fits(c) { column = c; aligned = true; break }
                    }
                }
                let allowed = column == rule
                    || (s.placement == .shortestFirst && tol > 0
                        && Self.tieAllows(column, s, pos: pos, starts: starts, cursor: cursor, slack: 2 * tol))
                let y = pos[column]
                var above = -1
                for j in column..<(column + k) where running[j] == y && lastItem[j] >= 0 { above = lastItem[j]; break }
                model.items.append(Item(
                    column: column, aligned: aligned, frame: CGRect(x: model.origin(column, spacing: spacing), y: y, width: iw, height: height),
                    above: above, ruleColumn: rule, placementAllowed: allowed,
                    candidateTops: allowed ? [] : Array(pos[0..<starts])))
                let next = y + height + s.rowSpacing
                for j in column..<(column + k) { running[j] = next; lastItem[j] = i }
                cursor = column + k
                let maxY = y + height
                if maxY > bottom { bottom = maxY }
            }
            top = bottom + I.bottom
            if let f = section.footer {
                model.footer = CGRect(x: f.inset.left, y: top + f.inset.top, width: W - f.inset.left - f.inset.right, height: f.height)
                top = top + f.inset.top + f.height + f.inset.bottom
            }
            sections.append(model)
        }
        finalTop = top
    }

    /// The start column §5 step 3 picks from the candidate tops `pos[0..<starts]`.
    static func ruleColumn(_ s: LayoutSettings, index: Int, n: Int, pos: [CGFloat], starts: Int, cursor: Int) -> Int {
        switch s.placement {
        case .leftToRight: return index % n
        case .rightToLeft: return n - 1 - index % n
        case .shortestFirst:
            var m = pos[0]
            for c in 1..<max(starts, 1) where pos[c] < m { m = pos[c] }
            var first = -1
            for c in 0..<starts where pos[c] - m <= s.tieTolerance {
                if first < 0 { first = c; if s.tieBreak == .leftmost { return c } }
                if c >= cursor { return c }
            }
            return first
        }
    }

    /// Whether the tie rule could pick `column` if every top moved by up to the tolerance: it must
    /// be in the widest possible tied set (`pos - m <= tieTolerance + slack`), and no column that is
    /// tied for certain (`pos - m <= tieTolerance - slack`) may be preferred by the tie break.
    static func tieAllows(_ column: Int, _ s: LayoutSettings, pos: [CGFloat], starts: Int, cursor: Int, slack: CGFloat) -> Bool {
        var m = pos[0]
        for c in 1..<max(starts, 1) where pos[c] < m { m = pos[c] }
        guard pos[column] - m <= s.tieTolerance + slack else { return false }
        func certain(_ c: Int) -> Bool { pos[c] - m <= s.tieTolerance - slack }
        switch s.tieBreak {
        case .leftmost:
            return !(0..<column).contains(where: certain)
        case .afterPrevious:
            if column >= cursor { return !(cursor..<column).contains(where: certain) }
            return !(min(cursor, starts)..<starts).contains(where: certain) && !(0..<column).contains(where: certain)
        }
    }
}
