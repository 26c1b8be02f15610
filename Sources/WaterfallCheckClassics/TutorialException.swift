import Foundation

/// Where the app a classic engine was ported from would have stopped: the Objective-C exception
/// it would raise, or the hang it would fall into. Thrown by ``CollectionViewLayoutEngine`` as an
/// engine fault (not a ``LayoutError``): the harness reports it as it would a crashed external engine.
public struct TutorialException: Error, Hashable, Sendable, CustomStringConvertible {
    /// The exception's name (`NSRangeException`, ...) or `hang` for a loop that would not end.
    public var name: String
    /// What the original would say, and the tutorial line that raises.
    public var reason: String

    public init(name: String, reason: String) { self.name = name; self.reason = reason }

    public var description: String { "\(name): \(reason)" }

    /// `array[0]` on an empty `NSMutableArray`.
    static func emptyArray(_ line: String) -> TutorialException {
        TutorialException(name: "NSRangeException",
                          reason: "*** -[__NSArrayM objectAtIndexedSubscript:]: index 0 beyond bounds for empty array, at `\(line)`")
    }
}
