import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation
import WaterfallCheckCore

/// One case as the invariants see it: the input, the engine's first answer, what §6 expects, and
/// the §5 model (built on first use).
package final class CheckContext {
    package let input: LayoutInput
    package let engine: LayoutEngine
    /// The comparison tolerance (FIXTURE-FORMAT §7).
    package let tolerance: Tolerance
    /// Seeds the query rects; the same case always queries the same rects.
    package let seed: UInt64
    /// The §6 error the input must give, or `nil` for a valid input.
    package let expectedError: LayoutError?
    /// The engine's answer to the first `layout(input)`.
    package let outcome: EngineAnswer
    /// The engine's declared capabilities, read once per case: each read of
    /// ``LayoutEngine/descriptor`` copies the whole descriptor (its strings and limits retained).
    package let capabilities: EngineCapabilities

    /// The engine's pipeline window, read once per case (``LayoutEngine/pipelineWindow``).
    package let pipelineWindow: Int
    /// The rect-query predicate the engine declares (``EngineLimits/queryPredicate``).
    package let queryPredicate: QueryPredicate
    /// The conventions the engine is judged with (its declared ones, or the caller's override):
    /// every answer is reconciled with §5 by them first (``ConventionalLayout/reconcile(_:input:conventions:tolerance:)``).
    package let conventions: EngineConventions
    /// Whether the engine declares constraints: an `unsupported` answer is then a skip.
    package let declaresConstraints: Bool
    /// The first engine fault of any request this case made of the engine: the first answer, a
    /// second layout, a shorter one, a rect query. The one fault channel, whatever the engine and
    /// its transport (in process, `exec:`, a browser): a case with a fault is an engine fault,
    /// never an invariant failure (docs/decisions/adversarial.md, D13).
    package private(set) var fault: EngineFault?

    /// - Parameter answer: the engine's answer to `input` when the caller already has it;
    ///   `nil` asks the engine (``LayoutEngine/answer(_:)``).
    /// - Parameter conventions: judge by these instead of the engine's declared ones.
    package init(input: LayoutInput, engine: LayoutEngine, tolerance: Tolerance, seed: UInt64, answer: EngineAnswer? = nil,
                 conventions: EngineConventions? = nil) {
        self.input = input
        self.engine = engine
        self.tolerance = tolerance
        self.seed = seed
        expectedError = ReferenceLayout.error(of: input)
        outcome = answer ?? engine.answer(input)
        let descriptor = engine.descriptor  // after the answer, as the checks read it
        capabilities = descriptor.capabilities
        let conventions = conventions ?? descriptor.conventions
        self.conventions = conventions
        declaresConstraints = descriptor.constraints != .none
        queryPredicate = conventions.closedRectQueries ? .closed : descriptor.limits.queryPredicate
        pipelineWindow = engine.pipelineWindow
        if case .fault(let f) = outcome { fault = f }
        if expectedError == nil, case .layout(let r) = outcome {
            rawResult = r
            result = conventions.changesFrames
                ? ConventionalLayout.reconcile(r, input: input, conventions: conventions, tolerance: tolerance) : r
        } else { result = nil; rawResult = nil }
    }

    /// Asks the engine for a further layout of `input` (the case's input again, or a shorter one
    /// of the same settings, which the gate the first answer passed never refuses:
    /// ``LayoutEngine/ungatedAnswer(_:)``); a fault is noted in ``fault``. Every layout an
    /// invariant asks for goes through here.
    package func ask(_ input: LayoutInput) -> EngineAnswer {
        let a = engine.ungatedAnswer(input)
        if case .fault(let f) = a, fault == nil { fault = f }
        if conventions.changesFrames, case .layout(let r) = a {
            return .layout(ConventionalLayout.reconcile(r, input: input, conventions: conventions, tolerance: tolerance))
        }
        return a
    }

    /// The engine's rect query into `answer` (``LayoutEngine/elements(in:into:)``). Throws what
    /// the engine threw; anything but a ``LayoutError`` or ``QueryError`` (an ``EngineFault``, a
    /// port's exception) is noted in ``fault`` first, as a fault of kind `threw` when it is no
    /// ``EngineFault``. Every query an invariant makes goes through here.
    package func query(_ rect: CGRect, into answer: inout [ElementID]) throws {
        do { try engine.elements(in: rect, into: &answer) } catch {
            if fault == nil, !(error is LayoutError), !(error is QueryError) {
                fault = error as? EngineFault ?? EngineFault(.threw, engine: engine.descriptor.name, "\(error)")
            }
            throw error
        }
    }

    /// The engine's frames for a valid input reconciled with §5 by ``conventions`` (the engine's
    /// own frames when it follows none), or `nil` (invalid input, or the engine failed).
    package let result: LayoutResult?
    /// The engine's frames as it answered them: what its rect query must agree with.
    package let rawResult: LayoutResult?

    /// The §5 model following the engine's column choices. Only for a valid input with a result.
    package lazy var model = LayoutModel(input: input, result: result!, tolerance: tolerance.points)

    /// The result's elements with a frame (not `CGRect.null`), extras left out, in document order
    /// (which is ``ElementID`` order). Only for a valid input with a result.
    package lazy var elements: [LayoutElement] = Self.usableElements(result!)

    /// ``elements`` of ``rawResult``: what the engine's rect query must agree with.
    package lazy var rawElements: [LayoutElement] = conventions.changesFrames ? Self.usableElements(rawResult!) : elements

    private static func usableElements(_ r: LayoutResult) -> [LayoutElement] {
        var out: [LayoutElement] = []
        out.reserveCapacity(r.sections.reduce(0) { $0 + $1.items.count + 2 })
        _ = r.firstFrame { id, f -> Void? in
            if !f.isNull { out.append(LayoutElement(id: id, frame: f)) }
            return nil
        }
        return out
    }

    /// The result's frames numbered densely, for `query`. Only for a valid input with a result.
    package lazy var denseElements = DenseElements(rawResult!, elements: rawElements)

    /// The rects `query` asks about (``queryRects(_:elements:seed:)``), made once per case.
    /// Only for a valid input with a result.
    package lazy var queryRects: [CGRect] = WaterfallCheckJudge.queryRects(rawResult!, elements: rawElements, seed: seed)

    /// What `prefix-stable` lays out: the input with its last non-empty section cut to the first
    /// half of its items (and no footer, no later section); `nil` when every section is empty.
    package lazy var prefixInput: PrefixInput? = {
        guard let s = input.sections.lastIndex(where: { !$0.items.isEmpty }) else { return nil }
        // Built from slices: one copy of the kept sections and one of the kept items, instead
        // of a copy of everything and removals from it.
        var sections = Array(input.sections[...s])
        let all = sections[s].items.count
        let keep = all / 2
        sections[s].items = Array(input.sections[s].items[..<keep])
        sections[s].footer = nil
        return PrefixInput(input: LayoutInput(layout: input.layout, sections: sections), section: s, dropped: all - keep)
    }()

    /// ``prefixInput``: the shorter input, the section cut, and how many items were cut.
    package struct PrefixInput { let input: LayoutInput; let section: Int; let dropped: Int }

    /// The requests `invariants` will make of the engine after its first answer, in the order
    /// they make them (catalogue order: `query`'s rects, `deterministic`'s second layout,
    /// `prefix-stable`'s shorter one): what a pipelined external
    /// engine is sent ahead (``LayoutEngine/prefetch(_:)``). Mirrors each check's own guard.
    package func plannedRequests(_ invariants: InvariantSet) -> [EngineRequest] {
        var out: [EngineRequest] = []
        if result != nil {
            if invariants.contains(InvariantSet(rawValue: 1 << UInt64(Invariants.queryIndex))),
               capabilities.contains(.query) {
                out += queryRects.map { .query($0) }
            }
            if invariants.contains(InvariantSet(rawValue: 1 << UInt64(Invariants.deterministicIndex))) { out.append(.layout(input)) }
            if invariants.contains(InvariantSet(rawValue: 1 << UInt64(Invariants.prefixStableIndex))), let p = prefixInput {
                out.append(.layout(p.input))
            }
        }
        return out
    }

    /// Within the tolerance (``Tolerance/matches(_:_:)-(CGFloat,CGFloat)``); false for NaN.
    @inline(__always) package func close(_ a: CGFloat, _ b: CGFloat) -> Bool { tolerance.matches(a, b) }

    /// Every component within the tolerance.
    @inline(__always) package func close(_ a: CGRect, _ b: CGRect) -> Bool { tolerance.matches(a, b) }

    /// The engine's frame of `id`, if it has a usable one (present, not `CGRect.null`).
    package func frame(_ id: ElementID) -> CGRect? {
        guard let f = result?.frame(of: id), !f.isNull else { return nil }
        return f
    }
}

/// A result's usable frames (``CheckContext/elements``) located by element id, for the `query`
/// check's verdict without sorting (``answersExactly(_:rect:stamp:)``).
package final class DenseElements {
    /// Per section: the position in `elements` of its header (-1 when none), of its first item,
    /// its item count, and of its footer (-1).
    private struct Span { var header: Int; var items: Int; var count: Int; var footer: Int }
    /// Each element's frame as `(minX, -maxX, minY, -maxY)`: §9's predicate `f.minX < r.maxX &&
    /// r.minX < f.maxX && f.minY < r.maxY && r.minY < f.maxY` is then one lane-wise `<` against
    /// `(r.maxX, -r.minX, r.maxY, -r.minY)` (negation is exact, so the same verdict, NaN included),
    /// without a branch. `x + width` and `y + height` are computed once, the doubles `meets` computes.
    /// (Constants, and the stamps behind a pointer: a class's `var`s are checked for exclusive
    /// access at run time on every access, twelve rects a case.)
    private let bounds: [SIMD4<Double>]
    private let spans: [Span]
    /// The last rect (by its stamp) that answered each element.
    private let stamps: UnsafeMutableBufferPointer<Int>
    /// False when an item has no usable frame (`CGRect.null`): positions are then not the
    /// items' indices, and every verdict goes the slow way.
    private let simple: Bool

    /// - Parameter elements: ``CheckContext/elements`` of `r`. - Complexity: O(sections).
    package init(_ r: LayoutResult, elements: [LayoutElement]) {
        bounds = elements.map { e in
            let f = e.frame
            return SIMD4(Double(f.origin.x), -Double(f.origin.x + f.size.width), Double(f.origin.y), -Double(f.origin.y + f.size.height))
        }
        stamps = .allocate(capacity: elements.count)
        stamps.initialize(repeating: 0)
        var spans: [Span] = []
        spans.reserveCapacity(r.sections.count)
        var at = 0
        for s in r.sections {
            var span = Span(header: -1, items: 0, count: s.items.count, footer: -1)
            if let h = s.header, !h.isNull { span.header = at; at += 1 }
            span.items = at; at += s.items.count
            if let f = s.footer, !f.isNull { span.footer = at; at += 1 }
            spans.append(span)
        }
        self.spans = spans
        simple = at == elements.count
    }

    deinit { stamps.deallocate() }

    /// 1 when every lane of `b` is below `r`'s (``bounds``: the element meets the rect), else 0:
    /// compared lane by lane and joined without a branch (as `CGRect.meetsBit`; a scan's
    /// verdicts are unpredictable, and `all(b .< r)` compiles to one).
    @inline(__always)
    package static func meets(_ b: SIMD4<Double>, _ r: SIMD4<Double>) -> UInt8 {
        unsafeBitCast(b[0] < r[0], to: UInt8.self) & unsafeBitCast(b[1] < r[1], to: UInt8.self)
            & unsafeBitCast(b[2] < r[2], to: UInt8.self) & unsafeBitCast(b[3] < r[3], to: UInt8.self)
    }

    /// Whether `answer` is exactly the set of usable elements whose frames meet `rect` (§9's
    /// strict predicate), each once: as many answers as meeting elements, each one of them, none
    /// twice. `stamp` must differ from every earlier call's. - Complexity: O(elements + answers).
    package func answersExactly(_ answer: [ElementID], rect: CGRect, stamp: Int) -> Bool {
        guard simple else { return false }
        let r = SIMD4(Double(rect.origin.x + rect.size.width), -Double(rect.origin.x),
                      Double(rect.origin.y + rect.size.height), -Double(rect.origin.y))
        return bounds.withUnsafeBufferPointer { b in
            spans.withUnsafeBufferPointer { spans in
                // §9's strict predicate, branch-free (``bounds``).
                var meeting = 0
                for d in 0..<b.count { meeting &+= Int(truncatingIfNeeded: DenseElements.meets(b[d], r)) }
                guard answer.count == meeting else { return false }
                for id in answer {
                    let s = id.section
                    guard s >= 0 && s < spans.count else { return false }
                    let span = spans[s]
                    let d: Int
                    switch id.kind {
                    case .header: d = span.header
                    case .footer: d = span.footer
                    case .item: d = id.item >= 0 && id.item < span.count ? span.items + id.item : -1
                    }
                    guard d >= 0, stamps[d] != stamp, DenseElements.meets(b[d], r) != 0 else { return false }
                    stamps[d] = stamp
                }
                return true
            }
        }
    }
}
