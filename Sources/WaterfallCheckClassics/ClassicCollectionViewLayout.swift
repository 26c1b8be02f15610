import Foundation
import WaterfallCheckCore

/// The base of the classic ports: a ``CollectionViewLayout`` that records, instead of trapping, the
/// point where the original app would stop (``TutorialException``), plus the two UIKit behaviours
/// every tutorial relies on.
public class ClassicCollectionViewLayout: CollectionViewLayout, RaisingCollectionViewLayout {
    /// The most columns a port allocates. Beyond it the original would allocate that many
    /// `NSNumber`s (an `NSUInteger` count of -1 is 2^64 - 1 of them) and hang or be killed; the port
    /// raises a ``TutorialException`` named `hang` instead. Ten times FIXTURE-FORMAT §6's maximum.
    public static let maximumColumns = 100_000

    public private(set) var raisedError: Error?

    /// Records `exception` unless one is already recorded (the app stops at the first).
    func raise(_ exception: TutorialException) {
        if raisedError == nil { raisedError = exception }
    }

    /// `[self.collectionView numberOfItemsInSection:0]`, as every tutorial asks: UIKit raises
    /// `NSInternalInconsistencyException` when the collection view has no section 0. O(1).
    func numberOfItemsInSection0() -> Int {
        guard let cv = collectionView else { return 0 }  // a message to nil answers 0
        guard cv.numberOfSections > 0 else {
            raise(TutorialException(name: "NSInternalInconsistencyException",
                                    reason: "request for number of items in section 0 when there are only 0 sections in the collection view"))
            return 0
        }
        return cv.numberOfItems(inSection: 0)
    }

    /// Whether a loop over `count` columns can run; raises `hang` when it is beyond
    /// ``maximumColumns``. A count ≤ 0 is fine: the Objective-C `for` loop does not run.
    func admitColumns<T: BinaryInteger>(_ count: T, _ line: String) -> Bool {
        guard count > T(Self.maximumColumns) else { return true }
        raise(TutorialException(name: "hang", reason: "`\(line)` would allocate \(count) column heights"))
        return false
    }

    /// The collection view's width (`self.collectionView.bounds.size.width`); 0 without one.
    var viewWidth: CGFloat { collectionView?.bounds.width ?? 0 }

    /// The index path of item `i` in section 0.
    static func item(_ i: Int) -> IndexPath { IndexPath(item: i, section: 0) }
}
