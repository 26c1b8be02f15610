import Foundation
import UIKit

/// Where the app a classic engine was ported from would have stopped: the Objective-C exception
/// it would raise, or the hang it would fall into.
///
/// Nothing unwinds through Swift code, so a port calls ``raise()`` at the line that raises, which
/// hands the exception to UIKit's hook (`_UIKitException`) as UIKit's own exceptions are, then
/// returns a harmless value and does nothing more (the exception would have left the method).
/// ``UIKitLayoutEngine`` records what was raised during a call into the layout and answers it as an
/// engine fault of kind `threw`: `*** Terminating app due to uncaught exception 'NAME', reason: 'REASON'`.
public struct TutorialException: Hashable, Sendable, CustomStringConvertible {
    /// The exception's name (`NSRangeException`, ...) or `hang` for a loop that would not end.
    public var name: String
    /// What the original would say, and the tutorial line that raises.
    public var reason: String

    public init(name: String, reason: String) { self.name = name; self.reason = reason }

    public var description: String { "\(name): \(reason)" }

    /// Raises the exception through `_UIKitException.raise(_:reason:)`; returns if the handler does
    /// (the UIKit driver's records it; the default handler ends the process, as on a device).
    public func raise() { _UIKitException.raise(name, reason: reason) }

    /// `array[0]` on an empty `NSMutableArray`.
    static func emptyArray(_ line: String) -> TutorialException {
        TutorialException(name: "NSRangeException",
                          reason: "*** -[__NSArrayM objectAtIndexedSubscript:]: index 0 beyond bounds for empty array, at `\(line)`")
    }

    /// A loop over `count` columns that the port does not run: beyond ``ClassicEngines/maximumColumns``
    /// the original would allocate that many `NSNumber`s and hang or be killed.
    static func hang<T: BinaryInteger>(_ count: T, _ line: String) -> TutorialException {
        TutorialException(name: "hang", reason: "`\(line)` would allocate \(count) column heights")
    }
}
