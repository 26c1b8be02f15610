import Foundation

/// The reference engine as the harness drives it: ``ReferenceLayout`` plus a rect query over the
/// last successful layout. Name `reference`.
public final class ReferenceEngine: LayoutEngine {
    public static let version = "1.0.0"
    public let descriptor = EngineDescriptor(
        name: "reference", version: ReferenceEngine.version, capabilities: [.query], features: .all,
        summary: "FIXTURE-FORMAT §5 exactly: every placement, spans, tie tolerance, headers/footers, pixel flooring")

    private var last: (input: LayoutInput, result: LayoutResult)?
    /// The rect-query index of the last layout, rebuilt in place on the first query after each
    /// layout (its storage is reused: no allocation per case once it has grown).
    private var index = RectQueryIndex()
    private var indexed = false
    /// The last answer's storage. A caller that lets go of an answer before the next query (the
    /// usual pattern) leaves it uniquely referenced, so it is emptied and refilled in place: no
    /// allocation per query. A caller that keeps answers gets copy-on-write's fresh array.
    private var answer: [ElementID] = []
    /// The last layout's start columns, flat (``ReferenceLayout/ColumnRecorder``): the query
    /// index is built from them without replaying the layout. Storage reused across layouts.
    private var recorder = ReferenceLayout.ColumnRecorder()

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
        if !indexed {
            guard let last else { throw QueryError.noLayout }
            index.rebuild(input: last.input, result: last.result, startColumns: recorder.columns)
            indexed = true
        }
        // Through an inout access: reading a class's stored struct copies it (every array
        // retained and released per query); a mutable borrow passes its address.
        answer.removeAll(keepingCapacity: true)
        withUnsafeMutablePointer(to: &index) { $0.pointee.elements(in: rect, into: &answer) }
        return answer
    }
}
