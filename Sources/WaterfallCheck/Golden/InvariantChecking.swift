import Foundation

/// Checks an engine's behaviour on an input against the invariants (DESIGN.md, "Invariants"):
/// how a golden run judges a fixture that has no `expected`.
///
/// The golden runner calls it once per such fixture, on the worker's own engine instance (used
/// from one thread at a time). Without a checker, a fixture without `expected` is an error
/// ("no expected and no invariant checker"), never a silent pass.
public protocol InvariantChecking: Sendable {
    /// The violations `engine` shows on `input`, one line each (`no-overlap: item 0.1 overlaps
    /// item 0.2`); empty when every invariant holds.
    /// - Parameter tolerance: per-component tolerance in pt (FIXTURE-FORMAT §7).
    /// - Throws: an engine fault (anything but a ``LayoutError``), reported as an error.
    func violations(of input: LayoutInput, engine: LayoutEngine, tolerance: CGFloat) throws -> [String]

    /// The violations on `fixture`'s input; a checker may honour what the fixture records about
    /// how it was judged (a saved counterexample's invariant selection, say). By default the input's.
    func violations(of fixture: Fixture, engine: LayoutEngine, tolerance: CGFloat) throws -> [String]
}

extension InvariantChecking {
    public func violations(of fixture: Fixture, engine: LayoutEngine, tolerance: CGFloat) throws -> [String] {
        try violations(of: fixture.input, engine: engine, tolerance: tolerance)
    }
}
