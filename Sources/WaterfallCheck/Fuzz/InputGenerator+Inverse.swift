import Foundation
import WaterfallCheckCore

extension InputGenerator {
    /// Choices that make ``generate(_:)`` produce `input`, or as close to it as the generator can
    /// get: the inverse of the generator, for a libFuzzer seed corpus from `Fixtures/`
    /// (``LibFuzzerTarget/seedCorpus(_:generator:)``), so coverage starts from the project's own cases.
    ///
    /// Each decision is answered the way the generator would make that value: the valid branch,
    /// exact arithmetic, a length as 0, a whole number or a 1/64-pt step, a height as a whole,
    /// 1/64-pt or tall value, a photo size by its index. A value the generator cannot make (a
    /// third of a point, 200 columns, a 5-item span in 12 columns, more than ``maxItems`` items)
    /// becomes the nearest one it can, and `exact` says whether the round trip is exact. Features
    /// outside ``features`` are dropped the same way (the generator never draws them).
    /// - Returns: `nil` for an input that §6 rejects (the generator makes invalid inputs from
    ///   valid ones, not from a listing of them).
    /// - Complexity: O(items + sections), plus one generation to check exactness.
    public func choices(for input: LayoutInput) -> (choices: [UInt64], exact: Bool)? {
        guard (try? ReferenceLayout.validate(input)) != nil else { return nil }
        var w = ChoiceWriter()
        let f = features
        let s = input.layout
        w.put(0)                                  // makeInvalid: false
        w.put(0)                                  // exact arithmetic
        w.columnCount(s.columnCount)
        w.length(s.columnSpacing, upTo: 20)
        w.length(s.rowSpacing, upTo: 20)
        w.insets(s.sectionInset, upTo: 40)
        if f.contains(.roundRobin) { w.put(s.placement == .leftToRight ? 8 : s.placement == .rightToLeft ? 9 : 0) }
        if f.contains(.tieTolerance) {
            w.flag(s.tieTolerance > 0)
            if s.tieTolerance > 0 { w.length(s.tieTolerance, upTo: 30) }
        }
        if f.contains(.afterPrevious) { w.flag(s.tieBreak == .afterPrevious) }
        if f.contains(.pixelScale) {
            w.flag(s.pixelScale != nil)
            if let p = s.pixelScale { w.put(UInt64(min(max(p.rounded(), 1), 3)) - 1) }
        }
        if f.contains(.minimumContentHeight) {
            w.flag(s.minimumContentHeight > 0)
            if s.minimumContentHeight > 0 { w.length(s.minimumContentHeight, upTo: 2000) }
        }
        w.containerWidth(s.containerWidth, columns: s.columnCount, spacing: s.columnSpacing, inset: s.sectionInset)
        w.put(0)                                  // not a large case
        let sections = Array(input.sections.prefix(f.contains(.sections) ? 8 : 1))
        w.flag(sections.isEmpty)                  // noSections
        if f.contains(.sections) { w.put(3) }     // sectionTarget (flags below decide the count)
        let limit = sections.isEmpty ? 0 : f.contains(.sections) ? 8 : 1
        var budget = maxItems
        for (k, section) in sections.enumerated() {
            if k >= 1 { w.flag(true) }            // continue the list (the first is its minimum)
            budget -= w.section(section, generator: self, settings: s, budget: budget)
        }
        if !sections.isEmpty, sections.count < limit { w.flag(false) }

        var replay = ChoiceSource(replaying: w.out)
        let again = generate(&replay)
        return (w.out, again == input)
    }
}

/// Writes the choices of ``InputGenerator/choices(for:)``, one generator function at a time.
private struct ChoiceWriter {
    var out: [UInt64] = []

    mutating func put(_ v: UInt64) { out.append(v) }
    /// `ChoiceSource.bool` and list continuation flags: 1023 is true for every numerator.
    mutating func flag(_ on: Bool) { out.append(on ? 1023 : 0) }

    mutating func columnCount(_ n: Int) {
        switch n {
        case ...4: put(0); put(UInt64(max(n, 1) - 1))
        case 5...12: put(60); put(UInt64(n - 5))
        default: put(95); put(UInt64(min(n, 100) - 13))
        }
    }

    /// `length(upTo:)`: 0, a whole number, or a 1/64-pt step (the nearest, within 1/64...max).
    mutating func length(_ v: CGFloat, upTo max: Int) {
        if v <= 0 || !v.isFinite { put(0); return }
        if v == v.rounded(), v >= 1, v <= CGFloat(max) { put(3); put(UInt64(v) - 1); return }
        let steps = Swift.min(Swift.max((v * 64).rounded(), 1), CGFloat(max * 64))
        put(8); put(UInt64(steps) - 1)
    }

    mutating func insets(_ i: LayoutInsets, upTo max: Int) {
        if i == .zero { put(0); return }
        if i.top == i.left && i.left == i.bottom && i.bottom == i.right { put(3); length(i.top, upTo: max); return }
        put(7)
        for v in [i.top, i.left, i.bottom, i.right] { length(v, upTo: max) }
    }

    /// `containerWidth`: a phone, tablet or wide (desktop, TV, web) width, a fractional width, or
    /// a narrow-columns width.
    mutating func containerWidth(_ W: CGFloat, columns n: Int, spacing: CGFloat, inset: LayoutInsets) {
        let whole = W.rounded(.down)
        if W == whole, (320...430).contains(whole) { put(0); put(UInt64(whole - 320)); return }
        if W == whole, (744...1366).contains(whole) { put(10); put(UInt64(whole - 744)); return }
        if W == whole, let k = (0..<InputGenerator.tabletWidths).first(where: { InputGenerator.wideWidth($0) == W }) {
            put(10); put(UInt64(InputGenerator.tabletWidths + k)); return
        }
        let used = inset.left + inset.right + CGFloat(n - 1) * spacing
        let k = ((W - used) / CGFloat(n) * 64).rounded()
        if W < 320 || W > 1367, k >= 1, k <= 256, used + CGFloat(n) * k / 64 == W { put(18); put(UInt64(k) - 1); return }
        // A fractional width between 320 and 1367 (nearest 1/64 step above a whole base).
        let base = Swift.min(Swift.max(whole, 320), 1366)
        let frac = Swift.min(Swift.max(((W - base) * 64).rounded(), 1), 63)
        put(15); put(UInt64(base - 320)); put(UInt64(frac) - 1)
    }

    /// `section(...)`; returns the number of items written.
    mutating func section(_ section: SectionInput, generator g: InputGenerator, settings s: LayoutSettings, budget: Int) -> Int {
        let f = g.features
        if f.contains(.sectionOverrides) {
            flag(section.columnCount != nil)
            if let n = section.columnCount { columnCount(n) }
            flag(section.sectionInset != nil)
            if let i = section.sectionInset { insets(i, upTo: 40) }
        }
        if f.contains(.supplementary) {
            flag(section.header != nil)
            if let h = section.header { supplementary(h) }
        }
        let n = section.columnCount ?? s.columnCount
        let bound = max(0, min(budget, g.maxItems))
        put(UInt64(bound))                        // target: the most, so a flag of 1023 continues
        put(0)                                    // free heights (no palette)
        let items = Array(section.items.prefix(max(0, budget)))
        for item in items {
            flag(true)
            self.item(item, generator: g, columns: n, placement: s.placement)
        }
        if items.count < max(0, budget) { flag(false) }
        if f.contains(.supplementary) {
            flag(section.footer != nil)
            if let h = section.footer { supplementary(h) }
        }
        return items.count
    }

    mutating func supplementary(_ h: HeaderFooter) {
        length(h.height, upTo: 100)
        flag(h.inset != .zero)
        if h.inset != .zero { insets(h.inset, upTo: 20) }
    }

    mutating func item(_ item: LayoutItem, generator g: InputGenerator, columns n: Int, placement: Placement) {
        if g.features.contains(.span), !placement.isRoundRobin {
            let narrow = max(2, min(n, 4))
            if item.span <= 1 { put(0) }
            else if item.span <= narrow { put(85); put(UInt64(item.span - 2)) }
            else if item.span > n { put(98); put(UInt64(min(item.span - n, 3) - 1)) }
            else { put(85); put(UInt64(narrow - 2)) }
        }
        switch item.dimension {
        case .size(let size) where g.features.contains(.size):
            flag(true)
            let photos: [(CGFloat, CGFloat)] = [(640, 480), (4032, 3024), (3024, 4032), (1920, 1080), (1080, 1920),
                                                (1080, 1080), (1170, 2532), (3000, 2000), (2000, 3000), (800, 1200)]
            if let k = photos.firstIndex(where: { $0.0 == size.width && $0.1 == size.height }) { put(0); put(UInt64(k)); return }
            put(6)
            put(UInt64(min(max(size.width.rounded(), 1), 4000)) - 1)
            put(UInt64(min(max(size.height.rounded(), 0), 4000)))
        case .size(let size):
            if g.features.contains(.size) { flag(false) }
            height(size.height)
        case .height(let h):
            if g.features.contains(.size) { flag(false) }
            height(h)
        }
    }

    /// `height(...)`: whole up to 400, a 1/64-pt step up to 400, or whole from 1000 to 100000.
    mutating func height(_ h: CGFloat) {
        if h == h.rounded(), h >= 0, h <= 400 { put(0); put(UInt64(h)); return }
        if h >= 1000 { put(17); put(UInt64(min(h.rounded(), 100_000)) - 1000); return }
        put(12); put(UInt64(min(max((h * 64).rounded(), 0), 400 * 64)))
    }
}
