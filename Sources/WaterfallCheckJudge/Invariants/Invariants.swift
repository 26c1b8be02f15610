import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation
import WaterfallCheckCore

/// The invariant catalogue of DESIGN.md, in its order. Each check is property-based: positions it
/// expects come from the input by FIXTURE-FORMAT §5 (``LayoutModel``), never from the engine's
/// output or from the reference engine's frames; geometry is compared with the tolerance (§7).
public enum Invariants {
    /// Every invariant, in DESIGN.md's order (which is also the order a case runs them: `query`
    /// before the checks that lay out other inputs, since it asks about the last layout).
    public static let all: [Invariant] = {
        // Built one by one, not from a table of tuples: a function stored in a tuple is kept
        // maximally abstracted, and every call through it went through a reabstraction thunk
        // (about 1 k instructions a case).
        var all: [Invariant] = []
        func add(_ id: String, _ statement: String, _ check: @escaping (CheckContext) -> InvariantFailure?) {
            all.append(Invariant(id: id, statement: statement, index: all.count, check: check))
        }
        add("complete", "exactly one frame per item, header and footer; nothing extra", checkComplete)
        add("finite", "every coordinate finite, every size >= 0", checkFinite)
        add("no-overlap", "no two frames share positive area", checkNoOverlap)
        add("column-alignment", "each item's x is a column origin and its width is the span's width", checkColumnAlignment)
        add("item-size", "each item's height is its input height, or its size scaled to its width (floored when pixelScale is set)", checkItemSize)
        add("within-bounds", "every item lies inside the section's insets horizontally, below its top", checkWithinBounds)
        add("stacking", "an item's top is its column's running height: the section's top + inset, else the previous item's maxY + rowSpacing; a spanning item takes the greatest of its columns'", checkStacking)
        add("placement", "each item went where the placement rule says (shortest column, tie rule, cursor)", checkPlacement)
        add("supplementary", "headers and footers sit where §5 puts them, and each section starts where the previous one ended", checkSupplementary)
        add("content-size", "width = container width; height = §5's final top (no trailing spacing), at least minimumContentHeight", checkContentSize)
        add("query", "elements(in: rect) is exactly the set of frames meeting the rect (FIXTURE-FORMAT §9), each once", checkQuery)
        add("deterministic", "the same input twice gives the same output", checkDeterministic)
        add("lookup-consistency", "layoutAttributesForItem(at:) agrees with layoutAttributesForElements(in:) and changes nothing", checkLookupConsistency)
        add("reprepare", "prepare() again after invalidateLayout() gives the same attributes, none duplicated; shouldInvalidateLayout is true exactly on a width change", checkReprepare)
        add("accepts-valid", "a valid input within the engine's declared features gets frames, not an error or unsupported", checkAcceptsValid)
        add("rejects-invalid", "invalid input gives the documented error, not a NaN or frames", checkRejectsInvalid)
        add("prefix-stable", "appending items never moves earlier ones", checkPrefixStable)
        return all
    }()

    /// Catalogue indices of the checks that ask the engine again (``CheckContext/plannedRequests(_:)``).
    static let queryIndex = named("query")!.index
    static let deterministicIndex = named("deterministic")!.index
    static let prefixStableIndex = named("prefix-stable")!.index

    /// The ids of the checks that drive the engine's layout object (``PreparedLayoutEngine``): in
    /// process, or over `exec:` when the engine declares the `lifecycle` capability (FIXTURE-FORMAT
    /// §9); never in a browser.
    public static let needingLayoutObject: Set<String> = ["lookup-consistency", "reprepare"]

    /// The ids of the checks judged from one answer alone, asking the engine nothing more (not
    /// `query`, `deterministic`, `lookup-consistency`, `reprepare`, `prefix-stable`).
    public static let answerOnly: Set<String> = Set(all.map(\.id))
        .subtracting(["query", "deterministic", "lookup-consistency", "reprepare", "prefix-stable"])

    /// The invariant with this id, or `nil`.
    public static func named(_ id: String) -> Invariant? { all.first { $0.id == id } }

    /// Two lengths for a message: with up to two decimals, or in full when that would print them alike.
    static func pair(_ a: CGFloat, _ b: CGFloat) -> (String, String) { formatPair(a, b) }

    /// A positive amount for a message: up to two decimals, or in full when that would print 0.
    static func amount(_ v: CGFloat) -> String { formatPoints(v) == "0" ? "\(v)" : formatPoints(v) }

    /// A failure of `id` with the id as the message's prefix.
    static func fail(_ id: String, _ message: String, _ elements: [ElementID] = []) -> InvariantFailure {
        InvariantFailure(invariant: id, message: "\(id): \(message)", elements: elements)
    }
}

/// Checks one input against the invariants.
///
/// - Parameters:
///   - input: any input, valid or not (an invalid one is checked by `rejects-invalid` only).
///   - engine: lays the input out (and is queried, re-laid out, and for UIKit-shaped engines
///     re-prepared); it must declare every feature the input uses.
///   - tolerance: the comparison tolerance (FIXTURE-FORMAT §7; 0.001 pt by default).
///   - selection: invariant ids to check; `nil` for all. A selection naming an id that is not in the
///     catalogue checks every invariant (a typo must never check nothing); ``InvariantSet/init(ids:)``
///     rejects such ids instead.
/// - Returns: at most one failure per invariant, in catalogue order; empty when all hold.
///   An invalid input answered with `unsupported` has no failures (the case counts as skipped).
public func checkInvariants(_ input: LayoutInput, engine: LayoutEngine, tolerance: Tolerance = .default,
                            selection: Set<String>? = nil) -> [InvariantFailure] {
    let set = (try? InvariantSet(ids: selection)) ?? .all
    return checkInvariants(input, engine: engine, tolerance: tolerance, invariants: set, seed: 0)
}

/// ``checkInvariants(_:engine:tolerance:selection:)`` with a pre-parsed set; `seed` picks the query rects.
public func checkInvariants(_ input: LayoutInput, engine: LayoutEngine, tolerance: Tolerance,
                            invariants: InvariantSet, seed: UInt64) -> [InvariantFailure] {
    CheckContext(input: input, engine: engine, tolerance: tolerance, seed: seed).check(invariants)
}

extension CheckContext {
    /// Runs `invariants` in catalogue order; at most one failure each. A pipelined external
    /// engine is first sent what the checks will ask, then the layout of `next()` (the case after
    /// this one, made only for a pipelined engine), so it works while the checks run; answers are
    /// read in order, each when asked for. `next` is called after the first send: the engine
    /// starts on this case's requests while the next case is generated.
    package func check(_ invariants: InvariantSet, then next: () -> LayoutInput? = { nil }) -> [InvariantFailure] {
        if pipelineWindow > 1 {
            engine.prefetch(plannedRequests(invariants))
            if let n = next() { engine.prefetch([.layout(n)]) }
        }
        var failures: [InvariantFailure] = []
        // Read in place: a copy of an `Invariant` retains its strings and its closure, on a
        // global array both jobs read (a contended reference count).
        Invariants.all.withUnsafeBufferPointer { all in
            for i in all.indices where invariants.rawValue & (1 << UInt64(i)) != 0 {
                if let f = all[i].check(self) { failures.append(f) }
            }
        }
        return failures
    }
}
