import Testing
@testable import WaterfallCheckUIKitRewrite

/// Issue 32 follow-ups, from rewriting zenangst/Blueprints: an extension emptied by the move is
/// removed, the move's account names the whole path, and Objective-C runtime findings are not
/// reported for code compiled only where the runtime exists (macOS).
@Suite("uikit-rewrite follow-ups")
struct UIKitRewriteFollowUpTests {
    @Test("an extension whose only members were moved into the class is removed; comments above it stay")
    func emptiedExtensionRemoved() {
        let base = "class K: UICollectionViewLayout {\n}\n"
        let ext = "import UIKit\n\n// MARK: - K\nextension K {\n  /// Prepares.\n  override func prepare() {}\n  override func invalidateLayout() {}\n}\n"
        let out = rewriteAll([("K.swift", base), ("E.swift", ext)])
        #expect(out[0].text == "class K: UICollectionViewLayout {\n\n  /// Prepares.\n  override func prepare() {}\n\n  override func invalidateLayout() {}\n}\n")
        #expect(out[1].text == "import UIKit\n\n// MARK: - K\n")
        let list = UIKitRewrite.render(out)
        #expect(list.contains(#"E.swift:4:1: extension-override: "" -> "extension K { } removed: its only members moved into class K (K.swift)""#), "\(list)")
        // Counted as two moves, not three.
        #expect(UIKitRewrite.summary(out).contains("extension-override: 2 moved"), "\(UIKitRewrite.summary(out))")
    }

    @Test("an extension that declares a conformance, keeps another member or a comment, or an override not moved, stays")
    func extensionsThatStay() {
        let base = "class K: UICollectionViewLayout {\n}\n"
        let conformance = rewriteAll([("K.swift", base), ("E.swift", "extension K: P {\n  override func prepare() {}\n}\n")])
        #expect(conformance[1].text == "extension K: P {\n}\n")
        // A comment apart from the member (a blank line between) is not the member's: it stays.
        let comment = rewriteAll([("K.swift", base), ("E.swift", "extension K {\n  // TODO: more\n\n  override func prepare() {}\n}\n")])
        #expect(comment[1].text == "extension K {\n  // TODO: more\n\n}\n")
        let other = rewriteAll([("K.swift", base), ("E.swift", "extension K {\n  override func prepare() {}\n  func helper() {}\n}\n")])
        #expect(other[1].text == "extension K {\n  func helper() {}\n}\n")
        // Not a class of these files: nothing moves, nothing goes.
        let foreign = "extension UICollectionViewFlowLayout {\n  override func prepare() {}\n}\n"
        #expect(rewriteAll([("K.swift", base), ("E.swift", foreign)])[1].text == foreign)
    }

    @Test("the account of a move names the whole path and line, however long")
    func moveAccountNotCut() {
        let from = "Sources/iOS+tvOS/Extensions/Some/Deeply/Nested/Folder/BlueprintLayout+iOS+tvOS+Supplementary.swift"
        let out = rewriteAll([("Sources/Shared/Core/BlueprintLayout.swift", "open class BlueprintLayout: UICollectionViewLayout {\n}\n"),
                              (from, "extension BlueprintLayout {\n  open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }\n  func keep() {}\n}\n")])
        let list = UIKitRewrite.render(out)
        #expect(list.contains("\"override func layoutAttributesForSupplementaryView moved here from the extension at \(from):2\"\n"), "\(list)")
    }

    @Test("Objective-C runtime uses under #if os(macOS), canImport(AppKit) and the like are not findings; under their #else, os(iOS) or canImport(UIKit) they are")
    func macOSOnlyCodeIsNotReported() {
        func kinds(_ cond: String, elseBranch: Bool = false) -> [Finding.Kind] {
            let body = "  let s = #selector(T.go)\n  let v = NSSelectorFromString(\"go\")\n  @IBOutlet var o: UIView!\n"
            let text = elseBranch ? "#if \(cond)\n#else\n\(body)#endif\n" : "#if \(cond)\n\(body)#endif\n"
            return rewriteOne(text).findings.map(\.kind).filter { $0 != .platformCondition }
        }
        for cond in ["os(macOS)", "canImport(AppKit)", "os(OSX)", "canImport(ObjectiveC)", "_runtime(_ObjC)", "os(macOS) || canImport(AppKit)", "(os(macOS))"] {
            #expect(kinds(cond) == [], "\(cond)")
        }
        let reported: [Finding.Kind] = [.selector, .selector, .interfaceBuilder]
        #expect(kinds("os(macOS)", elseBranch: true) == reported)
        #expect(kinds("os(iOS)") == reported)
        #expect(kinds("canImport(UIKit)") == reported)
        #expect(kinds("os(macOS) || os(Linux)") == reported)
        #expect(kinds("!os(macOS)") == reported)
        // Nested: inside os(macOS), whatever the inner condition.
        #expect(rewriteOne("#if os(macOS)\n#if DEBUG\nlet s = #selector(T.go)\n#endif\n#endif\n").findings.isEmpty)
    }
}
