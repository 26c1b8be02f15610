// The mechanical rewrite that lets iOS UICollectionViewLayout files compile on Linux against the
// project's UIKit module (docs/uikit-rewrite.md). No SwiftSyntax: a small lexer (Lexer/) finds
// code, strings and comments exactly; the rules (Rewriter/) edit code only.

/// Rewrites the Objective-C-only parts of a module's Swift files so they compile on Linux.
///
/// The rewrite is mechanical and conservative: every byte it does not list as a `Change` stays
/// as it was, it never synthesises code, and what it cannot do is reported as a `Finding`. It
/// is idempotent: rewriting its own output changes nothing.
public enum UIKitRewrite {
    /// What the rewrite assumes about UIKit and the Swift 3 names. The defaults suit the
    /// project's UIKit module.
    public struct Options: Sendable {
        /// UIKit's optional protocol methods (full names) whose calls lose their `?`/`!`: the
        /// UIKit module declares them as plain requirements with UIKit's documented fallback as
        /// the default implementation.
        public var uikitOptionalMethods: Set<String>
        /// Protocols known to be class-bound (besides those the files declare and the naming
        /// rule `UI…Delegate` / `UI…DataSource` / `NS…Protocol`).
        public var classBoundProtocols: Set<String>
        /// Swift 3 name → Swift 4.2 name, whole identifiers only. `UIEdgeInsetsMake` and
        /// `UIEdgeInsetsInsetRect`, which change shape, are built in.
        public var swift3Renames: [String: String]

        public init(uikitOptionalMethods: Set<String> = UIKitRewrite.uikitOptionalMethods,
                    classBoundProtocols: Set<String> = [],
                    swift3Renames: [String: String] = UIKitRewrite.swift3Renames) {
            self.uikitOptionalMethods = uikitOptionalMethods
            self.classBoundProtocols = classBoundProtocols
            self.swift3Renames = swift3Renames
        }
    }

    /// UIKit's optional protocol methods that layouts call (UICollectionViewDelegateFlowLayout,
    /// UICollectionViewDataSource, UICollectionViewDelegate, UIScrollViewDelegate).
    public static let uikitOptionalMethods: Set<String> = [
        // UICollectionViewDelegateFlowLayout
        "collectionView(_:layout:sizeForItemAt:)",
        "collectionView(_:layout:insetForSectionAt:)",
        "collectionView(_:layout:minimumLineSpacingForSectionAt:)",
        "collectionView(_:layout:minimumInteritemSpacingForSectionAt:)",
        "collectionView(_:layout:referenceSizeForHeaderInSection:)",
        "collectionView(_:layout:referenceSizeForFooterInSection:)",
        // UICollectionViewDataSource
        "numberOfSections(in:)",
        "collectionView(_:viewForSupplementaryElementOfKind:at:)",
        "collectionView(_:canMoveItemAt:)",
        "collectionView(_:moveItemAt:to:)",
        // UICollectionViewDelegate
        "collectionView(_:targetIndexPathForMoveFromItemAt:toProposedIndexPath:)",
        "collectionView(_:targetContentOffsetForProposedContentOffset:)",
        "collectionView(_:transitionLayoutForOldLayout:newLayout:)",
        // UIScrollViewDelegate
        "scrollViewDidScroll(_:)",
        "scrollViewWillBeginDragging(_:)",
        "scrollViewDidEndDragging(_:willDecelerate:)",
        "scrollViewDidEndDecelerating(_:)",
    ]

    /// Swift 3 UIKit names and their Swift 4.2 names, as Xcode's migrator renames them.
    public static let swift3Renames: [String: String] = [
        "UICollectionElementKindSectionHeader": "UICollectionView.elementKindSectionHeader",
        "UICollectionElementKindSectionFooter": "UICollectionView.elementKindSectionFooter",
        "UICollectionElementCategory": "UICollectionView.ElementCategory",
        "UICollectionViewScrollDirection": "UICollectionView.ScrollDirection",
        "UICollectionViewScrollPosition": "UICollectionView.ScrollPosition",
        "UICollectionViewFlowLayoutAutomaticSize": "UICollectionViewFlowLayout.automaticSize",
        "UICollectionViewFlowLayoutSectionInsetReference": "UICollectionViewFlowLayout.SectionInsetReference",
        "UICollectionUpdateAction": "UICollectionViewUpdateItem.Action",
        "UIEdgeInsetsZero": "UIEdgeInsets.zero",
    ]

    /// Rewrites the files of one module together: a protocol's optional methods may be declared
    /// in one file and called in another, and an extension's override may move to another file.
    ///
    /// The rules, in the order they are applied (each a `Rule`; docs/uikit-rewrite.md):
    /// 1. delete `@objc`, `@objc(name)`, `@objcMembers`, and `dynamic` beside them;
    /// 2. make formerly `@objc` protocols class-bound;
    /// 3. make `optional` requirements required with an Optional result (`-> T?`, `-> Void?`);
    /// 4. drop the `?`/`!` of calls of those methods and of UIKit's optional methods;
    /// 6. rename Swift 3 UIKit names;
    /// 7. report what needs a hand edit (`#selector`, `responds(to:)`, conformers, …);
    /// 5. move overrides out of extensions into their class (last: it carries the other
    ///    rules' edits inside the member along).
    ///
    /// - Parameter files: the module's files, path and text. Paths are only reported and must be unique.
    /// - Returns: one `RewrittenFile` per input, in input order.
    /// - Complexity: O(n + c·e) for n bytes in all, c changes and e edits per file.
    public static func rewrite(files: [(path: String, text: String)], options: Options = Options()) -> [RewrittenFile] {
        let r = Rewriter(files: files, options: options)
        let decls = r.files.map { $0.typeDeclarations() }
        var removals = r.objcRemovals(decls)
        r.classBoundProtocols(decls)
        let optional = r.optionalRequirements(decls)
        removals += optional.removals
        r.applyRemovals(removals)
        r.optionalCalls(local: optional.methods)
        r.implementationTests(local: optional.methods)
        r.swift3Names()
        r.objcFindings(decls, optionalByProtocol: optional.byProtocol)
        r.extensionOverrides(decls)
        return r.results()
    }
}
