import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport

/// The fixture roots of the last `record` (`.waterfall-check/last-record` under the working
/// directory, one path per line as the user typed it): what `review` and `accept --all` work on
/// when given no path, never everything under the working directory.
package enum LastRecord {
    /// The state file, relative to the working directory.
    package static let path = ".waterfall-check/last-record"

    /// Remembers `roots` as the last record's, in `directory`.
    /// - Throws: the write's error (the directory could not be created, a failed write).
    package static func save(_ roots: [String], in directory: URL) throws {
        let file = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(Data(roots.map { $0 + "\n" }.joined().utf8), to: file)
    }

    /// The last record's roots in `directory`, or `nil` when there was none (or it is empty).
    package static func load(in directory: URL) -> [String]? {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(path).path),
              let text = String(data: data, encoding: .utf8) else { return nil }
        let roots = text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        return roots.isEmpty ? nil : roots
    }

    /// `paths` when given, else the last record's roots in the working directory.
    /// - Throws: a message asking for a path when neither exists.
    package static func roots(_ paths: [String], command: String) throws -> [String] {
        if !paths.isEmpty { return paths }
        guard let roots = load(in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) else {
            throw WaterfallCheckError.usage("\(command): no PATH given and no last record (\(path)); name the fixture files or directories")
        }
        return roots
    }
}
