import Testing
@testable import WaterfallCheckUIKitRewrite

/// One test (or more) per rule, on hand-written inputs modelled on real layouts' patterns.
@Suite struct UIKitRewriteRuleTests {
    // MARK: Rule 1

    @Test func objcAttributesGoKeepingTheLineLayout() {
        let input = """
        @objc public class Layout: NSObject {
            @objc
            public var a = 1
            @objc(setColumns:) func set(_ n: Int) {}
            @objc dynamic var b = 2
            dynamic var c = 3
            @objc @IBAction func tap() {}
        }
        @objcMembers class M: NSObject {
            dynamic var d = 4
        }

        """
        let out = rewriteAll([("A.swift", input)])[0]
        #expect(out.text == """
        public class Layout: NSObject {
            public var a = 1
            func set(_ n: Int) {}
            var b = 2
            dynamic var c = 3
            @IBAction func tap() {}
        }
        class M: NSObject {
            var d = 4
        }

        """)
        #expect(out.rules() == [.objcAttribute, .objcAttribute, .objcAttribute, .objcAttribute, .objcDynamic, .objcAttribute, .objcAttribute, .objcDynamic])
        #expect(out.changes[2].before == "@objc(setColumns:) ")
        #expect(out.findings.map(\.kind) == [.interfaceBuilder])
    }

    // MARK: Rule 2

    @Test func formerlyObjcProtocolsBecomeClassBound() {
        let input = """
        @objc protocol A { func f() }
        @objc protocol B: C { func g() }
        @objc protocol D: UICollectionViewDelegate {}
        @objc protocol E: A {}
        @objc protocol F: class {}
        protocol C {}
        protocol G { var x: Int { get } }

        """
        let out = rewriteAll([("A.swift", input)])[0]
        #expect(out.text == """
        protocol A: AnyObject { func f() }
        protocol B: AnyObject, C { func g() }
        protocol D: UICollectionViewDelegate {}
        protocol E: A {}
        protocol F: class {}
        protocol C {}
        protocol G { var x: Int { get } }

        """)
        #expect(out.rules().filter { $0 == .classBound }.count == 2)
    }

    // MARK: Rule 3

    @Test func optionalRequirementsBecomeRequiredWithOptionalResults() {
        let input = """
        @objc protocol P: NSObjectProtocol {
            func required(_ x: Int) -> Int
            @objc optional func count(for section: Int) -> Int
            @objc optional func size(_ a: Int,
                                     at b: Int) -> CGSize
            @objc optional func done(_ x: Int)
            @objc optional func maybe() -> String?
            @objc optional func forced() -> String!
            @objc optional func maker() -> (Int) -> Int
            @objc optional func thrower() throws -> [Int: String]
            @objc optional var title: String { get }
            @objc optional var both: Int { get set }
        }

        """
        let out = rewriteAll([("A.swift", input)])[0]
        #expect(out.text == """
        protocol P: NSObjectProtocol {
            func required(_ x: Int) -> Int
            func count(for section: Int) -> Int?
            func size(_ a: Int,
                                     at b: Int) -> CGSize?
            func done(_ x: Int) -> Void?
            func maybe() -> String?
            func forced() -> String?
            func maker() -> ((Int) -> Int)?
            func thrower() throws -> [Int: String]?
            var title: String? { get }
            var both: Int? { get set }
        }

        """)
        #expect(out.rules().filter { $0 == .optionalRequirement }.count == 9)
        // `maybe` was already Optional: no result change.
        #expect(out.rules().filter { $0 == .optionalResult }.count == 8)
        // No default implementation is ever synthesised.
        #expect(!out.text.contains("extension"))
    }

    // MARK: Rule 4 (one file)

    @Test func callSitesLoseTheirOptionalMark() {
        let input = """
        @objc protocol D: AnyObject {
            @objc optional func columns(in section: Int) -> Int
            @objc optional func ping()
        }
        final class L {
            weak var delegate: D?
            var cv: UICollectionView!
            func run(d: D, s: Int) {
                let a = delegate?.columns?(in: s) ?? 1
                let b = d.columns!(in: s) + 1
                delegate?.ping?()
                let c = cv.dataSource?.numberOfSections?(in: cv) ?? 1
                let h = (cv.delegate as? UICollectionViewDelegateFlowLayout)?.collectionView?(cv, layout: self,
                    referenceSizeForHeaderInSection: s)
                let k = handler?(s)
                let u = delegate?.columns?(from: s)
                print("delegate?.columns?(in: s)", a, b, c, h, k, u)
            }
            var handler: ((Int) -> Int)?
        }

        """
        let out = rewriteAll([("A.swift", input)])[0]
        #expect(out.text.contains("let a = delegate?.columns(in: s) ?? 1"))
        #expect(out.text.contains("let b = d.columns(in: s)! + 1"))
        #expect(out.text.contains("delegate?.ping()\n"))
        #expect(out.text.contains("cv.dataSource?.numberOfSections(in: cv) ?? 1"))
        #expect(out.text.contains("?.collectionView(cv, layout: self,"))
        // A closure property and the string are left alone; an unknown signature is a finding.
        #expect(out.text.contains("let k = handler?(s)"))
        #expect(out.text.contains("print(\"delegate?.columns?(in: s)\""))
        #expect(out.text.contains("delegate?.columns?(from: s)"))
        #expect(out.findings.map(\.kind) == [.optionalCall])
        #expect(out.rules().filter { $0 == .optionalCall }.count == 5)
    }

    // MARK: Rule 4 (across files) and the conformer finding

    @Test func callSitesAreFoundAcrossFiles() {
        let proto = """
        @objc public protocol WaterfallDelegate: UICollectionViewDelegate {
            @objc optional func collectionView(_ cv: UICollectionView, layout: UICollectionViewLayout, columnCountFor section: Int) -> Int
        }

        """
        let layout = """
        final class Waterfall: UICollectionViewLayout {
            weak var delegate: WaterfallDelegate?
            func columns(_ s: Int) -> Int {
                delegate?.collectionView?(collectionView!, layout: self, columnCountFor: s) ?? 2
            }
        }
        final class Demo: NSObject, WaterfallDelegate {}

        """
        let out = rewriteAll([("P.swift", proto), ("L.swift", layout)])
        #expect(out[1].text.contains("delegate?.collectionView(collectionView!, layout: self, columnCountFor: s) ?? 2"))
        #expect(out[1].rules() == [.optionalCall])
        #expect(out[1].findings.map(\.kind) == [.conformer])
        #expect(out[1].findings[0].message.contains("collectionView(_:layout:columnCountFor:)"))
    }

    // MARK: Rule 5

    @Test func overrideInExtensionMovesIntoTheClass() {
        let base = """
        open class Grid: UICollectionViewFlowLayout {
            var cache: [Int] = []
            override open func prepare() {
                @objc func nested() {}
            }
        }

        """
        let ext = """
        import UIKit

        public extension Grid {
            /// Looks up a header.
            override func layoutAttributesForSupplementaryView(ofKind kind: String,
                                                               at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                return cache.isEmpty ? nil : UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionElementKindSectionHeader, with: indexPath)
            }

            func helper() {}
        }
        extension UICollectionViewFlowLayout {
            override open func invalidateLayout() {}
        }

        """
        let out = rewriteAll([("Grid.swift", base), ("Grid+Ext.swift", ext)])
        #expect(out[0].text == """
        open class Grid: UICollectionViewFlowLayout {
            var cache: [Int] = []
            override open func prepare() {
                func nested() {}
            }

            /// Looks up a header.
            public override func layoutAttributesForSupplementaryView(ofKind kind: String,
                                                               at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                return cache.isEmpty ? nil : UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, with: indexPath)
            }
        }

        """)
        #expect(out[1].text == """
        import UIKit

        public extension Grid {

            func helper() {}
        }
        extension UICollectionViewFlowLayout {
            override open func invalidateLayout() {}
        }

        """)
        #expect(out[0].rules() == [.objcAttribute, .extensionOverride])
        // The rename inside the moved member is listed where it was written.
        #expect(out[1].rules() == [.extensionOverride, .swift3Name])
        #expect(out[1].findings.map(\.kind) == [.extensionOverride])
        #expect(out[1].findings[0].message.contains("UICollectionViewFlowLayout"))
    }

    @Test func overrideUnderIfKeepsItsCondition() {
        let base = "class K: UICollectionViewLayout {\n}\n"
        let ext = "#if os(tvOS)\nextension K {\n  override func prepare() {}\n}\n#endif\n"
        let out = rewriteAll([("K.swift", base), ("E.swift", ext)])
        #expect(out[0].text == "class K: UICollectionViewLayout {\n\n  #if os(tvOS)\n  override func prepare() {}\n  #endif\n}\n")
        #expect(out[1].text == "#if os(tvOS)\n#endif\n")  // the emptied extension goes (UIKitRewriteFollowUpTests)
    }

    // MARK: Rule 6

    @Test func swift3NamesAreRenamed() {
        let input = """
        let k = UICollectionElementKindSectionHeader
        let f: String = UICollectionElementKindSectionFooter // UICollectionElementKindSectionFooter
        let c: UICollectionElementCategory = .cell
        let i = UIEdgeInsetsMake(1, 2 + x, f(3, 4), 4)
        let r = UIEdgeInsetsInsetRect(bounds, UIEdgeInsetsMake(0, 0, 0, 0))
        let q = UIEdgeInsetsInsetRect(a.frame ?? .zero, UIEdgeInsetsZero)
        let d: UICollectionViewScrollDirection = .vertical
        let s = UICollectionViewFlowLayoutAutomaticSize
        let t = "UIEdgeInsetsZero"
        let m = foo.UIEdgeInsetsZero

        """
        let out = rewriteAll([("A.swift", input)])[0]
        #expect(out.text == """
        let k = UICollectionView.elementKindSectionHeader
        let f: String = UICollectionView.elementKindSectionFooter // UICollectionElementKindSectionFooter
        let c: UICollectionView.ElementCategory = .cell
        let i = UIEdgeInsets(top: 1, left: 2 + x, bottom: f(3, 4), right: 4)
        let r = bounds.inset(by: UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        let q = (a.frame ?? .zero).inset(by: UIEdgeInsets.zero)
        let d: UICollectionView.ScrollDirection = .vertical
        let s = UICollectionViewFlowLayout.automaticSize
        let t = "UIEdgeInsetsZero"
        let m = foo.UIEdgeInsetsZero

        """)
        #expect(Set(out.rules()) == [.swift3Name])
    }

    @Test func namesTheFilesDeclareAreKept() {
        let input = "let UIEdgeInsetsZero = UIEdgeInsets()\nlet z = UIEdgeInsetsZero\n"
        let out = rewriteOne(input)
        #expect(out.text == input)
        #expect(out.findings.map(\.kind) == [.swift3Name])
    }

    // MARK: Rule 7

    @Test func objcRuntimeUsesAreFindingsNotChanges() {
        let input = """
        #if os(iOS)
        import UIKit
        #endif
        final class T: NSObject {
            func go(_ d: AnyObject) {
                if d.responds(to: #selector(go(_:))) { _ = d.perform(#selector(go(_:)), with: nil) }
                let s = NSSelectorFromString("go:")
                let v = value(forKey: "x")
                let p = #keyPath(T.description)
            }
        }

        """
        let out = rewriteOne(input)
        #expect(out.text == input)
        #expect(out.changes.isEmpty)
        #expect(out.findings.map(\.kind) == [.platformCondition, .runtime, .selector, .runtime, .selector, .selector, .runtime, .selector])
        #expect(out.findings[1].line == 6 && out.findings[1].column == 14)
    }
}
