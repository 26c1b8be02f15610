import Foundation

extension CLI {
    /// Runs a command line the tool printed (a replay line: `<prefix>waterfall-check …`) through
    /// `/bin/sh` in `directory`, as a user pasting it would, with the built executable for
    /// `waterfall-check`, `extra` appended, and `CI=true`.
    /// - Returns: the exit status and standard output, and the command run (for messages).
    public static func runPrinted(_ line: Substring, prefix: String, extra: String, in directory: URL) throws -> (status: Int32, stdout: String, command: String) {
        let exe = try executable().path
        let command = line.replacingOccurrences(of: prefix + "waterfall-check", with: "'\(exe)'")
        let (status, out, _) = try Subprocess("/bin/sh", ["-c", command + extra], in: directory,
                                              environment: ["CI": "true", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]).finish()
        return (status, String(decoding: out, as: UTF8.self), command)
    }
}
