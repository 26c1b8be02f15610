import Foundation

extension ReferenceLayout {
    /// The largest valid length, 10^9 pt (FIXTURE-FORMAT §6).
    public static let maximumLength: CGFloat = 1e9
    /// The largest valid column count (FIXTURE-FORMAT §6).
    public static let maximumColumnCount = 10_000

    /// A length is finite, ≥ 0 and ≤ 10^9 pt (FIXTURE-FORMAT §6). NaN is not a length.
    /// (Both comparisons, then their bits ANDed: no branch between them.)
    @inlinable
    public static func isValidLength(_ v: CGFloat) -> Bool {
        unsafeBitCast(unsafeBitCast(v >= 0, to: UInt8.self) & unsafeBitCast(v <= maximumLength, to: UInt8.self), to: Bool.self)
    }

    /// `floor_s(v)`: `floor(v * pixelScale) / pixelScale` when `pixelScale` is set, else `v` (§5).
    @inlinable
    static func floorToPixel(_ v: CGFloat, _ scale: CGFloat?) -> CGFloat {
        guard let s = scale else { return v }
        return (v * s).rounded(.down) / s
    }

    /// Column width `w = floor_s((W - I.left - I.right - (n - 1) * columnSpacing) / n)` (§5 step 2).
    @inlinable
    static func columnWidth(containerWidth W: CGFloat, inset I: LayoutInsets, columns n: Int,
                            spacing: CGFloat, scale: CGFloat?) -> CGFloat {
        floorToPixel((W - I.left - I.right - CGFloat(n - 1) * spacing) / CGFloat(n), scale)
    }

    /// The validation pass of FIXTURE-FORMAT §6: checks every field before any layout, computes
    /// every section's column width, and throws the fault whose code comes first in the §6 table
    /// (the first such fault in document order names the location).
    ///
    /// - Returns: each section's column width in pt.
    /// - Throws: ``LayoutError`` with a §6 code.
    /// - Complexity: O(items + sections).
    @discardableResult
    public static func validate(_ input: LayoutInput) throws(LayoutError) -> [CGFloat] {
        if passes(input, checkingItems: true) { return input.sections.map { columnWidth(of: $0, in: input) } }
        return try diagnose(input)
    }

    /// The fault ``validate(_:)`` would throw, or `nil` for a valid input, without the column
    /// widths (no allocation for a valid input: the fuzzer asks it of every case).
    /// - Complexity: O(items + sections).
    public static func error(of input: LayoutInput) -> LayoutError? {
        if passes(input, checkingItems: true) { return nil }
        do { _ = try diagnose(input) } catch { return error }
        return nil
    }

    /// Column width `w` of `section` in `input` (§5 step 2), the section's own count and inset
    /// when it has them. O(1).
    @inline(__always)
    static func columnWidth(of section: SectionInput, in input: LayoutInput) -> CGFloat {
        let s = input.layout
        return columnWidth(containerWidth: s.containerWidth, inset: section.sectionInset ?? s.sectionInset,
                           columns: section.columnCount ?? s.columnCount, spacing: s.columnSpacing, scale: s.pixelScale)
    }

    /// Whether every check of ``validate(_:)`` passes: the same conditions as plain comparisons,
    /// with no message, closure or array, so a valid input (nearly every one) costs
    /// O(items + sections) comparisons and no allocation. Without `checkingItems` the items are
    /// left out (the layout checks them as it places them).
    static func passes(_ input: LayoutInput, checkingItems: Bool) -> Bool {
        @inline(__always) func ok(_ i: LayoutInsets) -> Bool {
            isValidLength(i.top) && isValidLength(i.left) && isValidLength(i.bottom) && isValidLength(i.right)
        }
        let s = input.layout
        let W = s.containerWidth
        guard isValidLength(W), s.columnCount >= 1 && s.columnCount <= maximumColumnCount,
              isValidLength(s.columnSpacing), isValidLength(s.rowSpacing), isValidLength(s.minimumContentHeight),
              ok(s.sectionInset), s.tieTolerance >= 0 else { return false }
        if let p = s.pixelScale, !(p > 0 && p <= 1000) { return false }
        let scale = s.pixelScale
        let roundRobin = s.placement.isRoundRobin
        // Each section read in place (a `SectionInput` copy retains and releases its items).
        return input.sections.withUnsafeBufferPointer { sections -> Bool in
            for k in sections.indices {
                let section = sections.baseAddress! + k
                if let h = section.pointee.header, !(ok(h.inset) && isValidLength(h.height) && !(W - h.inset.left - h.inset.right < 0)) { return false }
                if let f = section.pointee.footer, !(ok(f.inset) && isValidLength(f.height) && !(W - f.inset.left - f.inset.right < 0)) { return false }
                let n = section.pointee.columnCount ?? s.columnCount
                guard n >= 1 && n <= maximumColumnCount else { return false }
                let I = section.pointee.sectionInset ?? s.sectionInset
                if section.pointee.sectionInset != nil, !ok(I) { return false }
                let w = columnWidth(containerWidth: W, inset: I, columns: n, spacing: s.columnSpacing, scale: scale)
                guard w > 0 else { return false }
                guard checkingItems else { continue }
                let bad = section.pointee.items.withUnsafeBufferPointer { items -> Bool in
                    for item in items {
                        // The layout's own per-item checks (placeDense), so the two cannot drift apart.
                        guard isValidSpan(item.span, roundRobin: roundRobin) else { return true }
                        let iw = itemWidth(span: min(item.span, n), columnWidth: w, spacing: s.columnSpacing)
                        if !itemHeight(item, width: iw, scale: scale).valid { return true }
                    }
                    return false
                }
                if bad { return false }
            }
            return true
        }
    }

    /// ``validate(_:)``'s full pass, which names the fault of highest precedence; taken only when
    /// ``passes(_:checkingItems:)`` found one.
    static func diagnose(_ input: LayoutInput) throws(LayoutError) -> [CGFloat] {
        var best: LayoutError?
        @inline(__always) func fault(_ code: LayoutError.Code, _ loc: LayoutError.Location, _ message: @autoclosure () -> String) {
            if let b = best, b.code <= code { return }
            best = LayoutError(code, at: loc, message())
        }
        func checkInsets(_ i: LayoutInsets, section: Int?, supplementary: String?, field: String) {
            for (name, v) in [("top", i.top), ("left", i.left), ("bottom", i.bottom), ("right", i.right)] where !isValidLength(v) {
                fault(.invalidSpacing, .init(section: section, supplementary: supplementary, field: "\(field).\(name)"),
                      "inset \(v) is not a length in 0...1e9 pt")
            }
        }
        let s = input.layout
        let W = s.containerWidth
        let widthOK = isValidLength(W)
        if !widthOK { fault(.invalidContainerWidth, .init(field: "containerWidth"), "\(W) is not a length in 0...1e9 pt") }
        func columnsOK(_ n: Int) -> Bool { n >= 1 && n <= maximumColumnCount }
        if !columnsOK(s.columnCount) {
            fault(.invalidColumnCount, .init(field: "columnCount"), "\(s.columnCount) is not in 1...10000")
        }
        var spacingOK = true
        for (name, v) in [("columnSpacing", s.columnSpacing), ("rowSpacing", s.rowSpacing),
                          ("minimumContentHeight", s.minimumContentHeight)] where !isValidLength(v) {
            spacingOK = false
            fault(.invalidSpacing, .init(field: name), "\(v) is not a length in 0...1e9 pt")
        }
        let layoutInsetOK = [s.sectionInset.top, s.sectionInset.left, s.sectionInset.bottom, s.sectionInset.right].allSatisfy(isValidLength)
        checkInsets(s.sectionInset, section: nil, supplementary: nil, field: "sectionInset")
        if !(s.tieTolerance >= 0) {
            spacingOK = false
            fault(.invalidSpacing, .init(field: "tieTolerance"), "\(s.tieTolerance) is negative")
        }
        if let p = s.pixelScale, !(p > 0 && p <= 1000) {
            spacingOK = false
            fault(.invalidSpacing, .init(field: "pixelScale"), "\(p) is not in (0, 1000]")
        }
        let scale = s.pixelScale
        var widths = [CGFloat](repeating: 0, count: input.sections.count)
        for (si, section) in input.sections.enumerated() {
            for (kind, sup) in [("header", section.header), ("footer", section.footer)] {
                guard let sup else { continue }
                checkInsets(sup.inset, section: si, supplementary: kind, field: "inset")
                if !isValidLength(sup.height) {
                    fault(.invalidItemHeight, .init(section: si, supplementary: kind, field: "height"), "\(sup.height) is not a length in 0...1e9 pt")
                }
                if widthOK, W - sup.inset.left - sup.inset.right < 0 {
                    fault(.invalidSpacing, .init(section: si, supplementary: kind, field: "inset"),
                          "width \(W) - \(sup.inset.left) - \(sup.inset.right) is negative")
                }
            }
            let n = section.columnCount ?? s.columnCount
            let nOK = columnsOK(n)
            if let c = section.columnCount, !nOK {
                fault(.invalidColumnCount, .init(section: si, field: "columnCount"), "\(c) is not in 1...10000")
            }
            let I = section.sectionInset ?? s.sectionInset
            var insetOK = layoutInsetOK
            if let own = section.sectionInset {
                insetOK = [own.top, own.left, own.bottom, own.right].allSatisfy(isValidLength)
                checkInsets(own, section: si, supplementary: nil, field: "sectionInset")
            }
            // The column width exists only when everything it is computed from is valid; otherwise
            // a fault of higher precedence has been recorded already.
            var w: CGFloat = .nan
            if widthOK && nOK && spacingOK && insetOK {
                w = columnWidth(containerWidth: W, inset: I, columns: n, spacing: s.columnSpacing, scale: scale)
                if !(w > 0) {
                    fault(.invalidColumnWidth, .init(section: si, field: "columnWidth"),
                          "(\(W) - \(I.left) - \(I.right) - \(n - 1) * \(s.columnSpacing)) / \(n) = \(w) is not > 0")
                }
            }
            widths[si] = w
            let wOK = w > 0
            for (ii, item) in section.items.enumerated() {
                if item.span < 1 {
                    fault(.invalidSpan, .init(section: si, item: ii, field: "span"), "\(item.span) is < 1")
                } else if item.span > 1 && s.placement.isRoundRobin {
                    fault(.invalidSpan, .init(section: si, item: ii, field: "span"), "\(item.span) > 1 with placement \(s.placement.rawValue)")
                }
                switch item.dimension {
                case .height(let h):
                    if !isValidLength(h) {
                        fault(.invalidItemHeight, .init(section: si, item: ii, field: "height"), "\(h) is not a length in 0...1e9 pt")
                    }
                case .size(let sz):
                    if !(sz.width > 0 && sz.width <= maximumLength) || !isValidLength(sz.height) {
                        fault(.invalidItemSize, .init(section: si, item: ii, field: "size"),
                              "[\(sz.width), \(sz.height)]: width must be in (0, 1e9], height in 0...1e9 pt")
                    } else if wOK && nOK && item.span >= 1 {
                        let k = min(item.span, n)
                        let iw = CGFloat(k) * w + CGFloat(k - 1) * s.columnSpacing
                        let h = floorToPixel(sz.height * iw / sz.width, scale)
                        if !isValidLength(h) {
                            fault(.invalidItemSize, .init(section: si, item: ii, field: "size"),
                                  "derived height \(sz.height) * \(iw) / \(sz.width) = \(h) is not a length in 0...1e9 pt")
                        }
                    }
                }
            }
        }
        if let best { throw best }
        return widths
    }
}
