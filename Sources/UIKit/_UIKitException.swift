/// An Objective-C exception that UIKit raises, such as `NSInternalInconsistencyException` when a
/// layout asks for the items of a section that does not exist. **Not UIKit API.**
///
/// Without the Objective-C runtime nothing can be thrown through a layout's code, so UIKit's
/// raising goes through one hook, ``handler``. Its default, ``terminate``, stops the process with
/// the message UIKit prints for an uncaught exception, so a layout that crashes on iOS crashes here.
/// A test harness replaces the hook for the whole process (``handler``) or for one scope
/// (``withHandler(_:operation:)``, ``recording(_:)``) to record the exception instead; the raising
/// call then returns the fallback its documentation names (for example `numberOfItems(inSection:)`
/// returns 0) and the program goes on.
public struct _UIKitException: Error, Sendable, Hashable, CustomStringConvertible {
    /// The exception's name, as UIKit's `NSExceptionName` raw value.
    public var name: String
    /// UIKit's reason string.
    public var reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    /// `NSInternalInconsistencyException`, UIKit's name for a broken invariant.
    public static let internalInconsistency = "NSInternalInconsistencyException"
    /// `NSInvalidArgumentException`.
    public static let invalidArgument = "NSInvalidArgumentException"

    /// What the Objective-C runtime prints for an uncaught exception:
    /// `*** Terminating app due to uncaught exception 'NAME', reason: 'REASON'`.
    public var description: String {
        "*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'"
    }

    /// A function that receives a raised exception. If it returns, the raising UIKit call returns
    /// its documented fallback value.
    public typealias Handler = @Sendable (_UIKitException) -> Void

    /// The default handler: `fatalError` with ``description``, as an uncaught exception ends an app.
    public static let terminate: Handler = { exception in
        fatalError(exception.description)
    }

    /// The process-wide handler, ``terminate`` unless replaced. Reads and writes are
    /// lock-protected. A handler installed with ``withHandler(_:operation:)`` takes precedence
    /// inside its scope.
    public static var handler: Handler {
        get { processHandler.withLock { $0 } }
        set { processHandler.withLock { $0 = newValue } }
    }

    /// Runs `operation` with `handler` receiving every exception raised in it, on the current task
    /// or thread only (a task-local value: parallel tests do not see each other's handler).
    public static func withHandler<R>(
        _ handler: @escaping Handler, operation: () throws -> R
    ) rethrows -> R {
        try $scopedHandler.withValue(handler, operation: operation)
    }

    /// Runs `operation`, recording instead of terminating; returns its result and the exceptions
    /// raised during it, in order.
    public static func recording<R>(
        _ operation: () throws -> R
    ) rethrows -> (result: R, exceptions: [_UIKitException]) {
        let log = Locked<[_UIKitException]>([])
        let result = try withHandler({ e in log.withLock { $0.append(e) } }, operation: operation)
        return (result, log.withLock { $0 })
    }

    /// Raises an exception: hands it to the scoped handler if there is one, else to ``handler``,
    /// then returns (if the handler does) so that the caller can go on with its fallback value.
    ///
    /// UIKit raises through it; so can a layout's own code where the Objective-C original raised
    /// (`[NSException raise:format:]`, `@throw`, `array[0]` on an empty `NSArray`), since nothing
    /// can unwind through Swift code: raise, then return a harmless value and do nothing more
    /// (WaterfallCheckClassics' `TutorialException`).
    public static func raise(_ name: String, reason: String) {
        let exception = _UIKitException(name: name, reason: reason)
        (scopedHandler ?? handler)(exception)
    }

    @TaskLocal static var scopedHandler: Handler?
    private static let processHandler = Locked<Handler>(terminate)
}

/// A value behind an `NSLock`.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
