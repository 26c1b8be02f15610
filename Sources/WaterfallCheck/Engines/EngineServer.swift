import Foundation

/// The engine side of protocol `waterfall-engine/1` (FIXTURE-FORMAT §9): serves one in-process
/// engine, one request line in, one reply line out. What `waterfall-engine NAME` runs.
///
/// Never traps on a request: a line that is not a request gets
/// `{"id":N,"error":"badRequest","message":"..."}` (`"id":null` when no integer id can be read),
/// the message naming the column and JSON path (the fixture codec's strict reader). An engine that
/// fails with anything but a ``LayoutError`` answers `{"id":N,"error":"engineError","message":"..."}`,
/// which a client reports as an engine fault with that message.
public final class EngineServer {
    public let engine: LayoutEngine

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
        var id: Int?
        do {
            let document = try JSONDocument(parsing: line, file: "request")
            return try document.decode { node in
                id = try node.requiredMember("id").integer()
                let id = id!
                switch try node.requiredMember("op").string() {
                case "layout":
                    let input = try LayoutInput(json: try node.requiredMember("input"))
                    do {
                        return "{\"id\":\(id),\(CanonicalWriter.compactResult(try engine.layout(input)))}"
                    } catch let e as LayoutError {
                        return Self.error(id, e.code.rawValue, e.description)
                    } catch {
                        // The engine itself failed (a classic port's "exception"): not a bad request.
                        return Self.error(id, "engineError", "\(error)")
                    }
                case "query":
                    let rectNode = try node.requiredMember("rect")
                    let n = try rectNode.numbers(4, "a rect [x, y, width, height]")
                    guard n[2] >= 0, n[3] >= 0 else { throw rectNode.fault("a rect's width and height must be >= 0") }
                    return query(id, CGRect(x: n[0], y: n[1], width: n[2], height: n[3]))
                case let op:
                    throw try node.requiredMember("op").fault("unknown op \"\(op)\"; expected layout or query")
                }
            }
        } catch {
            return Self.error(id, "badRequest", "\(error)")
        }
    }

    /// `{"id":N,"items":[[s,i],...],"headers":[s,...],"footers":[s,...]}`, or `noLayout`.
    private func query(_ id: Int, _ rect: CGRect) -> String {
        do {
            var items: [String] = [], headers: [String] = [], footers: [String] = []
            for e in try engine.elements(in: rect) {
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
        } catch {
            return Self.error(id, "engineError", "\(error)")
        }
    }

    /// Reads requests from stdin until end of file, answering each on stdout, after the hello line.
    public func serve() {
        setvbuf(stdout, nil, _IOFBF, 1 << 16)
        write(hello)
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while true {
            let n = getline(&buffer, &capacity, stdin)
            guard n >= 0, let b = buffer else { break }
            let length = n > 0 && b[n - 1] == 0x0A ? n - 1 : n
            let line = b.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
            write(reply(to: line))
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

    private static func quote(_ s: String) -> String { JSONWriter.quoted(s) }
}
