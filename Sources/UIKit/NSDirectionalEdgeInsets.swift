/// Edge insets that follow the layout direction: `leading` is the left edge in a left-to-right
/// layout and the right edge in a right-to-left one. Points (pt).
///
/// Source: developer.apple.com/documentation/uikit/nsdirectionaledgeinsets
public struct NSDirectionalEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init() {
        self.init(top: 0, leading: 0, bottom: 0, trailing: 0)
    }

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// Insets of 0 on every edge.
    public static let zero = NSDirectionalEdgeInsets()
}

/// The direction of a user interface's layout.
///
/// Source: developer.apple.com/documentation/uikit/uiuserinterfacelayoutdirection
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight = 0
    case rightToLeft = 1
}
