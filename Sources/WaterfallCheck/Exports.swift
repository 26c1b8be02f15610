// What `import WaterfallCheck` brings into scope besides the harness itself: the engine contract
// and the reference engine (`WaterfallCheckCore`), the JSON error every located message carries
// (`WaterfallCheckJSON`), the harness's I/O error (`WaterfallCheckSupport`) and the fixtures
// (`WaterfallCheckFixture`). The tutorial ports
// live in `WaterfallCheckClassics`, the executables' engine list in `WaterfallCheckEngines`.
@_exported import WaterfallCheckCore
@_exported import WaterfallCheckJSON
@_exported import WaterfallCheckSupport
@_exported import WaterfallCheckFixture
@_exported import WaterfallCheckJudge

/// The harness's version, printed by `waterfall-check --version` and `waterfall-engine --version`.
public let waterfallCheckVersion = "0.1.0"
