import Foundation
import Testing
@_exported import WaterfallCheck

/// How ``assertGoldens(engine:fixtures:record:tolerance:fileID:filePath:line:column:)`` and
/// ``assertInvariants(engine:cases:seed:tolerance:saveTo:fileID:filePath:line:column:)`` run
/// when the call passes no argument: set for a suite or test by the
/// ``Testing/Trait/waterfallCheck(record:tolerance:ci:)`` trait, or for a closure by
/// ``withWaterfallCheck(record:tolerance:ci:operation:)`` (XCTest), like swift-snapshot-testing's
/// `.snapshots(record:)` and `withSnapshotTesting(record:)`.
///
/// Precedence, first set wins: the call's argument; `CI` (set, not `0`/`false`: record mode
/// `never`, pending recordings are errors, nothing written into the source tree); the
/// `WATERFALL_CHECK_RECORD` environment variable; the innermost trait or `withWaterfallCheck`;
/// the default (`missing`, each fixture's tolerance).
public struct WaterfallCheckConfiguration: Hashable, Sendable {
    /// The record mode; `nil` leaves it to the environment, then to an outer configuration.
    public var record: RecordMode?
    /// Overrides every fixture's tolerance (FIXTURE-FORMAT §7), pt; `nil` leaves it to an outer
    /// configuration, then to each fixture (goldens) or 0.001 pt (invariants).
    public var tolerance: Tolerance?
    /// Whether this is a CI run; `nil` reads the `CI` environment variable. Tests of the CI
    /// behaviour pass it explicitly instead of depending on the environment.
    public var ci: Bool?
    /// Judges the engine with these conventions (FIXTURE-FORMAT §9 `conventions`, issue 32)
    /// instead of the ones it declares, as `--conventions FILE` does; `nil` leaves it to an outer
    /// configuration, then to the engine's declaration. Each is a claim shown with the run.
    public var conventions: EngineConventions?

    public init(record: RecordMode? = nil, tolerance: Tolerance? = nil, ci: Bool? = nil, conventions: EngineConventions? = nil) {
        self.record = record; self.tolerance = tolerance; self.ci = ci; self.conventions = conventions
    }

    /// The configuration in effect for the current task (empty outside any trait or closure).
    @TaskLocal public static var current = WaterfallCheckConfiguration()

    /// `self` over `outer`: each field this one leaves `nil` comes from `outer`.
    func over(_ outer: WaterfallCheckConfiguration) -> WaterfallCheckConfiguration {
        WaterfallCheckConfiguration(record: record ?? outer.record, tolerance: tolerance ?? outer.tolerance, ci: ci ?? outer.ci,
                                    conventions: conventions ?? outer.conventions)
    }

    /// `engine` judged with ``conventions`` when set (``LayoutEngine/redeclaring(conventions:)``).
    func judged(_ engine: LayoutEngine) -> LayoutEngine { conventions.map { engine.redeclaring(conventions: $0) } ?? engine }

    /// Whether the run is a CI run: ``ci`` or else the `CI` variable of `environment`.
    func isCI(_ environment: [String: String]) -> Bool { ci ?? RecordMode.isCI(environment) }

    /// The record mode of a call that passed `argument`: see the type's precedence.
    /// - Throws: ``WaterfallCheckError/usage(_:)`` for a bad `WATERFALL_CHECK_RECORD`.
    public func resolvedRecordMode(_ argument: RecordMode?, environment: [String: String]) throws -> RecordMode {
        if let argument { return argument }
        if isCI(environment) { return .never }
        var local = environment
        local["CI"] = nil  // decided above (an explicit ci: false wins over the variable)
        return try RecordMode.from(environment: local, default: record ?? .missing)
    }
}

/// Runs `operation` with `record`, `tolerance` and `ci` as the defaults of every assert in it
/// (nested calls override outer ones field by field): the XCTest form of the
/// ``Testing/Trait/waterfallCheck(record:tolerance:ci:)`` trait.
///
/// ```swift
/// func testGoldens() {
///     withWaterfallCheck(record: .failed) { assertGoldens(engine: { MyEngine() }, fixtures: ["Fixtures"]) }
/// }
/// ```
public func withWaterfallCheck<R>(record: RecordMode? = nil, tolerance: Tolerance? = nil, ci: Bool? = nil,
                                  conventions: EngineConventions? = nil, operation: () throws -> R) rethrows -> R {
    let config = WaterfallCheckConfiguration(record: record, tolerance: tolerance, ci: ci, conventions: conventions).over(.current)
    return try WaterfallCheckConfiguration.$current.withValue(config, operation: operation)
}

/// `async` form of ``withWaterfallCheck(record:tolerance:ci:operation:)``.
public func withWaterfallCheck<R>(record: RecordMode? = nil, tolerance: Tolerance? = nil, ci: Bool? = nil,
                                  conventions: EngineConventions? = nil, operation: () async throws -> R) async rethrows -> R {
    let config = WaterfallCheckConfiguration(record: record, tolerance: tolerance, ci: ci, conventions: conventions).over(.current)
    return try await WaterfallCheckConfiguration.$current.withValue(config, operation: operation)
}

/// The Swift Testing trait behind `.waterfallCheck(record:tolerance:ci:)`: on a suite it applies
/// to every test in it (a test's own trait overrides it field by field).
public struct WaterfallCheckTrait: SuiteTrait, TestTrait, TestScoping {
    public var configuration: WaterfallCheckConfiguration
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await WaterfallCheckConfiguration.$current.withValue(configuration.over(.current), operation: function)
    }
}

extension Trait where Self == WaterfallCheckTrait {
    /// Sets the record mode, tolerance and CI-ness of every `assertGoldens` / `assertInvariants`
    /// in the suite or test that passes none (``WaterfallCheckConfiguration`` for the
    /// precedence: `WATERFALL_CHECK_RECORD` and `CI` still win over the trait, so CI never writes).
    ///
    /// ```swift
    /// @Suite(.waterfallCheck(record: .failed, tolerance: 0.01))
    /// struct LayoutTests { @Test func goldens() { assertGoldens(engine: { MyEngine() }, fixtures: ["Fixtures"]) } }
    /// ```
    public static func waterfallCheck(record: RecordMode? = nil, tolerance: Tolerance? = nil, ci: Bool? = nil,
                                      conventions: EngineConventions? = nil) -> Self {
        WaterfallCheckTrait(configuration: WaterfallCheckConfiguration(record: record, tolerance: tolerance, ci: ci, conventions: conventions))
    }
}
