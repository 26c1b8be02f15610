import Foundation
import WaterfallCheck

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
/// Used from one thread at a time, like every ``LayoutEngine``; make one per worker. Its mutable
/// state is therefore `@exclusivity(unchecked)`: no runtime exclusivity check per access (they cost
/// about a tenth of the harness's instructions per pipelined request).
public final class ExternalEngine: LifecycleLayoutEngine {
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
        /// The longest reply line accepted, in bytes (512 MiB; tests inject less).
        public var maxLine: Int
        /// The most requests kept in flight when the engine declares a pipeline window
        /// (FIXTURE-FORMAT §9): the smaller of this and the window; 1 sends one at a time.
        public var maxPipeline = EngineProtocol.Hello.maximumPipeline

        public init(arguments: [String], displayName: String? = nil, timeout: Double = 10, stderrLimit: Int = 16 << 10,
                    maxLine: Int = ExternalEngine.defaultMaxLine) {
            self.arguments = arguments
            self.displayName = displayName ?? arguments.joined(separator: " ")
            self.timeout = timeout
            self.stderrLimit = stderrLimit
            self.maxLine = maxLine
        }
    }

    /// The longest protocol line accepted by default, either way: 512 MiB (a 1 M-item layout is about 60 MB).
    public static let defaultMaxLine = EngineProcess.maxLine

    public let descriptor: EngineDescriptor
    public let configuration: Configuration
    @exclusivity(unchecked) var process: EngineProcess?
    @exclusivity(unchecked) var nextID = 1
    /// The last lifecycle session id handed out (FIXTURE-FORMAT §9 `lifecycle`).
    @exclusivity(unchecked) var sessionCount = 0
    /// The pipeline window the running engine's hello declared (FIXTURE-FORMAT §9), at most
    /// ``EngineProtocol/Hello/maximumPipeline``; 1 drives it one request at a time.
    @exclusivity(unchecked) public private(set) var pipelineWindow = 1
    /// Requests announced by ``prefetch(_:)``, oldest first from `aheadStart`; the first
    /// `inFlight` of them are sent and unanswered, the rest wait for room in the window.
    @exclusivity(unchecked) var ahead: [(request: EngineProtocol.Request, id: Int)] = []
    @exclusivity(unchecked) private var aheadStart = 0
    @exclusivity(unchecked) private var inFlight = 0
    /// The one buffer every request line is encoded into.
    @exclusivity(unchecked) private var lineBuffer: [UInt8] = []

    /// An engine known to answer with `descriptor`; the process starts on the first request.
    public init(_ configuration: Configuration, descriptor: EngineDescriptor) {
        self.configuration = configuration
        self.descriptor = descriptor
    }

    /// Starts the engine and reads its hello line.
    /// - Returns: a running engine whose ``descriptor`` is what the hello declared.
    /// - Throws: ``EngineFault`` (`spawn` or `handshake`).
    public static func start(_ configuration: Configuration) throws -> ExternalEngine {
        let (process, hello) = try launch(configuration)
        let engine = ExternalEngine(configuration, descriptor: hello.descriptor)
        engine.process = process
        engine.pipelineWindow = window(hello, configuration)
        return engine
    }

    deinit { process?.terminate(grace: 0.2) }

    /// Ends the engine process, if running: closes its stdin and, after `grace` seconds, kills its
    /// process group. The next request starts a new one.
    public func shutdown(grace: Double = 1) {
        forgetAhead()
        replayed.removeAll()
        process?.terminate(grace: grace)
        process = nil
    }

    /// SIGKILLs the process group of every external engine this process started and has not
    /// reaped yet. For an interrupt handler (a `DispatchSource` on SIGINT, say, not a raw signal
    /// handler: it takes a lock): engines run in their own process groups, so the terminal's
    /// Ctrl-C does not reach them, and a hung engine would otherwise outlive the harness.
    /// - Returns: how many groups were signalled.
    @discardableResult
    public static func killAll() -> Int { EngineProcess.live.killAll() }

    /// The process id of the running engine, or `nil` (for tests and diagnostics).
    public var processID: Int32? { process?.pid }

    // MARK: - LayoutEngine

    /// Sends `{"id":N,"op":"layout","input":{...}}` and reads frames or a §6 error.
    /// Feature gating is the caller's (``LayoutEngine/answer(_:)``), as for every engine.
    /// - Throws: ``LayoutError`` (the engine's §6 code; or `unsupported` `not sent: …`, without
    ///   asking the engine, for a NaN or infinite number, which JSON cannot carry); ``EngineFault`` for
    ///   everything else.
    public func layout(_ input: LayoutInput) throws -> LayoutResult {
        guard Self.isFinite(input) else {
            throw LayoutError.unsupported("not sent: the input holds a NaN or infinite number, which the JSON protocol cannot carry")
        }
        guard case .layout(let r) = try request(.layout(input)) else { throw fault(.wrongShape, "a query reply to a layout request") }
        return r
    }

    /// Sends `{"id":N,"op":"query","rect":[x,y,w,h]}`.
    /// - Throws: ``LayoutError`` `unsupported` without capability `query`; ``QueryError/noLayout``;
    ///   ``EngineFault``.
    public func elements(in rect: CGRect) throws -> [ElementID] {
        guard descriptor.capabilities.contains(.query) else {
            throw LayoutError.unsupported("\(descriptor.name) has no rect query")
        }
        guard case .elements(let ids) = try request(.query(rect)) else { throw fault(.wrongShape, "a layout reply to a query") }
        return ids
    }

    /// Whether every number of `input` is finite (JSON has no NaN or infinity). O(items), no allocation.
    static func isFinite(_ input: LayoutInput) -> Bool {
        func ok(_ i: LayoutInsets) -> Bool { i.top.isFinite && i.left.isFinite && i.bottom.isFinite && i.right.isFinite }
        func ok(_ s: HeaderFooter?) -> Bool { s.map { $0.height.isFinite && ok($0.inset) } ?? true }
        let s = input.layout
        guard s.containerWidth.isFinite, s.columnSpacing.isFinite, s.rowSpacing.isFinite, s.tieTolerance.isFinite,
              s.minimumContentHeight.isFinite, (s.pixelScale ?? 0).isFinite, ok(s.sectionInset) else { return false }
        return input.sections.allSatisfy { section in
            ok(section.sectionInset ?? .zero) && ok(section.header) && ok(section.footer) && section.items.allSatisfy {
                switch $0.dimension {
                case .height(let h): return h.isFinite
                case .size(let z): return z.width.isFinite && z.height.isFinite
                }
            }
        }
    }

    // MARK: - Requests

    /// Sends `request` and decodes the reply (``EngineProtocol/Reply``), after checking its id
    /// and turning an error reply into the error it stands for (``errorReply(code:message:op:line:)``).
    private func request(_ request: EngineProtocol.Request) throws -> EngineProtocol.Reply {
        do { return try exchange(request) } catch let f as EngineFault {
            faultCount += 1
            lastFault = f
            throw f
        }
    }

    /// Engine faults thrown so far (a crash, hang, garbage, a failed restart), and the last one:
    /// the fuzzer tells a case the engine faulted on from one that broke an invariant (D13).
    @exclusivity(unchecked) public private(set) var faultCount = 0
    /// Long number literals of recent replies (column widths, x positions), read once.
    private let numbers = NumberTextCache()
    @exclusivity(unchecked) public private(set) var lastFault: EngineFault?

    /// An engine that died while requests sent after the awaited one were unanswered: any of them
    /// may have killed it (an engine may read ahead before it answers). `later`: those requests.
    private struct PipelinedCrash: Error { let fault: EngineFault; let later: [EngineProtocol.Request] }

    /// The last layout request the engine answered (or was sent ahead and skipped): the state
    /// the next query is answered against.
    @exclusivity(unchecked) private var lastLayoutAnswered: EngineProtocol.Request?

    /// The answers to requests sent again one at a time after a ``PipelinedCrash``, oldest first,
    /// each given when the caller asks for its request (a fault thrown then).
    @exclusivity(unchecked) private var replayed: [(request: EngineProtocol.Request, answer: Result<EngineProtocol.Reply, Error>)] = []

    /// ``exchangeOnce(_:)``, and what a crash in the middle of a pipelined window takes (the
    /// adversarial review: the awaited request was blamed for a crash a later one caused). The
    /// awaited request is sent again, alone, to the restarted engine (after the layout it queries,
    /// for a query): its fault if it fails there too. If it is answered, the requests that were in
    /// flight after it are sent again one at a time, in order, up to the first that faults alone:
    /// the culprit. Their answers (the culprit's fault included) are given when they are asked
    /// for. If none faults (a crash that takes several requests at once, or timing), the crash is
    /// this request's after all: it is never dropped.
    /// - Complexity: as many extra requests as were in flight, only after such a crash.
    private func exchange(_ request: EngineProtocol.Request) throws -> EngineProtocol.Reply {
        if !replayed.isEmpty {
            if let k = replayed.firstIndex(where: { $0.request == request }) {
                let answer = replayed[k].answer
                replayed.removeFirst(k + 1)
                return try answer.get()
            }
            replayed.removeAll()
        }
        let context = lastLayoutAnswered
        do {
            return try exchangeOnce(request)
        } catch let crash as PipelinedCrash {
            if case .query = request, let context { _ = try? exchangeOnce(context) }
            let alone = Result { try exchangeOnce(request) }
            if case .failure(let e as EngineFault) = alone {  // its own fault: the first report of it
                var f = crash.fault
                f.message += e.kind == f.kind ? " (and again when sent alone)" : " (sent again alone: \(e.message))"
                throw f
            }
            for r in crash.later {
                let answer = Result { try exchangeOnce(r) }
                replayed.append((r, answer))
                if case .failure(let e) = answer, e is EngineFault { return try alone.get() }  // the culprit
            }
            var f = crash.fault
            f.message += " (the requests sent after it, in flight then, were each answered when sent again one at a time)"
            throw f
        }
    }

    private func exchangeOnce(_ request: EngineProtocol.Request) throws -> EngineProtocol.Reply {
        let op = request.op
        let id: Int
        let p: EngineProcess
        var later = 0..<0  // the requests in `ahead` sent after this one, unanswered
        if let k = aheadIndex(of: request) {
            // Sent ahead (or announced): skip what the caller did not ask for after all.
            p = process!
            try skipAhead(to: k)
            if inFlight == 0 { send(ahead[aheadStart], on: p); inFlight = 1 }
            id = ahead[aheadStart].id
            aheadStart += 1
            inFlight -= 1
            // Refilled once half the window has been answered, not one request per answer: one
            // write (and one read on the engine's side) per half window, while the engine still
            // has the other half to work on. This request is still unanswered: it keeps its
            // place in the window until its reply is read (§9: never more than the window).
            if 2 * inFlight <= pipelineWindow { pump(awaiting: 1) }
            later = aheadStart ..< aheadStart + inFlight
        } else {
            try skipAhead(to: ahead.count)
            id = nextID
            nextID += 1
            p = try running()
            send((request, id), on: p)
        }
        // A pipelined reply's time runs from when it is awaited: the one before it has arrived,
        // so the engine has had at most this long on this request.
        let deadline = EngineProcess.deadline(after: configuration.timeout)
        switch p.receive(deadline: deadline, early: pipelineWindow > 1) {
        case .line(let raw):
            if case .layout = request { lastLayoutAnswered = request }
            // The reply's text is made only for a fault report.
            var line: String { String(decoding: raw.prefix(500), as: UTF8.self) }
            // The usual reply in one pass; an error reply, a wrong id or anything unusual is read
            // by the strict reader, which says what is wrong with it.
            if let fast = EngineProtocol.Reply.decodeFast(raw, op: op, cache: numbers), fast.id == id { return fast.reply }
            let document: JSONDocument
            do { document = try JSONDocument(parsing: raw, file: "reply") } catch {
                throw fault(.malformedReply, "\(error)", reply: line)
            }
            let reply: EngineProtocol.Reply
            do {
                let checked = try document.decode { node -> Result<EngineProtocol.Reply, EngineFault> in
                    let got = try node.requiredMember("id")
                    guard (try? got.integer()) == id else {
                        let shown = (try? got.integer()).map(String.init) ?? got.typeDescription
                        return .failure(EngineFault(.mismatchedID, engine: configuration.displayName, "reply to request \(id) carries id \(shown)"))
                    }
                    return .success(try EngineProtocol.Reply(json: node, op: op))
                }
                switch checked {
                case .success(let r): reply = r
                case .failure(let f): throw fault(f.kind, f.message, reply: line)
                }
            } catch let f as EngineFault {
                throw f
            } catch {
                throw fault(.wrongShape, "\(error)", reply: line)
            }
            if case .error(let code, let message) = reply { throw errorReply(code: code, message: message, op: op, line: line) }
            return reply
        case .closed(let partial):
            let status = p.exitStatus(grace: 0.5).map(EngineProcess.describe) ?? "closed its stdout"
            let laterRequests = ahead[later].map(\.request)  // before ``fault`` forgets them
            let f = partial.isEmpty ? fault(.crashed, "no reply to request \(id): \(status)")
                : fault(.malformedReply, "reply to request \(id) cut off at end of file (\(status))",
                        reply: String(decoding: partial, as: UTF8.self))
            // Died with later requests in its pipe: maybe of one of them (``exchange(_:)``).
            if !laterRequests.isEmpty { throw PipelinedCrash(fault: f, later: laterRequests) }
            throw f
        case .timedOut(let partial):
            throw fault(.timedOut, "no reply to request \(id) within \(formatSeconds(configuration.timeout))",
                        reply: String(decoding: partial, as: UTF8.self))
        case .tooLong:
            throw fault(.malformedReply, "reply to request \(id) longer than \(configuration.maxLine) bytes (read no further)")
        }
    }


    // MARK: - Pipelining (FIXTURE-FORMAT §9, `pipeline`)

    /// Announces requests the caller will make next, in order: with a pipeline window above 1
    /// they are sent at once (as many as the window holds), so the engine works on them while the
    /// caller checks earlier answers. Each is answered when the caller makes it (``layout(_:)``,
    /// ``elements(in:)``), exactly as if sent then: same faults, same timeout per reply, and a
    /// fault clears what is ahead, so the requests after it go to the restarted engine. A request
    /// the caller skips is answered and dropped unread. Does nothing for an engine without a
    /// window, or when no engine is running (the next request starts one, as always).
    /// The announcement ends before a layout that the feature gate or ``layout(_:)`` would not
    /// send (an undeclared feature, a NaN), or a query to an engine without `query`.
    /// - Complexity: O(size of the requests sent).
    public func prefetch(_ requests: [EngineProtocol.Request]) {
        guard pipelineWindow > 1, process != nil, !requests.isEmpty else { return }
        if aheadStart == ahead.count { ahead.removeAll(keepingCapacity: true); aheadStart = 0; inFlight = 0 }
        for r in requests {
            // What ``layout(_:)`` would not send (a feature not declared, a NaN) ends the announcement.
            if case .layout(let input) = r,
               !(LayoutFeatures(usedBy: input).isSubset(of: descriptor.features) && Self.isFinite(input)) { break }
            if case .query = r, !descriptor.capabilities.contains(.query) { break }
            ahead.append((r, nextID))
            nextID += 1
        }
        pump()
    }

    /// Sends announced requests while the window has room, in one write.
    /// - Parameter awaiting: requests sent and unanswered that are no longer counted in
    ///   `inFlight` (the one whose reply is about to be read): they take room in the window too.
    private func pump(awaiting: Int = 0) {
        guard let p = process else { return }
        lineBuffer.removeAll(keepingCapacity: true)
        while inFlight + awaiting < pipelineWindow, aheadStart + inFlight < ahead.count {
            let a = ahead[aheadStart + inFlight]
            a.request.encode(id: a.id, into: &lineBuffer)
            lineBuffer.append(0x0A)
            inFlight += 1
        }
        if !lineBuffer.isEmpty { lineBuffer.withUnsafeBytes { p.enqueue($0) } }
    }

    private func send(_ r: (request: EngineProtocol.Request, id: Int), on p: EngineProcess) {
        lineBuffer.removeAll(keepingCapacity: true)
        r.request.encode(id: r.id, into: &lineBuffer)
        lineBuffer.append(0x0A)
        lineBuffer.withUnsafeBytes { p.enqueue($0) }
    }

    /// The index of the first announced request equal to `request`, if any.
    private func aheadIndex(of request: EngineProtocol.Request) -> Int? {
        guard aheadStart < ahead.count else { return nil }
        return ahead[aheadStart...].firstIndex { $0.request == request }
    }

    /// Drops the announced requests before index `k`, reading (and ignoring) the replies to those
    /// already sent. A fault while reading one is this request's fault: the engine broke before
    /// it could be answered.
    func skipAhead(to k: Int) throws {
        while aheadStart < k {
            if inFlight > 0, let p = process {
                let skipped = ahead[aheadStart].id
                switch p.receive(deadline: EngineProcess.deadline(after: configuration.timeout), early: true) {
                case .line: if case .layout = ahead[aheadStart].request { lastLayoutAnswered = ahead[aheadStart].request }
                case .closed(let partial):
                    let status = p.exitStatus(grace: 0.5).map(EngineProcess.describe) ?? "closed its stdout"
                    throw fault(.crashed, "no reply to request \(skipped) (sent ahead): \(status)", reply: String(decoding: partial, as: UTF8.self))
                case .timedOut(let partial):
                    throw fault(.timedOut, "no reply to request \(skipped) (sent ahead) within \(formatSeconds(configuration.timeout))",
                                reply: String(decoding: partial, as: UTF8.self))
                case .tooLong:
                    throw fault(.malformedReply, "reply to request \(skipped) (sent ahead) longer than \(configuration.maxLine) bytes (read no further)")
                }
                inFlight -= 1
            }
            aheadStart += 1
        }
        if aheadStart == ahead.count { ahead.removeAll(keepingCapacity: true); aheadStart = 0; inFlight = 0 }
    }

    /// Forgets every announced request (the process they went to is gone).
    private func forgetAhead() {
        ahead.removeAll(keepingCapacity: true)
        aheadStart = 0
        inFlight = 0
    }

    /// The window the harness uses for `hello`: its `pipeline`, at most
    /// ``Configuration/maxPipeline`` and ``EngineProtocol/Hello/maximumPipeline``; 1 without one.
    private static func window(_ hello: EngineProtocol.Hello, _ c: Configuration) -> Int {
        max(1, min(hello.pipeline ?? 1, c.maxPipeline, EngineProtocol.Hello.maximumPipeline))
    }

    /// The error an error reply (`{"id":N,"error":"<code>","message":"..."}`) stands for: a
    /// ``LayoutError`` for a §6 code, ``QueryError/noLayout`` for `noLayout` to a query, an
    /// ``EngineFault`` for anything else (`unsupported` included: features are gated before sending).
    private func errorReply(code: EngineProtocol.ErrorCode, message: String, op: String, line: String) -> Error {
        if op == "query" && code == .noLayout { return QueryError.noLayout }
        // §9's own code for "the engine failed with something that is not a layout error" (what
        // serve(_:) answers for a port's exception or a UIKit exception): the engine's fault, not
        // a protocol violation.
        if code == .engineError { return fault(.threw, message.isEmpty ? "engineError" : message, reply: line) }
        guard let c = code.layoutCode, op == "layout" else {
            return fault(.wrongShape, "unknown error code \"\(code)\" to a \(op) request" + (message.isEmpty ? "" : ": \(message)"), reply: line)
        }
        // An engine that declares constraints says which inputs it cannot express; one it still
        // answers `unsupported` is a skip (counted), not a fault that restarts it (issue 32).
        if c == .unsupported && descriptor.constraints == .none {
            return fault(.unexpectedUnsupported, "unsupported for an input within the declared features" + (message.isEmpty ? "" : ": \(message)"), reply: line)
        }
        return LayoutError(c, message)
    }

    /// The running process, started (and handshaken) if need be.
    func running() throws -> EngineProcess {
        if let p = process { return p }
        // After ``killAll()`` (Ctrl-C, SIGTERM) a restart would only meet the same hang again.
        guard !EngineProcess.live.isStopped else {
            throw EngineFault(.spawn, engine: configuration.displayName, "not restarted: the run is being stopped")
        }
        let (p, hello) = try Self.launch(configuration)
        let d = hello.descriptor
        guard d == descriptor else {
            p.terminate()
            throw EngineFault(.handshake, engine: configuration.displayName,
                              "the restarted engine's hello (\(d.name) \(d.version)) differs from the first (\(descriptor.name) \(descriptor.version))")
        }
        process = p
        pipelineWindow = Self.window(hello, configuration)
        return p
    }

    /// Kills the process and makes the fault, with the engine's last stderr.
    func fault(_ kind: EngineFault.Kind, _ message: String, reply: String = "") -> EngineFault {
        let tail = process.map { p -> String in
            // Stdin closed first: an engine that reads to end of file exits, and its stderr ends
            // at once instead of after the grace (0.2 s a fault: a shrink that restarts an engine
            // answering NaN made 25 steps a second).
            p.closeStdin()
            let t = p.stderrTail(grace: kind == .crashed || kind == .malformedReply ? 0.2 : 0)
            p.terminate()
            return t
        } ?? ""
        process = nil
        forgetAhead()
        return EngineFault(kind, engine: configuration.displayName, message, reply: String(decoding: reply.utf8.prefix(500), as: UTF8.self), stderr: tail)
    }

    /// Starts a process and checks its hello line (FIXTURE-FORMAT §9 step 1).
    private static func launch(_ c: Configuration) throws -> (EngineProcess, EngineProtocol.Hello) {
        let p: EngineProcess
        do { p = try EngineProcess(arguments: c.arguments, stderrLimit: c.stderrLimit, lineLimit: c.maxLine) } catch {
            throw EngineFault(.spawn, engine: c.displayName, "\(error)")
        }
        func fail(_ message: String, _ line: String = "") -> EngineFault {
            let tail = p.stderrTail(grace: 0.2)
            p.terminate()
            return EngineFault(.handshake, engine: c.displayName, message, reply: String(decoding: line.utf8.prefix(500), as: UTF8.self), stderr: tail)
        }
        let deadline = EngineProcess.deadline(after: c.timeout)
        switch p.exchange([], deadline: deadline) {
        case .line(let raw):
            let line = String(decoding: raw, as: UTF8.self)
            do {
                return (p, try JSONDocument(parsing: raw, file: "hello").decode { try EngineProtocol.Hello(json: $0) })
            } catch {
                throw fail("bad hello line: \(error)", line)
            }
        case .closed(let partial):
            let status = p.exitStatus(grace: 0.5).map(EngineProcess.describe) ?? "closed its stdout"
            throw fail("no hello line: \(status) (a program serves waterfall-engine/1 only when started to: is the command its serve mode, e.g. `--serve`?)", String(decoding: partial, as: UTF8.self))
        case .timedOut(let partial):
            throw fail("no hello line within \(formatSeconds(c.timeout))", String(decoding: partial, as: UTF8.self))
        case .tooLong:
            throw fail("hello line longer than \(c.maxLine) bytes (read no further)")
        }
    }
}

/// `1 s`, `0.5 s`.
func formatSeconds(_ s: Double) -> String { "\(formatPoints(s)) s" }
