import Foundation

/// What accepting one pending recording would change (`waterfall-check review`).
public struct PendingReview: Sendable {
    public var pending: FixtureFile
    /// The fixture the recording replaces.
    public var fixture: URL
    /// The current `expected` (the difference's `expected` side) against the pending one
    /// (its `actual` side), compared exactly (tolerance 0).
    public var changes: [LayoutDiff.Entry]
    /// One line on what else changes: a new `expected`, a missing fixture, an edited input.
    public var note: String?
}

extension PendingFiles {
    /// Reads a pending recording and its fixture and lists what changes in `expected`.
    /// - Throws: ``FixtureError`` when either file is not a valid fixture.
    public static func review(_ file: FixtureFile) throws -> PendingReview {
        let new = try FixtureReader.read(contentsOf: file.url)
        let fixtureURL = fixture(for: file.url)
        guard FileManager.default.fileExists(atPath: fixtureURL.path) else {
            return PendingReview(pending: file, fixture: fixtureURL, changes: [],
                                 note: "\(fixtureURL.lastPathComponent) does not exist: accepting creates it")
        }
        let old = try FixtureReader.read(contentsOf: fixtureURL)
        var notes: [String] = []
        if old.input != new.input || old.name != new.name { notes.append("the input or name differs too (edited by hand?)") }
        var changes: [LayoutDiff.Entry] = []
        switch (old.expected, new.expected) {
        case (nil, nil): notes.append("neither file has expected")
        case (nil, .error(let c)?): notes.append("adds expected error \(c.rawValue)")
        case (nil, .layout(let l)?): notes.append("adds expected: contentSize \(LayoutDiff.Value.size(l.contentSize)), \(l.elements.count) frames")
        case (_?, nil): notes.append("removes expected")
        case let (o?, n?): changes = LayoutDiff(expected: o, actual: n, tolerance: .exact).differences
        }
        if notes.isEmpty && changes.isEmpty { notes.append("no change in expected") }
        return PendingReview(pending: file, fixture: fixtureURL, changes: changes,
                             note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// Moves a pending recording over its fixture (one `rename`, atomic), after checking it
    /// reads as a valid fixture: a corrupt recording is never accepted.
    /// - Throws: ``FixtureError`` for an invalid recording; ``WaterfallCheckError/pendingFile(path:message:)`` naming the
    ///   paths when the rename fails (both files are then as they were).
    public static func accept(_ file: FixtureFile) throws {
        _ = try FixtureReader.read(contentsOf: file.url)
        let target = fixture(for: file.url)
        guard rename(file.url.path, target.path) == 0 else {
            throw WaterfallCheckError.pendingFile(path: file.path, message: "cannot move \(file.path) over \(target.lastPathComponent): \(String(cString: strerror(errno)))")
        }
    }

    /// Deletes a pending recording.
    /// - Throws: ``WaterfallCheckError/pendingFile(path:message:)`` naming the path when it cannot be removed.
    public static func reject(_ file: FixtureFile) throws {
        do { try FileManager.default.removeItem(at: file.url) } catch {
            throw WaterfallCheckError.pendingFile(path: file.path, message: "cannot delete \(file.path): \(error.localizedDescription)")
        }
    }
}
