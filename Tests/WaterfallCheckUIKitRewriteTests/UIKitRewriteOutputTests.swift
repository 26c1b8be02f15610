import Foundation
import Testing
@testable import WaterfallCheckUIKitRewrite

/// Byte-for-byte preservation, the change list's text and writing the output directory.
@Suite struct UIKitRewriteOutputTests {
    /// A file with odd bytes everywhere (CRLF, tabs, trailing spaces, non-ASCII, code-looking
    /// strings and comments): only the listed changes differ.
    @Test func everyUnchangedByteStays() {
        let input = "// © 2024 — @objc in a comment\r\n@objc\tprotocol P {\r\n\t@objc optional func f() -> Int   \r\n}\r\nlet s = \"@objc optional\"  \r\n/* @objc /* x?.f?( */ */\r\nfunc g(p: P?) { _ = p?.f?() }\r\n"
        let out = rewriteAll([("A.swift", input)])[0]
        #expect(out.text == "// © 2024 — @objc in a comment\r\nprotocol P: AnyObject {\r\n\tfunc f() -> Int?   \r\n}\r\nlet s = \"@objc optional\"  \r\n/* @objc /* x?.f?( */ */\r\nfunc g(p: P?) { _ = p?.f() }\r\n")
    }

    @Test func aFileWithNothingToDoIsUnchanged() {
        let input = """
        import UIKit
        protocol WaterfallLayoutDelegate: AnyObject {
            func columns(in section: Int) -> Int?
        }
        extension WaterfallLayoutDelegate { func columns(in section: Int) -> Int? { nil } }

        """
        let out = rewriteOne(input)
        #expect(out.text == input)
        #expect(!out.isChanged && out.findings.isEmpty)
    }

    @Test func renderListsChangesThenFindings() {
        let out = rewriteAll([("A.swift", "@objc protocol P {\n  @objc optional func f()\n}\nlet x = #selector(g)\n")])
        #expect(UIKitRewrite.render(out) == """
        A.swift:1:1: objc-attribute: "@objc " -> ""
        A.swift:1:17: class-bound: "protocol P" -> "protocol P: AnyObject"
        A.swift:2:3: objc-attribute: "@objc " -> ""
        A.swift:2:9: optional-requirement: "optional " -> ""
        A.swift:2:26: optional-result: "" -> " -> Void?"
        A.swift:4:9: finding selector: `#selector` needs the Objective-C runtime; rewrite by hand (a closure, a Swift key path)

        """)
        #expect(UIKitRewrite.summary(out) == """
        objc-attribute: 2
        class-bound: 1
        optional-requirement: 1
        optional-result: 1
        files changed: 1 of 1; findings: 1

        """)
    }

    private func scratch() throws -> String {
        let dir = NSTemporaryDirectory() + "uikit-rewrite-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func writeKeepsRelativePaths() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let files = UIKitRewrite.rewrite(files: [
            (path: dir + "/in/Core/A.swift", text: "@objc class A {}\n"),
            (path: dir + "/in/iOS/B.swift", text: "class B {}\n"),
        ])
        let written = try UIKitRewrite.write(files, to: dir + "/out")
        #expect(written == [dir + "/out/Core/A.swift", dir + "/out/iOS/B.swift"])
        #expect(try String(contentsOfFile: dir + "/out/Core/A.swift", encoding: .utf8) == "class A {}\n")
        #expect(try String(contentsOfFile: dir + "/out/iOS/B.swift", encoding: .utf8) == "class B {}\n")
        // Writing again over the previous output is fine (atomic replace); no temporary file is left.
        try UIKitRewrite.write(files, to: dir + "/out")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out/Core") == ["A.swift"])
    }

    @Test func writeRefusesToOverwriteAnInput() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "@objc class A {}\n".write(toFile: dir + "/A.swift", atomically: true, encoding: .utf8)
        let files = UIKitRewrite.rewrite(files: [(path: dir + "/A.swift", text: "@objc class A {}\n")])
        #expect(throws: UIKitRewriteError.wouldOverwriteInput(path: dir + "/A.swift")) {
            try UIKitRewrite.write(files, to: dir)
        }
        // Through a symbolic link to the input directory, too.
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir)
        #expect(throws: UIKitRewriteError.wouldOverwriteInput(path: dir + "/A.swift")) {
            try UIKitRewrite.write(files, to: dir + "/link")
        }
        #expect(try String(contentsOfFile: dir + "/A.swift", encoding: .utf8) == "@objc class A {}\n")
    }

    @Test func writeRefusesAPathOutsideTheRoot() throws {
        let files = UIKitRewrite.rewrite(files: [(path: "/a/A.swift", text: "")])
        #expect(throws: UIKitRewriteError.outsideRoot(path: "/a/A.swift", root: "/b")) {
            try UIKitRewrite.write(files, to: "/tmp/never-written", root: "/b")
        }
    }
}
