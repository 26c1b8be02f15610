import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport

/// What accepting one pending recording would change (`waterfall-check review`).
package struct PendingReview: Sendable {
    package var pending: FixtureFile
    /// The fixture the recording replaces.
    package var fixture: URL
    /// The current `expected` (the difference's `expected` side) against the pending one
    /// (its `actual` side), compared exactly (tolerance 0); for a new golden, every frame it adds
    /// and its content size (no current side).
    package var changes: [LayoutDiff.Entry]
    /// One line on what else changes: a new `expected`, a missing fixture, an edited input.
    package var note: String?
    /// The invariants the recording breaks (``Fixture/knownBrokenInvariants``): those a forced
    /// recording listed, then those its expected frames break. `accept` refuses it unless forced.
    package var brokenInvariants: [String] = []
    /// The pending recording as read.
    package var recording: Fixture
    /// The fixture it replaces, when that exists.
    package var current: Fixture?

    /// The review as a golden result (the current `expected` against the recording's), for the
    /// HTML report's pictures: ``CaseStatus/recorded``, with the broken invariants as failures.
    package var result: FixtureResult {
        var r = FixtureResult(file: pending.path, url: pending.url, suite: pending.suite, name: recording.name,
                              status: .recorded, failures: brokenInvariants.map { InvariantFailure(invariant: "", message: $0) },
                              message: changes.first?.sentence ?? note ?? "")
        if case .layout(let old)? = current?.expected, case .layout(let new)? = recording.expected {
            r.diff = LayoutDiff(expected: old, actual: new, tolerance: .exact)
        }
        var drawn = recording
        drawn.expected = current?.expected
        r.fixture = drawn
        r.answer = recording.expected.map { outcome in
            switch outcome { case .layout(let l): return .layout(l); case .error(let c): return .error(LayoutError(c, at: nil, "recorded")) }
        }
        return r
    }
}

extension PendingFiles {
    /// Reads a pending recording and its fixture and lists what changes in `expected`.
    /// - Throws: ``FixtureError`` when either file is not a valid fixture.
    package static func review(_ file: FixtureFile) throws -> PendingReview {
        let new = try FixtureReader.read(contentsOf: file.url)
        let fixtureURL = fixture(for: file.url)
        guard FileManager.default.fileExists(atPath: fixtureURL.path) else {
            return PendingReview(pending: file, fixture: fixtureURL, changes: added(new.expected),
                                 note: "\(fixtureURL.lastPathComponent) does not exist: accepting creates it",
                                 brokenInvariants: new.knownBrokenInvariants, recording: new)
        }
        let old = try FixtureReader.read(contentsOf: fixtureURL)
        var notes: [String] = []
        if old.input != new.input || old.name != new.name { notes.append("the input or name differs too (edited by hand?)") }
        var changes: [LayoutDiff.Entry] = []
        switch (old.expected, new.expected) {
        case (nil, nil): notes.append("neither file has expected")
        case (nil, .error(let c)?): notes.append("adds expected error \(c.rawValue)")
        case (nil, .layout(let l)?):
            notes.append("adds expected: contentSize \(LayoutDiff.Value.size(l.contentSize)), \(l.elements.count) frames")
            changes = added(new.expected)
        case (_?, nil): notes.append("removes expected")
        case let (o?, n?): changes = LayoutDiff(expected: o, actual: n, tolerance: .exact).differences
        }
        if notes.isEmpty && changes.isEmpty { notes.append("no change in expected") }
        return PendingReview(pending: file, fixture: fixtureURL, changes: changes,
                             note: notes.isEmpty ? nil : notes.joined(separator: "; "),
                             brokenInvariants: new.knownBrokenInvariants, recording: new, current: old)
    }

    /// Every frame and the content size of a new `expected`, as additions (no current side).
    static func added(_ expected: LayoutOutcome?) -> [LayoutDiff.Entry] {
        guard case .layout(let l)? = expected else { return [] }
        return l.elements.map { LayoutDiff.Entry(subject: .element($0.id), expected: nil, actual: .frame($0.frame), change: .extra, path: $0.id.expectedPath) }
            + [LayoutDiff.Entry(subject: .contentSize, expected: nil, actual: .size(l.contentSize), change: .extra, path: [.key("expected"), .key("contentSize")])]
    }

    /// Moves a pending recording over its fixture (one `rename`, atomic), after checking it
    /// reads as a valid fixture and breaks no invariant (``Fixture/knownBrokenInvariants``):
    /// a corrupt recording is never accepted, a broken layout only with `force`. A recording's
    /// provenance (`extensions.recording`, ``RecordingProvenance``) is dropped first: the
    /// pending file is rewritten without it (canonical form, atomic), then moved.
    /// - Throws: ``FixtureError`` for an invalid recording; ``WaterfallCheckError/pendingFile(path:message:)``
    ///   naming the invariants it breaks, or the paths when the rename fails (both files are then as they were).
    package static func accept(_ file: FixtureFile, force: Bool = false) throws {
        var recording = try FixtureReader.read(contentsOf: file.url)
        let broken = recording.knownBrokenInvariants
        if !broken.isEmpty && !force {
            throw WaterfallCheckError.pendingFile(path: file.path, message: "not accepted: it breaks \(broken.count) invariant\(broken.count == 1 ? "" : "s") (--force accepts it anyway): " + broken.joined(separator: "; "))
        }
        if RecordingProvenance(recording) != nil {
            recording.setRecordingProvenance(nil)
            try AtomicFile.write(CanonicalWriter.data(for: recording), to: file.url)
        }
        let target = fixture(for: file.url)
        if rename(file.url.path, target.path) == 0 { return }
        let code = errno
        if code == EXDEV {
            // A pending directory on another file system: write the fixture atomically, then delete.
            try AtomicFile.write(try Data(contentsOf: file.url), to: target)
            try reject(file)
            return
        }
        throw WaterfallCheckError.pendingFile(path: file.path, message: "cannot move \(file.path) over \(target.lastPathComponent): \(String(cString: strerror(code)))")
    }

    /// Deletes a pending recording.
    /// - Throws: ``WaterfallCheckError/pendingFile(path:message:)`` naming the path when it cannot be removed.
    package static func reject(_ file: FixtureFile) throws {
        do { try FileManager.default.removeItem(at: file.url) } catch {
            throw WaterfallCheckError.pendingFile(path: file.path, message: "cannot delete \(file.path): \(error.localizedDescription)")
        }
    }
}
