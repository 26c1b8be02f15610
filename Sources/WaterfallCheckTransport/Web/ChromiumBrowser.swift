#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WaterfallCheck

/// One headless Chromium driven over the DevTools protocol on `--remote-debugging-pipe`:
/// commands on the browser's fd 3, replies and events on its fd 4, each message one JSON object
/// ended by a NUL byte (docs/web-engines.md). The browser runs in its own process group
/// (``EngineProcess``), so ending it ends its renderer and GPU processes too; it is killed and
/// reaped on every fault, on ``shutdown()`` and on `deinit`, and ``ExternalEngine/killAll()``
/// reaches it.
///
/// Used from one thread at a time.
final class ChromiumBrowser {
    /// The environment variable naming the Chromium executable to use.
    static let executableVariable = "WATERFALL_CHROMIUM"

    /// The flags every browser gets: headless, the experimental web platform features
    /// (`display: grid-lanes`), no sandbox (CI runs as root, where Chromium refuses to start with
    /// one), the DevTools pipe, a fresh profile, nothing in the background.
    /// `$WATERFALL_CHROMIUM_ARGS` (split on spaces) goes before the page, for flags of your own.
    static func arguments(executable: String, profile: String) -> [String] {
        let extra = userArguments
        return [executable, "--headless", "--no-sandbox", "--remote-debugging-pipe",
                "--enable-experimental-web-platform-features", "--user-data-dir=\(profile)",
                "--no-first-run", "--no-default-browser-check", "--disable-gpu", "--disable-extensions",
                "--disable-background-networking", "--disable-dev-shm-usage", "--disable-sync",
                "--mute-audio", "--hide-scrollbars"] + extra + ["about:blank"]
    }

    /// `$WATERFALL_CHROMIUM_ARGS`, split on spaces.
    static var userArguments: [String] {
        ProcessInfo.processInfo.environment["WATERFALL_CHROMIUM_ARGS"]?.split(separator: " ").map(String.init) ?? []
    }

    /// How many more pages to open beside the first for `pages` in all, given the browser's
    /// `arguments`: none under `--single-process` (one process has no second renderer to lay out
    /// on, and this Chromium dies of SIGTRAP creating a second browser context there: the
    /// documented flag failed every start). O(arguments).
    static func morePages(_ pages: Int, arguments: [String]) -> Int {
        arguments.contains("--single-process") ? 0 : max(0, pages - 1)
    }

    /// The Chromium to run: `$WATERFALL_CHROMIUM` when set (it must be an executable file), else the
    /// first of `chromium`, `chromium-browser`, `google-chrome`, `google-chrome-stable` on `PATH`,
    /// else the macOS application bundles.
    /// - Throws: ``WaterfallCheckError/usage(_:)`` saying how to install one when none is found.
    static func findExecutable(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let fm = FileManager.default
        if let given = environment[executableVariable], !given.isEmpty {
            guard fm.isExecutableFile(atPath: given) else {
                throw WaterfallCheckError.usage("\(executableVariable)=\(given) is not an executable file; point it at a Chromium binary or unset it")
            }
            return given
        }
        let dirs = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for d in dirs where fm.isExecutableFile(atPath: d + "/" + name) { return d + "/" + name }
        }
        for app in ["/Applications/Chromium.app/Contents/MacOS/Chromium",
                    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"] where fm.isExecutableFile(atPath: app) {
            return app
        }
        throw WaterfallCheckError.usage("the web engines need Chromium and none was found: not on PATH (chromium, chromium-browser, google-chrome) and \(executableVariable) is not set; install it with 'scripts/bootstrap --web' (apt chromium, or brew on macOS) or set \(executableVariable)=/path/to/chromium")
    }

    let displayName: String
    private let process: EngineProcess
    private let profile: String
    /// The sessions of the pages that evaluate side by side (``evaluateSideBySide(_:timeout:_:)``):
    /// the first page's (where ``call(_:_:session:timeout:_:)`` goes), then those
    /// ``openPages(_:timeout:)`` opened.
    private var sessions: [String] = []
    private var nextID = 1
    /// The browser's process id (the leader of its process group).
    var processID: Int32 { process.pid }
    /// The browser's product, `HeadlessChrome/156.0.8078.114`.
    private(set) var product = ""

    /// Starts the browser and attaches to its page.
    /// - Parameter timeout: seconds for the start and for each command.
    /// - Throws: ``EngineFault`` (`spawn`, `handshake`).
    init(executable: String, displayName: String, timeout: Double) throws {
        self.displayName = displayName
        profile = try WebPageSupport.temporaryDirectory("chromium", engine: displayName)
        do {
            process = try EngineProcess(arguments: Self.arguments(executable: executable, profile: profile),
                                        stderrLimit: 16 << 10, channel: .devToolsPipe)
        } catch {
            WebPageSupport.removeDirectory(profile)
            throw EngineFault(.spawn, engine: displayName, "\(error)")
        }
        do {
            // The page target exists once the browser has opened about:blank; create one otherwise.
            var target: String?
            for attempt in 0..<20 where target == nil {
                if attempt > 0 { usleep(50_000) }
                target = try call("Target.getTargets", session: false, timeout: timeout) { r in
                    for t in try r.requiredMember("targetInfos").array() where try t.requiredMember("type").string() == "page" {
                        return try t.requiredMember("targetId").string()
                    }
                    return nil
                }
            }
            if target == nil {
                target = try call("Target.createTarget", #"{"url":"about:blank"}"#, session: false, timeout: timeout) {
                    try $0.requiredMember("targetId").string()
                }
            }
            try attach(target!, timeout: timeout)
            product = try call("Browser.getVersion", session: false, timeout: timeout) { try $0.requiredMember("product").string() }
        } catch let f as EngineFault {
            shutdown()
            throw EngineFault(.handshake, engine: displayName, "Chromium did not start: \(f.message)", reply: f.reply, stderr: f.stderr)
        }
    }

    deinit { shutdown() }

    /// Ends the browser (closing the pipe, then SIGKILL to its group after a moment) and removes its
    /// profile. Idempotent.
    func shutdown() {
        process.terminate(grace: 0.5)
        WebPageSupport.removeDirectory(profile)
    }

    /// Sends one command and decodes its `result` with `body`, skipping events (messages without an
    /// `id`) and replies to other ids.
    /// - Parameters: `params` a JSON object's text; `session` whether the command goes to the page.
    /// - Throws: ``EngineFault``: `crashed` (the browser exited), `timedOut`, `malformedReply`, or
    ///   `wrongShape` for a protocol error reply or a result `body` cannot read. The caller ends the
    ///   browser on a fault.
    func call<T>(_ method: String, _ params: String = "{}", session: Bool = true, timeout: Double,
                 _ body: (JSONNode) throws -> T) throws -> T {
        try exchange(method, params: [params], sessions: session ? [sessions[0]] : [nil], timeout: timeout) { _, r in try body(r) }[0]
    }

    /// Sends `method` once per element of `params`, the k-th to `sessions[k]` (`nil`: the
    /// browser), in one write, and decodes each `result` with `body(k, result)` as its reply
    /// comes, skipping events and replies to other ids: the pages evaluate side by side.
    /// - Throws: ``EngineFault`` as ``call(_:_:session:timeout:_:)``: the first reply that is an
    ///   error, once every reply is in.
    private func exchange<T>(_ method: String, params: [String], sessions: [String?], timeout: Double,
                             _ body: (Int, JSONNode) throws -> T) throws -> [T] {
        let first = nextID
        nextID += params.count
        var request: [UInt8] = []
        for (k, p) in params.enumerated() {
            var message = "{\"id\":\(first + k),\"method\":\(JSONWriter.quoted(method)),\"params\":\(p)"
            if let s = sessions[k] { message += ",\"sessionId\":\(JSONWriter.quoted(s))" }
            message += "}"
            request += message.utf8
            request.append(0)
        }
        var results = [Result<T, EngineFault>?](repeating: nil, count: params.count)
        var waiting = params.count
        let deadline = EngineProcess.deadline(after: timeout)
        while waiting > 0 {
            switch process.exchange(request, deadline: deadline) {
            case .line(let raw):
                request = []
                let document: JSONDocument
                do { document = try JSONDocument(parsing: raw, file: "DevTools reply") } catch {
                    throw fault(.malformedReply, "\(method): \(error)", raw)
                }
                var crashed = false
                try document.decode { node in
                    // A page's renderer gone (killed, out of memory) never replies: said at once
                    // (``Self/watchCrashes``), not after the whole batch's timeout.
                    if node.member("id") == nil, (try? node.member("method")?.string()) == "Inspector.targetCrashed" {
                        crashed = true
                        return
                    }
                    guard let got = node.member("id").flatMap({ try? $0.integer() }), got >= first, got - first < params.count,
                          results[got - first] == nil else { return }
                    let k = got - first
                    waiting -= 1
                    if let e = node.member("error") {
                        let text = (try? e.requiredMember("message").string()) ?? "error"
                        results[k] = .failure(fault(.wrongShape, "\(method): \(text)", raw))
                        return
                    }
                    do { results[k] = .success(try body(k, try node.requiredMember("result"))) } catch {
                        results[k] = .failure(fault(.wrongShape, "\(method): \(error)", raw))
                    }
                }
                if crashed { throw fault(.crashed, "\(method): no reply, a page's renderer process crashed", raw) }
            case .closed:
                let status = process.exitStatus(grace: 0.5).map(EngineProcess.describe) ?? "closed its DevTools pipe"
                throw fault(.crashed, "\(method): no reply, Chromium \(status)", [])
            case .timedOut:
                throw fault(.timedOut, "\(method): no reply within \(formatSeconds(timeout))", [])
            case .tooLong:
                throw fault(.malformedReply, "\(method): reply longer than \(ExternalEngine.defaultMaxLine) bytes", [])
            }
        }
        return try results.map { try $0!.get() }
    }

    /// How many pages evaluate side by side: 1 and those ``openPages(_:timeout:)`` opened.
    var pages: Int { sessions.count }

    /// Opens `count` more pages, each in a browser context of its own, so each has a renderer
    /// process of its own: ``evaluateSideBySide(_:timeout:_:)`` lays out on as many cores.
    /// - Throws: ``EngineFault`` as ``call(_:_:session:timeout:_:)``.
    func openPages(_ count: Int, timeout: Double) throws {
        for _ in 0..<max(0, count) {
            let context = try call("Target.createBrowserContext", session: false, timeout: timeout) {
                try $0.requiredMember("browserContextId").string()
            }
            let target = try call("Target.createTarget", "{\"url\":\"about:blank\",\"browserContextId\":\(JSONWriter.quoted(context))}",
                                  session: false, timeout: timeout) { try $0.requiredMember("targetId").string() }
            try attach(target, timeout: timeout)
        }
    }

    /// Attaches to page `target` (a flat session, appended to ``sessions``) and turns on its
    /// `Inspector.targetCrashed` event: a renderer that dies mid-evaluation is a `crashed` fault
    /// when the event comes (a batch waited out its whole timeout, up to 10 times the engine's,
    /// and called it `timedOut`). - Throws: ``EngineFault``.
    private func attach(_ target: String, timeout: Double) throws {
        let session = try call("Target.attachToTarget", "{\"targetId\":\(JSONWriter.quoted(target)),\"flatten\":true}",
                               session: false, timeout: timeout) { try $0.requiredMember("sessionId").string() }
        sessions.append(session)
        _ = try exchange("Inspector.enable", params: ["{}"], sessions: [session], timeout: timeout) { _, _ in () }
    }

    /// Evaluates `expressions[k]` in page `k` (at most ``pages``), side by side, and decodes each
    /// value with `body(k, value)`.
    /// - Throws: ``EngineFault`` as ``evaluate(_:timeout:_:)``.
    func evaluateSideBySide<T>(_ expressions: [String], timeout: Double, _ body: (Int, JSONNode) throws -> T) throws -> [T] {
        precondition(expressions.count <= pages, "more expressions than pages")
        return try exchange("Runtime.evaluate", params: expressions.map { Self.evaluateParams($0, awaitPromise: false) },
                            sessions: Array(sessions.prefix(expressions.count)), timeout: timeout) { k, r in try body(k, try Self.value(r)) }
    }

    /// Evaluates `expression` in the page and decodes its value (`returnByValue`) with `body`.
    /// - Throws: ``EngineFault`` as ``call(_:_:session:timeout:_:)``; a script exception is a
    ///   `wrongShape` fault carrying the exception's text.
    func evaluate<T>(_ expression: String, timeout: Double, _ body: (JSONNode) throws -> T) throws -> T {
        try evaluate(expression, awaitPromise: false, timeout: timeout, body)
    }

    func evaluateAwaiting<T>(_ expression: String, timeout: Double, _ body: (JSONNode) throws -> T) throws -> T {
        try evaluate(expression, awaitPromise: true, timeout: timeout, body)
    }

    /// `Runtime.evaluate` by value, awaiting a promise when `awaitPromise`.
    private func evaluate<T>(_ expression: String, awaitPromise: Bool, timeout: Double, _ body: (JSONNode) throws -> T) throws -> T {
        try call("Runtime.evaluate", Self.evaluateParams(expression, awaitPromise: awaitPromise), timeout: timeout) { try body(try Self.value($0)) }
    }

    /// `Runtime.evaluate`'s parameters: by value, awaiting a promise when `awaitPromise`.
    private static func evaluateParams(_ expression: String, awaitPromise: Bool) -> String {
        "{\"expression\":\(JSONWriter.quoted(expression)),\"returnByValue\":true" + (awaitPromise ? ",\"awaitPromise\":true}" : "}")
    }

    /// The value of a `Runtime.evaluate` result; a script exception is thrown as ``ScriptError``.
    private static func value(_ r: JSONNode) throws -> JSONNode {
        if let e = r.member("exceptionDetails") {
            let text = (try? e.requiredMember("exception").requiredMember("description").string())
                ?? (try? e.requiredMember("text").string()) ?? "exception"
            throw ScriptError(text: text)
        }
        return try r.requiredMember("result").requiredMember("value")
    }

    /// `Page.navigate` at the reftest viewport (`Emulation.setDeviceMetricsOverride`), then waits
    /// until `document.readyState` is `complete`.
    func navigate(to url: String, timeout: Double) throws {
        let v = WebPageSupport.viewport
        try call("Emulation.setDeviceMetricsOverride",
                 "{\"width\":\(v.width),\"height\":\(v.height),\"deviceScaleFactor\":1,\"mobile\":false}", timeout: timeout) { _ in () }
        try call("Page.navigate", "{\"url\":\(JSONWriter.quoted(url))}", timeout: timeout) { r in
            if let text = r.member("errorText").flatMap({ try? $0.string() }), !text.isEmpty { throw ScriptError(text: "navigation failed: \(text)") }
        }
        let deadline = EngineProcess.deadline(after: timeout)
        while try evaluate("document.readyState", timeout: timeout, { try $0.string() }) != "complete" {
            guard DispatchTime.now().uptimeNanoseconds < deadline else {
                throw EngineFault(.timedOut, engine: displayName, "\(url): not loaded within \(formatSeconds(timeout))")
            }
            usleep(10_000)
        }
    }

    /// `Page.captureScreenshot` of the viewport.
    func screenshot(timeout: Double) throws -> String {
        try call("Page.captureScreenshot", "{\"format\":\"png\"}", timeout: timeout) { try $0.requiredMember("data").string() }
    }

    /// A script exception, as the page reported it.
    private struct ScriptError: Error, CustomStringConvertible {
        var text: String
        var description: String { "script threw: \(text)" }
    }

    /// A fault with the browser's last stderr lines.
    private func fault(_ kind: EngineFault.Kind, _ message: String, _ reply: [UInt8]) -> EngineFault {
        EngineFault(kind, engine: displayName, message, reply: String(decoding: reply.prefix(500), as: UTF8.self),
                    stderr: process.stderrTail(grace: kind == .crashed ? 0.2 : 0))
    }
}
