/// What a compositional layout asks for each section: the section's index and the environment
/// (the collection view's size and traits); nil lays the section out empty.
///
/// Source: developer.apple.com/documentation/uikit/uicollectionviewcompositionallayoutsectionprovider
public typealias UICollectionViewCompositionalLayoutSectionProvider = (Int, NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// A layout made of sections, each a group repeated down the section, each group made of items
/// (``NSCollectionLayoutSection``, ``NSCollectionLayoutGroup``, ``NSCollectionLayoutItem``).
///
/// What runs here, vertical scrolling only (Apple's documentation describes the parts, not the
/// arithmetic; where it is silent, this is the assumption):
/// - `prepare()` lays out every section from scratch, top to bottom, `interSectionSpacing` of the
///   ``configuration`` apart.
/// - The section provider (or the one section) is asked for each section with an environment
///   whose container is the collection view: `contentSize` its bounds' size, `contentInsets`
///   zero, `effectiveContentInsets` the leading and trailing of the configuration's
///   `contentInsetsReference` boundary. A nil section lays out as an empty one with no insets.
/// - A custom group's item provider is called with an environment whose container is the
///   section's content area: width the collection view's width minus the section's
///   `contentInsetsReference` boundary and `contentInsets` (leading, trailing), height the
///   collection view's height; its insets are zero. The section's group size resolves against
///   that same container.
/// - Groups repeat down the section, consuming the section's items in order, until the section's
///   item count is used (a group that places no item ends the section; the rest get no
///   attributes). See ``NSCollectionLayoutSection`` and ``NSCollectionLayoutGroup``.
/// - ``collectionViewContentSize`` is (collection view's width, bottom of the last section);
///   ``layoutAttributesForElements(in:)`` answers cells whose frame `intersects` the rect
///   (`CGRect.intersects`: touching counts); ``layoutAttributesForItem(at:)`` looks the cell up.
/// - A bounds change of size invalidates the layout; a scroll does not.
/// - Not modelled: headers, footers and other supplementary or decoration items, orthogonal
///   scrolling, self-sizing, horizontal scrolling, right-to-left layout.
///
/// Source: developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    private let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider

    /// The layout's settings. Setting it invalidates the layout.
    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }

    /// A layout whose every section is `section`.
    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    /// A layout whose every section is `section`, with `configuration`.
    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        sectionProvider = { _, _ in section }
        self.configuration = configuration
        super.init()
    }

    /// A layout that asks `sectionProvider` for each section.
    public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    /// A layout that asks `sectionProvider` for each section, with `configuration`.
    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
                configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    /// No archives here: a layout with no sections.
    public required init?(coder: NSCoder) {
        sectionProvider = { _, _ in nil }
        configuration = UICollectionViewCompositionalLayoutConfiguration()
        super.init(coder: coder)
    }

    private var cells: [[UICollectionViewLayoutAttributes]] = []
    private var contentSize: CGSize = .zero

    open override func prepare() {
        super.prepare()
        cells = []
        contentSize = .zero
        guard let view = collectionView else { return }
        let bounds = view.bounds.size
        let traits = view.traitCollection
        let outer = _CollectionLayoutContainer(contentSize: bounds, contentInsets: .zero,
                                               effectiveContentInsets: configuration.contentInsetsReference._insets(in: view))
        let environment = _CollectionLayoutEnvironment(container: outer, traitCollection: traits)
        var top: CGFloat = 0
        let sectionCount = view.numberOfSections
        for s in 0..<sectionCount {
            if s > 0 { top += configuration.interSectionSpacing }
            let count = view.numberOfItems(inSection: s)
            var attributes: [UICollectionViewLayoutAttributes] = []
            defer { cells.append(attributes) }
            guard let section = sectionProvider(s, environment) else { continue }
            let reference = section.contentInsetsReference._insets(in: view)
            let insets = section.contentInsets
            let left = reference.leading + insets.leading
            let width = bounds.width - reference.leading - reference.trailing - insets.leading - insets.trailing
            let area = CGSize(width: width, height: bounds.height)
            let inner = _CollectionLayoutEnvironment(container: _CollectionLayoutContainer(contentSize: area), traitCollection: traits)
            var y = top + insets.top
            var first = true
            while attributes.count < count {
                let origin = CGPoint(x: left, y: first ? y : y + section.interGroupSpacing)
                let (placed, size) = section.group._layout(at: origin, in: area, limit: count - attributes.count, environment: inner)
                if placed.isEmpty { break }
                for cell in placed {
                    let a = makeAttributes(IndexPath(item: attributes.count, section: s))
                    a.frame = cell.frame
                    a.zIndex = cell.zIndex
                    attributes.append(a)
                }
                y = origin.y + size.height
                first = false
            }
            top = y + insets.bottom
        }
        contentSize = CGSize(width: bounds.width, height: top)
    }

    private func makeAttributes(_ indexPath: IndexPath) -> UICollectionViewLayoutAttributes {
        let cls = (type(of: self).layoutAttributesClass as? UICollectionViewLayoutAttributes.Type) ?? UICollectionViewLayoutAttributes.self
        return cls.init(forCellWith: indexPath)
    }

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cells.flatMap { $0.filter { $0.frame.intersects(rect) } }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, cells.indices.contains(indexPath.section),
              cells[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return cells[indexPath.section][indexPath.item]
    }

    /// True when the size changes (the sections depend on the width); false for a scroll.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let view = collectionView else { return false }
        return newBounds.size != view.bounds.size
    }
}
