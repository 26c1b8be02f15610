import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation
import WaterfallCheckCore

/// One property every layout must have (DESIGN.md, "Invariants"): a stable id, a one-line
/// statement, and a check over one case.
public struct Invariant: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// Stable, kebab-case: what `--invariants` and fixtures' `extensions` name.
    public let id: String
    /// The property, in one line.
    public let statement: String
    /// Position in ``Invariants/all``.
    package let index: Int
    let check: (CheckContext) -> InvariantFailure?

    public static func == (a: Invariant, b: Invariant) -> Bool { a.id == b.id }
    public func hash(into h: inout Hasher) { h.combine(id) }
    public var description: String { "\(id): \(statement)" }
}

/// A violated invariant: which, a message with element names and numbers, and the elements named.
public struct InvariantFailure: Hashable, Sendable, CustomStringConvertible {
    /// ``Invariant/id``.
    public var invariant: String
    /// For example `no-overlap: item 0.4 [10, 54, 111.67, 120] and item 0.7 [...] overlap by 24 pt`.
    public var message: String
    /// The elements the message names, in the order named.
    public var elements: [ElementID]

    public init(invariant: String, message: String, elements: [ElementID] = []) {
        self.invariant = invariant; self.message = message; self.elements = elements
    }

    public var description: String { message }
}

/// A set of invariants by position in ``Invariants/all``: what one case checks, cheaply.
public struct InvariantSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public init(_ invariant: Invariant) { rawValue = 1 << UInt64(invariant.index) }
    public static var all: InvariantSet { InvariantSet(rawValue: (1 << UInt64(Invariants.all.count)) - 1) }

    /// The invariants with these ids; `nil` means all.
    /// - Throws: ``WaterfallCheckError/unknownInvariant(id:known:)`` naming an id that is not in the catalogue.
    public init(ids: Set<String>?) throws {
        guard let ids else { self = .all; return }
        var s: InvariantSet = []
        for id in ids {
            guard let inv = Invariants.named(id) else { throw WaterfallCheckError.unknownInvariant(id: id, known: Invariants.all.map(\.id)) }
            s.insert(InvariantSet(inv))
        }
        self = s
    }

    /// The invariants of a comma-separated list of ids (`-invariants=a,b`, `WATERFALL_INVARIANTS`).
    /// - Throws: ``WaterfallCheckError/usage(_:)`` when the list names no invariant (empty, or
    ///   only commas: an empty selection would check nothing and pass; review A2), and
    ///   ``WaterfallCheckError/unknownInvariant(id:known:)`` for an unknown id.
    public init(list: String) throws {
        let ids = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !ids.isEmpty else {
            throw WaterfallCheckError.usage("the invariant list \"\(list)\" names no invariant: an empty selection would check nothing; known: \(Invariants.all.map(\.id).joined(separator: ", "))")
        }
        try self.init(ids: Set(ids))
    }

    public func contains(_ invariant: Invariant) -> Bool { contains(InvariantSet(invariant)) }
    /// The invariants in catalogue order.
    public var invariants: [Invariant] { Invariants.all.filter { contains($0) } }
}
