import Foundation

extension HTMLReport {
    /// Why a report could not be written.
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The file that marks a directory as a report this writer may replace.
    public static let markerName = ".waterfall-check-report"

    /// Writes the report into `directory` atomically: every page goes into a fresh sibling
    /// directory first, which then takes `directory`'s place, so a reader sees the old report or
    /// the new one, never half of one.
    ///
    /// `directory` may be missing (it is created, with its parents), empty, or a previous report
    /// (it holds ``markerName``); anything else is refused, so a mistyped `--html` never deletes
    /// a user's files.
    ///
    /// - Throws: ``WriteError`` naming the path when the directory is not replaceable or a file
    ///   cannot be written; nothing is left behind then.
    public func write(to directory: URL) throws {
        let fm = FileManager.default
        let dir = directory.standardizedFileURL
        let parent = dir.deletingLastPathComponent()
        let name = dir.lastPathComponent
        var isDir: ObjCBool = false
        let exists = fm.fileExists(atPath: dir.path, isDirectory: &isDir)
        if exists {
            guard isDir.boolValue else { throw WriteError(description: "\(dir.path) exists and is not a directory") }
            let contents = (try? fm.contentsOfDirectory(atPath: dir.path)) ?? []
            guard contents.isEmpty || contents.contains(Self.markerName) else {
                throw WriteError(description: "\(dir.path) exists and is not a waterfall-check report (no \(Self.markerName)); choose an empty or new directory")
            }
        }
        let token = UUID().uuidString.prefix(8)
        let temp = parent.appendingPathComponent(".\(name).tmp-\(token)")
        do {
            try fm.createDirectory(at: temp, withIntermediateDirectories: true)
            for (path, html) in pages() {
                let url = temp.appendingPathComponent(path)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(html.utf8).write(to: url)
            }
            try Data("waterfall-check \(waterfallCheckVersion) HTML report\n".utf8).write(to: temp.appendingPathComponent(Self.markerName))
            if exists {
                let old = parent.appendingPathComponent(".\(name).old-\(token)")
                try fm.moveItem(at: dir, to: old)
                do { try fm.moveItem(at: temp, to: dir) } catch {
                    try? fm.moveItem(at: old, to: dir)
                    throw error
                }
                try? fm.removeItem(at: old)
            } else {
                try fm.moveItem(at: temp, to: dir)
            }
        } catch {
            try? fm.removeItem(at: temp)
            if let e = error as? WriteError { throw e }
            throw WriteError(description: "cannot write the report to \(dir.path): \(error.localizedDescription)")
        }
    }
}
