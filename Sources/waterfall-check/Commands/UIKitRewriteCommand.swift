import Foundation
import WaterfallCheckEngines
import WaterfallCheckUIKitRewrite

/// `waterfall-check uikit-rewrite --out DIR FILE...`: the mechanical rewrite that lets an iOS
/// layout's files compile on Linux against this package's `UIKit` module (docs/uikit-rewrite.md).
enum UIKitRewriteCommand: Command {
    /// `--out DIR`: where the rewritten files go.
    static let out = Option<String>("--out", value: "DIR", help: "Where the rewritten files go, under their paths relative to the inputs' common directory (or --root). An input file is never overwritten.").required()
    /// `--root DIR`: what output paths are relative to.
    static let root = Option<String>("--root", value: "DIR", help: "The directory the output paths are relative to.")
    /// `--quiet`: counts only.
    static let quiet = Flag("--quiet", help: "Print the counts per rule only.")

    static let spec = CommandSpec(
        name: "uikit-rewrite",
        summary: "Rewrite iOS layout files for Linux (@objc, optional requirements), listing every change",
        options: [out, root, quiet],
        operands: "FILE...",
        about: """
    Reads the Swift files of one module (a FILE may be a directory: its *.swift files, recursively)
    and writes them into DIR, rewritten where Linux Swift rejects them: @objc removed, optional
    protocol requirements made required and Optional-returning, their call sites' ?( made (, an
    override declared in an extension moved into its class, Swift 3 UIKit names renamed. Every
    change is printed as path:line:column: rule: before -> after; every other byte is unchanged.
    What cannot be rewritten mechanically (#selector, responds(to:)) is printed as a finding.
    """,
        notes: """
    Exit status: 0 written, 2 a usage or I/O error (an unreadable FILE, an output onto an input).
    """)

    static func run(_ args: Arguments) throws -> Int32 {
        guard let out = try args.value(Self.out) else { throw WaterfallCheckError.usage("uikit-rewrite needs --out DIR") }
        let root = try args.value(Self.root)
        let quiet = args.flag(Self.quiet)
        let paths = args.operands
        guard !paths.isEmpty else { throw WaterfallCheckError.usage("uikit-rewrite needs at least one FILE") }
        var files: [(path: String, text: String)] = []
        for path in paths {
            for file in try swiftFiles(at: path, excluding: out) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw WaterfallCheckError.cannotRead(path: file, reason: "no such file, or not readable")
                }
                // Validated, not converted: Foundation's UTF-8 conversion drops a byte-order mark,
                // and every byte the rewrite does not list must come out as it went in.
                guard let text = String(validating: data, as: UTF8.self) else {
                    throw WaterfallCheckError.cannotRead(path: file, reason: "not UTF-8")
                }
                files.append((file, text))
            }
        }
        let rewritten = UIKitRewrite.rewrite(files: files)
        let written: [String]
        do { written = try UIKitRewrite.write(rewritten, to: out, root: root) } catch {
            throw WaterfallCheckError.cannotWrite(path: out, reason: "\(error)")
        }
        if !quiet { print(UIKitRewrite.render(rewritten), terminator: "") }
        print(UIKitRewrite.summary(rewritten), terminator: "")
        print("wrote \(written.count) file(s) into \(out)")
        return exitCode(.passed)
    }

    /// `path` itself, or the `.swift` files under a directory, sorted; never a file under
    /// `excluded` (the output directory: a second run must not read the first run's output).
    static func swiftFiles(at path: String, excluding excluded: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw WaterfallCheckError.badPath(path: path, message: "\(path): no such file or directory")
        }
        guard isDirectory.boolValue else { return [path] }
        let skip = URL(fileURLWithPath: excluded).standardizedFileURL.path + "/"
        let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String }.filter { name in
            guard name.hasSuffix(".swift") else { return false }
            let full = URL(fileURLWithPath: (path as NSString).appendingPathComponent(name)).standardizedFileURL.path
            var isDirectory: ObjCBool = false
            return !full.hasPrefix(skip) && FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) && !isDirectory.boolValue
        } ?? []
        guard !found.isEmpty else { throw WaterfallCheckError.badPath(path: path, message: "\(path): no .swift files") }
        return found.sorted().map { (path as NSString).appendingPathComponent($0) }
    }
}
