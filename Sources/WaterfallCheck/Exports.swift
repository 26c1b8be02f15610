// What `import WaterfallCheck` brings into scope besides the harness itself: the engine contract
// and the reference engine (`WaterfallCheckCore`), the JSON error every located message carries
// (`WaterfallCheckJSON`) and the harness's I/O error (`WaterfallCheckSupport`). The tutorial ports
// live in `WaterfallCheckClassics`, the executables' engine list in `WaterfallCheckEngines`.
@_exported import WaterfallCheckCore
@_exported import WaterfallCheckJSON
@_exported import WaterfallCheckSupport

/// A fixture file that is not a valid fixture (FIXTURE-FORMAT §6, last paragraph): a
/// ``JSONError`` whose `file` is the fixture's path. The fixture is not run.
public typealias FixtureError = JSONError

/// The harness's version, printed by `waterfall-check --version` and `waterfall-engine --version`.
public let waterfallCheckVersion = "0.1.0"
