import Foundation

/// The reference engine as the harness drives it: ``ReferenceLayout`` plus a rect query over the
/// last successful layout. Name `reference`.
public final class ReferenceEngine: LayoutEngine {
    public static let version = "1.0.0"
    public let descriptor = EngineDescriptor(
        name: "reference", version: ReferenceEngine.version, capabilities: [.query], features: .all,
        summary: "FIXTURE-FORMAT §5 exactly: every placement, spans, tie tolerance, headers/footers, pixel flooring")

    private var last: (input: LayoutInput, result: LayoutResult)?
    private var index: RectQueryIndex?

    public init() {}

    /// The reference engine's registry entry: its descriptor and a maker of fresh instances.
    public static let entry = EngineEntry(descriptor: ReferenceEngine().descriptor, make: { ReferenceEngine() })

    /// - Complexity: see ``ReferenceLayout/layout(_:)``. The query index is built on first query.
    public func layout(_ input: LayoutInput) throws -> LayoutResult {
        last = nil; index = nil
        let result = try ReferenceLayout.layout(input)
        last = (input, result)
        return result
    }

    /// - Complexity: O(items) for the first query after a layout (building the index), then see
    ///   ``RectQueryIndex``.
    public func elements(in rect: CGRect) throws -> [ElementID] {
        if index == nil, let last { index = RectQueryIndex(input: last.input, result: last.result) }
        guard let index else { throw QueryError.noLayout }
        return index.elements(in: rect)
    }
}
