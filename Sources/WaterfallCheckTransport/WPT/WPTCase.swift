import Foundation
import WaterfallCheck

/// One web-platform-tests file as the WPT runner sees it (docs/web-engines.md, *WPT*): its path,
/// what kind of test it is, and the metadata WPT reads from its markup.
public struct WPTCase: Hashable, Sendable {
    /// What kind of test a file is, by WPT's own rules (web-platform-tests.org, "Test Types").
    public enum Kind: Hashable, Sendable {
        /// A reftest: `<link rel="match">` / `<link rel="mismatch">` references, paths relative to
        /// the test's folder as written.
        case reftest([Reference])
        /// A testharness.js test (the file loads `/resources/testharness.js`).
        case testharness
        /// A crashtest (`-crash` in the name): passes when it loads.
        case crashtest
    }

    /// One reference of a reftest.
    public struct Reference: Hashable, Sendable {
        /// `true` for `rel="match"` (must render the same), `false` for `mismatch`.
        public var match: Bool
        /// The `href` as written.
        public var href: String
    }

    /// WPT's fuzzy allowance (`<meta name="fuzzy" content="maxDifference=A-B;totalPixels=C-D">`,
    /// either name optional, `N` for `N-N`): the largest per-channel difference and the count of
    /// differing pixels a match may have, each an inclusive range.
    public struct Fuzzy: Hashable, Sendable {
        public var maxDifference: ClosedRange<Int>
        public var totalPixels: ClosedRange<Int>
        /// No difference allowed.
        public static let exact = Fuzzy(maxDifference: 0...0, totalPixels: 0...0)

        /// Whether a comparison with `maxDifference` and `pixels` differing matches.
        public func allows(maxDifference d: Int, pixels n: Int) -> Bool {
            (d == 0 && n == 0) || (maxDifference.contains(d) && totalPixels.contains(n))
        }
    }

    /// The path relative to the WPT root, `/` separated.
    public var path: String
    public var kind: Kind
    /// The fuzzy allowance (``Fuzzy/exact`` without a `fuzzy` meta).
    public var fuzzy: Fuzzy
}

extension WPTCase {
    /// The test files under `paths` (relative to `root`, default the whole root), in path order: every
    /// `.html`, `.htm`, `.xht` and `.xhtml` file that is not a reference (named `-ref`/`-notref`, or
    /// the `href` of another file's match), not in a `support`, `resources` or `reference` folder,
    /// and is a reftest, a testharness test or a crashtest. Other files (manual tests, helpers) are
    /// skipped.
    /// - Complexity: O(n) file reads for n files.
    /// - Throws: ``WaterfallCheckError/usage(_:)`` for a path that does not exist;
    ///   ``WaterfallCheckError/cannotRead(path:reason:)`` for a file that cannot be read.
    public static func discover(root: URL, paths: [String] = []) throws -> [WPTCase] {
        let fm = FileManager.default
        var files: [String] = []
        let rootPath = root.standardizedFileURL.path
        for given in paths.isEmpty ? [""] : paths {
            // A path is relative to ROOT; an absolute one must lie inside it.
            let resolved = given.hasPrefix("/") ? URL(fileURLWithPath: given).standardizedFileURL.path
                                                : (given.isEmpty ? rootPath : root.appendingPathComponent(given).standardizedFileURL.path)
            guard resolved == rootPath || resolved.hasPrefix(rootPath + "/") else {
                throw WaterfallCheckError.usage("\(given) is outside the WPT root \(root.path)")
            }
            let p = resolved == rootPath ? "" : String(resolved.dropFirst(rootPath.count + 1))
            var isDir: ObjCBool = false
            let full = resolved
            guard fm.fileExists(atPath: full, isDirectory: &isDir) else {
                throw WaterfallCheckError.usage("\(full): no such file or folder under the WPT root \(root.path)")
            }
            if !isDir.boolValue { files.append(p); continue }
            for case let rel as String in fm.enumerator(atPath: full)?.allObjects ?? [] {
                // Regular files only (a FIFO or a dangling link is no test, and reading it must
                // not stop the run).
                let path = full + "/" + rel
                guard (try? fm.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
                        || (try? URL(fileURLWithPath: path).resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                files.append(p.isEmpty ? rel : p + "/" + rel)
            }
        }
        let markup = Set(["html", "htm", "xht", "xhtml"])
        var candidates: [(String, String)] = []
        for f in Set(files).sorted() where markup.contains((f as NSString).pathExtension.lowercased()) {
            let parts = f.split(separator: "/")
            if parts.dropLast().contains(where: { ["support", "resources", "reference"].contains($0) }) { continue }
            let text: String
            do { text = try String(contentsOf: root.appendingPathComponent(f), encoding: .utf8) } catch {
                throw WaterfallCheckError.cannotRead(path: root.appendingPathComponent(f).path, reason: error.localizedDescription)
            }
            candidates.append((f, text))
        }
        // A file another file names as its reference is a reference, whatever its name.
        var referenced = Set<String>()
        for (f, text) in candidates {
            let dir = (f as NSString).deletingLastPathComponent
            for r in references(in: text) { referenced.insert(normalized(dir, r.href)) }
        }
        var cases: [WPTCase] = []
        for (f, text) in candidates {
            let stem = ((f as NSString).lastPathComponent as NSString).deletingPathExtension
            if stem.hasSuffix("-ref") || stem.hasSuffix("-notref") || referenced.contains(f) { continue }
            let refs = references(in: text)
            let kind: Kind
            if !refs.isEmpty { kind = .reftest(refs) }
            else if text.contains("/resources/testharness.js") { kind = .testharness }
            else if stem.hasSuffix("-crash") { kind = .crashtest }
            else { continue }
            cases.append(WPTCase(path: f, kind: kind, fuzzy: fuzzy(in: text)))
        }
        return cases
    }

    /// `dir/href` with `.` and `..` resolved (a `/`-rooted href is relative to the WPT root).
    static func normalized(_ dir: String, _ href: String) -> String {
        let joined = href.hasPrefix("/") ? String(href.dropFirst()) : (dir.isEmpty ? href : dir + "/" + href)
        var out: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = out.popLast(); continue }
            out.append(part)
        }
        return out.joined(separator: "/")
    }

    /// The `<link>` elements whose `rel` is `match` or `mismatch`, in order.
    static func references(in text: String) -> [Reference] {
        tags("link", in: text).compactMap { attrs in
            guard let rel = attrs["rel"]?.lowercased(), rel == "match" || rel == "mismatch", let href = attrs["href"] else { return nil }
            return Reference(match: rel == "match", href: href)
        }
    }

    /// The fuzzy allowance of the first `<meta name="fuzzy">` (a `ref:` prefix naming one
    /// reference is read as applying to all, as the held-back set has one reference per test).
    static func fuzzy(in text: String) -> Fuzzy {
        guard let content = tags("meta", in: text).first(where: { $0["name"]?.lowercased() == "fuzzy" })?["content"] else { return .exact }
        var body = Substring(content)
        if let colon = body.firstIndex(of: ":"), !body[..<colon].contains("=") { body = body[body.index(after: colon)...] }
        func range(_ s: Substring) -> ClosedRange<Int>? {
            let ends = s.trimmingCharacters(in: .whitespaces).split(separator: "-").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            switch ends.count {
            case 1: return ends[0]...ends[0]
            case 2 where ends[0] <= ends[1]: return ends[0]...ends[1]
            default: return nil
            }
        }
        var result = Fuzzy.exact
        for (i, part) in body.split(separator: ";").enumerated() {
            let kv = part.split(separator: "=", maxSplits: 1)
            let name = kv.count == 2 ? kv[0].trimmingCharacters(in: .whitespaces) : (i == 0 ? "maxDifference" : "totalPixels")
            guard let r = range(kv.count == 2 ? kv[1] : kv[0]) else { continue }
            if name == "maxDifference" { result.maxDifference = r } else if name == "totalPixels" { result.totalPixels = r }
        }
        return result
    }

    /// The attributes (names lowercased, values unquoted) of every `<NAME ...>` tag in `text`.
    static func tags(_ name: String, in text: String) -> [[String: String]] {
        guard let tag = try? NSRegularExpression(pattern: "<\(name)\\b([^>]*)>", options: [.caseInsensitive]),
              let attr = try? NSRegularExpression(pattern: #"([A-Za-z-]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)"#) else { return [] }
        let ns = text as NSString
        return tag.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { m in
            let inner = ns.substring(with: m.range(at: 1))
            let ins = inner as NSString
            var attrs: [String: String] = [:]
            for a in attr.matches(in: inner, range: NSRange(location: 0, length: ins.length)) {
                var v = ins.substring(with: a.range(at: 2))
                if v.hasPrefix("\"") || v.hasPrefix("'") { v = String(v.dropFirst().dropLast()) }
                attrs[ins.substring(with: a.range(at: 1)).lowercased()] = v
            }
            return attrs
        }
    }
}
