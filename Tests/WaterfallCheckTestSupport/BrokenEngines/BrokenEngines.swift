import Foundation
import WaterfallCheckClassics
import WaterfallCheckCore

/// One deliberately broken engine per invariant (DESIGN.md's catalogue): the invariant it must
/// fail, the bug's name, and a maker. Shared by the tests and the `fuzz` benchmark.
public enum BrokenEngines {
    public struct Entry: Sendable {
        public var invariant: String
        public var bug: String
        public var make: @Sendable () -> LayoutEngine
        public init(invariant: String, bug: String, make: @escaping @Sendable () -> LayoutEngine) {
            self.invariant = invariant; self.bug = bug; self.make = make
        }
    }

    public static let all: [Entry] = {
        let mini: [(String, MiniWaterfall.Bug)] = [
            ("complete", .dropsLastItem), ("finite", .nanForZeroHeight), ("no-overlap", .tallItemsDoNotStack),
            ("column-alignment", .ignoresLeftInset), ("item-size", .ignoresPixelScaleForHeights),
            ("within-bounds", .widthIgnoresInsets), ("stacking", .firstRowOneMarginLow), ("placement", .tiesGoRight),
            ("supplementary", .footerIgnoresBottomInset), ("content-size", .trailingSpacingInContentSize),
            ("query", .queryReturnsEverything), ("deterministic", .alternatesContentHeight),
            ("accepts-valid", .rejectsZeroHeight), ("rejects-invalid", .noValidation), ("prefix-stable", .placesTallestFirst),
        ]
        return mini.map { id, bug in Entry(invariant: id, bug: bug.rawValue, make: { MiniWaterfall(bug) }) } + [
            Entry(invariant: "lookup-consistency", bug: "lookupPlacesAgain", make: { BrokenCollectionViewLayout.engine(.lookupPlacesAgain) }),
            Entry(invariant: "reprepare", bug: "prepareAppends", make: { BrokenCollectionViewLayout.engine(.prepareAppends) }),
        ]
    }()

    /// Tie bugs a default fuzz run (default tolerance, every invariant) must catch through
    /// `placement`, with the classic engines' hash-order ties; and the legitimate other-order engine
    /// that must never fail.
    public static let tieBugs: [Entry] = [MiniWaterfall.Bug.tiesGoRight, .tieToleranceExclusive, .afterPreviousSkipsCursor].map { bug in
        Entry(invariant: "placement", bug: bug.rawValue, make: { MiniWaterfall(bug) })
    }
    public static let spanBug = Entry(invariant: "no-overlap", bug: "spanUsesFirstColumn", make: { MiniWaterfall(.spanUsesFirstColumn) })
    /// The bug behind a deep branch (third section, header, a span wider than the columns,
    /// `afterPrevious`): what coverage guidance finds and the weighted generator rarely does.
    public static let deepBranch = Entry(invariant: "stacking", bug: "deepThirdSection", make: { MiniWaterfall(.deepThirdSection) })
    public static let otherOrder = Entry(invariant: "", bug: "accumulatesInOtherOrder", make: { MiniWaterfall(.accumulatesInOtherOrder) })
}
