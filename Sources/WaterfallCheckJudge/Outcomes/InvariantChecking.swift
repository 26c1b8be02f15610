import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation

/// Checks an engine's behaviour on an input against the invariants (DESIGN.md, "Invariants"):
/// how a golden run judges a fixture that has no `expected`.
///
/// The golden runner calls it once per such fixture, on the worker's own engine instance (used
/// from one thread at a time). Without a checker, a fixture without `expected` is an error
/// ("no expected and no invariant checker"), never a silent pass.
public protocol InvariantChecking: Sendable {
    /// The invariants `engine` breaks on `input` (`no-overlap: item 0.1 overlaps item 0.2`);
    /// empty when every invariant holds.
    /// - Parameters:
    ///   - answer: the engine's answer to `input`, already asked for (so it is not laid out twice).
    ///   - tolerance: the comparison tolerance (FIXTURE-FORMAT §7).
    /// - Throws: an engine fault, reported as an error.
    func violations(of input: LayoutInput, answer: EngineAnswer, engine: LayoutEngine, tolerance: Tolerance) throws -> [InvariantFailure]

    /// The invariants `engine` breaks on `fixture`'s input; a checker may honour what the fixture
    /// records about how it was judged (a saved counterexample's invariant selection, say).
    /// By default the input's.
    func violations(of fixture: Fixture, answer: EngineAnswer, engine: LayoutEngine, tolerance: Tolerance) throws -> [InvariantFailure]
}

extension InvariantChecking {
    /// ``violations(of:answer:engine:tolerance:)`` asking `engine` first (``LayoutEngine/answer(_:)``).
    public func violations(of input: LayoutInput, engine: LayoutEngine, tolerance: Tolerance = .default) throws -> [InvariantFailure] {
        try violations(of: input, answer: engine.answer(input), engine: engine, tolerance: tolerance)
    }

    public func violations(of fixture: Fixture, answer: EngineAnswer, engine: LayoutEngine, tolerance: Tolerance) throws -> [InvariantFailure] {
        try violations(of: fixture.input, answer: answer, engine: engine, tolerance: tolerance)
    }
}
