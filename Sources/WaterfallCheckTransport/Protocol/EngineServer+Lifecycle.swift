import Foundation
import WaterfallCheck

// The engine side of FIXTURE-FORMAT §9's `lifecycle` capability: `open`, `step`, `state`,
// `lookup`, `elementsIn`, `shouldInvalidate` and `close` on layout objects kept by session id.

extension EngineServer {
    /// Answers `line` when it is a lifecycle request; false (nothing written) when it is not one,
    /// so the caller answers `badRequest` as before.
    func lifecycleReply(to line: [UInt8], into out: inout [UInt8]) -> Bool {
        guard let engine = engine as? LifecycleLayoutEngine,
              let document = try? JSONDocument(parsing: line, file: "request") else { return false }
        let parsed: (Int, Result<[(key: String, value: JSONValue)], Error>)?
        parsed = try? document.decode { node -> (Int, Result<[(key: String, value: JSONValue)], Error>)? in
            guard let op = try? node.requiredMember("op").string(),
                  ["open", "step", "state", "lookup", "elementsIn", "shouldInvalidate", "close"].contains(op) else { return nil }
            let id = try node.requiredMember("id").integer()
            return (id, Result { try self.lifecycleAnswer(op, node, engine: engine) })
        } ?? nil
        guard let (id, result) = parsed else { return false }
        let reply: JSONValue
        switch result {
        case .success(let members): reply = .object([("id", .integer(id))] + members)
        case .failure(let e as LayoutError): reply = .object([("id", .integer(id)), ("error", .string(e.code.rawValue)), ("message", .string(e.description))])
        case .failure(let e as JSONFault): reply = .object([("id", .integer(id)), ("error", .string("badRequest")), ("message", .string(e.message))])
        case .failure(let e): reply = .object([("id", .integer(id)), ("error", .string("engineError")), ("message", .string("\(e)"))])
        }
        out.append(contentsOf: Array(JSONWriter.text(reply, style: .compact).utf8))
        return true
    }

    private func lifecycleAnswer(_ op: String, _ node: JSONNode, engine: LifecycleLayoutEngine) throws -> [(key: String, value: JSONValue)] {
        let sessionNode = try node.requiredMember("session")
        let sid = try sessionNode.integer()
        if op == "open" {
            let input = try LayoutInput(json: node.requiredMember("input"))
            let bounds = try node.member("bounds").map(CGRect.init(json:))
            sessions[sid] = try engine.makeLifecycleLayout(for: input, bounds: bounds)
            return [("ok", .bool(true))]
        }
        guard let layout = sessions[sid] else { throw sessionNode.fault("no open session \(sid)") }
        switch op {
        case "step":
            let step = try LifecycleStep(json: node.requiredMember("step"))
            let input = try LayoutInput(json: node.requiredMember("input"))
            let cost = try layout.apply(step, resulting: input)
            return [("invalidated", .bool(cost.invalidatedByBoundsChange))]
        case "state":
            guard case .object(let o) = JSONValue(try layout.state()) else { return [] }
            return o
        case "lookup":
            return [("frame", layout.lookup(try ElementID(json: node.requiredMember("element"))).map(JSONValue.frame) ?? .null)]
        case "elementsIn":
            return [("elements", .array(try layout.elements(in: CGRect(json: node.requiredMember("rect"))).map(JSONValue.init)))]
        case "shouldInvalidate":
            return [("answer", .bool(layout.shouldInvalidateLayout(forBoundsChange: try CGRect(json: node.requiredMember("bounds")))))]
        default:  // close
            sessions[sid] = nil
            return [("ok", .bool(true))]
        }
    }
}
