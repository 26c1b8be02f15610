#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WaterfallCheck

/// One headless Firefox driven over Marionette (docs/web-engines.md): `--headless --marionette`
/// with a fresh profile whose `user.js` turns on the older CSS masonry
/// (`layout.css.grid-template-masonry-value.enabled`) and asks for a system-chosen Marionette port
/// (`marionette.port` 0: Firefox writes it to `MarionetteActivePort` in the profile). Marionette
/// speaks length-prefixed JSON over TCP (`LEN:JSON`): a handshake object from the server, then
/// commands `[0, id, name, params]` answered by `[1, id, error, result]`. No geckodriver.
///
/// The browser runs in its own process group (``EngineProcess``): every fault, ``shutdown()`` and
/// `deinit` kill it and its content processes and remove the profile.
final class GeckoBrowser: WebPage {
    static let executableVariable = "WATERFALL_FIREFOX"

    /// The Firefox to run: `$WATERFALL_FIREFOX`, else `firefox-esr` or `firefox` on `PATH`, else the
    /// macOS application bundle. - Throws: ``WaterfallCheckError/usage(_:)`` when there is none.
    static func findExecutable(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        try WebPageSupport.findExecutable(
            variable: executableVariable, names: ["firefox-esr", "firefox"],
            paths: ["/Applications/Firefox.app/Contents/MacOS/firefox"],
            install: "the firefox: engines need Firefox and none was found (firefox-esr, firefox on PATH); install it with 'scripts/bootstrap --web' (apt firefox-esr)",
            environment: environment)
    }

    /// The profile's preferences: the older masonry on, Marionette on a free port, nothing that
    /// reaches the network or opens a first-run page.
    static let preferences = """
    user_pref("layout.css.grid-template-masonry-value.enabled", true);
    user_pref("marionette.port", 0);
    user_pref("remote.prefs.recommended", true);
    user_pref("browser.shell.checkDefaultBrowser", false);
    user_pref("browser.startup.homepage_override.mstone", "ignore");
    user_pref("browser.aboutwelcome.enabled", false);
    user_pref("datareporting.policy.dataSubmissionEnabled", false);
    user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
    user_pref("app.update.disabledForTesting", true);
    user_pref("network.dns.disableIPv6", true);
    user_pref("ui.scrollbarDisplayOnMouseMove", 0);
    user_pref("layout.testing.overlay-scrollbars.always-visible", false);

    """

    let displayName: String
    private let process: EngineProcess
    private let profile: String
    private var connection: LocalConnection?
    private var nextID = 1
    private var viewportSet = false
    var processID: Int32 { process.pid }
    private(set) var product = ""

    /// Starts Firefox, connects to Marionette and opens a session.
    /// - Throws: ``EngineFault`` (`spawn`, `handshake`).
    init(executable: String, displayName: String, timeout: Double) throws {
        self.displayName = displayName
        profile = try WebPageSupport.temporaryDirectory("firefox", engine: displayName)
        do {
            try Self.preferences.write(toFile: profile + "/user.js", atomically: true, encoding: .utf8)
            process = try EngineProcess(arguments: [executable, "--headless", "--marionette", "--no-remote",
                                                    "--profile", profile, "about:blank"],
                                        stderrLimit: 16 << 10, channel: .devToolsPipe)
        } catch {
            WebPageSupport.removeDirectory(profile)
            throw EngineFault(.spawn, engine: displayName, "\(error)")
        }
        do {
            let deadline = EngineProcess.deadline(after: timeout)
            let portFile = profile + "/MarionetteActivePort"
            var port: UInt16?
            while port == nil {
                if let text = try? String(contentsOfFile: portFile, encoding: .utf8),
                   let p = UInt16(text.trimmingCharacters(in: .whitespacesAndNewlines)) { port = p; break }
                if let status = process.exitStatus(grace: 0) {
                    throw EngineFault(.crashed, engine: displayName, "Firefox \(EngineProcess.describe(status: status)) before opening Marionette", stderr: process.stderrTail())
                }
                guard DispatchTime.now().uptimeNanoseconds < deadline else { throw LocalConnection.Failure.timedOut }
                _ = process.stderrTail()
                usleep(20_000)
            }
            connection = try LocalConnection(port: port!, deadline: deadline) { [process] in process.exitStatus(grace: 0) == nil }
            _ = try receive(id: nil, what: "the Marionette handshake", deadline: deadline)
            let ms = Int(max(timeout, 1) * 1000)
            let version = try command("WebDriver:NewSession", "{\"capabilities\":{\"alwaysMatch\":{\"timeouts\":{\"script\":\(ms)}}}}", timeout: timeout) {
                try $0.requiredMember("capabilities").requiredMember("browserVersion").string()
            }
            product = "Firefox/" + version
        } catch {
            let f = WebPageSupport.fault(error, "starting Firefox", engine: displayName, timeout: timeout, process: process)
            shutdown()
            throw EngineFault(.handshake, engine: displayName, "Firefox did not start: \(f.message)", reply: f.reply, stderr: f.stderr)
        }
    }

    deinit { shutdown() }

    func shutdown() {
        connection?.close()
        connection = nil
        process.terminate(grace: 0)
        WebPageSupport.removeDirectory(profile)
    }

    func evaluate<T>(_ expression: String, timeout: Double, _ body: (JSONNode) throws -> T) throws -> T {
        let params = "{\"script\":\(JSONWriter.quoted(WebPageSupport.evaluateScript)),\"args\":[\(JSONWriter.quoted(expression))]}"
        return try command("WebDriver:ExecuteScript", params, timeout: timeout) { try body(try $0.requiredMember("value")) }
    }

    func evaluateAwaiting<T>(_ expression: String, timeout: Double, _ body: (JSONNode) throws -> T) throws -> T {
        try evaluate(expression, timeout: timeout, body) // WebDriver's Execute Script awaits a promise
    }

    /// The window sized once so that the viewport is the reftest viewport
    /// (``WebPageSupport/fitViewport(_:timeout:_:)``), then `WebDriver:Navigate`, which returns
    /// after the load event.
    func navigate(to url: String, timeout: Double) throws {
        if !viewportSet {
            try WebPageSupport.fitViewport(self, timeout: timeout) { w, h in
                try command("WebDriver:SetWindowRect", "{\"width\":\(w),\"height\":\(h)}", timeout: timeout) { _ in () }
            }
            viewportSet = true
        }
        try command("WebDriver:Navigate", "{\"url\":\(JSONWriter.quoted(url))}", timeout: timeout) { _ in () }
    }

    /// `WebDriver:TakeScreenshot` of the viewport (`full: false`).
    func screenshot(timeout: Double) throws -> String {
        try command("WebDriver:TakeScreenshot", "{\"full\":false,\"hash\":false}", timeout: timeout) { try $0.requiredMember("value").string() }
    }

    /// Sends one command and decodes its result with `body`.
    /// - Throws: ``EngineFault``; a Marionette error (a script exception) is `wrongShape`.
    func command<T>(_ name: String, _ params: String, timeout: Double, _ body: (JSONNode) throws -> T) throws -> T {
        guard let connection else { throw EngineFault(.crashed, engine: displayName, "\(name): Firefox is not running") }
        let id = nextID
        nextID += 1
        let message = Array("[0,\(id),\(JSONWriter.quoted(name)),\(params)]".utf8)
        let deadline = EngineProcess.deadline(after: timeout)
        do {
            try connection.send(Array("\(message.count):".utf8) + message, deadline: deadline)
            let raw = try receive(id: id, what: name, deadline: deadline)
            _ = process.stderrTail()
            let document: JSONDocument
            do { document = try JSONDocument(parsing: raw, file: "Marionette reply") } catch {
                throw EngineFault(.malformedReply, engine: displayName, "\(name): \(error)", reply: String(decoding: raw.prefix(500), as: UTF8.self))
            }
            return try document.decode { node in
                let a = try node.array()
                guard a.count == 4 else { throw EngineFault(.malformedReply, engine: displayName, "\(name): not a Marionette reply") }
                if !a[2].isNull {
                    let text = (try? a[2].requiredMember("message").string()) ?? "error"
                    throw EngineFault(.wrongShape, engine: displayName, "\(name): script threw: \(text)", reply: String(decoding: raw.prefix(500), as: UTF8.self))
                }
                do { return try body(a[3]) } catch let f as EngineFault { throw f } catch {
                    throw EngineFault(.wrongShape, engine: displayName, "\(name): \(error)", reply: String(decoding: raw.prefix(500), as: UTF8.self))
                }
            }
        } catch {
            throw WebPageSupport.fault(error, name, engine: displayName, timeout: timeout, process: process)
        }
    }

    /// Reads messages until the reply to `id` (or, for `nil`, the first message), skipping others.
    private func receive(id: Int?, what: String, deadline: UInt64) throws -> [UInt8] {
        guard let connection else { throw LocalConnection.Failure.closed }
        while true {
            let raw: [UInt8] = try connection.receive(deadline: deadline) { bytes in
                guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
                    if bytes.count > 20 { throw EngineFault(.malformedReply, engine: displayName, "\(what): not a Marionette message") }
                    return nil
                }
                guard let n = Int(String(decoding: bytes[bytes.startIndex..<colon], as: UTF8.self)), n >= 0 else {
                    throw EngineFault(.malformedReply, engine: displayName, "\(what): not a Marionette message length")
                }
                guard bytes.endIndex - colon - 1 >= n else { return nil }
                return (colon + 1 + n - bytes.startIndex, Array(bytes[(colon + 1)..<(colon + 1 + n)]))
            }
            guard let id else { return raw }
            // A reply is `[1, id, ...]`: match the id without parsing the whole message first.
            let prefix = Array("[1,\(id),".utf8)
            if raw.starts(with: prefix) { return raw }
        }
    }
}
