// What `import WaterfallCheck` brings into scope besides the harness itself: the engine contract,
// the reference engine and the UIKit-shaped layer (`WaterfallCheckCore`). Nothing else: the tutorial
// ports live in `WaterfallCheckClassics`, and the executables' engine list in `WaterfallCheckEngines`.
@_exported import WaterfallCheckCore

/// The harness's version, printed by `waterfall-check --version` and `waterfall-engine --version`.
public let waterfallCheckVersion = "0.1.0"
