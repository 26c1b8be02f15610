import Foundation

/// One fixture file (FIXTURE-FORMAT §1): an input, and optionally the frames or error it must give.
public struct Fixture: Hashable, Sendable {
    /// The only format this version reads and writes.
    public static let format = "waterfall-fixture/1"

    /// `[A-Za-z0-9._-]+`, unique within its folder; never used as a path.
    public var name: String
    public var description: String?
    public var source: String?
    /// Per-component tolerance in pt (FIXTURE-FORMAT §7); `nil` means the default.
    public var tolerance: CGFloat?
    /// The fixture's `layout` and `sections`.
    public var input: LayoutInput
    /// Without it the fixture is checked against the invariants only.
    public var expected: Expected?
    /// Anything; readers ignore it and writers keep it (an object, in key order).
    public var extensions: JSONValue?

    public init(name: String, description: String? = nil, source: String? = nil, tolerance: CGFloat? = nil,
                input: LayoutInput, expected: Expected? = nil, extensions: JSONValue? = nil) {
        self.name = name; self.description = description; self.source = source; self.tolerance = tolerance
        self.input = input; self.expected = expected; self.extensions = extensions
    }

    /// The default comparison tolerance, 0.001 pt (FIXTURE-FORMAT §7).
    public static let defaultTolerance: CGFloat = 0.001
}

/// What a fixture expects (FIXTURE-FORMAT §4): a layout error code, or the full set of frames.
public enum Expected: Hashable, Sendable {
    /// A §6 code (never `unsupported`).
    case error(LayoutError.Code)
    case layout(LayoutResult)
}

/// A JSON value kept as written, for `extensions` (object keys in file order).
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public func hash(into h: inout Hasher) {
        switch self {
        case .null: h.combine(0)
        case .bool(let b): h.combine(b)
        case .number(let d): h.combine(d)
        case .string(let s): h.combine(s)
        case .array(let a): h.combine(a)
        case .object(let o): for (k, v) in o { h.combine(k); h.combine(v) }
        }
    }

    /// The member `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o.first { $0.key == key }?.value }
        return nil
    }
}
