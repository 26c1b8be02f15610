import Foundation
import WaterfallCheckCore

/// A second, deliberately plain implementation of FIXTURE-FORMAT §5 with one switchable bug per
/// invariant, to prove each invariant can fail. Without a bug it must pass every invariant (it
/// shares no code with the reference engine). Validation is §6's, through `ReferenceLayout.validate`.
public final class MiniWaterfall: LayoutEngine {
    /// One bug, named after the invariant it breaks.
    public enum Bug: String, CaseIterable {
        case none
        /// `complete`: the last item of each section gets no frame.
        case dropsLastItem
        /// `finite`: a zero-height item gets a NaN top.
        case nanForZeroHeight
        /// `no-overlap`: items taller than 100 pt do not raise their column.
        case tallItemsDoNotStack
        /// `column-alignment`: x ignores the left inset (`c * (w + spacing)`).
        case ignoresLeftInset
        /// `item-size`: size-derived heights are not floored to the pixel grid.
        case ignoresPixelScaleForHeights
        /// `within-bounds`: the column width ignores the insets (seed 002).
        case widthIgnoresInsets
        /// `stacking`: columns start one rowSpacing low (seeds 001, 003).
        case firstRowOneMarginLow
        /// `placement`: ties go to the rightmost column.
        case tiesGoRight
        /// `placement`: the tie tolerance is compared exclusively (`pos - m < tieTolerance`).
        case tieToleranceExclusive
        /// `placement`: `afterPrevious` takes the smallest tied `c > cursor` instead of `>= cursor`.
        case afterPreviousSkipsCursor
        /// `no-overlap`, `stacking`: a spanning item sits at its first column's height, not the
        /// greatest of its columns'.
        case spanUsesFirstColumn
        /// Not a bug: running heights accumulate as `heights[c] += h + rowSpacing`, a legitimate
        /// other order of §5's additions (`pos + h + rowSpacing`); must pass every invariant.
        case accumulatesInOtherOrder
        /// `supplementary`: the footer ignores the section's bottom inset.
        case footerIgnoresBottomInset
        /// `content-size`: the trailing rowSpacing is counted (seeds 000, 002).
        case trailingSpacingInContentSize
        /// `query`: elements(in:) returns everything (seeds 000, 001).
        case queryReturnsEverything
        /// `deterministic`: every other layout is 1 pt taller.
        case alternatesContentHeight
        /// `accepts-valid`: zero-height items are rejected.
        case rejectsZeroHeight
        /// `rejects-invalid`: heights are not validated; a negative or NaN height gets a frame.
        case noValidation
        /// `prefix-stable`: the tallest items are placed first.
        case placesTallestFirst
        /// `stacking` (and more), behind a deep branch: in the third section, when it has a
        /// header with a top inset, under `afterPrevious` and pixelScale 3, the fourth item
        /// wider than the section's 3 or more columns sits 1 pt low. The weighted generator
        /// rarely meets that conjunction; coverage guidance climbs it one condition (and one
        /// wide item) at a time (docs/libfuzzer.md has both times).
        case deepThirdSection
    }

    /// The bugs switched on (usually one; two for the grouping tests).
    public let bugs: Set<Bug>
    /// `bugs` as one bit per case (``Bug/allCases`` order): the layout asks per item, and a
    /// `Set<Bug>` lookup hashes the case's String raw value (a third of a libFuzzer run's time).
    private let mask: UInt64
    private var last: LayoutResult?
    private var calls = 0
    public let descriptor: EngineDescriptor

    public convenience init(_ bug: Bug = .none) { self.init(bug == .none ? [] : [bug]) }

    public init(_ bugs: Set<Bug>) {
        self.bugs = bugs
        mask = bugs.reduce(0) { $0 | MiniWaterfall.bit($1) }
        precondition(Bug.allCases.count <= 64 && Set(Bug.allCases.map(MiniWaterfall.bit)).count == Bug.allCases.count)
        let name = bugs.isEmpty ? "none" : bugs.map(\.rawValue).sorted().joined(separator: "+")
        descriptor = EngineDescriptor(name: "mini-\(name)", version: "0", capabilities: [.query])
    }

    public func layout(_ input: LayoutInput) throws -> LayoutResult {
        last = nil
        calls += 1
        let fault: LayoutError? = { do { _ = try ReferenceLayout.validate(input); return nil } catch { return error as? LayoutError } }()
        // The noValidation bug: bad heights are laid out as given.
        if let fault, !(has(.noValidation) && fault.code == .invalidItemHeight) { throw fault }
        let s = input.layout
        let W = s.containerWidth
        var top: CGFloat = 0
        var out: [SectionFrames] = []
        var trailing: CGFloat = 0
        for (sectionIndex, section) in input.sections.enumerated() {
            var result = SectionFrames()
            if let h = section.header {
                result.header = CGRect(x: h.inset.left, y: top + h.inset.top, width: W - h.inset.left - h.inset.right, height: h.height)
                top += h.inset.top + h.height + h.inset.bottom
            }
            let I = input.sectionInset(of: section)
            let n = input.columnCount(of: section)
            let available = has(.widthIgnoresInsets) ? W : W - I.left - I.right
            var w = (available - CGFloat(n - 1) * s.columnSpacing) / CGFloat(n)
            if let p = s.pixelScale { w = (w * p).rounded(.down) / p }
            let start = top + I.top + (has(.firstRowOneMarginLow) ? s.rowSpacing : 0)
            var heights = Array(repeating: start, count: n)
            var bottom = top + I.top
            var cursor = 0
            var wideSeen = 0
            var frames = Array(repeating: CGRect.null, count: section.items.count)
            var order = Array(section.items.indices)
            if has(.placesTallestFirst) {
                order.sort { itemHeight(section.items[$0], width: w) > itemHeight(section.items[$1], width: w) }
            }
            for (placed, i) in order.enumerated() {
                let item = section.items[i]
                let k = min(max(item.span, 1), n)
                let iw = CGFloat(k) * w + CGFloat(k - 1) * s.columnSpacing
                var h: CGFloat
                switch item.dimension {
                case .height(let v): h = v
                case .size(let size):
                    h = size.height * iw / size.width
                    if let p = s.pixelScale, !has(.ignoresPixelScaleForHeights) { h = (h * p).rounded(.down) / p }
                }
                if has(.rejectsZeroHeight), h == 0 { throw LayoutError(.invalidItemHeight, "zero height") }
                // Candidate tops per start column.
                let tops = (0...(n - k)).map { c in has(.spanUsesFirstColumn) ? heights[c] : heights[c..<(c + k)].max()! }
                var c: Int
                switch s.placement {
                case .leftToRight: c = placed % n
                case .rightToLeft: c = n - 1 - placed % n
                case .shortestFirst:
                    let m = tops.min()!
                    let tied = tops.indices.filter {
                        has(.tieToleranceExclusive) ? tops[$0] - m < s.tieTolerance || tops[$0] == m : tops[$0] - m <= s.tieTolerance
                    }
                    // (The tied set is empty only when a NaN height, let in by noValidation, got here.)
                    if has(.tiesGoRight) { c = tied.last ?? 0 }
                    else if s.tieBreak == .afterPrevious {
                        c = tied.first { has(.afterPreviousSkipsCursor) ? $0 > cursor : $0 >= cursor } ?? tied.first ?? 0
                    }
                    else { c = tied.first ?? 0 }
                }
                var y = tops[c]
                // One condition per branch, so coverage sees each step (deepThirdSection); the
                // count of wide items is a loop counter, whose hit counts libFuzzer tells apart.
                if has(.deepThirdSection), sectionIndex == 2 {
                    if let header = section.header, header.inset.top > 0 {
                        if s.tieBreak == .afterPrevious {
                            if s.pixelScale == 3 {
                                if item.span > n, n >= 3 {
                                    wideSeen += 1
                                    if wideSeen >= 4 { y += 1 }
                                }
                            }
                        }
                    }
                }
                let x = (has(.ignoresLeftInset) ? 0 : I.left) + CGFloat(c) * (w + s.columnSpacing)
                frames[i] = CGRect(x: x, y: has(.nanForZeroHeight) && h == 0 ? .nan : y, width: iw, height: h)
                let raise = has(.tallItemsDoNotStack) && h > 100 ? 0 : h
                for j in c..<(c + k) {
                    if has(.accumulatesInOtherOrder) { heights[j] = y; heights[j] += raise + s.rowSpacing }
                    else { heights[j] = y + raise + s.rowSpacing }
                }
                cursor = c + k
                bottom = max(bottom, y + h)
            }
            if has(.dropsLastItem), !frames.isEmpty { frames.removeLast() }
            result.items = frames
            trailing = section.items.isEmpty ? 0 : s.rowSpacing
            top = bottom + I.bottom
            if let f = section.footer {
                let fy = has(.footerIgnoresBottomInset) ? bottom : top
                result.footer = CGRect(x: f.inset.left, y: fy + f.inset.top, width: W - f.inset.left - f.inset.right, height: f.height)
                top += f.inset.top + f.height + f.inset.bottom
            }
            out.append(result)
        }
        if has(.trailingSpacingInContentSize) { top += trailing }
        if has(.alternatesContentHeight), calls % 2 == 0 { top += 1 }
        let r = LayoutResult(contentSize: CGSize(width: W, height: max(top, s.minimumContentHeight)), sections: out)
        last = r
        return r
    }

    /// A payload-free enum is stored as its case's index in declaration order (one byte here), so
    /// the bit costs no lookup; `init` checks every case got its own.
    @inline(__always) private static func bit(_ bug: Bug) -> UInt64 { withUnsafeBytes(of: bug) { 1 << UInt64($0[0]) } }

    @inline(__always) private func has(_ bug: Bug) -> Bool { mask & MiniWaterfall.bit(bug) != 0 }

    private func itemHeight(_ item: LayoutItem, width: CGFloat) -> CGFloat {
        switch item.dimension {
        case .height(let h): return h
        case .size(let s): return s.height * width / s.width
        }
    }

    public func elements(in rect: CGRect) throws -> [ElementID] {
        guard let last else { throw QueryError.noLayout }
        let all = last.elements.filter { !$0.frame.isNull }
        if has(.queryReturnsEverything) { return all.map(\.id) }
        return all.filter { $0.frame.meets(rect) }.map(\.id)
    }
}
