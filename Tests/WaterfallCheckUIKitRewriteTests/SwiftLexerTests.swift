import Testing
@testable import WaterfallCheckUIKitRewrite

/// The lexer must never take a string or a comment for code: these texts each hide code-looking
/// text (`@objc`, `?(`, `}`) in every literal and comment form.
@Suite struct SwiftLexerTests {
    private func codeWords(_ text: String) -> [String] {
        let f = SourceFile(path: "x.swift", text: text)
        return f.code.indices.filter { f.code[$0].kind == .identifier }.map { f.text($0) }
    }

    @Test func stringsAndCommentsHideCode() {
        let text = ##"""
        let a = "@objc x?.f?( }" // @objc optional func
        /* outer /* nested @objc */ still comment } */
        let b = #"raw "quoted" @objc \(notInterpolated)"#
        let c = ##"raw2 "# still "## + "\"@objc\""
        let d = """
            multi "line" @objc
            \""" not the end
            """
        let e = #"""
            raw multi """ @objc
            """#
        """##
        #expect(codeWords(text) == ["let", "a", "let", "b", "let", "c", "let", "d", "let", "e"])
    }

    @Test func interpolationsAreCode() {
        let text = ##"let s = "a \(x.f?(1, "\(y)")) b"; let r = #"c \#(z) \(w)"#"##
        #expect(codeWords(text) == ["let", "s", "x", "f", "y", "let", "r", "z"])
    }

    @Test func bracesMatchAcrossLiterals() {
        let text = "struct S { let s = \"}\" /* } */ func f() { } }\n"
        let f = SourceFile(path: "x.swift", text: text)
        let open = f.code.indices.first { f.isPunct($0, "{") }!
        #expect(f.partner[open] == f.code.indices.last)
        let decls = f.typeDeclarations()
        #expect(decls.map(\.name) == ["S"])
    }

    @Test func postfixOptionalIsItsOwnToken() {
        let f = SourceFile(path: "x.swift", text: "x?.f?(a) ?? b; c ?d : e")
        let ops = f.code.indices.filter { f.code[$0].kind == .operator }.map { f.text($0) }
        #expect(ops == ["?", "?", "??", "?"])
    }

    @Test func ifConditionsAreTracked() {
        let text = "#if os(iOS)\nlet a = 1\n#elseif os(macOS)\nlet b = 2\n#else\nlet c = 3\n#endif\nlet d = 4\n"
        let f = SourceFile(path: "x.swift", text: text)
        func cond(_ name: String) -> String? { f.ifCondition(f.code.indices.first { f.text($0) == name }!) }
        #expect(cond("a") == "os(iOS)")
        #expect(cond("b") == "!(os(iOS)) && (os(macOS))")
        #expect(cond("c") == "!(os(iOS)) && !(os(macOS))")
        #expect(cond("d") == nil)
    }

    @Test func positionsAreOneBasedUTF8() {
        let f = SourceFile(path: "x.swift", text: "é = 1\n  b\n")
        let b = f.code.indices.first { f.text($0) == "b" }!
        let pb = f.position(f.code[b].start), eq = f.position(f.code[1].start)
        #expect(pb.line == 2 && pb.column == 3)
        #expect(eq.line == 1 && eq.column == 4)
    }
}
