import Foundation
import CWaterfallCheckJSONC

/// A value inside a ``JSONDocument`` (a json-c object), with typed accessors whose errors
/// (``JSONFault``) name the value's JSON path. Valid only while its document is alive: use it
/// inside ``JSONDocument/decode(_:)``.
///
/// A node is two pointers and a slot: no allocation, no reference counting. Its path is worked
/// out only when a fault is reported.
package struct JSONNode {
    /// Where a node sits in its container.
    package enum Slot: Hashable {
        case root
        case key(String)
        case index(Int)
    }

    /// The json-c object; `nil` for JSON `null`.
    let raw: OpaquePointer?
    /// The object or array holding this node; `nil` for the root.
    let container: OpaquePointer?
    let slot: Slot

    init(raw: OpaquePointer?, container: OpaquePointer?, slot: Slot) {
        self.raw = raw; self.container = container; self.slot = slot
    }

    /// A fault located at this node.
    package func fault(_ message: String) -> JSONFault {
        JSONFault(message: message, container: container, slot: slot)
    }

    /// `true` for JSON `null`.
    package var isNull: Bool { raw == nil }

    /// The JSON type's name, with the value when it is short: `the string "3"`, `2.0`, `an object`.
    package var typeDescription: String {
        guard let o = raw else { return "null" }
        switch json_object_get_type(o) {
        case json_type_boolean: return json_object_get_boolean(o) != 0 ? "true" : "false"
        case json_type_double, json_type_int: return "the number " + String(cString: json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN))
        case json_type_string:
            let s = stringValue
            return s.count <= 40 ? "the string " + JSONWriter.quoted(s) : "a string"
        case json_type_array: return "an array"
        case json_type_object: return "an object"
        default: return "null"
        }
    }

    private var stringValue: String {
        guard let o = raw, let p = json_object_get_string(o) else { return "" }
        let len = Int(json_object_get_string_len(o))
        return p.withMemoryRebound(to: UInt8.self, capacity: len) { String(decoding: UnsafeBufferPointer(start: $0, count: len), as: UTF8.self) }
    }

    private func type(is t: json_type) -> Bool { raw.map { json_object_get_type($0) == t } ?? false }

    /// A JSON number (integer or not) as a double. The document has already rejected numbers
    /// that do not fit one.
    /// - Throws: ``JSONFault`` when the value is not a number.
    package func number() throws -> Double {
        guard let o = raw else { throw fault("expected a number, got null") }
        switch json_object_get_type(o) {
        case json_type_double: return json_object_get_double(o)
        case json_type_int: return Double(json_object_get_int64(o))
        default: throw fault("expected a number, got \(typeDescription)")
        }
    }

    /// A JSON integer: a number written without fraction or exponent (FIXTURE-FORMAT §6:
    /// `2.0` and `2e0` are not integers).
    /// - Throws: ``JSONFault`` when the value is not such a number.
    package func integer() throws -> Int {
        guard type(is: json_type_int) else {
            throw fault("expected an integer (written without fraction or exponent), got \(typeDescription)")
        }
        return Int(json_object_get_int64(raw))
    }

    /// A JSON string.
    /// - Throws: ``JSONFault`` when the value is not a string.
    package func string() throws -> String {
        guard type(is: json_type_string) else { throw fault("expected a string, got \(typeDescription)") }
        return stringValue
    }

    /// A JSON boolean.
    /// - Throws: ``JSONFault`` when the value is not `true` or `false`.
    package func bool() throws -> Bool {
        guard type(is: json_type_boolean) else { throw fault("expected true or false, got \(typeDescription)") }
        return json_object_get_boolean(raw) != 0
    }

    /// The elements of a JSON array.
    /// - Throws: ``JSONFault`` when the value is not an array.
    package func array() throws -> JSONArray {
        guard type(is: json_type_array), let o = raw else { throw fault("expected an array, got \(typeDescription)") }
        return JSONArray(raw: o)
    }

    /// A JSON array of exactly `count` numbers, such as a frame `[x, y, width, height]`.
    /// - Throws: ``JSONFault`` naming `what` when the value has another shape.
    package func numbers(_ count: Int, _ what: String) throws -> [Double] {
        try tuple(count, what).map { try $0.number() }
    }

    /// A JSON array of exactly `count` elements, without copying them (read with
    /// `try a[i].number()`).
    /// - Throws: ``JSONFault`` naming `what` when the value has another shape.
    package func tuple(_ count: Int, _ what: String) throws -> JSONArray {
        guard type(is: json_type_array), let o = raw, json_object_array_length(o) == count else {
            throw fault("expected \(what), an array of \(count) numbers, got \(shapeDescription)")
        }
        return JSONArray(raw: o)
    }

    private var shapeDescription: String {
        if type(is: json_type_array), let o = raw { return "an array of \(json_object_array_length(o))" }
        return typeDescription
    }

    /// Calls `body` with each member of a JSON object, in file order.
    /// - Throws: ``JSONFault`` when the value is not an object, and whatever `body` throws.
    /// - Complexity: O(members).
    package func forEachMember(_ body: (String, JSONNode) throws -> Void) throws {
        guard type(is: json_type_object), let o = raw else { throw notAnObject() }
        var entry = json_object_get_object(o)?.pointee.head
        while let e = entry {
            let key = String(cString: e.pointee.k.assumingMemoryBound(to: CChar.self))
            try body(key, JSONNode(raw: OpaquePointer(e.pointee.v), container: o, slot: .key(key)))
            entry = e.pointee.next
        }
    }

    /// "expected an object", said of the whole text when this is the top-level value.
    private func notAnObject() -> JSONFault {
        slot == .root ? fault("the top-level value must be an object, got \(typeDescription)")
                      : fault("expected an object, got \(typeDescription)")
    }

    /// The member `key` of an object; `nil` when absent (or when this is not an object).
    package func member(_ key: String) -> JSONNode? {
        guard type(is: json_type_object), let o = raw else { return nil }
        var out: OpaquePointer?
        guard json_object_object_get_ex(o, key, &out) != 0 else { return nil }
        return JSONNode(raw: out, container: o, slot: .key(key))
    }

    /// The member `key` of an object.
    /// - Throws: ``JSONFault`` when this is not an object or has no such member.
    package func requiredMember(_ key: String) throws -> JSONNode {
        guard type(is: json_type_object) else { throw notAnObject() }
        guard let m = member(key) else { throw missing(key) }
        return m
    }

    /// The fault for a required member `key` that this object lacks (its path names the member;
    /// its position is this object's).
    package func missing(_ key: String) -> JSONFault {
        JSONFault(message: "missing required field \"\(key)\"", container: raw, slot: .key(key))
    }

    /// The value as a ``JSONValue`` tree (objects keep file order).
    package func value() throws -> JSONValue {
        guard let o = raw else { return .null }
        switch json_object_get_type(o) {
        case json_type_boolean: return .bool(json_object_get_boolean(o) != 0)
        case json_type_double, json_type_int: return .number(try number())
        case json_type_string: return .string(stringValue)
        case json_type_array: return .array(try JSONArray(raw: o).map { try $0.value() })
        case json_type_object:
            var members: [(key: String, value: JSONValue)] = []
            try forEachMember { k, v in members.append((k, try v.value())) }
            return .object(members)
        default: return .null
        }
    }
}

/// The elements of a JSON array, as a random-access collection of ``JSONNode``.
package struct JSONArray: RandomAccessCollection {
    let raw: OpaquePointer
    package let count: Int

    init(raw: OpaquePointer) { self.raw = raw; self.count = json_object_array_length(raw) }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }
    package subscript(i: Int) -> JSONNode {
        JSONNode(raw: json_object_array_get_idx(raw, i), container: raw, slot: .index(i))
    }
}

/// A decoding fault at a value of a ``JSONDocument``; ``JSONDocument/decode(_:)`` turns it
/// into a ``JSONError`` with file, line, column and JSON path.
package struct JSONFault: Error, CustomStringConvertible {
    package var message: String
    /// The address of the json-c object holding the faulty value: an identity only, compared
    /// with the document's nodes while the document is alive, never dereferenced (so the fault
    /// stays `Sendable` as `Error` requires).
    let container: UInt?
    let slot: JSONNode.Slot

    init(message: String, container: OpaquePointer?, slot: JSONNode.Slot) {
        self.message = message
        self.container = container.map { UInt(bitPattern: $0) }
        self.slot = slot
    }

    package var description: String { message }
}
