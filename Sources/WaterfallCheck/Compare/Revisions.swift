import Foundation

/// A git revision as reports name it: what the user typed, the commit and its subject line.
package struct Revision: Sendable, Hashable {
    package var spec: String
    package var commit: String
    package var subject: String
    package init(spec: String, commit: String, subject: String) { self.spec = spec; self.commit = commit; self.subject = subject }
    /// `main (1a2b3c4d5e6f Fix ties)`.
    package var label: String { "\(spec) (\(commit.prefix(12)) \(subject))" }
    /// `{"spec","commit","subject"}`.
    package var jsonValue: JSONValue { .object([("spec", .string(spec)), ("commit", .string(commit)), ("subject", .string(subject))]) }
}

/// Checks out and builds revisions of a git repository for `compare-revisions`: each commit in a
/// `git worktree` of its own, the user's build command run there (`/bin/sh -c`, cwd the tree),
/// then the tree detached from the repository (its `.git` link and the repository's worktree
/// record removed), so no worktree outlives the build. With a cache directory a built tree is
/// kept, keyed by commit and build command (`<commit>-<hash>`, marked complete by
/// `<commit>-<hash>.built`), and reused; without one the trees live in a temporary directory
/// that ``finish()`` removes. Whatever is half made is listed for ``removeAbandoned()``, which the
/// executable calls on SIGINT and SIGTERM. Commands run as processes of their own group
/// (`EngineProcess`), so the termination handler's `ExternalEngine.killAll()` stops a build too.
package final class RevisionBuilds {
    /// The top level of the repository.
    package let repository: String
    /// The directory the run started in, relative to ``repository`` (`git rev-parse
    /// --show-prefix`): empty at the top, else ending in `/`. An engine runs from the same
    /// directory of each revision's tree, as relative paths on the command line mean (review A15).
    package let prefix: String
    package let buildCommand: String
    /// Where the built trees are: the cache, or a temporary directory.
    package let store: String
    package let isCached: Bool
    /// Where a progress line goes (the executable: stderr).
    package var log: (String) -> Void = { _ in }
    private let commonGitDir: String

    /// - Parameters:
    ///   - directory: a directory inside the repository.
    ///   - cache: the cache directory (created), or `nil` for a temporary one.
    /// - Throws: ``WaterfallCheckError/revision(_:message:)`` outside a git repository.
    package init(in directory: String, build: String, cache: String?) throws {
        let top = try Self.git(["rev-parse", "--show-toplevel"], in: directory, what: directory)
        repository = top
        prefix = try Self.git(["rev-parse", "--show-prefix"], in: directory, what: directory)
        let common = try Self.git(["rev-parse", "--git-common-dir"], in: top, what: top)
        commonGitDir = common.hasPrefix("/") ? common : URL(fileURLWithPath: top).appendingPathComponent(common).standardized.path
        buildCommand = build
        if let cache {
            do { try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true) } catch {
                throw WaterfallCheckError.cannotWrite(path: cache, reason: error.localizedDescription)
            }
            store = URL(fileURLWithPath: cache).standardized.path
            isCached = true
        } else {
            var template = Array((NSTemporaryDirectory() + "/waterfall-check-revisions.XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else {
                throw WaterfallCheckError.cannotWrite(path: NSTemporaryDirectory(), reason: String(cString: strerror(errno)))
            }
            store = URL(fileURLWithPath: String(cString: made)).standardized.path
            isCached = false
            Self.abandoned.insert(store, gitDir: commonGitDir)
        }
    }

    deinit { finish() }

    /// Removes the temporary store (not a cache). Idempotent.
    package func finish() {
        guard !isCached else { return }
        try? FileManager.default.removeItem(atPath: store)
        Self.abandoned.remove(store)
    }

    /// `spec` as a commit with its subject.
    /// - Throws: ``WaterfallCheckError/revision(_:message:)`` when it names no commit.
    package func resolve(_ spec: String) throws -> Revision {
        guard !spec.hasPrefix("-") else { throw WaterfallCheckError.revision(spec, message: "no such revision: \(spec)") }
        let commit = try Self.git(["rev-parse", "--verify", "--quiet", spec + "^{commit}"], in: repository, what: spec,
                                  failure: "no such revision: \(spec)")
        let subject = try Self.git(["log", "-1", "--format=%s", commit], in: repository, what: spec)
        return Revision(spec: spec, commit: commit, subject: subject)
    }

    /// The directory of `revision` built with ``buildCommand``: from the cache when it is there,
    /// else checked out and built now.
    /// - Throws: ``WaterfallCheckError/revision(_:message:)`` naming the revision, with the end
    ///   of the build's output, when the checkout or the build fails.
    package func tree(for revision: Revision) throws -> String {
        let key = "\(revision.commit)-\(Self.hash(buildCommand))"
        let tree = store + "/" + key, marker = tree + ".built"
        // Two runs sharing a cache take turns per entry: the second waits for the first's build
        // and reuses it, instead of removing its half-built tree (review A4). flock(2) is
        // released when the process ends, however it ends, so no lock outlives its run.
        let lock = isCached ? try lockEntry(tree + ".lock", revision) : -1
        defer { if lock >= 0 { close(lock) } }
        if FileManager.default.fileExists(atPath: marker) {
            log("\(revision.label): built already (\(tree))")
            return tree
        }
        Self.abandoned.insert(tree, gitDir: commonGitDir)
        removeTree(tree)  // a half-made one from an earlier run
        log("\(revision.label): checking out and running \(buildCommand)")
        do {
            _ = try Self.git(["worktree", "add", "--detach", "--quiet", tree, revision.commit], in: repository, what: revision.label)
            let run = Self.run("exec 2>&1\n" + buildCommand, in: tree)
            guard run.status == 0 else {
                throw WaterfallCheckError.revision(revision.spec, message: "the build of \(revision.label) failed (\(run.outcome)): \(buildCommand)\n" + run.tail)
            }
            detach(tree)
            if isCached, !FileManager.default.createFile(atPath: marker, contents: Data((buildCommand + "\n").utf8)) {
                throw WaterfallCheckError.cannotWrite(path: marker, reason: "cannot create the cache marker")
            }
        } catch {
            removeTree(tree)
            Self.abandoned.remove(tree)
            throw error
        }
        Self.abandoned.remove(tree)
        return tree
    }

    /// Opens and exclusively locks `path` (created), waiting for another run's lock with a
    /// progress line. Returns the descriptor; closing it releases the lock.
    private func lockEntry(_ path: String, _ revision: Revision) throws -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WaterfallCheckError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            log("\(revision.label): waiting for another run building it in the cache")
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = String(cString: strerror(errno))
                    close(fd)
                    throw WaterfallCheckError.cannotWrite(path: path, reason: "cannot lock the cache entry: \(reason)")
                }
            }
        }
        return fd
    }

    /// Removes the worktree record of `tree` in the repository and its `.git` link: the tree is a
    /// plain directory from now on (no `git worktree list` entry, nothing for `prune` to do).
    private func detach(_ tree: String) { Self.detach(tree, gitDir: commonGitDir) }

    private static func detach(_ tree: String, gitDir commonGitDir: String) {
        if let link = try? String(contentsOfFile: tree + "/.git", encoding: .utf8), link.hasPrefix("gitdir: ") {
            try? FileManager.default.removeItem(atPath: link.dropFirst(8).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        // `git worktree add` killed before it wrote the link: the record is named after the tree.
        let record = commonGitDir + "/worktrees/" + URL(fileURLWithPath: tree).lastPathComponent
        if let back = try? String(contentsOfFile: record + "/gitdir", encoding: .utf8),
           back.trimmingCharacters(in: .whitespacesAndNewlines) == tree + "/.git" {
            try? FileManager.default.removeItem(atPath: record)
        }
        try? FileManager.default.removeItem(atPath: tree + "/.git")
    }

    private func removeTree(_ tree: String) {
        detach(tree)
        try? FileManager.default.removeItem(atPath: tree)
        try? FileManager.default.removeItem(atPath: tree + ".built")
    }

    // MARK: - Interrupted runs

    private static let abandoned = PathSet()

    /// Removes every half-made tree (and its worktree record) and every temporary store: for the
    /// executable's SIGINT and SIGTERM handling, after the build processes were killed.
    /// - Returns: how many paths were removed.
    @discardableResult
    package static func removeAbandoned() -> Int {
        let paths = abandoned.drain()
        // Every tree detached before any directory goes: a store holds trees.
        for (path, gitDir) in paths { detach(path, gitDir: gitDir) }
        for (path, _) in paths { try? FileManager.default.removeItem(atPath: path) }
        return paths.count
    }

    /// A locked set of paths, each with the common git dir of its repository.
    final class PathSet: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String: String] = [:]
        func insert(_ p: String, gitDir: String) { lock.withLock { paths[p] = gitDir } }
        func remove(_ p: String) { lock.withLock { _ = paths.removeValue(forKey: p) } }
        func drain() -> [(String, String)] { lock.withLock { defer { paths.removeAll() }; return paths.map { ($0.key, $0.value) } } }
    }

    // MARK: - Processes

    /// The FNV-1a hash of `text`, 16 hex digits: the cache key of a build command.
    static func hash(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// What a command did: its wait status and the last lines of its output (stdout and stderr).
    struct Run {
        var status: Int32
        var lines: [String]
        var tail: String { lines.suffix(30).map { "  | " + $0 }.joined(separator: "\n") }
        var outcome: String { EngineProcess.describe(status: status) }
    }

    /// Runs `/bin/sh -c script` in `directory` (`"$@"` is `arguments`), stdin closed, keeping
    /// the last 200 lines of its output.
    static func run(_ script: String, _ arguments: [String] = [], in directory: String) -> Run {
        let argv = ["/bin/sh", "-c", "cd \"$0\" || exit 127\n" + script, directory] + arguments
        guard let process = try? EngineProcess(arguments: argv) else { return Run(status: 127 << 8, lines: ["cannot start /bin/sh"]) }
        process.closeStdin()
        var lines: [String] = []
        func keep(_ bytes: [UInt8]) {
            lines.append(String(decoding: bytes, as: UTF8.self))
            if lines.count > 400 { lines.removeFirst(200) }
        }
        reading: while true {
            switch process.exchange([], deadline: EngineProcess.deadline(after: 3600)) {
            case .line(let l): keep(l)
            case .closed(let partial): if !partial.isEmpty { keep(partial) }; break reading
            case .timedOut(let partial): if !partial.isEmpty { keep(partial) }
            case .tooLong: break reading
            }
        }
        let status = process.terminate(grace: 5) ?? (127 << 8)
        // Killed because the run is being stopped (SIGINT, SIGTERM): the termination thread is
        // removing what was half made and exits with the signal's status; do not race it with
        // a "build failed" and exit status 2.
        for _ in 0..<1_000 where EngineProcess.live.isStopped { usleep(10_000) }
        return Run(status: status, lines: Array(lines.suffix(200)))
    }

    /// `git ARGS` in `directory`: its output, trimmed.
    /// - Throws: ``WaterfallCheckError/revision(_:message:)`` about `what` when git fails.
    static func git(_ arguments: [String], in directory: String, what: String, failure: String? = nil) throws -> String {
        let run = run("exec 2>&1\nexec git \"$@\"", arguments, in: directory)
        guard run.status == 0 else {
            throw WaterfallCheckError.revision(what, message: failure ?? "git \(arguments.joined(separator: " ")) failed (\(run.outcome)) for \(what)\n" + run.tail)
        }
        return run.lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
