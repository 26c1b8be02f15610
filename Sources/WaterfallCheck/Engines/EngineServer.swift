import CJSONC
import Foundation

/// The engine side of protocol `waterfall-engine/1` (FIXTURE-FORMAT §9): serves one in-process
/// engine, one request line in, one reply line out. What `waterfall-engine NAME` runs.
///
/// Never traps on a request: a line that is not a request gets
/// `{"id":N,"error":"badRequest","message":"..."}` (`"id":null` when no integer id can be read).
public final class EngineServer {
    public let engine: LayoutEngine
    private let parser = ProtocolMessage.Parser()

    public init(engine: LayoutEngine) { self.engine = engine }

    /// The hello line: protocol, engine, version, capabilities, and `features` unless all.
    public var hello: String {
        let d = engine.descriptor
        var s = "{\"protocol\":\(Self.quote(ExternalEngine.protocolName)),\"engine\":\(Self.quote(d.name)),\"version\":\(Self.quote(d.version))"
        s += ",\"capabilities\":[" + d.capabilities.names.map(Self.quote).joined(separator: ",") + "]"
        if d.features != .all { s += ",\"features\":[" + d.features.names.map(Self.quote).joined(separator: ",") + "]" }
        return s + "}"
    }

    /// The reply to one request line (without its `\n`), itself without `\n`.
    /// - Complexity: the engine's layout or query, plus O(size of the line and of the reply).
    public func reply(to line: [UInt8]) -> String {
        let message: ProtocolMessage
        do { message = try ProtocolMessage(line: line, parser: parser) } catch { return Self.error(nil, "badRequest", "\(error)") }
        let root = message.root
        guard let idValue = JSONAccess.member(root, "id"), json_object_get_type(idValue) == json_type_int else {
            return Self.error(nil, "badRequest", "$.id: expected an integer")
        }
        let id = Int(json_object_get_int64(idValue))
        do {
            switch try JSONAccess.string(JSONAccess.member(root, "op"), "$.op") {
            case "layout":
                let input = try ProtocolCodec.input(from: JSONAccess.member(root, "input"))
                do {
                    let result = try engine.layout(input)
                    return "{\"id\":\(id),\(ProtocolCodec.compactResultMembers(result))}"
                } catch let e as LayoutError {
                    return Self.error(id, e.code.rawValue, e.description)
                }
            case "query":
                let r = try JSONAccess.rect(JSONAccess.member(root, "rect"), "$.rect")
                guard r.size.width >= 0, r.size.height >= 0 else {
                    throw ProtocolMessage.Shape(path: "$.rect", expected: "a width and height >= 0")
                }
                do {
                    var items: [String] = [], headers: [String] = [], footers: [String] = []
                    for e in try engine.elements(in: r) {
                        switch e.kind {
                        case .item: items.append("[\(e.section),\(e.item)]")
                        case .header: headers.append("\(e.section)")
                        case .footer: footers.append("\(e.section)")
                        }
                    }
                    return "{\"id\":\(id),\"items\":[\(items.joined(separator: ","))],\"headers\":[\(headers.joined(separator: ","))],\"footers\":[\(footers.joined(separator: ","))]}"
                } catch QueryError.noLayout {
                    return "{\"id\":\(id),\"error\":\"noLayout\"}"
                } catch let e as LayoutError {
                    return Self.error(id, e.code.rawValue, e.description)
                }
            case let op:
                return Self.error(id, "badRequest", "$.op: unknown operation \"\(op)\"")
            }
        } catch {
            return Self.error(id, "badRequest", "\(error)")
        }
    }

    /// Reads requests from stdin until end of file, answering each on stdout, after the hello line.
    public func serve() {
        setvbuf(stdout, nil, _IOFBF, 1 << 16)
        write(hello)
        while let line = readLine(strippingNewline: true) {
            write(reply(to: Array(line.utf8)))
        }
    }

    private func write(_ line: String) {
        var l = line
        l.append("\n")
        l.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, stdout) }
        fflush(stdout)
    }

    private static func error(_ id: Int?, _ code: String, _ message: String) -> String {
        "{\"id\":\(id.map(String.init) ?? "null"),\"error\":\(quote(code)),\"message\":\(quote(message))}"
    }

    /// A JSON string literal, escaped by json-c.
    static func quote(_ s: String) -> String {
        guard let o = json_object_new_string(s) else { return "\"\"" }
        defer { json_object_put(o) }
        return String(cString: json_object_to_json_string_ext(o, Int32(JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)))
    }
}
