import Foundation
import WaterfallCheck
import Foundation

extension HTMLReport {
    /// The file that marks a directory as a report this writer may write into again.
    package static let markerName = ".waterfall-check-report"

    /// Writes the report into `directory`: each of its own files (``pages()`` and
    /// ``markerName``) is written atomically (``AtomicFile``), then the case pages of a previous
    /// report that this one does not have (`cases/case-NNNN.html`) are removed. Nothing else in
    /// the directory is touched: it is never swapped, moved or deleted wholesale, whatever it
    /// holds (docs/decisions/adversarial.md, D1).
    ///
    /// `directory` may be missing (it is created, with its parents), empty, or a previous report
    /// (it holds ``markerName``); anything else is refused, so a mistyped `--html` never mixes
    /// pages into a user's folder.
    ///
    /// - Throws: ``WaterfallCheckError/cannotWrite(path:reason:)`` naming the path when the directory is not usable or a file
    ///   cannot be written.
    package func write(to directory: URL) throws {
        let fm = FileManager.default
        let dir = directory.path
        var st = stat()
        if lstat(dir, &st) == 0 {
            var target = stat()
            guard stat(dir, &target) == 0, target.st_mode & S_IFMT == S_IFDIR else {
                throw WaterfallCheckError.cannotWrite(path: dir, reason: "it exists and is not a directory")
            }
            let contents = (try? fm.contentsOfDirectory(atPath: dir)) ?? []
            guard contents.isEmpty || contents.contains(Self.markerName) else {
                throw WaterfallCheckError.cannotWrite(path: dir, reason: "it exists and is not a waterfall-check report (no \(Self.markerName)); choose an empty or new directory")
            }
        }
        do {
            try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let pages = pages()
            var written = Set<String>()
            for (path, html) in pages {
                let url = directory.appendingPathComponent(path)
                try fm.createDirectory(atPath: FilePath.parent(url.path), withIntermediateDirectories: true)
                try AtomicFile.write(Data(html.utf8), to: url)
                written.insert(path)
            }
            try AtomicFile.write(Data("waterfall-check \(waterfallCheckVersion) HTML report\n".utf8),
                                 to: directory.appendingPathComponent(Self.markerName))
            // Stale case pages of a previous, longer report: only names this writer makes.
            let cases = directory.appendingPathComponent("cases")
            for name in (try? fm.contentsOfDirectory(atPath: cases.path)) ?? []
            where Self.isCasePageName(name) && !written.contains("cases/" + name) {
                let p = cases.appendingPathComponent(name).path
                var s = stat()
                if lstat(p, &s) == 0, s.st_mode & S_IFMT == S_IFREG { unlink(p) }
            }
            rmdir(cases.path)  // only when empty
        } catch {
            throw WaterfallCheckError.cannotWrite(path: dir, reason: "\(error)")
        }
    }

    /// `case-` + 4 or more digits + `.html`: the names ``casePath(_:)`` makes.
    static func isCasePageName(_ name: String) -> Bool {
        guard name.hasPrefix("case-"), name.hasSuffix(".html") else { return false }
        let digits = name.dropFirst(5).dropLast(5)
        return digits.count >= 4 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
