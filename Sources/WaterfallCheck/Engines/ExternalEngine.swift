import CJSONC
import Foundation

/// An engine in another process, driven over protocol `waterfall-engine/1` (FIXTURE-FORMAT §9).
///
/// The process is started on first use (and after every fault); its hello line must name the
/// protocol and describe the same engine as ``descriptor``. Each request waits at most
/// ``Configuration/timeout`` seconds. Anything but a well-formed reply with the request's id is
/// an ``EngineFault``: the process (its whole process group) is killed and reaped, the fault is
/// thrown for this request, and the next request starts a fresh process. A §6 error reply is
/// thrown as ``LayoutError``. An input using a feature the engine did not declare is never sent:
/// it throws ``LayoutError`` `unsupported` at once.
///
/// Used from one thread at a time, like every ``LayoutEngine``; make one per worker.
public final class ExternalEngine: LayoutEngine {
    /// How to run the engine.
    public struct Configuration: Sendable {
        /// The argv to start (`["/bin/sh", "-c", CMD]` for `exec:CMD`).
        public var arguments: [String]
        /// How reports name the engine (`exec:./my-engine --fast`).
        public var displayName: String
        /// Seconds to wait for the hello line and for each reply.
        public var timeout: Double
        /// Bytes of the engine's stderr kept for fault reports (the last ones).
        public var stderrLimit: Int

        public init(arguments: [String], displayName: String? = nil, timeout: Double = 10, stderrLimit: Int = 16 << 10) {
            self.arguments = arguments
            self.displayName = displayName ?? arguments.joined(separator: " ")
            self.timeout = timeout
            self.stderrLimit = stderrLimit
        }
    }

    /// The protocol name a hello line must carry.
    public static let protocolName = "waterfall-engine/1"

    public let descriptor: EngineDescriptor
    public let configuration: Configuration
    private var process: EngineProcess?
    private var nextID = 1
    private let parser = ProtocolMessage.Parser()

    /// An engine known to answer with `descriptor`; the process starts on the first request.
    public init(_ configuration: Configuration, descriptor: EngineDescriptor) {
        self.configuration = configuration
        self.descriptor = descriptor
    }

    /// Starts the engine and reads its hello line.
    /// - Returns: a running engine whose ``descriptor`` is what the hello declared.
    /// - Throws: ``EngineFault`` (`spawn` or `handshake`).
    public static func start(_ configuration: Configuration) throws -> ExternalEngine {
        let (process, descriptor) = try launch(configuration)
        let engine = ExternalEngine(configuration, descriptor: descriptor)
        engine.process = process
        return engine
    }

    deinit { process?.terminate(grace: 0.2) }

    /// Ends the engine process, if running: closes its stdin and, after `grace` seconds, kills its
    /// process group. The next request starts a new one.
    public func shutdown(grace: Double = 1) {
        process?.terminate(grace: grace)
        process = nil
    }

    /// The process id of the running engine, or `nil` (for tests and diagnostics).
    public var processID: Int32? { process?.pid }

    // MARK: - LayoutEngine

    /// Sends `{"id":N,"op":"layout","input":{...}}` and reads frames or a §6 error.
    /// - Throws: ``LayoutError`` (the engine's §6 code, or `unsupported` for an undeclared
    ///   feature, without asking the engine); ``EngineFault`` for everything else.
    public func layout(_ input: LayoutInput) throws -> LayoutResult {
        let undeclared = LayoutFeatures(usedBy: input).subtracting(descriptor.features)
        guard undeclared.isEmpty else {
            throw LayoutError.unsupported("the input uses \(undeclared.names.joined(separator: ", ")), which \(descriptor.name) does not declare")
        }
        let id = nextID
        let (reply, line) = try request("{\"id\":\(id),\"op\":\"layout\",\"input\":\(ProtocolCodec.compactInput(input))}", id: id)
        try throwIfError(reply, line: line, op: "layout")
        do {
            return try ProtocolCodec.result(from: reply.root)
        } catch {
            throw fault(.wrongShape, "\(error)", reply: line)
        }
    }

    /// Sends `{"id":N,"op":"query","rect":[x,y,w,h]}`.
    /// - Throws: ``LayoutError`` `unsupported` without capability `query`; ``QueryError/noLayout``;
    ///   ``EngineFault``.
    public func elements(in rect: CGRect) throws -> [ElementID] {
        guard descriptor.capabilities.contains(.query) else {
            throw LayoutError.unsupported("\(descriptor.name) has no rect query")
        }
        let id = nextID
        let r = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].map(ProtocolCodec.num).joined(separator: ",")
        let (reply, line) = try request("{\"id\":\(id),\"op\":\"query\",\"rect\":[\(r)]}", id: id)
        try throwIfError(reply, line: line, op: "query")
        do {
            var out: [ElementID] = []
            if let items = JSONAccess.member(reply.root, "items") {
                for (k, pair) in try JSONAccess.array(items, "$.items").enumerated() {
                    let p = try JSONAccess.array(pair, "$.items[\(k)]")
                    guard p.count == 2 else { throw ProtocolMessage.Shape(path: "$.items[\(k)]", expected: "[section, item]") }
                    out.append(.item(try JSONAccess.integer(p[0], "$.items[\(k)][0]"), try JSONAccess.integer(p[1], "$.items[\(k)][1]")))
                }
            }
            for (key, make) in [("headers", ElementID.header), ("footers", ElementID.footer)] {
                guard let list = JSONAccess.member(reply.root, key) else { continue }
                for (k, s) in try JSONAccess.array(list, "$.\(key)").enumerated() {
                    out.append(make(try JSONAccess.integer(s, "$.\(key)[\(k)]")))
                }
            }
            return out
        } catch {
            throw fault(.wrongShape, "\(error)", reply: line)
        }
    }

    // MARK: - Requests

    /// Sends one request line and returns its reply, parsed, with the reply's text.
    private func request(_ body: String, id: Int) throws -> (ProtocolMessage, String) {
        nextID += 1
        let p = try running()
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(configuration.timeout * 1e9)
        let bytes = Array((body + "\n").utf8)
        switch p.exchange(bytes, deadline: deadline) {
        case .line(let raw):
            let line = String(decoding: raw, as: UTF8.self)
            let message: ProtocolMessage
            do { message = try ProtocolMessage(line: raw, parser: parser) } catch { throw fault(.malformedReply, "\(error)", reply: line) }
            let got = JSONAccess.member(message.root, "id")
            guard let got, json_object_get_type(got) == json_type_int, json_object_get_int64(got) == Int64(id) else {
                let shown = got.map { String(cString: json_object_to_json_string($0)) } ?? "no id"
                throw fault(.mismatchedID, "reply to request \(id) carries \(shown)", reply: line)
            }
            return (message, line)
        case .closed(let partial):
            let status = p.exitStatus(grace: 0.5).map(EngineProcess.describe) ?? "closed its stdout"
            if partial.isEmpty { throw fault(.crashed, "no reply to request \(id): \(status)") }
            throw fault(.malformedReply, "reply to request \(id) cut off at end of file (\(status))",
                        reply: String(decoding: partial, as: UTF8.self))
        case .timedOut(let partial):
            throw fault(.timedOut, "no reply to request \(id) within \(formatSeconds(configuration.timeout))",
                        reply: String(decoding: partial, as: UTF8.self))
        case .tooLong:
            throw fault(.malformedReply, "reply to request \(id) longer than \(EngineProcess.maxLine) bytes")
        }
    }

    /// Throws the error a reply carries (`{"id":N,"error":"<code>","message":"..."}`), if any:
    /// a ``LayoutError`` for a §6 code, ``QueryError/noLayout`` for `noLayout` to a query,
    /// an ``EngineFault`` for anything else (`unsupported` included: features are gated before sending).
    private func throwIfError(_ reply: ProtocolMessage, line: String, op: String) throws {
        guard let e = JSONAccess.member(reply.root, "error") else { return }
        let code: String, message: String
        do {
            code = try JSONAccess.string(e, "$.error")
            message = try JSONAccess.member(reply.root, "message").map { try JSONAccess.string($0, "$.message") } ?? ""
        } catch {
            throw fault(.wrongShape, "\(error)", reply: line)
        }
        if op == "query" && code == "noLayout" { throw QueryError.noLayout }
        guard let c = LayoutError.Code(rawValue: code), op == "layout" else {
            throw fault(.wrongShape, "unknown error code \"\(code)\" to a \(op) request", reply: line)
        }
        if c == .unsupported {
            throw fault(.unexpectedUnsupported, "unsupported for an input within the declared features" + (message.isEmpty ? "" : ": \(message)"), reply: line)
        }
        throw LayoutError(c, message)
    }

    /// The running process, started (and handshaken) if need be.
    private func running() throws -> EngineProcess {
        if let p = process { return p }
        let (p, d) = try Self.launch(configuration)
        guard d == descriptor else {
            p.terminate()
            throw EngineFault(.handshake, engine: configuration.displayName,
                              "the restarted engine's hello (\(d.name) \(d.version)) differs from the first (\(descriptor.name) \(descriptor.version))")
        }
        process = p
        return p
    }

    /// Kills the process and makes the fault, with the engine's last stderr.
    private func fault(_ kind: EngineFault.Kind, _ message: String, reply: String = "") -> EngineFault {
        let tail = process.map { p -> String in
            let t = p.stderrTail(grace: kind == .crashed || kind == .malformedReply ? 0.2 : 0)
            p.terminate()
            return t
        } ?? ""
        process = nil
        return EngineFault(kind, engine: configuration.displayName, message, reply: String(decoding: reply.utf8.prefix(500), as: UTF8.self), stderr: tail)
    }

    /// Starts a process and checks its hello line (FIXTURE-FORMAT §9 step 1).
    private static func launch(_ c: Configuration) throws -> (EngineProcess, EngineDescriptor) {
        let p: EngineProcess
        do { p = try EngineProcess(arguments: c.arguments, stderrLimit: c.stderrLimit) } catch {
            throw EngineFault(.spawn, engine: c.displayName, "\(error)")
        }
        func fail(_ message: String, _ line: String = "") -> EngineFault {
            let tail = p.stderrTail(grace: 0.2)
            p.terminate()
            return EngineFault(.handshake, engine: c.displayName, message, reply: String(decoding: line.utf8.prefix(500), as: UTF8.self), stderr: tail)
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(c.timeout * 1e9)
        switch p.exchange([], deadline: deadline) {
        case .line(let raw):
            let line = String(decoding: raw, as: UTF8.self)
            do {
                return (p, try descriptor(hello: ProtocolMessage(line: raw)))
            } catch {
                throw fail("bad hello line: \(error)", line)
            }
        case .closed(let partial):
            let status = p.exitStatus(grace: 0.5).map(EngineProcess.describe) ?? "closed its stdout"
            throw fail("no hello line: \(status)", String(decoding: partial, as: UTF8.self))
        case .timedOut(let partial):
            throw fail("no hello line within \(formatSeconds(c.timeout))", String(decoding: partial, as: UTF8.self))
        case .tooLong:
            throw fail("hello line longer than \(EngineProcess.maxLine) bytes")
        }
    }

    /// The descriptor a hello line declares. Unknown capability and feature names are ignored
    /// (a newer engine may know more); `features` absent means all.
    static func descriptor(hello: ProtocolMessage) throws -> EngineDescriptor {
        let root = hello.root
        let proto = try JSONAccess.string(JSONAccess.member(root, "protocol"), "$.protocol")
        guard proto == protocolName else {
            throw ProtocolMessage.Shape(path: "$.protocol", expected: "\"\(protocolName)\", got \"\(proto)\"")
        }
        let name = try JSONAccess.string(JSONAccess.member(root, "engine"), "$.engine")
        let version = try JSONAccess.string(JSONAccess.member(root, "version"), "$.version")
        let caps = try JSONAccess.strings(JSONAccess.member(root, "capabilities"), "$.capabilities")
        var features = LayoutFeatures.all
        if let f = JSONAccess.member(root, "features") {
            let names = Set(try JSONAccess.strings(f, "$.features"))
            features = LayoutFeatures(LayoutFeatures.named.filter { names.contains($0.0) }.map(\.1))
        }
        return EngineDescriptor(name: name, version: version, capabilities: caps.contains("query") ? [.query] : [],
                                features: features, summary: "external engine, \(protocolName)")
    }
}

/// `1 s`, `0.5 s`.
func formatSeconds(_ s: Double) -> String { "\(formatPoints(s)) s" }
