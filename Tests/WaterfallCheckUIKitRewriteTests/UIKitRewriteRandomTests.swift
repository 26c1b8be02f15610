import Testing
@testable import WaterfallCheckUIKitRewrite

/// Seeded random files built from fragments (code the rules change, and strings and comments
/// that look like it): the rewrite is idempotent, never edits inside a literal or a comment, and
/// every change's edits leave the rest byte for byte (checked by `Rewriter._checkInvariants` in
/// debug builds on every rewrite).
@Suite struct UIKitRewriteRandomTests {
    static let fragments = [
        "@objc protocol P%d {\n    @objc optional func f%d(_ x: Int) -> Int\n    @objc optional func g%d()\n}\n",
        "let s%d = \"@objc optional func x?.f?( } {\"\n",
        "/* @objc /* nested x?.f0?(1) */ } */\n",
        "// @objc dynamic var x = UIEdgeInsetsZero\n",
        "let r%d = #\"raw \"@objc\" x?.f0?(1)\"#\n",
        "let m%d = \"\"\"\n    @objc optional\n    \\(y?.f0?(2) ?? 0) }\n    \"\"\"\n",
        "final class C%d: NSObject {\n    weak var d: P0?\n    @objc dynamic var v = 1\n    func h() { _ = d?.f0?(1); d?.g0?() }\n}\n",
        "let e%d = UIEdgeInsetsMake(1, 2, 3, 4)\n",
        "extension C%d {\n    override func copy() -> Any { self }\n}\n",
    ]

    /// SplitMix64, so that the files are the same on every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: 0..<40)
    func randomFilesRewriteSafely(seed: Int) {
        var rng = Seeded(state: UInt64(seed))
        var text = Self.fragments[0].replacingOccurrences(of: "%d", with: "0")
        for n in 1..<(5 + Int(rng.next() % 10)) {
            let fragment = Self.fragments[Int(rng.next() % UInt64(Self.fragments.count))]
            text += fragment.replacingOccurrences(of: "%d", with: String(n))
        }
        let out = rewriteAll([("R.swift", text)])[0]
        // Literals and comments come out unchanged, in order.
        let before = SourceFile(path: "a", text: text), after = SourceFile(path: "b", text: out.text)
        func protectedText(_ f: SourceFile) -> [String] {
            f.all.filter { $0.kind == .string || $0.isComment }.map { f.text($0.start, $0.end) }
        }
        #expect(protectedText(before) == protectedText(after))
        // In code (not in literals or comments), no @objc and no `optional` is left.
        let words = after.code.indices.filter { after.code[$0].kind == .identifier }.map { after.text($0) }
        #expect(!words.contains("objc") && !words.contains("optional"))
    }
}
