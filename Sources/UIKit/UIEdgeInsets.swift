/// Inset distances for the edges of a rectangle, in points (pt). Positive values shrink the
/// rectangle, negative values grow it.
///
/// Source: developer.apple.com/documentation/uikit/uiedgeinsets
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    /// The inset at the top edge (pt).
    public var top: CGFloat
    /// The inset at the left edge (pt).
    public var left: CGFloat
    /// The inset at the bottom edge (pt).
    public var bottom: CGFloat
    /// The inset at the right edge (pt).
    public var right: CGFloat

    /// Insets of 0 on every edge.
    public init() {
        self.init(top: 0, left: 0, bottom: 0, right: 0)
    }

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Insets of 0 on every edge (`UIEdgeInsetsZero`).
    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle shrunk by `insets`: origin moved by (left, top), size reduced by
    /// (left + right, top + bottom). No standardisation, as UIKit's `UIEdgeInsetsInsetRect`, so
    /// insets larger than the rectangle give a negative size.
    ///
    /// Source: developer.apple.com/documentation/corefoundation/cgrect/inset(by:)-1ymo7
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left,
               y: origin.y + insets.top,
               width: size.width - (insets.left + insets.right),
               height: size.height - (insets.top + insets.bottom))
    }
}
