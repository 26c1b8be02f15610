import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation
import WaterfallCheckCore

/// A placement-level judgement of an engine's frames against an expected layout (the reference's,
/// or a golden's), for engines that declare a length quantum (``EngineLimits/lengthQuantum``, the
/// web engines' 1/64 px): where a plain frame diff sees every position that drifted by a few
/// LayoutUnits, this says whether each item went to the column §5 picks and stacks where §5
/// stacks it, judged on the engine's own numbers (docs/web-engines.md, "Placement-level verdicts").
///
/// How: §5 step 3 is replayed section by section with the engine's own widths and heights: the
/// running heights are the engine's item bottoms plus `rowSpacing`, the section tops the engine's
/// header heights plus the insets. The column of each item is read from its x; the rule's column
/// comes from ``LayoutModel/ruleColumn(_:index:n:pos:starts:cursor:)`` and a different one is
/// accepted when a shift of the candidate tops by the quantum slack could make the tie rule pick
/// it (``LayoutModel/tieAllows(_:_:pos:starts:cursor:slack:)``): the same two functions that
/// decide the fuzzer's `placement` invariant, so there is one §5 model of placement. Then:
/// - **placement**: the column is not one the rule allows (listed first);
/// - **stacking**: the top is not the running height of its columns (the item above it, or the
///   section's top) within the stacking slack;
/// - **offset**: the column is the rule's but the x is not its origin (within `t + q · (c + 2)`);
/// - **size**: the width or height is not §5's within the size slack;
/// - **tie**: the column is not the rule's but one a quantum's shift of the tops could make it
///   pick (accepted, like a tie that rounding could flip);
/// - **drift**: everything agrees; positions differ from the expected ones by accumulated
///   rounding, reported with its size (the largest |Δ| of any component);
/// - **same**: within the comparison tolerance.
///
/// Slacks, with q the quantum and t the comparison tolerance: a tie decision `3q` (one truncated
/// gap, the truncated tie tolerance, one float32 rounding) when the row spacing or the tie
/// tolerance or the section's top is off the quantum's grid, else 0 (the engine's own tops are
/// on it: exact ties are decided exactly); stacking `t + 3q`; a width
/// `t + q · (k + 1)` (k tracks of truncated fr sizes); a height `t + 2q + 2^-23 · h` (float32,
/// then a LayoutUnit), plus `(size.h / size.w) · q · (k + 1)` for a size-derived height (an
/// aspect ratio multiplies the width's error). A column is read from x as the nearest origin.
package struct PlacementVerdict: Hashable, Sendable {
    /// How far from §5 an element is, least severe first.
    package enum Kind: Int, Hashable, Sendable, Comparable, CustomStringConvertible {
        case same, drift, tie, size, offset, stacking, placement
        package static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
        package var description: String { ["same", "drift", "tie", "size", "offset", "stacking", "placement"][rawValue] }
    }

    /// One element's judgement.
    package struct Element: Hashable, Sendable {
        /// The element, or `contentSize`.
        package var subject: LayoutDiff.Subject
        package var kind: Kind
        /// The start column the engine used (items), and the one the rule picks on the engine's numbers.
        package var column: Int?
        package var ruleColumn: Int?
        /// Whether the column, and the stacking, agree with the replay.
        package var columnAgrees: Bool
        package var stackingAgrees: Bool
        /// The largest component difference from the expected frame, pt.
        package var drift: CGFloat
        /// One line on what disagrees; empty for `same` and `drift`.
        package var detail: String
    }

    /// Every element that is not `same`, placement differences first, then by section and item.
    package var elements: [Element]
    /// The worst kind of any element (`same` when none differs).
    package var kind: Kind
    /// The largest drift of any element or of the content size, pt.
    package var largestDrift: CGFloat

    /// Whether the frames agree with §5 for placement, stacking and size, whatever their drift:
    /// `same`, `drift` or `tie`.
    package var agrees: Bool { kind <= .tie }

    /// `placement: item 0.3 in column 2, the rule picks 0 (tops ...)`, `drift up to 0.0156 pt`.
    package var summary: String {
        if let e = elements.first, e.kind > .tie { return "\(e.kind): \(e.subject) \(e.detail)" }
        if let e = elements.first(where: { $0.kind == .tie }) {
            return "a tie the quantum could flip: \(e.subject) \(e.detail); drift up to \(formatDelta(largestDrift)) pt"
        }
        return kind == .same ? "same" : "drift up to \(formatDelta(largestDrift)) pt"
    }

    /// Judges `actual` (the engine's frames for `input`) against `expected` (§5's frames for it).
    /// - Parameters:
    ///   - quantum: the engine's ``EngineLimits/lengthQuantum``, pt.
    ///   - tolerance: the comparison tolerance (§7).
    /// - Complexity: O(items · columns).
    package init(input: LayoutInput, expected: LayoutResult, actual: LayoutResult, quantum q: CGFloat, tolerance: Tolerance) {
        let s = input.layout
        let t = tolerance.points
        var out: [Element] = []
        var largest: CGFloat = 0
        func note(_ id: ElementID, _ kind: Kind, _ e: CGRect?, _ a: CGRect?, column: Int? = nil, rule: Int? = nil,
                  columnAgrees: Bool = true, stackingAgrees: Bool = true, detail: String = "") {
            let drift = (e != nil && a != nil) ? Tolerance.delta(e!, a!) : .infinity
            if drift.isFinite { largest = max(largest, drift) }
            var k = kind
            if k == .same, !(drift <= t) { k = e == nil || a == nil ? .placement : .drift }
            guard k != .same else { return }
            out.append(Element(subject: .element(id), kind: k, column: column, ruleColumn: rule, columnAgrees: columnAgrees,
                               stackingAgrees: stackingAgrees, drift: drift.isFinite ? drift : 0,
                               detail: e == nil || a == nil ? "is missing on one side" : detail))
        }
        func close(_ a: CGFloat, _ b: CGFloat, _ slack: CGFloat) -> Bool { abs(a - b) <= slack }
        // The engine's own tops are multiples of q; the rule's inputs that are not (a row spacing,
        // a tie tolerance or a section top off the grid) are what it truncated: 3q of slack, else
        // none, so an exact tie on the engine's numbers is decided exactly. A quantum that is not a
        // power of two (Gecko's 1/60 px) is not exact in binary: its multiples are on the grid within
        // a rounding, and the engine's numbers come back through float32 (DOMRect from app units),
        // so its tops carry a read-back error of up to 2 float32 steps (`readSlack`); a tie of
        // exactly equal tops (0 and 0) is still decided exactly.
        let dyadic = q == 0 || q.significandWidth == 0
        func onGrid(_ v: CGFloat) -> Bool { q == 0 || abs((v / q).rounded() - v / q) <= (dyadic ? 0 : 1e-6) }
        let spacingOnGrid = onGrid(s.rowSpacing) && onGrid(s.tieTolerance)
        var top: CGFloat = 0
        var pos: [CGFloat] = []
        for (si, section) in input.sections.enumerated() {
            let e = si < expected.sections.count ? expected.sections[si] : SectionFrames()
            let a = si < actual.sections.count ? actual.sections[si] : SectionFrames()
            let W = s.containerWidth
            func supplementary(_ kind: ElementID, _ hf: HeaderFooter, _ ef: CGRect?, _ af: CGRect?) {
                guard let af else { note(kind, .placement, ef, nil); return }
                let sizeOK = close(af.height, hf.height, t + 2 * q + hf.height * 0x1p-23)
                    && close(af.width, W - hf.inset.left - hf.inset.right, t + 2 * q)
                let stackOK = close(af.origin.y, top + hf.inset.top, t + 3 * q)
                note(kind, !sizeOK ? .size : !stackOK ? .stacking : .same, ef, af, stackingAgrees: stackOK,
                     detail: !sizeOK ? "is \(af.shortDescription), §5 makes it \(formatPoints(W - hf.inset.left - hf.inset.right)) × \(formatPoints(hf.height))"
                        : "starts at y \(formatPoints(af.origin.y)), the section's top is \(formatPoints(top + hf.inset.top))")
                top = af.origin.y + af.height + hf.inset.bottom
            }
            if let h = section.header { supplementary(.header(si), h, e.header, a.header) }
            let I = input.sectionInset(of: section)
            let n = input.columnCount(of: section)
            let w = (W - I.left - I.right - CGFloat(n - 1) * s.columnSpacing) / CGFloat(n)
            let stride = w + s.columnSpacing
            let itemsTop = top + I.top
            // The section's top comes from the input's insets: off the grid, the engine truncated it.
            let gridSlack: CGFloat = spacingOnGrid && onGrid(itemsTop) ? 0 : 3 * q
            var running = Array(repeating: itemsTop, count: n)
            if pos.count < n { pos = Array(repeating: 0, count: n) }
            var cursor = 0
            var bottom = itemsTop
            for (i, item) in section.items.enumerated() {
                let id = ElementID.item(si, i)
                let ef = i < e.items.count ? e.items[i] : nil
                guard i < a.items.count else { note(id, .placement, ef, nil); continue }
                let af = a.items[i]
                let k = min(item.span, n)
                let starts = n - k + 1
                for c in 0..<starts { pos[c] = running[c..<(c + k)].max()! }
                let guess = stride > 0 ? ((af.origin.x - I.left) / stride).rounded() : 0
                let (rule, column, slack, columnOK) = pos.withUnsafeBufferPointer { pos in
                    let rule = LayoutModel.ruleColumn(s, index: i, n: n, pos: pos, starts: starts, cursor: cursor)
                    let column = guess.isFinite ? Int(max(0, min(guess, CGFloat(starts - 1)))) : rule
                    let readSlack = dyadic ? 0 : (pos[0..<starts].map(abs).max() ?? 0) * 0x1p-22
                    let slack = max(gridSlack, readSlack, LayoutModel.decisionSlack(s, pos: pos, starts: starts, error: 0))
                    return (rule, column, slack, column == rule || (s.placement == .shortestFirst
                        && LayoutModel.tieAllows(column, s, pos: pos, starts: starts, cursor: cursor, slack: slack)))
                }
                let aligned = close(af.origin.x, I.left + CGFloat(column) * stride, t + q * CGFloat(column + 2))
                let iw = CGFloat(k) * w + CGFloat(k - 1) * s.columnSpacing
                var heightSlack = t + 2 * q
                let height: CGFloat
                switch item.dimension {
                case .height(let h): height = h
                case .size(let z):
                    height = z.height * af.width / z.width
                    heightSlack += z.height / z.width * q * CGFloat(k + 1)
                }
                heightSlack += abs(height) * 0x1p-23
                let sizeOK = close(af.width, iw, t + q * CGFloat(k + 1)) && close(af.height, height, heightSlack)
                let stackOK = close(af.origin.y, pos[column], t + 3 * q)
                let kind: Kind = !columnOK ? .placement : !stackOK ? .stacking : !aligned ? .offset : !sizeOK ? .size
                    : column != rule ? .tie : .same
                let detail: String
                switch kind {
                case .tie:
                    detail = "is in column \(column), the rule picks \(rule) on the engine's own heights, within \(formatDelta(slack)) pt of a tie (tops \(pos[0..<starts].map { formatPoints($0) }.joined(separator: ", ")))"
                case .placement:
                    detail = "is in column \(column) (x \(formatPoints(af.origin.x))), the rule picks column \(rule) on the engine's own heights (tops \(pos[0..<starts].map { formatPoints($0) }.joined(separator: ", ")))"
                case .offset:
                    detail = "is at x \(formatPoints(af.origin.x)), its column \(column) starts at \(formatPoints(I.left + CGFloat(column) * stride))"
                case .stacking:
                    detail = "starts at y \(formatPoints(af.origin.y)), its columns' running height is \(formatPoints(pos[column]))"
                default:
                    detail = "is \(formatPoints(af.width)) × \(formatPoints(af.height)), §5 makes it \(formatPoints(iw)) × \(formatPoints(height))"
                }
                note(id, kind, ef, af, column: column, rule: rule, columnAgrees: columnOK, stackingAgrees: stackOK, detail: detail)
                // Go on from the engine's own frame in the engine's column.
                let next = af.origin.y + af.height + s.rowSpacing
                for j in column..<(column + k) { running[j] = next }
                cursor = column + k
                bottom = max(bottom, af.origin.y + af.height)
            }
            top = bottom + I.bottom
            if let f = section.footer { supplementary(.footer(si), f, e.footer, a.footer) }
        }
        let sizeDrift = Tolerance.delta(expected.contentSize, actual.contentSize)
        if sizeDrift.isFinite { largest = max(largest, sizeDrift) }
        // The content size on the engine's own numbers: §5's final top, at least the minimum.
        let height = max(top, s.minimumContentHeight)
        if !close(actual.contentSize.height, height, t + 3 * q) || !close(actual.contentSize.width, s.containerWidth, t + 2 * q) {
            out.append(Element(subject: .contentSize, kind: .size, column: nil, ruleColumn: nil, columnAgrees: true, stackingAgrees: true,
                               drift: sizeDrift.isFinite ? sizeDrift : 0,
                               detail: "is [\(formatPoints(actual.contentSize.width)), \(formatPoints(actual.contentSize.height))], §5 on the engine's own frames gives [\(formatPoints(s.containerWidth)), \(formatPoints(height))]"))
        }
        // Elements the engine added or left out are placement differences.
        if expected.elements.count != actual.elements.count && out.allSatisfy({ $0.kind != .placement }) {
            out.append(Element(subject: .contentSize, kind: .placement, column: nil, ruleColumn: nil, columnAgrees: false, stackingAgrees: false,
                               drift: 0, detail: "\(actual.elements.count) elements for \(expected.elements.count)"))
        }
        elements = out.enumerated().sorted { ($0.element.kind, -$0.offset) > ($1.element.kind, -$1.offset) }.map(\.element)
        kind = elements.first?.kind ?? (sizeDrift <= t ? .same : .drift)
        largestDrift = largest
    }
}
