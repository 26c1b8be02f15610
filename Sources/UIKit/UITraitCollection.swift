/// The traits of a view's environment. Only `displayScale` (pixels per point) and the layout
/// direction matter to layouts.
///
/// Source: developer.apple.com/documentation/uikit/uitraitcollection
open class UITraitCollection: NSObject {
    /// Pixels per point: 1, 2 or 3 on devices; 0 means unspecified. Default 0.
    open private(set) var displayScale: CGFloat = 0
    /// The layout direction; `.unspecified` by default.
    open private(set) var layoutDirection: UITraitEnvironmentLayoutDirection = .unspecified

    /// A collection with every trait unspecified.
    public override init() {
        super.init()
    }

    /// A collection with only the display scale specified.
    public convenience init(displayScale scale: CGFloat) {
        self.init()
        displayScale = scale
    }

    /// A collection with only the layout direction specified.
    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) {
        self.init()
        self.layoutDirection = layoutDirection
    }

    /// `traitCollections` merged in order, a later specified trait winning over an earlier one.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        self.init()
        for t in traitCollections {
            if t.displayScale != 0 { displayScale = t.displayScale }
            if t.layoutDirection != .unspecified { layoutDirection = t.layoutDirection }
        }
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UITraitCollection else { return false }
        return displayScale == other.displayScale && layoutDirection == other.layoutDirection
    }

    open override var hash: Int { displayScale.hashValue ^ layoutDirection.rawValue }
}

/// A trait collection's layout direction.
///
/// Source: developer.apple.com/documentation/uikit/uitraitenvironmentlayoutdirection
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    case unspecified = -1
    case leftToRight = 0
    case rightToLeft = 1
}
