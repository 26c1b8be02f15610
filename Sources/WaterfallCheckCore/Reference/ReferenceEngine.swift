import Foundation

/// The reference engine as the harness drives it: ``ReferenceLayout`` plus a rect query over the
/// last successful layout. Name `reference`.
public final class ReferenceEngine: LayoutEngine {
    public static let version = "1.0.0"
    public let descriptor = EngineDescriptor(
        name: "reference", version: ReferenceEngine.version, capabilities: [.query], features: .all,
        summary: "FIXTURE-FORMAT §5 exactly: every placement, spans, tie tolerance, headers/footers, pixel flooring")

    // Its state is `@exclusivity(unchecked)`, as ``ExternalEngine``'s: a class's stored
    // properties are otherwise checked for exclusive access at run time on every access (a few
    // hundred instructions per query in the fuzzer's profile), and the engine is used from one
    // thread at a time (``LayoutEngine``), so no two accesses can overlap.
    @exclusivity(unchecked) private var last: LastLayout?
    /// The last successful layout.
    private struct LastLayout { let input: LayoutInput; let result: LayoutResult }
    /// The rect-query index of the last layout, rebuilt in place on the first query after each
    /// layout (its storage is reused: no allocation per case once it has grown).
    @exclusivity(unchecked) private var index = RectQueryIndex()
    @exclusivity(unchecked) private var indexed = false
    /// The last layout's start columns, flat (``ReferenceLayout/ColumnRecorder``): the query
    /// index is built from them without replaying the layout. Storage reused across layouts.
    @exclusivity(unchecked) private var recorder = ReferenceLayout.ColumnRecorder()
    /// Room for ``RectQueryIndex/elementCount`` ids (its count is its room): a query writes its
    /// answer here, then copies it out.
    @exclusivity(unchecked) private var scratch: [ElementID] = []

    public init() {}

    /// The reference engine's registry entry: its descriptor and a maker of fresh instances.
    public static let entry = EngineEntry(descriptor: ReferenceEngine().descriptor, make: { ReferenceEngine() })

    /// - Complexity: see ``ReferenceLayout/layout(_:)``, plus one stored start column per item.
    ///   The query index is built on first query.
    public func layout(_ input: LayoutInput) throws -> LayoutResult {
        last = nil; indexed = false
        recorder.reset(capacity: input.itemCount)
        // As ``ReferenceLayout/layout(_:)``: the items are checked (§6) as they are placed.
        if ReferenceLayout.passes(input, checkingItems: false),
           let result = ReferenceLayout.compute(input, checkingItems: true, observer: &recorder) {
            last = LastLayout(input: input, result: result)
            return result
        }
        _ = try ReferenceLayout.validate(input)
        recorder.reset(capacity: input.itemCount)
        let result = ReferenceLayout.compute(input, observer: &recorder)
        last = LastLayout(input: input, result: result)
        return result
    }

    /// - Complexity: O(items + occupied columns) for the first query after a layout (building the
    ///   index from the recorded start columns), then see ``RectQueryIndex``.
    public func elements(in rect: CGRect) throws -> [ElementID] {
        try answer(rect) { Array($0) }
    }

    /// ``elements(in:)`` copied into `answer`'s storage: no allocation once it is large enough.
    public func elements(in rect: CGRect, into answer: inout [ElementID]) throws {
        try self.answer(rect) { ids in
            answer.removeAll(keepingCapacity: true)
            answer.append(contentsOf: ids)
        }
    }

    /// Answers `rect` into the scratch and hands the answer to `body`; builds the index on the
    /// first query after a layout. - Throws: ``QueryError/noLayout``.
    private func answer<T>(_ rect: CGRect, _ body: (UnsafeBufferPointer<ElementID>) -> T) throws -> T {
        if !indexed {
            guard let last else { throw QueryError.noLayout }
            index.rebuild(input: last.input, result: last.result, startColumns: recorder.columns)
            indexed = true
            if scratch.count < max(1, index.elementCount) {  // at least 1: a buffer with an address
                scratch = [ElementID](repeating: .header(0), count: max(1, index.elementCount))
            }
        }
        // The index through an inout borrow: reading a class's stored struct for a call copies
        // it (every array retained and released).
        return withUnsafeMutablePointer(to: &index) { index in
            scratch.withUnsafeMutableBufferPointer { room in
                body(UnsafeBufferPointer(rebasing: room[..<index.pointee.elements(in: rect, into: room.baseAddress!)]))
            }
        }
    }
}
