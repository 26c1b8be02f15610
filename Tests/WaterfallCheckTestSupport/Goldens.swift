import Foundation
import Testing
import WaterfallCheck

/// Two 50-pt columns in a 100-pt container, no gaps or insets, items 10, 20 and 30 pt tall.
///
/// By hand (FIXTURE-FORMAT §5): column width (100 - 0) / 2 = 50. Item 0 → column 0 at y 0;
/// item 1 → column 1 (tops 10, 0) at y 0; item 2 → column 0 (tops 10, 20) at y 10.
/// Content height = max(10 + 30, 20) = 40.
public enum TwoColumns {
    public static let input = LayoutInput(layout: LayoutSettings(containerWidth: 100, columnCount: 2),
                                   sections: [SectionInput(items: [.height(10), .height(20), .height(30)])])
    public static let frames = [CGRect(x: 0, y: 0, width: 50, height: 10), CGRect(x: 50, y: 0, width: 50, height: 20),
                         CGRect(x: 0, y: 10, width: 50, height: 30)]
    public static let result = LayoutResult(contentSize: CGSize(width: 100, height: 40), sections: [SectionFrames(items: frames)])

    public static func fixture(_ name: String, expected: LayoutOutcome? = .layout(result), tolerance: CGFloat? = nil) -> Fixture {
        Fixture(name: name, tolerance: tolerance, input: input, expected: expected)
    }

    /// `result` with item `i`'s frame moved down by `dy`.
    public static func moving(_ i: Int, by dy: CGFloat) -> LayoutResult {
        var r = result
        r.sections[0].items[i].origin.y += dy
        return r
    }
}

/// An engine answering every input with one scripted outcome.
public final class ScriptedEngine: LayoutEngine {
    public enum Answer { case layout(LayoutResult), error(Error) }
    public let answer: Answer
    public let descriptor = EngineDescriptor(name: "scripted", version: "1")
    public init(_ answer: Answer) { self.answer = answer }
    public func layout(_ input: LayoutInput) throws -> LayoutResult {
        switch answer {
        case .layout(let r): return r
        case .error(let e): throw e
        }
    }
}

/// A non-LayoutError, as an engine crashing or misbehaving would report.
public struct EngineCrashed: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "engine crashed" }
}

/// A fresh temporary directory, removed by `cleanup()`.
public struct TempDir {
    public let url: URL
    /// - Parameter under: the parent directory (default: the temporary directory).
    public init(under parent: URL = FileManager.default.temporaryDirectory) throws {
        url = parent.appendingPathComponent("golden-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    }
    public func cleanup() { try? FileManager.default.removeItem(at: url) }

    /// Writes `fixture` canonically to `relative` (creating folders) and returns its URL.
    @discardableResult
    public func write(_ fixture: Fixture, to relative: String) throws -> URL {
        try write(CanonicalWriter.string(for: fixture), to: relative)
    }

    @discardableResult
    public func write(_ text: String, to relative: String) throws -> URL {
        let u = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        try Data(text.utf8).write(to: u)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: u.path)
        return u
    }

    public func read(_ relative: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(relative), encoding: .utf8)
    }

    public func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(relative).path)
    }
}

/// An invariant checker that reports one fixed violation, or none.
public struct FixedChecker: InvariantChecking {
    public var violations: [String]
    public init(violations: [String]) { self.violations = violations }
    public func violations(of input: LayoutInput, answer: EngineAnswer, engine: LayoutEngine, tolerance: Tolerance) throws -> [InvariantFailure] {
        if case .fault(let f) = answer { throw f }
        return violations.map { InvariantFailure(invariant: "fixed", message: $0) }
    }
}
