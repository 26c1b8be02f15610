import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport

/// Reads fixture files (FIXTURE-FORMAT §1-4) with json-c, strictly: anything the format does not
/// allow is a ``FixtureError`` with file, line, column and JSON path (§6, fixture errors).
public enum FixtureReader {
    /// Reads the fixture at `url`.
    /// - Throws: ``FixtureError`` when the file cannot be read or is not a valid fixture.
    /// - Complexity: O(n) in the file's bytes.
    public static func read(contentsOf url: URL) throws -> Fixture {
        try decode(JSONDocument.bytes(contentsOf: url), file: url.path)
    }

    /// Decodes a fixture from its bytes; `file` names it in errors.
    /// - Throws: ``FixtureError`` when `bytes` are not a valid fixture.
    /// - Complexity: O(n) in the bytes.
    /// - Complexity: O(n) in the bytes. A text of ``piecewiseThreshold`` bytes or more is decoded
    ///   piece by piece (``decodePiecewise(_:file:)``), so memory stays O(n) with a small constant.
    public static func decode(_ bytes: [UInt8], file: String) throws -> Fixture {
        if bytes.count >= piecewiseThreshold, let fixture = decodePiecewise(bytes, file: file) { return fixture }
        return try JSONDocument(parsing: bytes, file: file).decode(Fixture.init(json:))
    }

    /// Decodes a fixture from `data`; `file` names it in errors.
    public static func decode(_ data: Data, file: String) throws -> Fixture {
        try decode([UInt8](data), file: file)
    }
}

extension FixtureReader {
    /// Reads the fixture at `url` and keeps its bytes, so a report can locate any JSON path in
    /// it without reading the file again.
    /// - Throws: as ``read(contentsOf:)``.
    /// - Complexity: O(n) in the file's bytes.
    package static func load(contentsOf url: URL) throws -> (fixture: Fixture, source: SourceLocator) {
        let bytes = try JSONDocument.bytes(contentsOf: url)
        return (try decode(bytes, file: url.path), SourceLocator(bytes: bytes))
    }
}
