import Foundation
import WaterfallCheckCore

/// Generates ``LayoutInput``s over the whole input space of FIXTURE-FORMAT §2–§3, drawing every
/// decision from a ``ChoiceSource`` so that failing cases shrink by editing their choices.
///
/// Coverage: container widths of phones (320–430 pt), tablets (744–1366 pt), macOS and Catalyst
/// windows (1367–1920 pt), TVs (1920 pt) and web pages (1921–3840 pt: 2560 and 3840 px screens at
/// one CSS px per pt), fractional widths and widths just above the insets; 1–12 columns (rarely up
/// to 100); spacings and insets of 0, round and fractional; 0–64 items per case, and long feeds
/// (one case in 1,024: sections of 1,000 to 10,000 items); heights including ties (all equal, or
/// a few repeated values), zeros, very tall items and photo aspect ratios; spans, also wider than
/// the section; several sections with headers, footers, overrides and empty sections; every
/// placement, tie tolerance and tie break; pixelScale 1, 2, 3; minimumContentHeight; and at a
/// small rate (``invalidRate``) an input made invalid for one §6 code.
///
/// Most cases are "exact": lengths are multiples of 1/64 pt, so sums and ties are exact in
/// doubles. A fifth are "noise" cases: thirds, tenths, very large (to 10^9 pt) and very small
/// (10^-9 pt) lengths, which only the comparison tolerance can judge.
///
/// Only features in ``features`` are used (FIXTURE-FORMAT §9): an engine is never sent an input
/// it did not declare, valid or not.
public struct InputGenerator: Sendable {
    /// The features inputs may use.
    public var features: LayoutFeatures
    /// The most items of an ordinary case (the rare large cases go to ``largeItems``).
    public var maxItems: Int
    /// The most items of a large case.
    public var largeItems: Int
    /// Invalid inputs per 1024 cases.
    public var invalidRate: UInt64
    /// The engine's tie breaks and largest length (``EngineLimits``): an engine with one tie break
    /// gets only that one, and the float-noise lengths stay a few thousand times below its largest
    /// (``EngineLimits/exact`` changes nothing, choice for choice).
    public var limits: EngineLimits
    /// The engine's constraints: every input is moved inside them (``constrained(_:)``, in
    /// InputGenerator+Constraints.swift) before any is made invalid.
    public var constraints: EngineConstraints = .none
    /// The engines' column-width roundings (``EngineConventions/columnWidthRounding``): every
    /// column is kept at least one step wide (``widened(_:)``, in InputGenerator+Constraints.swift).
    public var columnWidthRoundings: [LengthRounding] = []

    public init(features: LayoutFeatures = .all, maxItems: Int = 64, largeItems: Int = 10_000, invalidRate: UInt64 = 24,
                limits: EngineLimits = .exact) {
        self.features = features; self.maxItems = maxItems; self.largeItems = largeItems; self.invalidRate = invalidRate
        self.limits = limits
    }

    /// Whether lengths stay on the 1/64-pt grid or include float noise.
    enum Arithmetic { case exact, noise }

    /// One input. Deterministic in the choices drawn; at most ``largeItems`` items.
    /// - Complexity: O(items + sections).
    package func generate(_ c: inout ChoiceSource) -> LayoutInput {
        let makeInvalid = c.bool(invalidRate)
        let a: Arithmetic = c.weighted(4, 1) == 0 ? .exact : .noise
        let f = features

        // Settings. The container width is drawn last: "just above the insets" needs them.
        let columns = columnCount(&c)
        let columnSpacing = length(&c, upTo: 20, a)
        let rowSpacing = length(&c, upTo: 20, a)
        let inset = insets(&c, upTo: 40, a)
        var placement = Placement.shortestFirst
        if f.contains(.roundRobin) {
            placement = InputGenerator.placements[c.weighted(8, 1, 1)]
        }
        var tieTolerance: CGFloat = 0
        if f.contains(.tieTolerance), c.bool(340) { tieTolerance = length(&c, upTo: 30, a) }
        var tieBreak = TieBreak.leftmost
        if f.contains(.afterPrevious), c.bool(300) { tieBreak = .afterPrevious }
        if limits.tieBreaks.count == 1, let only = limits.tieBreaks.first { tieBreak = only }
        var pixelScale: CGFloat?
        if f.contains(.pixelScale), c.bool(300) { pixelScale = CGFloat(c.int(1...3)) }
        var minimumContentHeight: CGFloat = 0
        if f.contains(.minimumContentHeight), c.bool(150) { minimumContentHeight = length(&c, upTo: 2000, a) }
        let W = containerWidth(&c, a, columns: columns, spacing: columnSpacing, inset: inset)

        let settings = LayoutSettings(
            containerWidth: W, columnCount: columns, columnSpacing: columnSpacing, rowSpacing: rowSpacing,
            sectionInset: inset, placement: placement, tieTolerance: tieTolerance, tieBreak: tieBreak,
            pixelScale: pixelScale, minimumContentHeight: minimumContentHeight)

        // Sections: usually one or a few with up to `maxItems` items in all, rarely thousands
        // (a long feed: ``longFeed(_:)``).
        let large = c.bool(1)  // a long feed: one case in 1,024
        var budget = large ? largeItems : maxItems
        // No sections at all is rare; otherwise one, and with the feature on average 1.5 more.
        let noSections = c.bool(16)
        let sectionTarget = f.contains(.sections) ? c.int(0...3) : 0
        let sectionLimit = noSections ? 0 : f.contains(.sections) ? 8 : 1
        let sections = c.list(minimum: 1, target: sectionTarget, limit: sectionLimit) { c, _ -> SectionInput in
            let s = section(&c, a, settings: settings, large: large, budget: budget)
            budget -= s.items.count
            return s
        }
        var input = constrained(LayoutInput(layout: settings, sections: sections))
        if makeInvalid { invalidate(&input, &c) }
        return input
    }

    // MARK: - Parts

    /// The placements in the order their weights are drawn (made once, not per case).
    static let placements: [Placement] = [.shortestFirst, .leftToRight, .rightToLeft]
    /// Camera and screen sizes, in the order they are drawn.
    static let photos: [(CGFloat, CGFloat)] = [(640, 480), (4032, 3024), (3024, 4032), (1920, 1080), (1080, 1920),
                                               (1080, 1080), (1170, 2532), (3000, 2000), (2000, 3000), (800, 1200)]

    func columnCount(_ c: inout ChoiceSource) -> Int {
        switch c.weighted(60, 35, 2) {
        case 0: return c.int(1...4)
        case 1: return c.int(5...12)
        default: return c.int(13...100)
        }
    }

    func section(_ c: inout ChoiceSource, _ a: Arithmetic, settings: LayoutSettings, large: Bool, budget: Int) -> SectionInput {
        var s = SectionInput()
        let W = settings.containerWidth
        if features.contains(.sectionOverrides) {
            if c.bool(150) { s.columnCount = columnCount(&c) }
            if c.bool(150) { s.sectionInset = insets(&c, upTo: 40, a) }
        }
        if features.contains(.supplementary), c.bool(300) { s.header = supplementary(&c, a, width: W) }
        let n = s.columnCount ?? settings.columnCount
        let target = large ? longFeed(&c) : c.int(0...max(0, min(budget, maxItems)))
        // Heights: free, all equal (ties everywhere), a palette of three repeated values, or a
        // boundary palette: tops that tie exactly, differ by exactly the tie tolerance, or by one
        // 1/64-pt step either side of it.
        let mode = c.weighted(6, 2, 1, 3)
        let palette = mode == 3 ? boundaryPalette(&c, a, tieTolerance: settings.tieTolerance)
            : mode == 0 ? [] : (0..<(mode == 1 ? 1 : 3)).map { _ in height(&c, a) }
        s.items = c.list(target: target, limit: max(0, budget)) { c, _ in
            item(&c, a, columns: n, placement: settings.placement, palette: palette)
        }
        if features.contains(.supplementary), c.bool(300) { s.footer = supplementary(&c, a, width: W) }
        return s
    }

    /// The items of a long feed's section: 1,000–2,000 (most), 2,000–5,000, or 5,000–10,000 (a
    /// tenth): the feeds apps show, kept rare enough that the gate's case rate holds (about 2.7
    /// items a case on average).
    func longFeed(_ c: inout ChoiceSource) -> Int {
        switch c.weighted(6, 3, 1) {
        case 0: return c.int(1000...2000)
        case 1: return c.int(2001...5000)
        default: return c.int(5001...10_000)
        }
    }

    func item(_ c: inout ChoiceSource, _ a: Arithmetic, columns n: Int, placement: Placement, palette: [CGFloat]) -> LayoutItem {
        var span = 1
        if features.contains(.span), !placement.isRoundRobin {
            switch c.weighted(85, 13, 2) {
            case 0: span = 1
            case 1: span = c.int(2...max(2, min(n, 4)))
            default: span = n + c.int(1...3)  // wider than the section: clamped to n
            }
        }
        if !palette.isEmpty { return .height(palette[c.int(0...(palette.count - 1))], span: span) }
        if features.contains(.size), c.bool(300) {
            let (w, h) = naturalSize(&c, a)
            return .size(width: w, height: h, span: span)
        }
        return .height(height(&c, a), span: span)
    }

    /// Heights `h`, `h + t`, `h + t + 1/64`, `h + t - 1/64` (t the tie tolerance, maybe 0), so
    /// candidate tops land exactly on `m + t`, exactly tie, and just miss either side.
    func boundaryPalette(_ c: inout ChoiceSource, _ a: Arithmetic, tieTolerance t: CGFloat) -> [CGFloat] {
        let h = height(&c, a) + 1.0 / 64
        return [h, h + t, h + t + 1.0 / 64, h + t - 1.0 / 64]
    }

    func supplementary(_ c: inout ChoiceSource, _ a: Arithmetic, width W: CGFloat) -> HeaderFooter {
        let h = length(&c, upTo: 100, a)
        var inset = LayoutInsets.zero
        if c.bool(300) {
            inset = insets(&c, upTo: 20, a)
            // Keep the view's width >= 0: a negative one is an invalidSpacing input, made on purpose only.
            if inset.left + inset.right > W { inset.left = 0; inset.right = 0 }
        }
        return HeaderFooter(height: h, inset: inset)
    }

    /// A natural size: mostly a camera or screen aspect ratio, sometimes arbitrary.
    func naturalSize(_ c: inout ChoiceSource, _ a: Arithmetic) -> (CGFloat, CGFloat) {
        switch c.weighted(6, 3, a == .noise ? 1 : 0) {
        case 0:
            return c.element(of: InputGenerator.photos)
        case 1:
            return (CGFloat(c.int(1...4000)), CGFloat(c.int(0...4000)))
        default:
            return (noise(&c, upTo: 4000, large: false) + 1e-3, noise(&c, upTo: 4000, large: true))
        }
    }

    /// An item height: small, fractional, zero-heavy, very tall, or float noise.
    func height(_ c: inout ChoiceSource, _ a: Arithmetic) -> CGFloat {
        switch c.weighted(12, 5, 1, a == .noise ? 5 : 0) {
        case 0: return CGFloat(c.int(0...400))
        case 1: return CGFloat(c.int(0...(400 * 64))) / 64
        case 2: return CGFloat(c.int(1000...100_000))
        default: return noise(&c, upTo: 400, large: true)
        }
    }

    /// A length in about `0...max` pt: zero, whole, on the 1/64 grid, or (noise cases) noise.
    func length(_ c: inout ChoiceSource, upTo max: Int, _ a: Arithmetic) -> CGFloat {
        switch c.weighted(3, 5, 3, a == .noise ? 3 : 0) {
        case 0: return 0
        case 1: return CGFloat(c.int(1...max))
        case 2: return CGFloat(c.int(1...(max * 64))) / 64
        default: return noise(&c, upTo: max, large: false)
        }
    }

    /// Float noise: thirds, tenths, and (when `large`) values up to 10^9 pt; also values near 10^-9 pt.
    func noise(_ c: inout ChoiceSource, upTo max: Int, large: Bool) -> CGFloat {
        switch c.weighted(4, 4, 1, large ? 1 : 0) {
        case 0: return CGFloat(c.int(0...(max * 3))) / 3
        case 1: return CGFloat(c.int(0...(max * 10))) * 0.1
        case 2: return CGFloat(c.int(1...999)) * 1e-9
        default:
            let v = (1 + CGFloat(c.int(0...999_999)) / 1e6) * pow(10, CGFloat(c.int(5...8)))
            // Within an engine's range: 64 such lengths stacked in one column still fit.
            return limits.maxLength < ReferenceLayout.maximumLength ? min(v, limits.maxLength / 256) : v
        }
    }

    func insets(_ c: inout ChoiceSource, upTo max: Int, _ a: Arithmetic) -> LayoutInsets {
        switch c.weighted(3, 4, 2) {
        case 0: return .zero
        case 1: return LayoutInsets(all: length(&c, upTo: max, a))
        default:
            return LayoutInsets(top: length(&c, upTo: max, a), left: length(&c, upTo: max, a),
                              bottom: length(&c, upTo: max, a), right: length(&c, upTo: max, a))
        }
    }

    /// Phones, tablets, desktop windows, TVs and web pages, fractional widths, and widths just
    /// above what the insets and spacings take.
    func containerWidth(_ c: inout ChoiceSource, _ a: Arithmetic, columns n: Int, spacing: CGFloat, inset: LayoutInsets) -> CGFloat {
        switch c.weighted(10, 5, 3, 1) {
        case 0: return CGFloat(c.int(320...430))
        case 1:
            // One draw, as likely a tablet as a desktop window, a TV or a web page (every branch
            // draws as many choices as the phone's, so a shrink can step from one to another).
            let v = c.int(0...(2 * InputGenerator.tabletWidths - 1))
            return v < InputGenerator.tabletWidths ? 744 + CGFloat(v) : InputGenerator.wideWidth(v - InputGenerator.tabletWidths)
        case 2:
            let base = CGFloat(c.int(320...1366))
            return a == .exact ? base + CGFloat(c.int(1...63)) / 64 : base + noise(&c, upTo: 1, large: false)
        default:
            // Column width δ / n for a small δ > 0: the narrowest columns a valid layout can have.
            let used = inset.left + inset.right + CGFloat(n - 1) * spacing
            return used + CGFloat(n) * CGFloat(c.int(1...256)) / 64
        }
    }

    /// The tablet widths, 744 to 1366 pt; as many wide widths are drawn beside them.
    static let tabletWidths = 623

    /// The `k`-th wide width (0 ≤ k < ``tabletWidths``): a TV's 1920 pt, a 1440p and a 4K web
    /// page (2560, 3840), then macOS and Catalyst windows, TVs and web pages from 1367 to 3840 pt
    /// in steps of about 4 pt (k = 622 is 3840). About three in four are wider than 1920 pt.
    static func wideWidth(_ k: Int) -> CGFloat {
        k < screenWidths.count ? screenWidths[k] : 1367 + CGFloat(((k - screenWidths.count) * 2473) / (tabletWidths - 1 - screenWidths.count))
    }

    /// A TV, a 1440p and a 4K screen, pt at one CSS px per pt.
    static let screenWidths: [CGFloat] = [1920, 2560, 3840]
}
