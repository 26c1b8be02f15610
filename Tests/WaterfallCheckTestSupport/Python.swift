import Foundation
import Testing

/// Runs Python scripts in a virtual environment with `junitparser` from PyPI, created on first
/// use under the package's `.build/venv-junit`. Any failure (no venv module, no network for pip)
/// throws: a report test must fail loudly, never pass without having parsed anything.
public enum Python {
    public struct Failure: Error, CustomStringConvertible { public var description: String }

    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let venv = packageRoot.appendingPathComponent(".build/venv-junit")
    private static let lock = NSLock()

    /// `python script arguments...` in the venv; returns stdout.
    public static func runWithJunitparser(script: String, arguments: [String]) throws -> String {
        try lock.withLock {
            let python = venv.appendingPathComponent("bin/python").path
            if (try? run(python, ["-c", "import junitparser"])) == nil {
                try run("/usr/bin/env", ["python3", "-m", "venv", venv.path])
                try run(venv.appendingPathComponent("bin/pip").path, ["install", "--quiet", "junitparser"])
            }
        }
        return try run(venv.appendingPathComponent("bin/python").path, ["-c", script] + arguments)
    }

    @discardableResult
    public static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let (status, o, e) = try Subprocess(executable, arguments, environment: ProcessInfo.processInfo.environment).finish()
        guard status == 0 else {
            throw Failure(description: "\(executable) \(arguments.prefix(2).joined(separator: " ")) failed (\(status)): \(String(decoding: e, as: UTF8.self))")
        }
        return String(decoding: o, as: UTF8.self)
    }
}
