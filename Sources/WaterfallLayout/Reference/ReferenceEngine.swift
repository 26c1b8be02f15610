import Foundation

/// The reference engine as the harness drives it: ``ReferenceLayout`` plus a rect query over the
/// last successful layout. Name `reference`.
public final class ReferenceEngine: LayoutEngine {
    public static let version = "1.0.0"
    public let descriptor = EngineDescriptor(
        name: "reference", version: ReferenceEngine.version, capabilities: [.query], features: .all,
        summary: "FIXTURE-FORMAT §5 exactly: every placement, spans, tie tolerance, headers/footers, pixel flooring")

    /// What the engine keeps between calls. It sits behind one pointer the engine owns: a class's
    /// stored properties are checked for exclusive access at run time on every access (a few
    /// hundred instructions per query in the fuzzer's profile), a pointer's pointee is not. The
    /// engine is used from one thread at a time (``LayoutEngine``), so no access can overlap.
    private struct State {
        var last: (input: LayoutInput, result: LayoutResult)?
        /// The rect-query index of the last layout, rebuilt in place on the first query after each
        /// layout (its storage is reused: no allocation per case once it has grown).
        var index = RectQueryIndex()
        var indexed = false
        /// The last layout's start columns, flat (``ReferenceLayout/ColumnRecorder``): the query
        /// index is built from them without replaying the layout. Storage reused across layouts.
        var recorder = ReferenceLayout.ColumnRecorder()
        /// Room for ``RectQueryIndex/elementCount`` ids: a query writes its answer here, then
        /// copies it into the array it returns (one allocation per query, of the answer's size).
        var scratch = UnsafeMutablePointer<ElementID>.allocate(capacity: 0)
        var scratchCapacity = 0
    }
    private let state: UnsafeMutablePointer<State> = {
        let p = UnsafeMutablePointer<State>.allocate(capacity: 1)
        p.initialize(to: State())
        return p
    }()

    deinit {
        state.pointee.scratch.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    public init() {}

    /// The reference engine's registry entry: its descriptor and a maker of fresh instances.
    public static let entry = EngineEntry(descriptor: ReferenceEngine().descriptor, make: { ReferenceEngine() })

    /// - Complexity: see ``ReferenceLayout/layout(_:)``, plus one stored start column per item.
    ///   The query index is built on first query.
    public func layout(_ input: LayoutInput) throws -> LayoutResult {
        let s = state
        s.pointee.last = nil; s.pointee.indexed = false
        s.pointee.recorder.reset(capacity: input.itemCount)
        // As ``ReferenceLayout/layout(_:)``: the items are checked (§6) as they are placed.
        if ReferenceLayout.passes(input, checkingItems: false),
           let result = ReferenceLayout.compute(input, checkingItems: true, observer: &s.pointee.recorder) {
            s.pointee.last = (input, result)
            return result
        }
        _ = try ReferenceLayout.validate(input)
        s.pointee.recorder.reset(capacity: input.itemCount)
        let result = ReferenceLayout.compute(input, observer: &s.pointee.recorder)
        s.pointee.last = (input, result)
        return result
    }

    /// - Complexity: O(items + occupied columns) for the first query after a layout (building the
    ///   index from the recorded start columns), then see ``RectQueryIndex``.
    public func elements(in rect: CGRect) throws -> [ElementID] {
        let s = try indexedState()
        let count = s.pointee.index.elements(in: rect, into: s.pointee.scratch)
        return Array(UnsafeBufferPointer(start: s.pointee.scratch, count: count))
    }

    /// The state with the last layout indexed: built (and the scratch grown to its element
    /// count) on the first query after a layout. - Throws: ``QueryError/noLayout``.
    private func indexedState() throws -> UnsafeMutablePointer<State> {
        let s = state
        if !s.pointee.indexed {
            guard let last = s.pointee.last else { throw QueryError.noLayout }
            s.pointee.index.rebuild(input: last.input, result: last.result, startColumns: s.pointee.recorder.columns)
            s.pointee.indexed = true
            let needed = s.pointee.index.elementCount
            if s.pointee.scratchCapacity < needed {
                s.pointee.scratch.deallocate()
                s.pointee.scratch = .allocate(capacity: needed)
                s.pointee.scratchCapacity = needed
            }
        }
        return s
    }

    /// ``elements(in:)`` copied into `answer`'s storage: no allocation once it is large enough.
    public func elements(in rect: CGRect, into answer: inout [ElementID]) throws {
        let s = try indexedState()
        let count = s.pointee.index.elements(in: rect, into: s.pointee.scratch)
        answer.removeAll(keepingCapacity: true)
        answer.append(contentsOf: UnsafeBufferPointer(start: s.pointee.scratch, count: count))
    }
}
