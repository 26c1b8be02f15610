import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture

/// A fixture's `steps` (FIXTURE-FORMAT §10) are refused at read time, with the field's path,
/// when no collection view could perform them (adversary round 4: they were accepted).
@Suite("Lifecycle steps are validated when read")
struct LifecycleStepsValidationTests {
    static func fixture(steps: String) -> [UInt8] {
        Array("""
        {"format": "waterfall-fixture/1", "name": "s", "layout": {"containerWidth": 100, "columnCount": 2},
         "sections": [{"items": [{"height": 10}, {"height": 20}]}],
         "steps": {"version": 1, "steps": [\(steps)]}}
        """.utf8)
    }

    @Test("a valid step list reads", arguments: [
        #"{"action": "setBounds", "bounds": [0, 0, 320, 480]}"#,
        #"{"action": "performBatchUpdates", "updates": [{"action": "deleteItems", "at": [0, 1]}]}"#,
        #"{"action": "invalidateLayout"}"#,
    ])
    func valid(_ step: String) throws {
        #expect(try FixtureReader.decode(Self.fixture(steps: step), file: "s.json").steps?.count == 1)
    }

    @Test("an impossible or misspelled step is a located fixture error", arguments: [
        (#"{"action": "setBounds", "bounds": [0, 0, -5, 100]}"#, "width > 0"),
        (#"{"action": "setBounds", "bounds": [0, 0, 0, 100]}"#, "width > 0"),
        (#"{"action": "invalidateLayout", "extra": 1}"#, "extra"),
        (#"{"action": "performBatchUpdates", "updates": [{"action": "deleteItems", "at": [0, -1]}]}"#, ">= 0"),
        (#"{"action": "performBatchUpdates", "updates": [{"action": "deleteSections", "at": -1}]}"#, ">= 0"),
        (#"{"action": "performBatchUpdates", "updates": [{"action": "deleteItems", "at": [0, 0], "item": {"height": 1}}]}"#, "item"),
    ])
    func invalid(_ step: String, _ words: String) {
        do {
            _ = try FixtureReader.decode(Self.fixture(steps: step), file: "s.json")
            Issue.record("accepted: \(step)")
        } catch let e as FixtureError {
            #expect(e.message.contains(words), "\(e.message)")
            #expect(e.jsonPath.contains("steps"), "\(e.jsonPath)")
            #expect(e.line > 0)
        } catch {
            Issue.record("not a fixture error: \(error)")
        }
    }
}
