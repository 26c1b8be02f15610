import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport
/// Which fixtures a run re-records from the engine's output (swift-snapshot-testing's record
/// modes). The library never reads the environment: callers pass `.never` in CI.
public enum RecordMode: String, Hashable, Sendable, CaseIterable {
    /// Compare only (what `verify` does).
    case never
    /// Record fixtures without `expected`.
    case missing
    /// Record fixtures without `expected` and fixtures that fail.
    case failed
    /// Record every fixture whose output differs from its `expected` in any bit, within the
    /// tolerance or not (a fixture already holding exactly the output is left alone).
    case all
}

/// Where a recording goes (FIXTURE-FORMAT §1).
public enum RecordTarget: String, Hashable, Sendable {
    /// `<name>.json.new` beside the fixture, pending review (`review`, `accept`, `reject`).
    case pending
    /// The fixture file itself (`record --accept`).
    case fixture
}

extension RecordMode {
    /// The environment variable that picks a test's record mode (`missing`, `failed`, `all` or
    /// `never`), like swift-snapshot-testing's `SNAPSHOT_TESTING_RECORD`.
    public static let environmentVariable = "WATERFALL_CHECK_RECORD"

    /// Whether `environment` is a CI's: `CI` set to anything but `0` or `false`.
    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let v = environment["CI"]?.lowercased() else { return false }
        return !(v == "0" || v == "false")
    }

    /// The record mode of a test that named none: `.never` under CI (a CI never writes
    /// fixtures), else ``environmentVariable``'s value, else `fallback`. The caller passes the
    /// environment (the library never reads it itself).
    /// - Throws: ``WaterfallCheckError/usage(_:)`` for a value that is not a record mode.
    public static func from(environment: [String: String], default fallback: RecordMode = .missing) throws -> RecordMode {
        if isCI(environment) { return .never }
        guard let value = environment[environmentVariable] else { return fallback }
        guard let mode = RecordMode(rawValue: value) else {
            throw WaterfallCheckError.usage("\(environmentVariable)=\(value) is not one of missing, failed, all, never")
        }
        return mode
    }
}
