import Foundation

/// A JSON text that cannot be read as what it should be, located: not UTF-8 JSON, a syntax error,
/// a duplicate key, a number that does not fit, a wrong JSON type, a missing required or unknown
/// field, an unknown enum string. The harness calls it a ``FixtureError`` when the text is a
/// fixture (FIXTURE-FORMAT §6, last paragraph: the fixture is not run) and a malformed reply when
/// it is an engine's.
///
/// Range problems (a negative width, `columnCount` 0) are never such errors: they load and the
/// engine reports the §6 code.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as given to the reader (a path, or a label such as `engine reply`).
    public var file: String
    /// 1-based line of the fault.
    public var line: Int
    /// 1-based column of the fault, counted in Unicode scalars from the start of the line.
    public var column: Int
    /// The JSON path of the offending value, for example `$.sections[2].items[7].size`.
    /// For a missing field it names the field; ``line`` and ``column`` then point at its object.
    public var jsonPath: String
    /// What is wrong, in one line.
    public var message: String

    /// `jsonPath` and `message` longer than ``maximumLength`` characters (a 5 MB key, 512 levels
    /// of nesting) keep their start and end around a count of what was left out, so one bad value
    /// cannot flood a report.
    public init(file: String, line: Int, column: Int, jsonPath: String, message: String) {
        self.file = file; self.line = line; self.column = column
        self.jsonPath = Self.abbreviated(jsonPath); self.message = Self.abbreviated(message)
    }

    /// The longest `jsonPath` or `message` kept whole, in characters.
    public static let maximumLength = 1_000

    /// `text` itself, or its first two thirds and last third of ``maximumLength`` around
    /// `…(N characters)…`. O(n).
    public static func abbreviated(_ text: String) -> String {
        let count = text.count
        guard count > maximumLength else { return text }
        let head = text.prefix(maximumLength * 2 / 3), tail = text.suffix(maximumLength / 3)
        return "\(head)…(\(count - head.count - tail.count) characters)…\(tail)"
    }

    /// `file:line:column: error: message (at $.path)`, the form compilers and editors understand.
    public var description: String {
        "\(file):\(line):\(column): error: \(message) (at \(jsonPath))"
    }
}
