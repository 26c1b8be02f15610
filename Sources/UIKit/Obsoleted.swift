// UIKit's Swift 3 names, renamed in Swift 4.2. As in the SDK they are declared obsoleted in 4.2,
// so Swift 4 language mode accepts them and Swift 5 reports the rename (with a fix-it).

@available(swift, obsoleted: 4.2, renamed: "UICollectionView.elementKindSectionHeader")
public let UICollectionElementKindSectionHeader: String = UICollectionView.elementKindSectionHeader

@available(swift, obsoleted: 4.2, renamed: "UICollectionView.elementKindSectionFooter")
public let UICollectionElementKindSectionFooter: String = UICollectionView.elementKindSectionFooter

@available(swift, obsoleted: 4.2, renamed: "UICollectionView.ElementCategory")
public typealias UICollectionElementCategory = UICollectionView.ElementCategory

@available(swift, obsoleted: 4.2, renamed: "UICollectionView.ScrollDirection")
public typealias UICollectionViewScrollDirection = UICollectionView.ScrollDirection

@available(swift, obsoleted: 4.2, renamed: "UIScrollView.ContentInsetAdjustmentBehavior")
public typealias UIScrollViewContentInsetAdjustmentBehavior = UIScrollView.ContentInsetAdjustmentBehavior

@available(swift, obsoleted: 4.2, renamed: "UICollectionViewUpdateItem.Action")
public typealias UICollectionUpdateAction = UICollectionViewUpdateItem.Action

@available(swift, obsoleted: 4.2, renamed: "UICollectionViewFlowLayout.SectionInsetReference")
public typealias UICollectionViewFlowLayoutSectionInsetReference = UICollectionViewFlowLayout.SectionInsetReference

@available(swift, obsoleted: 4.2, renamed: "UIEdgeInsets.init(top:left:bottom:right:)")
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

@available(swift, obsoleted: 4.2, renamed: "CGRect.inset(by:)")
public func UIEdgeInsetsInsetRect(_ rect: CGRect, _ insets: UIEdgeInsets) -> CGRect {
    rect.inset(by: insets)
}

@available(swift, obsoleted: 4.2, renamed: "UIEdgeInsets.zero")
public let UIEdgeInsetsZero = UIEdgeInsets.zero

@available(swift, obsoleted: 4.2, renamed: "UICollectionViewFlowLayout.automaticSize")
public let UICollectionViewFlowLayoutAutomaticSize = UICollectionViewFlowLayout.automaticSize
