/// UIKit's line-based grid layout: its properties, with UIKit's defaults, for subclasses and
/// for the `UICollectionViewDelegateFlowLayout` fallbacks.
///
/// **Not ported: the flow placement itself.** This class does not compute UIKit's lines; it
/// inherits `UICollectionViewLayout`'s lookups (nil) and content size (`.zero`). Every waterfall
/// layout that subclasses it (zenangst/Blueprints) overrides `prepare()` and the lookups. Changing a
/// property invalidates the layout, as in UIKit.
///
/// Source: developer.apple.com/documentation/uikit/uicollectionviewflowlayout
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// How a section's insets are measured.
    ///
    /// Source: developer.apple.com/documentation/uikit/uicollectionviewflowlayout/sectioninsetreference-swift.enum
    public enum SectionInsetReference: Int, Sendable {
        /// From the content inset (`contentInset`) of the collection view.
        case fromContentInset
        /// From the safe area.
        case fromSafeArea
        /// From the layout margins.
        case fromLayoutMargins
    }

    /// The value of ``itemSize`` or ``estimatedItemSize`` that asks for self-sizing cells:
    /// `CGFloat.greatestFiniteMagnitude` in both dimensions (UIKit's value is not documented).
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    /// The spacing between lines (rows when scrolling vertically), pt. Default 10.
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The minimum spacing between items of a line, pt. Default 10.
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The size of each cell when the delegate does not give one, pt. Default 50 × 50.
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// The estimated size of cells; `.zero` (the default) turns self-sizing off.
    open var estimatedItemSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// The scrolling direction. Default `.vertical`.
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical { didSet { invalidateLayout() } }
    /// The size of each section header (its height when scrolling vertically), pt. Default `.zero`.
    open var headerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// The size of each section footer, pt. Default `.zero`.
    open var footerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// The margins around the items of each section, pt. Default `.zero`.
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    /// What ``sectionInset`` is measured from. Default `.fromContentInset`.
    open var sectionInsetReference: SectionInsetReference = .fromContentInset { didSet { invalidateLayout() } }
    /// Whether headers pin to the top of the visible bounds while scrolling. Default false.
    open var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    /// Whether footers pin to the bottom of the visible bounds while scrolling. Default false.
    open var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }

    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// `UICollectionViewFlowLayoutInvalidationContext.self`.
    open override class var invalidationContextClass: AnyClass {
        UICollectionViewFlowLayoutInvalidationContext.self
    }
}
