@_exported import WaterfallCheckClassics
@_exported import WaterfallCheck
@_exported import WaterfallCheckTransport
@_exported import WaterfallCheckReports

extension EngineRegistry {
    /// Every engine the executables (`waterfall-check`, `waterfall-engine`) and the bench know by
    /// name: the reference first, then the classic ports (shared/SEEDS.md) in seed order.
    ///
    /// Kept out of the `WaterfallCheck` library, so a test target that imports the harness to
    /// check its own engine gets no tutorial engines in its namespace.
    public static let builtIn = EngineRegistry(EngineRegistry.reference.entries + ClassicEngines.all)
}
