import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport

/// One fixture file (FIXTURE-FORMAT §1): an input, and optionally the frames or error it must give.
public struct Fixture: Hashable, Sendable {
    /// The only format this version reads and writes.
    public static let format = "waterfall-fixture/1"

    /// `[A-Za-z0-9._-]+`, unique within its folder; never used as a path.
    public var name: String
    public var description: String?
    public var source: String?
    /// Per-component tolerance in pt (FIXTURE-FORMAT §7); `nil` means the default.
    public var tolerance: CGFloat?
    /// The fixture's `layout` and `sections`.
    public var input: LayoutInput
    /// What the input must give (FIXTURE-FORMAT §4); without it the fixture is checked against
    /// the invariants only.
    public var expected: LayoutOutcome?
    /// Anything; readers ignore it and writers keep it (an object, in key order).
    public var extensions: JSONValue?
    /// Why this fixture is switched off (FIXTURE-FORMAT §1, `disabled`): a golden run skips it
    /// without asking the engine and every report shows the reason; `nil` for a live fixture.
    public var disabled: String?
    /// A lifecycle to replay on one layout object made for ``input`` (FIXTURE-FORMAT §10, member
    /// `steps`, version ``Fixture/stepsVersion``); `nil` for a one-input fixture.
    public var steps: [LifecycleStep]?

    /// The version of the `steps` member this reader reads and writers write.
    public static let stepsVersion = 1

    public init(name: String, description: String? = nil, source: String? = nil, tolerance: CGFloat? = nil,
                input: LayoutInput, expected: LayoutOutcome? = nil, extensions: JSONValue? = nil,
                steps: [LifecycleStep]? = nil) {
        self.name = name; self.description = description; self.source = source; self.tolerance = tolerance
        self.input = input; self.expected = expected; self.extensions = extensions; self.steps = steps
    }

    /// The default comparison tolerance, 0.001 pt (FIXTURE-FORMAT §7).
    public static let defaultTolerance: CGFloat = 0.001
}
