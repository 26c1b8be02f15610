import Foundation

extension CaseGenerator {
    /// TEMPORARY until the fuzzer's generator lands (h/fuzz): small inputs with frequent ties
    /// (heights from {10, 20, 30, 40}), using only `features`. SplitMix64 over (seed, index).
    public static let provisional = CaseGenerator { seed, index, features in
        var state = seed &* 0x9E3779B97F4A7C15 &+ UInt64(index) &* 0xD1B54A32D192ED03
        func next(_ bound: Int) -> Int {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        func chance(_ f: LayoutFeatures) -> Bool { features.contains(f) && next(3) == 0 }
        var s = LayoutSettings(containerWidth: [100, 320, 375][next(3)], columnCount: 1 + next(4),
                               columnSpacing: CGFloat(next(3) * 5), rowSpacing: CGFloat(next(3) * 5),
                               sectionInset: EdgeInsets(all: CGFloat(next(2) * 10)))
        if chance(.roundRobin) { s.placement = next(2) == 0 ? .leftToRight : .rightToLeft }
        if chance(.tieTolerance) { s.tieTolerance = CGFloat(1 + next(15)) }
        if chance(.afterPrevious) { s.tieBreak = .afterPrevious }
        if chance(.pixelScale) { s.pixelScale = CGFloat(2 + next(2)) }
        if chance(.minimumContentHeight) { s.minimumContentHeight = CGFloat(next(500)) }
        let sectionCount = features.contains(.sections) ? 1 + next(3) : 1
        let sections = (0..<sectionCount).map { _ -> LayoutSection in
            var section = LayoutSection()
            if chance(.supplementary) { section.header = SupplementaryItem(height: CGFloat(next(50))) }
            if chance(.supplementary) { section.footer = SupplementaryItem(height: CGFloat(next(50))) }
            if chance(.sectionOverrides) { section.columnCount = 1 + next(4) }
            section.items = (0..<next(13)).map { _ in
                var item = chance(.size) ? LayoutItem.size(width: CGFloat(1 + next(4)) * 100, height: CGFloat(1 + next(4)) * 100)
                                         : LayoutItem.height(CGFloat(10 * (1 + next(4))))
                if !s.placement.isRoundRobin && chance(.span) { item.span = 2 + next(2) }
                return item
            }
            return section
        }
        return LayoutInput(settings: s, sections: sections)
    }
}
