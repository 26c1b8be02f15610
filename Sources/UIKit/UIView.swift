// UIView and the view classes a collection view layout meets: UIScrollView,
// UICollectionReusableView, UICollectionViewCell. Geometry only: no drawing, no layers, no
// transforms (so `frame` is always derived from `center` and `bounds.size`).

/// A rectangular view: geometry, hierarchy, margins, safe area and traits.
///
/// `frame` is derived from ``center`` and ``bounds``'s size, as in UIKit without a transform;
/// setting it sets both. What a window or device decides and UIKit keeps read-only (the safe area,
/// the trait collection) is set by a test driver with ``_setSafeAreaInsets(_:)`` and
/// ``_setTraitCollection(_:)``.
///
/// Source: developer.apple.com/documentation/uikit/uiview
open class UIView: NSObject {
    /// A view with frame `frame` (pt).
    public init(frame: CGRect) {
        _bounds = CGRect(origin: .zero, size: frame.size)
        _center = CGPoint(x: frame.midX, y: frame.midY)
        super.init()
    }

    /// A view with a zero frame: there are no archives to decode here.
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// A view with frame `.zero`.
    public convenience override init() {
        self.init(frame: .zero)
    }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates (pt): ``center`` ± half of
    /// ``bounds``'s size. Setting it sets the centre and the bounds' size (keeping the bounds'
    /// origin).
    open var frame: CGRect {
        get {
            CGRect(x: _center.x - _bounds.width / 2, y: _center.y - _bounds.height / 2,
                   width: _bounds.width, height: _bounds.height)
        }
        set {
            bounds = CGRect(origin: _bounds.origin, size: newValue.size)
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    /// The view's rectangle in its own coordinates (pt). For a scroll view its origin is the
    /// content offset. A change calls ``_boundsWillChange(to:)`` first.
    open var bounds: CGRect {
        get { _bounds }
        set {
            guard newValue != _bounds else { return }
            _boundsWillChange(to: newValue)
            _bounds = newValue
            setNeedsLayout()
        }
    }

    /// The centre of ``frame`` in the superview's coordinates (pt).
    open var center: CGPoint {
        get { _center }
        set { _center = newValue }
    }

    /// Called before ``bounds`` changes to `newBounds`; `bounds` still has the old value.
    /// **Not UIKit API**: where `UICollectionView` asks its layout whether the change invalidates it.
    open func _boundsWillChange(to newBounds: CGRect) {}

    /// Sets the bounds without ``_boundsWillChange(to:)`` or a layout request.
    func _setBoundsSilently(_ newBounds: CGRect) { _bounds = newBounds }

    private var _bounds: CGRect = .zero
    private var _center: CGPoint = .zero

    // MARK: Hierarchy

    /// The view this view is a subview of, held weakly.
    open private(set) weak var superview: UIView?
    /// The subviews, back to front.
    open private(set) var subviews: [UIView] = []

    /// Adds `view` at the front, first removing it from its current superview.
    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    /// Removes the view from its superview; nothing if it has none.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    // MARK: Margins, safe area, traits

    /// The view's layout margins (pt). Default 8 on each edge, "for most views" (Apple). When
    /// ``insetsLayoutMarginsFromSafeArea`` is true (the default), an edge's margin is at least
    /// that edge's ``safeAreaInsets``, keeping margins inside the safe area.
    ///
    /// Source: developer.apple.com/documentation/uikit/uiview/layoutmargins,
    /// …/uiview/insetslayoutmarginsfromsafearea
    open var layoutMargins: UIEdgeInsets {
        get {
            guard insetsLayoutMarginsFromSafeArea else { return _layoutMargins }
            let s = safeAreaInsets, m = _layoutMargins
            return UIEdgeInsets(top: max(m.top, s.top), left: max(m.left, s.left),
                                bottom: max(m.bottom, s.bottom), right: max(m.right, s.right))
        }
        set {
            _layoutMargins = newValue
            layoutMarginsDidChange()
        }
    }

    /// ``layoutMargins`` in leading/trailing terms (leading is left: layouts here are
    /// left-to-right).
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let m = layoutMargins
            return NSDirectionalEdgeInsets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right)
        }
        set {
            layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing)
        }
    }

    /// Whether margins are kept inside the safe area. Default true.
    open var insetsLayoutMarginsFromSafeArea = true

    /// Called after ``layoutMargins`` changes; the default does nothing.
    open func layoutMarginsDidChange() {}

    /// The insets of the area not covered by bars, notches or the home indicator (pt). UIKit
    /// derives them from the window; here they are `.zero` until ``_setSafeAreaInsets(_:)``.
    open var safeAreaInsets: UIEdgeInsets { _safeAreaInsets }

    /// Called after ``safeAreaInsets`` changes; the default does nothing.
    open func safeAreaInsetsDidChange() {}

    /// The view's traits: those set with ``_setTraitCollection(_:)``, else the superview's, else
    /// the main screen's (as for a view in a window on `UIScreen.main`).
    open var traitCollection: UITraitCollection {
        _traitCollection ?? superview?.traitCollection ?? UIScreen.main.traitCollection
    }

    /// Called after ``traitCollection`` changes; the default does nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Sets the safe area, as the window would, and calls ``safeAreaInsetsDidChange()``.
    /// **Not UIKit API.**
    public func _setSafeAreaInsets(_ insets: UIEdgeInsets) {
        _safeAreaInsets = insets
        safeAreaInsetsDidChange()
        setNeedsLayout()
    }

    /// Sets the view's trait collection, as the window would (nil: inherit again), and calls
    /// ``traitCollectionDidChange(_:)`` with the previous one. **Not UIKit API.**
    public func _setTraitCollection(_ traits: UITraitCollection?) {
        let previous = traitCollection
        _traitCollection = traits
        traitCollectionDidChange(previous)
        setNeedsLayout()
    }

    private var _layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    private var _safeAreaInsets: UIEdgeInsets = .zero
    private var _traitCollection: UITraitCollection?

    // MARK: Layout

    /// Marks the view as needing ``layoutSubviews()`` at the next ``layoutIfNeeded()``.
    open func setNeedsLayout() { needsLayout = true }

    /// Runs ``layoutSubviews()`` if the view needs layout, then does the same for its subviews.
    open func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for view in subviews { view.layoutIfNeeded() }
    }

    /// Lays out the view's content; the default does nothing.
    open func layoutSubviews() {}

    private var needsLayout = true
}

/// A view that scrolls its content: ``contentOffset`` is the origin of `bounds`.
///
/// Deviation: no `delegate` property, because Swift cannot let `UICollectionView.delegate`
/// (a `UICollectionViewDelegate?`) override it as the SDK's Objective-C declaration does; a
/// collection view tells its own delegate `scrollViewDidScroll(_:)`.
///
/// Source: developer.apple.com/documentation/uikit/uiscrollview
open class UIScrollView: UIView {
    /// How the safe area adds to ``contentInset`` in ``adjustedContentInset``.
    ///
    /// Source: developer.apple.com/documentation/uikit/uiscrollview/contentinsetadjustmentbehavior-swift.enum
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// As `.scrollableAxes` here (the view-controller cases of UIKit do not arise).
        case automatic
        /// Adds the safe area on the scrollable axes only.
        case scrollableAxes
        /// Never adds the safe area.
        case never
        /// Always adds the safe area.
        case always
    }

    /// The point of the content at the view's top-left corner (pt): `bounds.origin`. Setting it
    /// changes `bounds` (which asks a collection view's layout about the change).
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            bounds.origin = newValue
            _didScroll()
        }
    }

    /// Sets ``contentOffset``; `animated` has no effect here.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
    }

    /// The size of the content (pt). Default `.zero`. A collection view sets it from its layout.
    open var contentSize: CGSize = .zero

    /// Extra space around the content (pt). Default `.zero`.
    open var contentInset: UIEdgeInsets = .zero {
        didSet { adjustedContentInsetDidChange() }
    }

    /// How ``adjustedContentInset`` adds the safe area. Default `.automatic`.
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic

    /// Whether to bounce vertically even when the content is not taller than the view. Default false.
    open var alwaysBounceVertical = false
    /// Whether to bounce horizontally even when the content is not wider than the view. Default false.
    open var alwaysBounceHorizontal = false
    /// Whether scrolling is on. Default true.
    open var isScrollEnabled = true

    /// ``contentInset`` plus the safe area insets that ``contentInsetAdjustmentBehavior`` adds:
    /// `.never` none, `.always` all, `.scrollableAxes` and `.automatic` the top and bottom ones when
    /// the content scrolls vertically (taller than `bounds` or ``alwaysBounceVertical``) and the
    /// left and right ones when it scrolls horizontally.
    ///
    /// Source: developer.apple.com/documentation/uikit/uiscrollview/adjustedcontentinset
    open var adjustedContentInset: UIEdgeInsets {
        let safe = safeAreaInsets
        var inset = contentInset
        let vertical: Bool, horizontal: Bool
        switch contentInsetAdjustmentBehavior {
        case .never:
            return inset
        case .always:
            (vertical, horizontal) = (true, true)
        case .automatic, .scrollableAxes:
            vertical = alwaysBounceVertical || contentSize.height > bounds.height
            horizontal = alwaysBounceHorizontal || contentSize.width > bounds.width
        }
        if vertical { inset.top += safe.top; inset.bottom += safe.bottom }
        if horizontal { inset.left += safe.left; inset.right += safe.right }
        return inset
    }

    /// Called when ``adjustedContentInset`` may have changed; the default does nothing.
    open func adjustedContentInsetDidChange() {}

    open override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        adjustedContentInsetDidChange()
    }

    /// Called after ``contentOffset`` changes. **Not UIKit API.**
    func _didScroll() {}
}

/// A view that a collection view places at one element's attributes (cells, headers, footers).
///
/// Source: developer.apple.com/documentation/uikit/uicollectionreusableview
open class UICollectionReusableView: UIView {
    /// The identifier the view was registered with; nil here, where views are not dequeued.
    open var reuseIdentifier: String? { nil }

    /// Called before the view is reused; the default does nothing.
    open func prepareForReuse() {}

    /// Applies `layoutAttributes` to the view; the default does nothing (the frame is the
    /// collection view's business).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// The attributes the view would like for self-sizing. Default: `layoutAttributes` unchanged.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        layoutAttributes
    }
}

/// A collection view's cell.
///
/// Source: developer.apple.com/documentation/uikit/uicollectionviewcell
open class UICollectionViewCell: UICollectionReusableView {
    /// The view that holds the cell's content; same size as the cell.
    open private(set) lazy var contentView: UIView = {
        let view = UIView(frame: bounds)
        addSubview(view)
        return view
    }()

    /// Whether the cell is selected. Default false.
    open var isSelected = false
    /// Whether the cell is highlighted. Default false.
    open var isHighlighted = false
}
