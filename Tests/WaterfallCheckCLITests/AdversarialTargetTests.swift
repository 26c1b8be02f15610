import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckReports
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// `waterfall-check` run through `/bin/sh -c SCRIPT` (for redirections and non-UTF-8 bytes):
/// `$WC` is the executable. Returns the script's exit status and its stdout.
func shell(_ script: String, in directory: URL) throws -> (status: Int32, stdout: String) {
    let (status, data, _) = try Subprocess("/bin/sh", ["-c", script], in: directory,
                                           environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "WC": try CLI.executable().path]).finish()
    return (status, String(decoding: data, as: UTF8.self))
}

/// Report targets and hostile paths (D1, D2, D3, D7, D14): nothing is deleted or replaced that
/// the command was not asked to write, and no argument crashes the harness.
@Suite("Adversarial: report targets and paths")
struct AdversarialTargetTests {
    @Test("D1: --html into a folder holding the report marker keeps the folder's other files, also under CI")
    func htmlNeverDeletesATree() throws {
        let (dir, text) = try adversarialCorpus()
        defer { dir.cleanup() }
        try dir.write("notes\n", to: "README.md")
        try dir.write("", to: HTMLReport.markerName)
        let out = try CLI.run(["verify", "--html", ".", "fx"], in: dir.url, ci: "true")
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try dir.read("README.md") == "notes\n")
        #expect(try dir.read("fx/a.json") == text)
        #expect(dir.exists("index.html"))
    }

    @Test("D1: --html naming an input of the run, or a folder inside the fixtures, is refused; the fixture stays")
    func htmlOntoInputsRefused() throws {
        let (dir, text) = try adversarialCorpus()
        defer { dir.cleanup() }
        try dir.write("", to: "fx/" + HTMLReport.markerName)
        for (command, html) in [(["verify"], "fx"), (["verify"], "fx/rep"), (["compare", "--baseline", "reference", "--candidate", "reference", "--fuzz-cases", "1"], "fx")] {
            let out = try CLI.run(command + ["--html", html, "fx"], in: dir.url)
            #expect(out.status == 2, "\(command) \(html)")
            #expect(out.stderr.contains("--html \(html) would write the report"), "\(out.stderr)")
        }
        #expect(try dir.read("fx/a.json") == text)
        #expect(!dir.exists("fx/index.html") && !dir.exists("fx/rep"))
    }

    @Test("D2: a report onto a character device, a FIFO or a symbolic link writes through it and never replaces it")
    func reportTargetsAreWrittenThrough() throws {
        let (dir, _) = try adversarialCorpus()
        defer { dir.cleanup() }
        let d = dir.url.path
        // A private /dev/null (root in CI containers); skipped where mknod is not permitted.
        let canMknod = mknod(d + "/fakenull", S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0
        if canMknod {
            for option in ["--json", "--junit"] {
                let out = try CLI.run(["verify", option, d + "/fakenull", "fx"], in: dir.url)
                #expect(out.status == 0, "\(out.stderr)")
                var st = stat()
                #expect(lstat(d + "/fakenull", &st) == 0 && st.st_mode & S_IFMT == S_IFCHR, "\(option) replaced the device")
            }
        }
        // A FIFO with a reader gets the report; the FIFO stays a FIFO.
        #expect(mkfifo(d + "/ff", 0o644) == 0)
        let reader = open(d + "/ff", O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        let viaFIFO = try CLI.run(["verify", "--junit", d + "/ff", "fx"], in: dir.url)
        #expect(viaFIFO.status == 0, "\(viaFIFO.stderr)")
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let n = read(reader, &buffer, buffer.count)
        close(reader)
        #expect(n > 0 && String(decoding: buffer[..<max(n, 0)], as: UTF8.self).contains("<testsuites"))
        // Without a reader: a clear error, exit 2, no hang, still a FIFO.
        let noReader = try CLI.run(["verify", "--json", d + "/ff", "fx"], in: dir.url)
        #expect(noReader.status == 2)
        #expect(noReader.stderr.contains("ff") && noReader.stderr.contains("no reader"), "\(noReader.stderr)")
        var st = stat()
        #expect(lstat(d + "/ff", &st) == 0 && st.st_mode & S_IFMT == S_IFIFO)
        // A symbolic link (dangling, then to a file): the link stays, its target gets the report.
        #expect(symlink(d + "/t.txt", d + "/lk") == 0)
        for _ in 0..<2 {
            let out = try CLI.run(["verify", "--json", d + "/lk", "fx"], in: dir.url)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(lstat(d + "/lk", &st) == 0 && st.st_mode & S_IFMT == S_IFLNK)
            #expect(try dir.read("t.txt").contains("\"passed\""))
        }
        // render --out and compare --json take the same path.
        let render = try CLI.run(["render", "fx/a.json", "--out", d + "/lk"], in: dir.url)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try dir.read("t.txt").hasPrefix("<svg") || (try dir.read("t.txt")).contains("<svg"))
        let compare = try CLI.run(["compare", "--baseline", "reference", "--candidate", "reference", "--fuzz-cases", "2", "--json", d + "/lk"], in: dir.url)
        #expect(compare.status == 0, "\(compare.stderr)")
        #expect(lstat(d + "/lk", &st) == 0 && st.st_mode & S_IFMT == S_IFLNK)
        // A directory is refused, never replaced.
        try FileManager.default.createDirectory(atPath: d + "/adir", withIntermediateDirectories: false)
        let ontoDir = try CLI.run(["verify", "--json", d + "/adir", "fx"], in: dir.url)
        #expect(ontoDir.status == 2 && ontoDir.stderr.contains("not a regular file"), "\(ontoDir.stderr)")
    }

    @Test("D3: one-character, '.', '..', trailing-slash, non-UTF-8 and 4096-byte paths never crash any command")
    func hostilePathsNeverCrash() throws {
        // The commands run one folder down, so `..` is the small scratch tree, never the machine's /tmp.
        let (root, text) = try adversarialCorpus()
        defer { root.cleanup() }
        let dir = try TempDir(under: root.url)
        try dir.write(text, to: "fx/a.json")
        try FileManager.default.copyItem(atPath: dir.url.path + "/fx/a.json", toPath: dir.url.path + "/g")
        try FileManager.default.createDirectory(atPath: dir.url.path + "/E", withIntermediateDirectories: false)
        _ = symlink("/tmp", dir.url.path + "/lnk")
        _ = symlink(dir.url.path + "/missing", dir.url.path + "/dangling.json")
        let long = String(repeating: "a/", count: 2047) + "b"  // 4095 bytes
        let paths = ["g", "E", "Q", "é", ".", "..", "fx/", "./fx/", "fx//a.json", long, "$(printf 'x\\300y')", "$(printf 'q\\377')"]
        let commands = ["verify", "record", "format", "format --check", "review", "accept", "reject", "render", "compare --baseline reference --candidate reference --fuzz-cases 0"]
        var script = ""
        for c in commands { for p in paths { script += "CI=true \"$WC\" \(c) \"\(p)\" </dev/null >/dev/null 2>&1; echo \"\(c) $?\"\n" } }
        let (status, out) = try shell(script, in: dir.url)
        #expect(status == 0)
        let codes = out.split(separator: "\n")
        #expect(codes.count == commands.count * paths.count)
        for line in codes { #expect(["0", "1", "2"].contains(line.split(separator: " ").last.map(String.init) ?? ""), "\(line)") }
        // The one-character fixture is verified; an empty directory is "no fixtures", exit 2.
        #expect(try CLI.run(["verify", "g"], in: dir.url).status == 0)
        let empty = try CLI.run(["verify", "E"], in: dir.url)
        #expect(empty.status == 2 && empty.stderr.isEmpty && empty.stdout.contains("no fixtures"), "\(empty.stdout)")
    }

    @Test("D7: with stderr closed or on a full device, errors still exit 2, never a crash")
    func unwritableStderr() throws {
        let (dir, _) = try adversarialCorpus()
        defer { dir.cleanup() }
        try dir.write("{", to: "bad/b.json")
        let script = """
        "$WC" --bogus 2>/dev/full; echo $?
        "$WC" --bogus 2>&-; echo $?
        "$WC" verify bad 2>&-; echo $?
        "$WC" verify bad 2>/dev/full; echo $?
        "$WC" fuzz --cases 50 --seed 1 --save out 2>/dev/full >/dev/null; echo $?
        "$(dirname "$WC")/waterfall-engine" nosuch 2>/dev/full; echo $?
        """
        let (_, out) = try shell(script, in: dir.url)
        #expect(out.split(separator: "\n").filter { !$0.hasPrefix("ERROR") && Int($0) != nil } == ["2", "2", "2", "2", "0", "2"], "\(out)")
    }

    @Test("D14: --engine-timeout above a day is a usage error; a day is accepted")
    func engineTimeoutBounded() throws {
        let (dir, _) = try adversarialCorpus()
        defer { dir.cleanup() }
        let huge = try CLI.run(["verify", "--engine-timeout", "2e10", "--engine", "exec:true", "fx"], in: dir.url)
        #expect(huge.status == 2)
        #expect(huge.stderr.contains("--engine-timeout expects a positive number of seconds, at most 86400"), "\(huge.stderr)")
        let day = try CLI.run(["verify", "--engine-timeout", "86400", "--engine", "exec:true", "fx"], in: dir.url)
        #expect(day.status == 2)  // `true` sends no hello: a handshake fault, not a trap
        #expect(day.stdout.contains("handshake") || day.stderr.contains("hello"), "\(day.stdout) \(day.stderr)")
    }
}
