import Foundation
import WaterfallCheckCore

/// A ``CollectionViewLayout`` that can record the point where the app it was ported from would
/// have stopped: an Objective-C exception (`NSRangeException` on an empty array, UIKit's
/// `NSInternalInconsistencyException`), or a loop that would never end. A Swift trap would kill the
/// harness; such a layout instead records the error, returns harmless values from then on, and
/// ``CollectionViewLayoutEngine`` throws the error after the layout pass, as an engine fault.
public protocol RaisingCollectionViewLayout: AnyObject {
    /// The first error raised since the layout object was made, or `nil`.
    var raisedError: Error? { get }
}
