import Foundation
import Testing

/// Runs the built `waterfall-check` executable with an explicit environment (never the test
/// process's own, so CI=true on the test machine changes nothing).
public enum CLI {
    public struct Output {
        public var status: Int32, stdout: String, stderr: String
        public init(status: Int32, stdout: String, stderr: String) { self.status = status; self.stdout = stdout; self.stderr = stderr }
    }
    public struct Missing: Error, CustomStringConvertible { public var description: String }

    /// `waterfall-check`, found beside the test bundle (SwiftPM builds every product for `swift test`).
    public static func executable() throws -> URL {
        var dir = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("waterfall-check")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        throw Missing(description: "waterfall-check not found near \(Bundle.main.bundleURL.path): build it first (swift build)")
    }

    /// Runs `waterfall-check arguments` in `directory` with `CI` set to `ci` (or unset).
    /// - Parameter asUser: run as this numeric user and group id through `setpriv` (to test
    ///   permissions as root).
    public static func run(_ arguments: [String], in directory: URL, ci: String? = nil, asUser: UInt32? = nil) throws -> Output {
        let exe = try executable()
        var env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        if let ci { env["CI"] = ci }
        let p = asUser.map { user in
            Result { try Subprocess("/usr/bin/setpriv", ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", exe.path] + arguments,
                                    in: directory, environment: env) }
        } ?? Result { try Subprocess(exe.path, arguments, in: directory, environment: env) }
        let (status, o, e) = try p.get().finish()
        return Output(status: status, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }
}
