import Foundation

/// The reference engine as the harness drives it: ``ReferenceLayout`` plus a rect query over the
/// last successful layout. Name `reference`.
public final class ReferenceEngine: LayoutEngine {
    public static let version = "1.0.0"
    public let descriptor = EngineDescriptor(
        name: "reference", version: ReferenceEngine.version, capabilities: [.query], features: .all,
        summary: "FIXTURE-FORMAT §5 exactly: every placement, spans, tie tolerance, headers/footers, pixel flooring")

    private var last: (input: LayoutInput, result: LayoutResult)?
    /// Boxed, so a query borrows the index instead of copying its arrays' references.
    private final class IndexBox {
        let index: RectQueryIndex
        init(_ index: RectQueryIndex) { self.index = index }
    }
    private var index: IndexBox?
    /// The last layout's start columns, flat (``ReferenceLayout/ColumnRecorder``): the query
    /// index is built from them without replaying the layout. Storage reused across layouts.
    private var recorder = ReferenceLayout.ColumnRecorder()

    public init() {}

    /// The reference engine's registry entry: its descriptor and a maker of fresh instances.
    public static let entry = EngineEntry(descriptor: ReferenceEngine().descriptor, make: { ReferenceEngine() })

    /// - Complexity: see ``ReferenceLayout/layout(_:)``, plus one stored start column per item.
    ///   The query index is built on first query.
    public func layout(_ input: LayoutInput) throws -> LayoutResult {
        last = nil; index = nil
        recorder.reset(capacity: input.itemCount)
        // As ``ReferenceLayout/layout(_:)``: the items are checked (§6) as they are placed.
        if ReferenceLayout.passes(input, checkingItems: false),
           let result = ReferenceLayout.compute(input, checkingItems: true, observer: &recorder) {
            last = (input, result)
            return result
        }
        _ = try ReferenceLayout.validate(input)
        recorder.reset(capacity: input.itemCount)
        let result = ReferenceLayout.compute(input, observer: &recorder)
        last = (input, result)
        return result
    }

    /// - Complexity: O(items + occupied columns) for the first query after a layout (building the
    ///   index from the recorded start columns), then see ``RectQueryIndex``.
    public func elements(in rect: CGRect) throws -> [ElementID] {
        if index == nil, let last {
            index = IndexBox(RectQueryIndex(input: last.input, result: last.result, startColumns: recorder.columns))
        }
        guard let index else { throw QueryError.noLayout }
        return index.index.elements(in: rect)
    }
}
