import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport

/// Puts fixture files into canonical form (FIXTURE-FORMAT §8): the library half of
/// `waterfall-check format`.
package enum FixtureFormatter {
    /// Reads the fixture at `url` and, unless its bytes are already canonical, rewrites it
    /// atomically (or, with `write: false`, only reports it).
    /// - Returns: `true` when the file was not canonical.
    /// - Throws: ``FixtureError`` for an unreadable or invalid fixture (the file is left alone),
    ///   ``WaterfallCheckError/cannotWrite(path:reason:)`` when the rewrite fails.
    /// - Complexity: O(n) in the file's bytes.
    @discardableResult
    package static func format(_ url: URL, write: Bool) throws -> Bool {
        let document = try JSONDocument(contentsOf: url)
        let fixture = try document.decode(Fixture.init(json:))
        let canonical = CanonicalWriter.string(for: fixture)
        guard !canonical.utf8.elementsEqual(document.bytes) else { return false }
        if write { try AtomicFile.write(Data(canonical.utf8), to: url) }
        return true
    }
}
