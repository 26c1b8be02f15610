// UIKit for Linux and macOS: the part of iOS's UIKit that UICollectionViewLayout subclasses use,
// with UIKit's names, signatures, defaults and documented behaviour, so that a real waterfall or
// masonry layout compiles and runs unchanged (after removing `@objc` and `optional`, which need
// Objective-C) and can be tested off-device.
//
// Deviations from the SDK, all forced by the absence of the Objective-C runtime:
// - No `@MainActor`: the classes are used from tests on any thread, one object graph per thread.
// - UIKit's `optional` protocol methods are requirements with a default implementation that gives
//   UIKit's documented fallback (a conformer's own implementation wins).
// - Drawing, animation, cells' reuse and touch handling have no meaning here; the few such APIs
//   that layouts call are documented no-ops.
// - What a device or the app would set and UIKit keeps read-only (trait collection, safe area,
//   screen metrics) is set with underscored methods (`_setTraitCollection(_:)`, ...), which are
//   not UIKit API. An Objective-C exception UIKit would raise goes through `_UIKitException`.
//
// Units are points (pt) throughout, as in UIKit.
@_exported import Foundation
