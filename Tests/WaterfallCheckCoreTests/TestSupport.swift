import Foundation
import Testing
@testable import WaterfallCheckCore

/// A one-section input with no insets and no spacing unless given.
func input(
    width: CGFloat = 300, columns: Int = 3, columnSpacing: CGFloat = 0, rowSpacing: CGFloat = 0,
    inset: LayoutInsets = .zero, placement: Placement = .shortestFirst, tieTolerance: CGFloat = 0,
    tieBreak: TieBreak = .leftmost, pixelScale: CGFloat? = nil, minimumContentHeight: CGFloat = 0,
    _ items: [LayoutItem]
) -> LayoutInput {
    LayoutInput(
        layout: LayoutSettings(containerWidth: width, columnCount: columns, columnSpacing: columnSpacing,
                                 rowSpacing: rowSpacing, sectionInset: inset, placement: placement,
                                 tieTolerance: tieTolerance, tieBreak: tieBreak, pixelScale: pixelScale,
                                 minimumContentHeight: minimumContentHeight),
        sections: [SectionInput(items: items)])
}

func heights(_ hs: [CGFloat]) -> [LayoutItem] { hs.map { .height($0) } }

func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect { CGRect(x: x, y: y, width: w, height: h) }

/// The §6 code `input` is rejected with, or `nil` when it lays out.
func errorCode(_ input: LayoutInput) -> LayoutError.Code? {
    do { _ = try ReferenceLayout.layout(input); return nil } catch { return error.code }
}

/// A small deterministic generator for the randomized oracle tests (SplitMix64).
struct TestRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func bool() -> Bool { next() & 1 == 1 }
}
