import Foundation

/// Reads fixture files (FIXTURE-FORMAT §1-4) with json-c, strictly: anything the format does not
/// allow is a ``FixtureError`` with file, line, column and JSON path (§6, fixture errors).
public enum FixtureReader {
    /// Reads the fixture at `url`.
    /// - Throws: ``FixtureError`` when the file cannot be read or is not a valid fixture.
    /// - Complexity: O(n) in the file's bytes.
    public static func read(contentsOf url: URL) throws -> Fixture {
        try JSONDocument(contentsOf: url).decode(Fixture.init(json:))
    }

    /// Decodes a fixture from its bytes; `file` names it in errors.
    /// - Throws: ``FixtureError`` when `bytes` are not a valid fixture.
    /// - Complexity: O(n) in the bytes.
    public static func decode(_ bytes: [UInt8], file: String) throws -> Fixture {
        try JSONDocument(parsing: bytes, file: file).decode(Fixture.init(json:))
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
    public static func load(contentsOf url: URL) throws -> (fixture: Fixture, source: SourceLocator) {
        let document = try JSONDocument(contentsOf: url)
        return (try document.decode(Fixture.init(json:)), SourceLocator(bytes: document.bytes))
    }
}
