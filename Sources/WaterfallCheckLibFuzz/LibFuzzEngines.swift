@_exported import WaterfallCheckEngines
import WaterfallCheckCore
import WaterfallCheckTestSupport

/// The engines the project's libFuzzer target (`scripts/libfuzz ENGINE`) fuzzes by name: the
/// built-in ones (``EngineRegistry/builtIn``) and the deliberately broken engines of the tests
/// (`mini-<bug>`, `cv-<bug>`, from WaterfallCheckTestSupport), so the bench can time
/// coverage guidance against the random fuzzer on the same bugs.
public enum LibFuzzEngines {
    /// Built-in first, then the broken ones in the tests' order; names are unique (the first tie
    /// bug, `tiesGoRight`, is also `placement`'s entry in `BrokenEngines.all`).
    public static let registry: EngineRegistry = {
        let broken = BrokenEngines.all + BrokenEngines.tieBugs.dropFirst() + [BrokenEngines.spanBug, BrokenEngines.deepBranch]
        let entries = broken.map { b in EngineEntry(descriptor: b.make().descriptor, make: b.make) }
        return EngineRegistry(EngineRegistry.builtIn.entries + entries)
    }()

    /// The invariant each broken engine's bug fails, by engine name (for the bench).
    public static let brokenInvariants: [(engine: String, invariant: String)] = {
        let broken = BrokenEngines.all + BrokenEngines.tieBugs.dropFirst() + [BrokenEngines.spanBug, BrokenEngines.deepBranch]
        return broken.map { ($0.make().descriptor.name, $0.invariant) }
    }()
}
