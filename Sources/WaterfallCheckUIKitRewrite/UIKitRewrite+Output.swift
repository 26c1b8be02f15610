// The change list as text, and writing the rewritten files into an output directory.

import Foundation

/// Why writing the rewritten files failed.
public enum UIKitRewriteError: Error, Equatable, CustomStringConvertible {
    /// The output path of `path` is one of the input files (the rewrite never overwrites its input).
    case wouldOverwriteInput(path: String)
    /// An input path leaves the root it is made relative to (`..`), so it has no place in the output.
    case outsideRoot(path: String, root: String)
    /// Two inputs map to the same output path.
    case duplicateOutput(path: String)
    /// Creating a directory or writing a file failed.
    case io(path: String, message: String)

    public var description: String {
        switch self {
        case .wouldOverwriteInput(let p): return "\(p): the output would overwrite an input file"
        case .outsideRoot(let p, let r): return "\(p): not under \(r), so it has no relative path in the output"
        case .duplicateOutput(let p): return "\(p): two inputs map to this output path"
        case .io(let p, let m): return "\(p): \(m)"
        }
    }
}

extension UIKitRewrite {
    /// The change list, one line per change then one per finding:
    /// `path:line:column: rule: before -> after` and `path:line:column: finding kind: message`.
    /// Snippets are quoted and kept to one line.
    public static func render(_ files: [RewrittenFile]) -> String {
        var out = ""
        for f in files {
            for c in f.changes {
                // A snippet of the source is cut to one short line; the rewrite's own account of a
                // move (a path and line the user must find) is whole.
                let account = c.rule == .extensionOverride
                out += "\(f.path):\(c.line):\(c.column): \(c.rule.rawValue): \(quote(c.before)) -> \(quote(c.after, limit: account ? nil : 120))\n"
            }
        }
        for f in files {
            for x in f.findings {
                out += "\(x.path):\(x.line):\(x.column): finding \(x.kind.rawValue): \(x.message)\n"
            }
        }
        return out
    }

    /// Counts of changes by rule, in `Rule` order, as `rule: n` lines (rules with none left out).
    public static func summary(_ files: [RewrittenFile]) -> String {
        let all = files.flatMap(\.changes)
        var out = ""
        for r in Rule.allCases {
            let n = all.filter { $0.rule == r }.count
            guard n > 0 else { continue }
            if r == .extensionOverride {
                // A move is listed twice: where it left (before: the declaration) and where it went.
                out += "\(r.rawValue): \(all.filter { $0.rule == r && !$0.before.isEmpty }.count) moved\n"
            } else {
                out += "\(r.rawValue): \(n)\n"
            }
        }
        let findings = files.flatMap(\.findings).count
        out += "files changed: \(files.filter(\.isChanged).count) of \(files.count); findings: \(findings)\n"
        return out
    }

    private static func quote(_ s: String, limit: Int? = 120) -> String {
        var t = "\""
        for c in s {
            switch c {
            case "\n": t += "\\n"
            case "\r": t += "\\r"
            case "\t": t += "\\t"
            case "\"": t += "\\\""
            case "\\": t += "\\\\"
            default: t.append(c)
            }
        }
        if let limit, t.count > limit { t = String(t.prefix(limit)) + "…" }
        return t + "\""
    }

    /// Writes every file (changed or not, so the directory holds the whole module) under
    /// `directory`, at its path relative to `root`.
    ///
    /// Each file is written atomically: to a temporary file in its directory, then renamed
    /// (`Data.write(options: .atomic)`). Nothing is written unless every output path is valid.
    ///
    /// - Parameters:
    ///   - files: the rewrite's result.
    ///   - directory: the output directory, created if missing.
    ///   - root: the directory input paths are relative to; by default the inputs' deepest common
    ///     directory (relative inputs are taken from the current directory).
    /// - Returns: the paths written, in input order.
    /// - Throws: `UIKitRewriteError.wouldOverwriteInput` if an output path is an input file
    ///   (compared after resolving symbolic links), `.outsideRoot`, `.duplicateOutput`, `.io`.
    @discardableResult
    public static func write(_ files: [RewrittenFile], to directory: String, root: String? = nil) throws -> [String] {
        let inputs = files.map { absolute($0.path) }
        let base = root.map(absolute) ?? commonDirectory(inputs)
        let out = absolute(directory)
        var targets: [String] = []
        for (f, input) in zip(files, inputs) {
            guard input.hasPrefix(base == "/" ? "/" : base + "/") else { throw UIKitRewriteError.outsideRoot(path: f.path, root: base) }
            let relative = String(input.dropFirst(base == "/" ? 1 : base.count + 1))
            targets.append(out + "/" + relative)
        }
        let resolvedInputs = Set(inputs.map(resolved))
        var seen = Set<String>()
        for (f, t) in zip(files, targets) {
            if resolvedInputs.contains(resolved(t)) { throw UIKitRewriteError.wouldOverwriteInput(path: f.path) }
            if !seen.insert(resolved(t)).inserted { throw UIKitRewriteError.duplicateOutput(path: t) }
        }
        for (f, t) in zip(files, targets) {
            let dir = (t as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                try Data(f.text.utf8).write(to: URL(fileURLWithPath: t), options: .atomic)
            } catch {
                throw UIKitRewriteError.io(path: t, message: "\(error.localizedDescription)")
            }
        }
        return targets
    }

    private static func absolute(_ p: String) -> String {
        let full = p.hasPrefix("/") ? p : FileManager.default.currentDirectoryPath + "/" + p
        return (full as NSString).standardizingPath
    }

    /// The path with symbolic links resolved, as far as it exists.
    private static func resolved(_ p: String) -> String {
        var existing = p, tail: [String] = []
        while !FileManager.default.fileExists(atPath: existing), existing != "/" {
            tail.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        let r = (existing as NSString).resolvingSymlinksInPath
        return ([r] + tail).joined(separator: "/").replacingOccurrences(of: "//", with: "/")
    }

    private static func commonDirectory(_ paths: [String]) -> String {
        let dirs = paths.map { ($0 as NSString).deletingLastPathComponent.split(separator: "/").map(String.init) }
        guard var common = dirs.first else { return "/" }
        for d in dirs.dropFirst() {
            var n = 0
            while n < common.count, n < d.count, common[n] == d[n] { n += 1 }
            common = Array(common.prefix(n))
        }
        return "/" + common.joined(separator: "/")
    }
}
