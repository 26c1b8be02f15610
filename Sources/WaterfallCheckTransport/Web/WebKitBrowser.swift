#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WaterfallCheck

/// One WebKitGTK MiniBrowser driven over WebDriver (docs/web-engines.md): a private X display
/// (`Xvfb -displayfd`: the server picks a free display and says which), `WebKitWebDriver
/// --port=P` on it, and a session whose `webkitgtk:browserOptions` start MiniBrowser with
/// `--automation --features=+Masonry` (WebKitGTK's runtime feature for the older CSS masonry).
/// Classic WebDriver: HTTP/1.1 on one kept-alive connection, `POST /session/ID/execute/sync`.
///
/// Xvfb and the driver run in process groups of their own (``EngineProcess``); MiniBrowser and
/// its web processes are the driver's children. Every fault, ``shutdown()`` and `deinit` kill
/// both groups (a MiniBrowser that escaped the group loses its display and exits).
final class WebKitBrowser: WebPage {
    static let driverVariable = "WATERFALL_WEBKIT_DRIVER"
    static let miniBrowserVariable = "WATERFALL_MINIBROWSER"

    /// `WebKitWebDriver`, MiniBrowser and `Xvfb`, or a usage error saying how to install them.
    static func findExecutables(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (driver: String, browser: String, xvfb: String) {
        let install = "install them with 'scripts/bootstrap --web' (apt webkit2gtk-driver xvfb)"
        let driver = try WebPageSupport.findExecutable(
            variable: driverVariable, names: ["WebKitWebDriver"],
            install: "the webkit: engines need WebKitGTK's WebKitWebDriver and none was found; \(install)", environment: environment)
        let browser = try WebPageSupport.findExecutable(
            variable: miniBrowserVariable, names: ["MiniBrowser"],
            paths: ["/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser", "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
                    "/usr/libexec/webkit2gtk-4.1/MiniBrowser", "/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser",
                    "/usr/lib/aarch64-linux-gnu/webkitgtk-6.0/MiniBrowser"],
            install: "the webkit: engines need WebKitGTK's MiniBrowser (package libwebkit2gtk-4.1-0) and none was found; \(install)",
            environment: environment)
        let xvfb = try WebPageSupport.findExecutable(
            variable: "WATERFALL_XVFB", names: ["Xvfb"],
            install: "the webkit: engines need Xvfb (MiniBrowser has no headless mode) and none was found; \(install)",
            environment: environment)
        return (driver, browser, xvfb)
    }

    let displayName: String
    private let display: EngineProcess
    private var driver: EngineProcess?
    private var connection: LocalConnection?
    private var session = ""
    private var viewportSet = false
    var processID: Int32 { driver?.pid ?? display.pid }
    private(set) var product = ""

    /// Starts Xvfb, the driver and a MiniBrowser session.
    /// - Parameter compositing: whether WebKit may use accelerated compositing. The web engines
    ///   turn it off (`WEBKIT_DISABLE_COMPOSITING_MODE=1`); the WPT runner needs it on, since
    ///   WebKitWebDriver 2.50 under Xvfb never answers `GET /screenshot` without it (measured).
    /// - Throws: ``EngineFault`` (`spawn`, `handshake`).
    init(driver driverPath: String, browser: String, xvfb: String, displayName: String, timeout: Double,
         compositing: Bool = false) throws {
        self.displayName = displayName
        do {
            display = try EngineProcess(arguments: [xvfb, "-displayfd", "1", "-nolisten", "tcp", "-noreset",
                                                    "-screen", "0", "1280x1024x24"], stderrLimit: 8 << 10)
        } catch {
            throw EngineFault(.spawn, engine: displayName, "\(error)")
        }
        do {
            let deadline = EngineProcess.deadline(after: timeout)
            guard case .line(let line) = display.receive(deadline: deadline, early: true),
                  let number = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)) else {
                throw EngineFault(.spawn, engine: displayName, "Xvfb did not say which display it opened", stderr: display.stderrTail(grace: 0.2))
            }
            let port = try LocalConnection.freePort()
            let d = try EngineProcess(arguments: ["/usr/bin/env", "DISPLAY=:\(number)", "GDK_BACKEND=x11"]
                                                  + (compositing ? [] : ["WEBKIT_DISABLE_COMPOSITING_MODE=1"]) + [driverPath, "--port=\(port)"],
                                      stderrLimit: 16 << 10, channel: .devToolsPipe)
            driver = d
            connection = try LocalConnection(port: port, deadline: deadline) { d.exitStatus(grace: 0) == nil }
            let ms = Int(max(timeout, 1) * 1000)
            let capabilities = """
            {"capabilities":{"alwaysMatch":{"timeouts":{"script":\(ms)},"webkitgtk:browserOptions":{"binary":\(JSONWriter.quoted(browser)),"args":["--automation","--features=+Masonry"]}}}}
            """
            let (id, version) = try request("POST", "/session", capabilities, timeout: timeout) {
                (try $0.requiredMember("sessionId").string(), try $0.requiredMember("capabilities").requiredMember("browserVersion").string())
            }
            session = id
            product = "WebKitGTK/" + version
        } catch {
            let f = WebPageSupport.fault(error, "starting MiniBrowser", engine: displayName, timeout: timeout, process: driver ?? display)
            shutdown()
            throw EngineFault(.handshake, engine: displayName, "WebKitGTK did not start: \(f.message)", reply: f.reply, stderr: f.stderr)
        }
    }

    deinit { shutdown() }

    func shutdown() {
        connection?.close()
        connection = nil
        driver?.terminate(grace: 0)
        driver = nil
        display.terminate(grace: 0)
    }

    func evaluate<T>(_ expression: String, timeout: Double, _ body: (JSONNode) throws -> T) throws -> T {
        let params = "{\"script\":\(JSONWriter.quoted(WebPageSupport.evaluateScript)),\"args\":[\(JSONWriter.quoted(expression))]}"
        return try request("POST", "/session/\(session)/execute/sync", params, timeout: timeout, body)
    }

    func evaluateAwaiting<T>(_ expression: String, timeout: Double, _ body: (JSONNode) throws -> T) throws -> T {
        try evaluate(expression, timeout: timeout, body) // WebDriver's Execute Script awaits a promise
    }

    /// The window sized once so that the viewport is the reftest viewport
    /// (``WebPageSupport/fitViewport(_:timeout:_:)``; MiniBrowser's toolbar is inside the
    /// window), then `POST /url`, which returns after the load event.
    func navigate(to url: String, timeout: Double) throws {
        if !viewportSet {
            try WebPageSupport.fitViewport(self, timeout: timeout) { w, h in
                try request("POST", "/session/\(session)/window/rect", "{\"width\":\(w),\"height\":\(h)}", timeout: timeout) { _ in () }
            }
            viewportSet = true
        }
        try request("POST", "/session/\(session)/url", "{\"url\":\(JSONWriter.quoted(url))}", timeout: timeout) { _ in () }
    }

    /// `GET /screenshot`: the top-level browsing context's viewport.
    func screenshot(timeout: Double) throws -> String {
        try request("GET", "/session/\(session)/screenshot", "", timeout: timeout) { try $0.string() }
    }

    /// One WebDriver request; decodes the reply's `value` with `body`.
    /// - Throws: ``EngineFault``; a WebDriver error (a script exception) is `wrongShape`.
    private func request<T>(_ method: String, _ path: String, _ json: String, timeout: Double, _ body: (JSONNode) throws -> T) throws -> T {
        let process = driver ?? display
        guard let connection else { throw EngineFault(.crashed, engine: displayName, "\(path): WebKitGTK is not running") }
        let content = Array(json.utf8)
        let head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: \(content.count)\r\n\r\n"
        let deadline = EngineProcess.deadline(after: timeout)
        do {
            try connection.send(Array(head.utf8) + content, deadline: deadline)
            let name = displayName
            let (status, raw) = try connection.receive(deadline: deadline) { bytes -> (length: Int, value: (Int, [UInt8]))? in
                guard let r = try WebPageSupport.httpResponse(bytes, engine: name) else { return nil }
                return (r.length, (r.value.status, Array(r.value.body)))
            }
            _ = process.stderrTail()
            let document: JSONDocument
            do { document = try JSONDocument(parsing: raw, file: "WebDriver reply") } catch {
                throw EngineFault(.malformedReply, engine: displayName, "\(path): \(error)", reply: String(decoding: raw.prefix(500), as: UTF8.self))
            }
            return try document.decode { node in
                let value = try node.requiredMember("value")
                guard status == 200 else {
                    let text = (try? value.requiredMember("message").string()) ?? "HTTP \(status)"
                    throw EngineFault(.wrongShape, engine: displayName, "\(path): script threw: \(text)", reply: String(decoding: raw.prefix(500), as: UTF8.self))
                }
                do { return try body(value) } catch let f as EngineFault { throw f } catch {
                    throw EngineFault(.wrongShape, engine: displayName, "\(path): \(error)", reply: String(decoding: raw.prefix(500), as: UTF8.self))
                }
            }
        } catch {
            throw WebPageSupport.fault(error, "\(method) \(path)", engine: displayName, timeout: timeout, process: process)
        }
    }
}
