import Foundation
import WaterfallCheck

/// The messages of protocol `waterfall-engine/1` (FIXTURE-FORMAT §9), each with its encoding and
/// decoding in one place, shared by the client (``ExternalEngine``) and the server
/// (``EngineServer``): one JSON object per line, compact, numbers and keys as the fixture format
/// writes them.
public enum EngineProtocol {
    /// The protocol name a hello line carries.
    public static let name = "waterfall-engine/1"

    /// The engine's first line: `{"protocol","engine","version","capabilities":[...],"features"?:[...],"pipeline"?:N}`.
    /// `features` is left out when the engine declares all of them; `pipeline` when the engine
    /// takes one request at a time.
    public struct Hello: Hashable, Sendable {
        public var descriptor: EngineDescriptor
        /// The pipeline window (FIXTURE-FORMAT §9, additive): how many requests the engine accepts
        /// in flight, answered in order; `nil` (absent) is one at a time, as in the base protocol.
        public var pipeline: Int?

        public init(_ descriptor: EngineDescriptor, pipeline: Int? = nil) {
            self.descriptor = descriptor
            self.pipeline = pipeline
        }

        /// The largest window the harness uses, whatever the engine declares.
        public static let maximumPipeline = 64

        /// The line, without `\n`.
        public func encode() -> String {
            let d = descriptor
            var o: [(key: String, value: JSONValue)] = [
                ("protocol", .string(EngineProtocol.name)), ("engine", .string(d.name)), ("version", .string(d.version)),
                ("capabilities", .array(d.capabilities.names.map { .string($0) })),
            ]
            if d.features != .all { o.append(("features", .array(d.features.names.map { .string($0) }))) }
            let l = d.limits
            if l.tieBreaks != EngineLimits.exact.tieBreaks { o.append(("tieBreaks", .array(l.tieBreakNames.map { .string($0) }))) }
            if l.lengthQuantum != 0 { o.append(("lengthQuantum", .number(Double(l.lengthQuantum)))) }
            if l.maxLength != EngineLimits.exact.maxLength { o.append(("maxLength", .number(Double(l.maxLength)))) }
            if l.queryPredicate != .strict { o.append(("query", .string(l.queryPredicate.rawValue))) }
            if d.conventions != .none { o.append(("conventions", d.conventions.json)) }
            if d.constraints != .none { o.append(("constraints", d.constraints.json)) }
            if let w = pipeline { o.append(("pipeline", .integer(w))) }
            return JSONWriter.text(.object(o), style: .compact)
        }

        /// Decodes a hello line. Unknown capability, feature and tie-break names are ignored (a
        /// newer engine may know more); `features` absent means all; `tieBreaks` absent means
        /// both, `lengthQuantum` absent 0 (doubles), `maxLength` absent 10^9 pt (§6).
        /// `pipeline` absent means one request at a time.
        /// - Throws: ``JSONFault`` for a missing or mistyped member (`pipeline` must be an integer
        ///   >= 1), or another protocol.
        package init(json node: JSONNode) throws {
            let proto = try node.requiredMember("protocol")
            guard try proto.string() == EngineProtocol.name else {
                throw proto.fault("expected protocol \"\(EngineProtocol.name)\", got \(proto.typeDescription)")
            }
            let name = try node.requiredMember("engine").string()
            let version = try node.requiredMember("version").string()
            _ = try node.requiredMember("capabilities")
            // Every claim (features, capabilities, tie breaks, quantum, largest length, query
            // predicate, conventions, constraints) is read, and bounded, in one place: EngineClaims (issue 33).
            var d = EngineDescriptor(name: name, version: version, capabilities: [], features: .all, limits: .exact,
                                     summary: "external engine, \(EngineProtocol.name)")
            try EngineClaims.decode(node, into: &d)
            descriptor = d
            if let w = node.member("pipeline") {
                let n = try w.integer()
                guard n >= 1 else { throw w.fault("a pipeline window must be an integer >= 1, got \(n)") }
                pipeline = n
            }
        }
    }

    /// A request (``EngineRequest``): `{"id":N,"op":"layout","input":{...}}` or
    /// `{"id":N,"op":"query","rect":[x,y,w,h]}`.
    public typealias Request = EngineRequest
}

extension EngineRequest {
        /// The line for request `id`, without `\n`. O(size of the input).
        public func encode(id: Int) -> String {
            var out: [UInt8] = []
            encode(id: id, into: &out)
            return String(decoding: out, as: UTF8.self)
        }

        /// ``encode(id:)`` appended to `out` (a buffer the caller reuses), without `\n`.
        /// O(size of the input); no allocation per item.
        public func encode(id: Int, into out: inout [UInt8]) {
            switch self {
            case .layout(let input):
                JSONBytes.write(to: &out, atMost: 32 + JSONBytes.maximumInteger) { w in
                    w.literal("{\"id\":"); w.integer(id); w.literal(",\"op\":\"layout\",\"input\":")
                }
                CanonicalWriter.appendCompactInput(input, to: &out)
                out.append(UInt8(ascii: "}"))
            case .query(let r):
                JSONBytes.write(to: &out, atMost: 40 + JSONBytes.maximumInteger + 4 * JSONBytes.maximumNumber) { w in
                    w.literal("{\"id\":"); w.integer(id); w.literal(",\"op\":\"query\",\"rect\":")
                    CanonicalWriter.frame(r, &w)
                    w.byte(UInt8(ascii: "}"))
                }
            }
        }

        /// Decodes a request line.
        /// - Returns: the request's id (`nil` when no integer id can be read) and the request, or
        ///   the error that makes the line a bad request (its message names column and JSON path).
        /// - Complexity: O(n) in the bytes; a line in the fast subset (``decodeFast(_:)``, what the
        ///   harness sends) is read in one pass, any other through ``JSONDocument``.
        public static func decode(_ line: [UInt8]) -> (id: Int?, request: Result<EngineRequest, Error>) { decode(line, cache: nil) }

        /// ``decode(_:)`` with the connection's ``NumberTextCache``.
        static func decode(_ line: [UInt8], cache: NumberTextCache?) -> (id: Int?, request: Result<EngineRequest, Error>) {
            if let fast = decodeFast(line, cache: cache) { return (fast.id, .success(fast.request)) }
            return decodeStrict(line)
        }

        /// ``decode(_:)`` through ``JSONDocument`` alone.
        static func decodeStrict(_ line: [UInt8]) -> (id: Int?, request: Result<EngineRequest, Error>) {
            var id: Int?
            do {
                let request = try JSONDocument(parsing: line, file: "request").decode { node -> EngineRequest in
                    id = try node.requiredMember("id").integer()
                    let op = try node.requiredMember("op")
                    switch try op.string() {
                    case "layout":
                        return .layout(try LayoutInput(json: try node.requiredMember("input")))
                    case "query":
                        let rectNode = try node.requiredMember("rect")
                        let n = try rectNode.numbers(4, "a rect [x, y, width, height]")
                        guard n[2] >= 0, n[3] >= 0 else { throw rectNode.fault("a rect's width and height must be >= 0") }
                        return .query(CGRect(x: n[0], y: n[1], width: n[2], height: n[3]))
                    case let other:
                        throw op.fault("unknown op \"\(other)\"; expected layout or query")
                    }
                }
                return (id, .success(request))
            } catch {
                return (id, .failure(error))
            }
        }
}

extension EngineProtocol {
    /// An error reply's code: a §6 layout error code, or one of the protocol's own.
    public struct ErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ code: LayoutError.Code) { rawValue = code.rawValue }

        /// The request line is not a request (a JSON or shape error, an unknown op).
        public static let badRequest = ErrorCode(rawValue: "badRequest")
        /// The engine failed with something that is not a layout error (a port's exception).
        public static let engineError = ErrorCode(rawValue: "engineError")
        /// A query with no successful layout to answer from.
        public static let noLayout = ErrorCode(rawValue: "noLayout")

        /// The §6 code, when it is one.
        public var layoutCode: LayoutError.Code? { LayoutError.Code(rawValue: rawValue) }
        public var description: String { rawValue }
    }

    /// A reply: frames, the elements a query found, or an error.
    public enum Reply: Hashable, Sendable {
        /// `{"id":N,"contentSize":[w,h],"sections":[...]}` (FIXTURE-FORMAT §4's `expected`).
        case layout(LayoutResult)
        /// `{"id":N,"items":[[s,i],...],"headers":[s,...],"footers":[s,...]}`.
        case elements([ElementID])
        /// `{"id":N,"error":"<code>","message":"..."}`; `message` left out when empty.
        case error(ErrorCode, String)

        /// The line answering request `id` (`null` when it could not be read), without `\n`.
        /// Frames as stored; extra elements are not part of the protocol. O(size of the reply).
        public func encode(id: Int?) -> String {
            var out: [UInt8] = []
            encode(id: id, into: &out)
            return String(decoding: out, as: UTF8.self)
        }

        /// ``encode(id:)`` appended to `out` (a buffer the caller reuses), without `\n`.
        /// O(size of the reply); no allocation per frame.
        public func encode(id: Int?, into out: inout [UInt8]) { encode(id: id, into: &out, cache: nil) }

        /// ``encode(id:into:)`` with the connection's ``NumberTextCache``.
        func encode(id: Int?, into out: inout [UInt8], cache: NumberTextCache?) {
            JSONBytes.write(to: &out, atMost: 8 + JSONBytes.maximumInteger) { w in
                w.literal("{\"id\":")
                if let id { w.integer(id) } else { w.literal("null") }
            }
            switch self {
            case .layout(let r):
                out.append(UInt8(ascii: ","))
                CanonicalWriter.appendCompactResult(r, to: &out, cache: cache)
            case .elements(let ids):
                // Each element is at most `[s,i],` (two integers and four bytes).
                JSONBytes.write(to: &out, atMost: 48 + ids.count * (4 + 2 * JSONBytes.maximumInteger)) { w in
                    w.literal(",\"items\":[")
                    var first = true
                    for e in ids where e.kind == .item {
                        if !first { w.byte(UInt8(ascii: ",")) }
                        first = false
                        w.byte(UInt8(ascii: "[")); w.integer(e.section); w.byte(UInt8(ascii: ",")); w.integer(e.item); w.byte(UInt8(ascii: "]"))
                    }
                    func sections(_ key: StaticString, _ kind: ElementID.Kind) {
                        w.literal(key)
                        var first = true
                        for e in ids where e.kind == kind {
                            if !first { w.byte(UInt8(ascii: ",")) }
                            first = false
                            w.integer(e.section)
                        }
                    }
                    sections("],\"headers\":[", .header)
                    sections("],\"footers\":[", .footer)
                    w.byte(UInt8(ascii: "]"))
                }
            case .error(let code, let message):
                JSONBytes.append(",\"error\":", to: &out)
                JSONBytes.append(quoted: code.rawValue, to: &out)
                if !message.isEmpty {
                    JSONBytes.append(",\"message\":", to: &out)
                    JSONBytes.append(quoted: message, to: &out)
                }
            }
            out.append(UInt8(ascii: "}"))
        }

        /// Decodes the reply `line` to a request of kind `op`, with its id: in one pass when the
        /// line is in the fast subset (what ``EngineServer`` writes), else through ``JSONDocument``.
        /// - Throws: ``FixtureError`` for a line that is not such a reply, naming column and path.
        /// - Complexity: O(n) in the bytes.
        public static func decode(_ line: [UInt8], op: String) throws -> (id: Int, reply: Reply) {
            if let fast = decodeFast(line, op: op) { return fast }
            return try decodeStrict(line, op: op)
        }

        /// ``decode(_:op:)`` through ``JSONDocument`` alone.
        static func decodeStrict(_ line: [UInt8], op: String) throws -> (id: Int, reply: Reply) {
            try JSONDocument(parsing: line, file: "reply").decode { node in
                (try node.requiredMember("id").integer(), try Reply(json: node, op: op))
            }
        }

        /// Decodes the reply `node` to a request of kind `op` (``Request/op``), after the caller
        /// checked its id: an `error` member makes it an error reply; otherwise a layout reply
        /// must have `contentSize` and `sections`, a query reply any of `items`, `headers`,
        /// `footers` (an engine with nothing to report may leave one out).
        /// - Throws: ``JSONFault`` for a reply of the wrong shape.
        package init(json node: JSONNode, op: String) throws {
            if let e = node.member("error") {
                self = .error(ErrorCode(rawValue: try e.string()), try node.member("message")?.string() ?? "")
                return
            }
            guard op == "query" else {
                self = .layout(try LayoutResult(json: node))
                return
            }
            var out: [ElementID] = []
            func list(_ key: String) throws -> [JSONNode] { try node.member(key).map { Array(try $0.array()) } ?? [] }
            for pair in try list("items") {
                let p = try pair.array()
                guard p.count == 2 else { throw pair.fault("expected [section, item], got an array of \(p.count)") }
                out.append(.item(try p[0].integer(), try p[1].integer()))
            }
            for s in try list("headers") { out.append(.header(try s.integer())) }
            for s in try list("footers") { out.append(.footer(try s.integer())) }
            self = .elements(out)
        }
    }
}
