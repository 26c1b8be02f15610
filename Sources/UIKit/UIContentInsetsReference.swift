/// The boundary from which content insets are measured (a compositional layout section's
/// ``NSCollectionLayoutSection/contentInsetsReference``, its configuration's
/// ``UICollectionViewCompositionalLayoutConfiguration/contentInsetsReference``).
///
/// Here (Apple's documentation does not say what `.automatic` resolves to, nor what the readable
/// content guide is off-device): `.automatic` and `.safeArea` are the collection view's
/// `safeAreaInsets`; `.layoutMargins` and `.readableContent` its `layoutMargins`; `.none` the
/// collection view's edges. Only the left and right edges of the boundary count (a vertically
/// scrolling layout; the top and bottom are the scroll view's `adjustedContentInset`).
///
/// Source: developer.apple.com/documentation/uikit/uicontentinsetsreference
public enum UIContentInsetsReference: Int, Sendable {
    /// The system picks the boundary: the safe area here.
    case automatic = 0
    /// No boundary: insets are measured from the collection view's edges.
    case none = 1
    /// The safe area.
    case safeArea = 2
    /// The layout margins.
    case layoutMargins = 3
    /// The readable content guide: the layout margins here.
    case readableContent = 4
}

extension UIContentInsetsReference {
    /// The leading and trailing insets of this boundary in `view` (pt); top and bottom 0.
    func _insets(in view: UIView?) -> NSDirectionalEdgeInsets {
        guard let view else { return .zero }
        let e: UIEdgeInsets
        switch self {
        case .none: return .zero
        case .automatic, .safeArea: e = view.safeAreaInsets
        case .layoutMargins, .readableContent: e = view.layoutMargins
        }
        return NSDirectionalEdgeInsets(top: 0, leading: e.left, bottom: 0, trailing: e.right)
    }
}
