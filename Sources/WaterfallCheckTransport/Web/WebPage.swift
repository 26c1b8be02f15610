#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WaterfallCheck

/// One browser page the web engines drive (docs/web-engines.md): Chromium over the DevTools pipe
/// (``ChromiumBrowser``), Firefox over Marionette (``GeckoBrowser``), WebKitGTK's MiniBrowser over
/// WebDriver under Xvfb (``WebKitBrowser``). Each runs its processes in their own process groups
/// (``EngineProcess``), removes its profile and ends its display on ``shutdown()``, on `deinit`
/// and on every fault; ``ExternalEngine/killAll()`` reaches the processes. Used from one thread
/// at a time.
protocol WebPage: AnyObject {
    /// The browser's product and version, `HeadlessChrome/156.0.8078.114`, `Firefox/153.8.0`.
    var product: String { get }
    /// The process id (group) of the browser, or of its driver.
    var processID: Int32 { get }
    /// Evaluates the JavaScript `expression` in the page's global scope and decodes its value
    /// (JSON) with `body`.
    /// - Throws: ``EngineFault``: `crashed`, `timedOut`, `malformedReply`, or `wrongShape` for a
    ///   script exception or a value `body` cannot read. The caller ends the browser on a fault.
    func evaluate<T>(_ expression: String, timeout: Double, _ body: (JSONNode) throws -> T) throws -> T
    /// As ``evaluate(_:timeout:_:)``, and when the value is a promise, waits for it and decodes
    /// what it resolves to (a rejection is a `wrongShape` fault).
    func evaluateAwaiting<T>(_ expression: String, timeout: Double, _ body: (JSONNode) throws -> T) throws -> T
    /// Loads `url` in the page at the reftest viewport (``WebPageSupport/viewport``, where the
    /// browser lets it be set) and returns once the load event has fired.
    /// - Throws: ``EngineFault`` as ``evaluate(_:timeout:_:)``.
    func navigate(to url: String, timeout: Double) throws
    /// A PNG of the page's viewport as the browser encodes it, base64 (the WPT runner's reftests).
    /// - Throws: ``EngineFault`` as ``evaluate(_:timeout:_:)``.
    func screenshot(timeout: Double) throws -> String
    /// Ends the browser and everything it started, and removes its profile. Idempotent.
    func shutdown()
    /// How many pages evaluate side by side (``evaluateSideBySide(_:timeout:_:)``).
    var pages: Int { get }
    /// Evaluates `expressions[k]` in page `k` (at most ``pages``), side by side where the
    /// browser has the pages, and decodes each value with `body(k, value)`.
    /// - Throws: ``EngineFault`` as ``evaluate(_:timeout:_:)``.
    func evaluateSideBySide<T>(_ expressions: [String], timeout: Double, _ body: (Int, JSONNode) throws -> T) throws -> [T]
}

extension WebPage {
    /// One page (Firefox, WebKit).
    var pages: Int { 1 }
    func evaluateSideBySide<T>(_ expressions: [String], timeout: Double, _ body: (Int, JSONNode) throws -> T) throws -> [T] {
        try expressions.enumerated().map { k, e in try evaluate(e, timeout: timeout) { try body(k, $0) } }
    }
}

extension ChromiumBrowser: WebPage {}

/// Helpers the browsers share.
enum WebPageSupport {
    /// The WebDriver script (a function body, `arguments[0]` the expression) that evaluates an
    /// expression in the page's global scope, as `Runtime.evaluate` does: an indirect `eval`.
    static let evaluateScript = "return (0, eval)(arguments[0]);"

    /// The viewport reftests are taken at, CSS px: WPT's 800 × 600.
    static let viewport = (width: 800, height: 600)

    /// Sizes a WebDriver browser's window (`setWindow(width, height)`) so that its viewport
    /// (`innerWidth` × `innerHeight`) is ``viewport``: once at the viewport's size, then grown by
    /// what the window's own chrome takes. A window manager applies a resize when it gets to it
    /// (a loaded machine: MiniBrowser's screenshot came back 576 × 432), so the viewport is read
    /// until it has the size, for up to 5 s, resizing again from what it reads.
    /// - Throws: ``EngineFault`` as the page's commands.
    static func fitViewport(_ page: WebPage, timeout: Double, _ setWindow: (Int, Int) throws -> Void) throws {
        let v = viewport
        var window = (v.width, v.height)
        try setWindow(window.0, window.1)
        let deadline = Date().addingTimeInterval(5)
        var last: [Int] = []
        while Date() < deadline {
            let inner = try page.evaluate("[innerWidth, innerHeight]", timeout: timeout) { try $0.array().map { Int(try $0.number()) } }
            guard inner.count == 2, inner != [v.width, v.height] else { return }
            // A new reading is the window's answer to the last size: grow by what its chrome takes.
            if inner != last && inner != [0, 0] {
                let next = (window.0 + v.width - inner[0], window.1 + v.height - inner[1])
                if next != window { window = next; try setWindow(window.0, window.1) }
                last = inner
            }
            usleep(50_000)
        }
    }

    /// A fresh private directory `/tmp/waterfall-NAME-XXXXXX`, recorded in ``directories`` until
    /// ``removeDirectory(_:)``.
    /// - Throws: ``EngineFault`` `spawn`.
    static func temporaryDirectory(_ name: String, engine: String) throws -> String {
        var template = Array((NSTemporaryDirectory() + "/waterfall-\(name)-XXXXXX").utf8CString)
        guard let dir = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw EngineFault(.spawn, engine: engine, "cannot make a directory for the browser: \(String(cString: strerror(errno)))")
        }
        let path = String(cString: dir)
        _ = directories.withLock { $0.insert(path) }
        return path
    }

    /// Removes a directory made by ``temporaryDirectory(_:engine:)`` and forgets it.
    static func removeDirectory(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        directories.withLock { _ = $0.remove(path) }
    }

    /// The browser profiles of running browsers: what SIGINT or SIGTERM removes after the
    /// browsers are killed (``WebEngine/removeBrowserDirectories()``).
    static let directories = Locked(Set<String>())

    /// A value shared between threads, read and changed under a lock.
    final class Locked<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value
        init(_ value: Value) { self.value = value }
        func withLock<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }
    }

    /// The first executable of `names` on `PATH` or of `paths`; `$variable` first when set (it must
    /// be an executable file).
    /// - Throws: ``WaterfallCheckError/usage(_:)`` with `install` when none is found.
    static func findExecutable(variable: String, names: [String], paths: [String] = [], install: String,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let fm = FileManager.default
        if let given = environment[variable], !given.isEmpty {
            guard fm.isExecutableFile(atPath: given) else {
                throw WaterfallCheckError.usage("\(variable)=\(given) is not an executable file; point it at the program or unset it")
            }
            return given
        }
        let dirs = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in names {
            for d in dirs where fm.isExecutableFile(atPath: d + "/" + name) { return d + "/" + name }
        }
        for p in paths where fm.isExecutableFile(atPath: p) { return p }
        throw WaterfallCheckError.usage("\(install); or set \(variable)=/path/to/it")
    }

    /// Maps a ``LocalConnection/Failure`` of `what` to the engine fault it is.
    static func fault(_ failure: Error, _ what: String, engine: String, timeout: Double, process: EngineProcess) -> EngineFault {
        switch failure {
        case let f as EngineFault: return f
        case LocalConnection.Failure.timedOut:
            return EngineFault(.timedOut, engine: engine, "\(what): no reply within \(formatSeconds(timeout))", stderr: process.stderrTail())
        case LocalConnection.Failure.closed:
            let status = process.exitStatus(grace: 0.5).map(EngineProcess.describe) ?? "closed the connection"
            return EngineFault(.crashed, engine: engine, "\(what): no reply, the browser \(status)", stderr: process.stderrTail(grace: 0.2))
        default:
            return EngineFault(.crashed, engine: engine, "\(what): \(failure)", stderr: process.stderrTail())
        }
    }

    /// The length of a whole HTTP/1.1 response at the start of `bytes` (headers and a
    /// `Content-Length` body), with its status and body; `nil` while incomplete.
    /// - Throws: ``EngineFault`` `malformedReply` for a response without `Content-Length`.
    static func httpResponse(_ bytes: ArraySlice<UInt8>, engine: String) throws -> (length: Int, value: (status: Int, body: ArraySlice<UInt8>))? {
        guard bytes.count >= 4 else { return nil }
        var end = -1
        var i = bytes.startIndex
        while i + 3 < bytes.endIndex {
            if bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 { end = i; break }
            i += 1
        }
        guard end >= 0 else { return nil }
        let head = String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        guard let first = lines.first, let status = first.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw EngineFault(.malformedReply, engine: engine, "not an HTTP response: \(head.prefix(200))")
        }
        var length: Int?
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" { length = Int(parts[1].trimmingCharacters(in: .whitespaces)) }
        }
        guard let length else { throw EngineFault(.malformedReply, engine: engine, "HTTP response without Content-Length: \(head.prefix(200))") }
        let bodyStart = end + 4
        guard bytes.endIndex - bodyStart >= length else { return nil }
        return (bodyStart + length - bytes.startIndex, (status, bytes[bodyStart..<(bodyStart + length)]))
    }
}
