import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport
import WaterfallCheckJSON

/// A fixture file that is not a valid fixture (FIXTURE-FORMAT §6, last paragraph): a
/// ``JSONError`` whose `file` is the fixture's path. The fixture is not run.
public typealias FixtureError = JSONError
