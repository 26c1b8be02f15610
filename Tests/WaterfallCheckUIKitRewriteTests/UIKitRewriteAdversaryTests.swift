import Testing
@testable import WaterfallCheckUIKitRewrite

/// What the adversarial review of the rewrite found (docs/uikit-rewrite.md).
@Suite struct UIKitRewriteAdversaryTests {
    static let sizeDelegate = """
        @objc protocol SizeDelegate { @objc optional func sizeFor(_ i: Int) -> CGFloat }

        """

    @Test("testing whether an optional method is implemented is a finding, never a silent always-true")
    func implementationTestIsAFinding() {
        let text = Self.sizeDelegate + """
            final class L {
                weak var sizeDelegate: SizeDelegate?
                func check() -> Bool { sizeDelegate?.sizeFor != nil }
                func size() -> CGFloat { sizeDelegate?.sizeFor?(1) ?? 0 }
            }
            """
        let out = UIKitRewrite.rewrite(files: [("A.swift", text)])[0]
        let tests = out.findings.filter { $0.message.contains("always true") }
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("!= nil") }! + 1
        #expect(tests.count == 1 && tests.first?.line == line)
        #expect(out.text.contains("sizeDelegate?.sizeFor != nil"))   // left as is
        #expect(out.text.contains("sizeDelegate?.sizeFor(1) ?? 0"))   // the call is still rewritten
    }

    @Test("a closure property named like an optional method is never rewritten")
    func closurePropertyLeftAlone() {
        let text = Self.sizeDelegate + """
            final class Holder { var sizeFor: ((Int) -> CGFloat)?; func go() -> CGFloat { sizeFor?(1) ?? 0 } }
            """
        let out = UIKitRewrite.rewrite(files: [("A.swift", text)])[0]
        #expect(out.text.contains("sizeFor?(1) ?? 0"))
        #expect(!out.changes.contains { $0.rule == .optionalCall })
    }
}
