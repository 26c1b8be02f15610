import Foundation

/// An engine judged with other conventions than it declares (`--conventions FILE|auto`): every
/// request goes to `base`; only ``descriptor``'s ``EngineDescriptor/conventions`` differ. Made by
/// ``LayoutEngine/redeclaring(conventions:)``, which keeps a ``PreparedLayoutEngine`` one.
public class RedeclaredEngine: LayoutEngine {
    public let base: LayoutEngine
    public let descriptor: EngineDescriptor

    fileprivate init(_ base: LayoutEngine, conventions: EngineConventions) {
        self.base = base
        var d = base.descriptor
        d.conventions = conventions
        descriptor = d
    }

    public func layout(_ input: LayoutInput) throws -> LayoutResult { try base.layout(input) }
    public func elements(in rect: CGRect) throws -> [ElementID] { try base.elements(in: rect) }
    public func elements(in rect: CGRect, into answer: inout [ElementID]) throws { try base.elements(in: rect, into: &answer) }
    public var pipelineWindow: Int { base.pipelineWindow }
    public func prefetch(_ requests: [EngineRequest]) { base.prefetch(requests) }
}

private final class RedeclaredPreparedEngine: RedeclaredEngine, PreparedLayoutEngine {
    func makePreparedLayout(for input: LayoutInput) throws -> PreparedLayout {
        try (base as! PreparedLayoutEngine).makePreparedLayout(for: input)
    }
}

extension LayoutEngine {
    /// This engine, judged with `conventions` instead of its declared ones (the same object when
    /// they are its own). O(1).
    public func redeclaring(conventions: EngineConventions) -> LayoutEngine {
        if descriptor.conventions == conventions { return self }
        let inner = (self as? RedeclaredEngine)?.base ?? self
        return inner is PreparedLayoutEngine ? RedeclaredPreparedEngine(inner, conventions: conventions)
                                             : RedeclaredEngine(inner, conventions: conventions)
    }
}
