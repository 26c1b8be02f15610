import Foundation

/// A layout that cannot be computed (FIXTURE-FORMAT §6), or an input an engine cannot express.
///
/// Equality compares only ``code``: two engines agree on an error when their codes agree.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The codes of FIXTURE-FORMAT §6 in precedence order (first wins), then `unsupported`.
    public enum Code: String, Hashable, Sendable, CaseIterable, Comparable {
        case invalidContainerWidth
        case invalidColumnCount
        case invalidSpacing
        case invalidColumnWidth
        case invalidItemHeight
        case invalidItemSize
        case invalidSpan
        /// Not a §6 code: an engine other than the reference cannot express the input (§6, §9).
        case unsupported

        /// Position in the §6 table; lower wins when several faults exist.
        public var precedence: Int { Self.allCases.firstIndex(of: self)! }
        public static func < (a: Code, b: Code) -> Bool { a.precedence < b.precedence }
    }

    /// Where the fault is: a section, an item, a supplementary view, and the field.
    public struct Location: Hashable, Sendable, CustomStringConvertible {
        public var section: Int?
        public var item: Int?
        /// `"header"` or `"footer"` when the fault is in one.
        public var supplementary: String?
        /// The field's name as the fixture spells it (`containerWidth`, `sectionInset.left`, `size`).
        public var field: String

        public init(section: Int? = nil, item: Int? = nil, supplementary: String? = nil, field: String) {
            self.section = section; self.item = item; self.supplementary = supplementary; self.field = field
        }

        /// The fixture's JSON path of the field, for example `$.sections[2].items[7].size`.
        public var jsonPath: String {
            var p = "$"
            if let s = section { p += ".sections[\(s)]" } else if field != "columnWidth" { p += ".layout" }
            if let sup = supplementary { p += ".\(sup)" }
            if let i = item { p += ".items[\(i)]" }
            return field.isEmpty ? p : p + "." + field
        }

        public var description: String {
            var parts: [String] = []
            if let s = section { parts.append(item.map { "item \(s).\($0)" } ?? supplementary.map { "\($0) \(s)" } ?? "section \(s)") }
            parts.append(field)
            return parts.joined(separator: " ")
        }
    }

    public var code: Code
    public var location: Location?
    /// A one-line explanation with the offending value.
    public var message: String

    public init(_ code: Code, at location: Location? = nil, _ message: String = "") {
        self.code = code; self.location = location; self.message = message
    }

    public static func == (a: LayoutError, b: LayoutError) -> Bool { a.code == b.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    public var description: String {
        var s = code.rawValue
        if let l = location { s += " at \(l.jsonPath)" }
        if !message.isEmpty { s += ": \(message)" }
        return s
    }

    /// An engine cannot express this input.
    public static func unsupported(_ what: String) -> LayoutError { LayoutError(.unsupported, what) }
}
