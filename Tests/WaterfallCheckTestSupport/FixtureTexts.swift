import Foundation
import Testing
import WaterfallCheck

/// The conformance fixtures (FIXTURE-FORMAT §8: the writer reproduces each byte for byte):
/// the repository's copy under Fixtures/conformance when present, else the shared originals.
public func conformanceFiles() throws -> [URL] {
    let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    for dir in [repo.appendingPathComponent("Fixtures/conformance"), URL(fileURLWithPath: "/work/shared/conformance")] {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) {
            let files = names.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0) }
            if !files.isEmpty { return files }
        }
    }
    return []
}

/// A minimal valid fixture text with `layout` members and `sections` spliced in.
public func fixtureText(layout: String = #""containerWidth": 375, "columnCount": 3"#,
                 sections: String = #"[{ "items": [{ "height": 10 }] }]"#, extra: String = "") -> String {
    """
    {
      "format": "waterfall-fixture/1",
      "name": "t",\(extra)
      "layout": { \(layout) },
      "sections": \(sections)
    }
    """
}

/// The fixture error for `text`, or `nil` (recorded as a test failure) when it loads.
public func fixtureError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> FixtureError? {
    fixtureError(bytes: Array(text.utf8), sourceLocation: sourceLocation)
}

public func fixtureError(bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> FixtureError? {
    do {
        _ = try FixtureReader.decode(bytes, file: "t.json")
        Issue.record("expected a fixture error", sourceLocation: sourceLocation)
        return nil
    } catch let e as FixtureError {
        return e
    } catch {
        Issue.record("expected a FixtureError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A new empty directory under the temporary directory; the caller removes it.
public func codecScratchDirectory(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("codec-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
