/// The device's screen. Only ``main``, ``bounds`` and ``scale`` are provided; a test driver sets
/// them with ``_setBounds(_:)`` and ``_setScale(_:)``.
///
/// Source: developer.apple.com/documentation/uikit/uiscreen
open class UIScreen: NSObject, @unchecked Sendable {
    /// The screen of the device. Its defaults are an iPhone 15's: 393 × 852 pt at scale 3.
    public static let main = UIScreen(bounds: CGRect(x: 0, y: 0, width: 393, height: 852), scale: 3)

    /// The screen's rectangle in points, origin `.zero`.
    open var bounds: CGRect { state.withLock { $0.bounds } }
    /// Pixels per point.
    open var scale: CGFloat { state.withLock { $0.scale } }
    /// The screen's own traits: its scale.
    open var traitCollection: UITraitCollection { UITraitCollection(displayScale: scale) }

    /// Sets ``bounds`` (pt), as the device would. **Not UIKit API.**
    public func _setBounds(_ bounds: CGRect) { state.withLock { $0.bounds = bounds } }
    /// Sets ``scale`` (pixels per point), as the device would. **Not UIKit API.**
    public func _setScale(_ scale: CGFloat) { state.withLock { $0.scale = scale } }

    init(bounds: CGRect, scale: CGFloat) {
        state = Locked((bounds, scale))
        super.init()
    }

    private let state: Locked<(bounds: CGRect, scale: CGFloat)>
}
