import Testing
@testable import WaterfallCheckUIKitRewrite

/// Rewrites one file named `A.swift`.
func rewriteOne(_ text: String, options: UIKitRewrite.Options = .init()) -> RewrittenFile {
    UIKitRewrite.rewrite(files: [(path: "A.swift", text: text)], options: options)[0]
}

/// Rewrites several files and checks idempotence: a second rewrite changes nothing.
func rewriteAll(_ files: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) -> [RewrittenFile] {
    let first = UIKitRewrite.rewrite(files: files.map { (path: $0.0, text: $0.1) })
    let second = UIKitRewrite.rewrite(files: first.map { (path: $0.path, text: $0.text) })
    #expect(second.map(\.text) == first.map(\.text), "not idempotent", sourceLocation: sourceLocation)
    #expect(second.flatMap(\.changes).isEmpty, "the second rewrite changed \(second.flatMap(\.changes))", sourceLocation: sourceLocation)
    return first
}

extension RewrittenFile {
    func rules() -> [Rule] { changes.map(\.rule) }
}
