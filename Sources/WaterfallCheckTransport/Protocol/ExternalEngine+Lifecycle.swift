import Foundation
import WaterfallCheck

// The client side of FIXTURE-FORMAT §9's `lifecycle` capability: layout objects that live in the
// engine process, one per session id, driven by steps (issue 34) and asked for their state, the
// lookups and shouldInvalidateLayout(forBoundsChange:) (issue 32 item 6: `lookup-consistency` and
// `reprepare` over `exec:`).

extension ExternalEngine {
    /// Opens a session: `{"id":N,"op":"open","session":S,"input":{...},"bounds":[x,y,w,h]}`.
    /// - Throws: ``LayoutError`` `unsupported` without the capability; the engine's §6 error for
    ///   the input; ``EngineFault``.
    public func makeLifecycleLayout(for input: LayoutInput, bounds: CGRect?) throws -> LifecycleLayout {
        guard descriptor.capabilities.contains(.lifecycle) else {
            throw LayoutError.unsupported("\(descriptor.name) has no lifecycle sessions (capability \"lifecycle\")")
        }
        guard Self.isFinite(input) else { throw LayoutError.unsupported("not sent: the input holds a NaN or infinite number") }
        sessionCount += 1
        let session = ExternalLifecycleLayout(engine: self, id: sessionCount, input: input, bounds: bounds ?? CGRect(x: 0, y: 0, width: input.layout.containerWidth, height: 812))
        var o: [(key: String, value: JSONValue)] = [("input", JSONValue(input))]
        if let bounds { o.append(("bounds", JSONValue.frame(bounds))) }
        _ = try session.send("open", o, layoutRequest: true)
        session.processID = processID
        return session
    }

    public func makePreparedLayout(for input: LayoutInput) throws -> PreparedLayout {
        try makeLifecycleLayout(for: input, bounds: nil)
    }

    /// One request of the lifecycle capability and its reply (an object with the same `id` and no
    /// `error`), outside the pipeline: what was announced ahead is answered first.
    /// - Throws: ``LayoutError`` for a §6 error to an `open` (`layoutRequest`); ``EngineFault`` for
    ///   any other error reply, a reply of the wrong id, a crash or a timeout.
    func lifecycleExchange(_ op: String, _ members: [(key: String, value: JSONValue)], layoutRequest: Bool) throws -> JSONValue {
        try skipAhead(to: ahead.count)
        let id = nextID
        nextID += 1
        let p = try running()
        let line = JSONWriter.text(.object([("id", .integer(id)), ("op", .string(op))] + members), style: .compact) + "\n"
        Array(line.utf8).withUnsafeBytes { p.enqueue($0) }
        switch p.receive(deadline: EngineProcess.deadline(after: configuration.timeout), early: false) {
        case .line(let raw):
            let text = String(decoding: raw.prefix(500), as: UTF8.self)
            let value: JSONValue
            do { value = try JSONDocument(parsing: raw, file: "reply").decode { try $0.value() } } catch {
                throw fault(.malformedReply, "\(error)", reply: text)
            }
            let got: Int?
            switch value["id"] {
            case .integer(let i)?: got = i
            case .number(let d)?: got = Int(exactly: d)
            default: got = nil
            }
            guard got == id else { throw fault(.mismatchedID, "reply to \(op) request \(id) carries id \(value["id"].map { JSONWriter.text($0, style: .compact) } ?? "none")", reply: text) }
            if case .string(let code)? = value["error"] {
                let message: String
                if case .string(let m)? = value["message"] { message = m } else { message = "" }
                if layoutRequest, let c = EngineProtocol.ErrorCode(rawValue: code).layoutCode, c != LayoutError.Code.unsupported { throw LayoutError(c, message) }
                throw fault(code == "engineError" ? .threw : .wrongShape, "\(op): \(code)" + (message.isEmpty ? "" : ": \(message)"), reply: text)
            }
            return value
        case .closed(let partial):
            throw fault(.crashed, "no reply to \(op) request \(id)", reply: String(decoding: partial, as: UTF8.self))
        case .timedOut(let partial):
            throw fault(.timedOut, "no reply to \(op) request \(id) within \(formatSeconds(configuration.timeout))", reply: String(decoding: partial, as: UTF8.self))
        case .tooLong:
            throw fault(.malformedReply, "reply to \(op) request \(id) longer than \(configuration.maxLine) bytes")
        }
    }
}

/// A layout object in an `exec:` engine's process (one §9 `lifecycle` session). Closed (`close`)
/// when released. Every request may throw an ``EngineFault``; the ``PreparedLayout`` answers read
/// a fault as "nothing" (no elements, a `nil` lookup), which the checks then report.
final class ExternalLifecycleLayout: LifecycleLayout {
    let engine: ExternalEngine
    let id: Int
    private(set) var bounds: CGRect?
    /// The data the object shows now.
    private var input: LayoutInput

    init(engine: ExternalEngine, id: Int, input: LayoutInput, bounds: CGRect) {
        self.engine = engine; self.id = id; self.input = input; self.bounds = bounds
    }

    /// The engine process the session lives in: a restarted engine does not have it.
    var processID: Int32?

    /// Closes the session in the process that has it; nothing when that process is gone (a
    /// request would start a new engine only to be refused).
    deinit {
        guard let pid = processID, engine.processID == pid else { return }
        _ = try? engine.lifecycleExchange("close", [("session", .integer(id))], layoutRequest: false)
    }

    func send(_ op: String, _ members: [(key: String, value: JSONValue)], layoutRequest: Bool = false) throws -> JSONValue {
        try engine.lifecycleExchange(op, [("session", .integer(id))] + members, layoutRequest: layoutRequest)
    }

    /// `{"op":"step","session":S,"step":{...},"input":{...}}` → `{"invalidated": bool}`.
    func apply(_ step: LifecycleStep, resulting input: LayoutInput) throws -> LifecycleStepCost {
        let reply = try send("step", [("step", JSONValue(step)), ("input", JSONValue(input))])
        if case .setBounds(let r) = step { bounds = r }
        self.input = input
        if case .bool(true)? = reply["invalidated"] { return LifecycleStepCost(invalidatedByBoundsChange: true) }
        return LifecycleStepCost()
    }

    /// `{"op":"state","session":S}` → `{"contentSize":[w,h],"elements":[[element, frame], ...]}`.
    func state() throws -> LifecycleState {
        let reply = try send("state", [])
        let text = JSONWriter.text(reply, style: .compact)
        do {
            return try JSONDocument(parsing: Array(text.utf8), file: "reply").decode { try LifecycleState(json: $0) }
        } catch {
            throw engine.fault(.wrongShape, "state: \(error)", reply: text)
        }
    }

    /// `{"op":"elementsIn","session":S,"rect":[x,y,w,h]}` → `{"elements":[element, ...]}`.
    func elements(in rect: CGRect) throws -> [ElementID] {
        let reply = try send("elementsIn", [("rect", JSONValue.frame(rect.standardized))])
        let text = JSONWriter.text(reply, style: .compact)
        do {
            return try JSONDocument(parsing: Array(text.utf8), file: "reply").decode { try $0.requiredMember("elements").array().map(ElementID.init(json:)) }
        } catch {
            throw engine.fault(.wrongShape, "elementsIn: \(error)", reply: text)
        }
    }

    func allElements() -> [(id: ElementID?, frame: CGRect)] {
        ((try? state())?.elements ?? []).map { ($0.id, $0.frame) }
    }

    /// `{"op":"lookup","session":S,"element":[...]}` → `{"frame":[x,y,w,h]}` or `{"frame":null}`.
    func lookup(_ element: ElementID) -> CGRect? {
        guard let reply = try? send("lookup", [("element", JSONValue(element))]), let f = reply["frame"], case .array(let a) = f, a.count == 4 else { return nil }
        let n = a.compactMap { v -> CGFloat? in
            switch v { case .number(let d): return CGFloat(d); case .integer(let i): return CGFloat(i); default: return nil }
        }
        return n.count == 4 ? CGRect(x: n[0], y: n[1], width: n[2], height: n[3]) : nil
    }

    func invalidateAndPrepare() {
        _ = try? apply(.invalidateLayout, resulting: input)
    }

    /// `{"op":"shouldInvalidate","session":S,"bounds":[...]}` → `{"answer": bool}`.
    func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let reply = try? send("shouldInvalidate", [("bounds", JSONValue.frame(newBounds))]), case .bool(let b)? = reply["answer"] else { return false }
        return b
    }

    func reload(with input: LayoutInput) -> Bool {
        (try? apply(.reloadData(input.sections), resulting: input)) != nil
    }
}
