import Foundation
import WaterfallCheck

/// The files that show one failing golden run result: what `verify --artifacts DIR` writes and
/// what `assertGoldens` attaches (Swift Testing `Attachment`).
///
/// - `<name>.actual.json`: the fixture with the engine's output as its `expected` (canonical
///   form; the fixture's tolerance and extensions kept), so accepting it is one `cp`;
/// - `<name>.diff.svg`: expected over actual, side by side, the differing elements highlighted
///   (with no expected frames: the actual frames, the elements of the broken invariants
///   highlighted).
///
/// Needs the layouts the run kept (``GoldenRunner/keepsLayouts``); a result without them, or
/// whose engine faulted or answered `unsupported`, has no artifact.
/// - Complexity: O(elements) per result.
package enum FailureArtifacts {
    /// One file: its name (from the fixture's `name`, FIXTURE-FORMAT §2: `[A-Za-z0-9._-]+`) and bytes.
    package struct File: Hashable, Sendable {
        package var name: String
        package var data: Data
        package init(name: String, data: Data) { self.name = name; self.data = data }
    }

    /// The files for `result`, actual fixture first; empty when the run kept no layout for it.
    package static func files(for result: FixtureResult) -> [File] {
        guard let fixture = result.fixture, let answer = result.answer, let outcome = answer.outcome else { return [] }
        let name = Fixture.isValidName(fixture.name) ? fixture.name : "fixture"
        var actual = fixture
        actual.expected = outcome
        var files = [File(name: "\(name).actual.json", data: CanonicalWriter.data(for: actual))]
        guard case .layout(let layout) = answer else { return files }
        let highlighted = result.differences.compactMap(\.element) + result.failures.flatMap(\.elements)
        let options = SVGRenderer.Options(tolerance: result.tolerance, title: "\(result.file): \(result.message)")
        let svg: String
        if case .layout(let expected)? = fixture.expected {
            svg = SVGRenderer.sideBySide(input: fixture.input, expected: expected, actual: layout, moved: highlighted, options: options)
        } else {
            svg = SVGRenderer.diff(input: fixture.input, expected: layout, actual: layout, moved: highlighted, options: options)
        }
        files.append(File(name: "\(name).diff.svg", data: Data(svg.utf8)))
        return files
    }

    /// The files of a shrunk counterexample: the input-only fixture (`<name>.json`) and its
    /// frames drawn with the broken invariant's elements highlighted (`<name>.svg`, when the
    /// engine's frames are known).
    package static func files(for fixture: Fixture, frames: LayoutResult?, highlighted: [ElementID], title: String) -> [File] {
        var files = [File(name: "\(fixture.name).json", data: CanonicalWriter.data(for: fixture))]
        if let frames {
            let svg = SVGRenderer.diff(input: fixture.input, expected: frames, actual: frames, moved: highlighted,
                                       options: SVGRenderer.Options(title: title))
            files.append(File(name: "\(fixture.name).svg", data: Data(svg.utf8)))
        }
        return files
    }

    /// Writes `files` into `directory` (created when missing), each through an atomic write.
    /// - Throws: the first write error, naming the path.
    package static func write(_ files: [File], to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for f in files { try AtomicFile.write(f.data, to: directory.appendingPathComponent(f.name)) }
    }
}
