@_exported import WaterfallLayout
@_exported import ClassicLayouts

/// The harness's version, printed by `waterfall-check --version` and `waterfall-engine --version`.
public let waterfallCheckVersion = "0.1.0"
