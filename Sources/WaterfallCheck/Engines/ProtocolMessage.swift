import CJSONC
import Foundation

/// One line of the `waterfall-engine/1` protocol (FIXTURE-FORMAT §9), parsed by json-c.
///
/// Owns the json-c tree; ``root`` and every value reached from it are valid while the message lives.
final class ProtocolMessage {
    let root: OpaquePointer

    /// Parses one line (without its `\n`) as a single JSON object, strictly (json-c
    /// `JSON_TOKENER_STRICT`: no trailing commas, comments or unquoted keys) and completely
    /// (nothing but whitespace after the object).
    /// - Parameter parser: a reusable tokener (saves its allocation on every line).
    /// - Throws: ``ProtocolMessage/Malformed`` naming the byte column of the fault.
    init(line: [UInt8], parser: Parser = Parser()) throws {
        guard !line.isEmpty else { throw Malformed(column: 1, reason: "empty line") }
        let tok = parser.tokener
        json_tokener_reset(tok)
        let parsed: OpaquePointer? = line.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { json_tokener_parse_ex(tok, $0.baseAddress!, Int32(buf.count)) }
        }
        let end = Int(json_tokener_get_parse_end(tok))
        guard let obj = parsed else {
            let error = json_tokener_get_error(tok)
            let reason = error == json_tokener_continue ? "truncated line" : String(cString: json_tokener_error_desc(error))
            throw Malformed(column: end + 1, reason: reason)
        }
        if let extra = line[end...].firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
            json_object_put(obj)
            throw Malformed(column: extra + 1, reason: "text after the JSON object")
        }
        guard json_object_get_type(obj) == json_type_object else {
            json_object_put(obj)
            throw Malformed(column: 1, reason: "not a JSON object")
        }
        root = obj
    }

    /// A json-c tokener in strict mode, reused line after line by one thread.
    final class Parser {
        let tokener: UnsafeMutablePointer<json_tokener>
        init() {
            tokener = json_tokener_new()
            json_tokener_set_flags(tokener, Int32(JSON_TOKENER_STRICT))
        }
        deinit { json_tokener_free(tokener) }
    }

    deinit { json_object_put(root) }

    /// A line that is not one JSON object.
    struct Malformed: Error, CustomStringConvertible {
        var column: Int
        var reason: String
        var description: String { "malformed JSON at column \(column): \(reason)" }
    }

    /// A well-formed message of the wrong shape: `path` is its JSON path (`$.sections[0].items[2]`).
    struct Shape: Error, CustomStringConvertible {
        var path: String
        var expected: String
        var description: String { "\(path): expected \(expected)" }
    }
}

/// Typed access to json-c values, throwing ``ProtocolMessage/Shape`` with the JSON path (built
/// only on failure: paths are autoclosures, which keeps decoding a reply cheap).
enum JSONAccess {
    static func member(_ obj: OpaquePointer, _ key: String) -> OpaquePointer? {
        var out: OpaquePointer?
        return json_object_object_get_ex(obj, key, &out) != 0 ? out : nil
    }

    static func isNumber(_ v: OpaquePointer?) -> Bool {
        guard let v else { return false }
        let t = json_object_get_type(v)
        return t == json_type_int || t == json_type_double
    }

    static func number(_ v: OpaquePointer?, _ path: @autoclosure () -> String) throws -> Double {
        guard isNumber(v) else { throw ProtocolMessage.Shape(path: path(), expected: "a number") }
        return json_object_get_double(v)
    }

    static func integer(_ v: OpaquePointer?, _ path: @autoclosure () -> String) throws -> Int {
        guard let v, json_object_get_type(v) == json_type_int else {
            throw ProtocolMessage.Shape(path: path(), expected: "an integer")
        }
        return Int(json_object_get_int64(v))
    }

    static func string(_ v: OpaquePointer?, _ path: @autoclosure () -> String) throws -> String {
        guard let v, json_object_get_type(v) == json_type_string else {
            throw ProtocolMessage.Shape(path: path(), expected: "a string")
        }
        return String(cString: json_object_get_string(v))
    }

    static func array(_ v: OpaquePointer?, _ path: @autoclosure () -> String) throws -> [OpaquePointer?] {
        guard let v, json_object_get_type(v) == json_type_array else {
            throw ProtocolMessage.Shape(path: path(), expected: "an array")
        }
        return (0..<json_object_array_length(v)).map { json_object_array_get_idx(v, $0) }
    }

    static func strings(_ v: OpaquePointer?, _ path: @autoclosure () -> String) throws -> [String] {
        try array(v, path()).enumerated().map { try string($1, "\(path())[\($0)]") }
    }

    /// `[a, b, c, d]` of exactly `count` numbers.
    static func numbers(_ v: OpaquePointer?, count: Int, _ path: @autoclosure () -> String) throws -> [Double] {
        let a = try array(v, path())
        guard a.count == count else { throw ProtocolMessage.Shape(path: path(), expected: "\(count) numbers") }
        return try a.enumerated().map { try number($1, "\(path())[\($0)]") }
    }

    /// `[x, y, width, height]`. The hot path of reading a reply: no allocation.
    static func rect(_ v: OpaquePointer?, _ path: @autoclosure () -> String) throws -> CGRect {
        guard let v, json_object_get_type(v) == json_type_array, json_object_array_length(v) == 4,
              (0..<4).allSatisfy({ isNumber(json_object_array_get_idx(v, $0)) }) else {
            _ = try numbers(v, count: 4, path())  // throws, naming the faulty component
            throw ProtocolMessage.Shape(path: path(), expected: "4 numbers")
        }
        let c = { json_object_get_double(json_object_array_get_idx(v, $0)) }
        return CGRect(x: c(0), y: c(1), width: c(2), height: c(3))
    }
}
