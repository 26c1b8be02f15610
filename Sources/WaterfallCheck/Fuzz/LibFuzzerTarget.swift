import Foundation
import WaterfallCheckCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Coverage-guided fuzzing under libFuzzer: one fuzz input is one choice sequence
/// (``ChoiceSource/init(bytes:)``), generated into one ``LayoutInput`` by the same
/// ``InputGenerator`` as `waterfall-check fuzz`, laid out by the registered engine and checked
/// against every selected invariant. The first failure traps with the invariant's message, so
/// libFuzzer saves the input as a crash artifact; `waterfall-check fuzz --engine E --from-bytes
/// FILE` shrinks that artifact into a fixture (docs/libfuzzer.md).
///
/// A fuzz target is an executable built with `-sanitize=fuzzer` that defines the two libFuzzer
/// entry points and registers its engine (the README's template):
/// ```swift
/// @_cdecl("LLVMFuzzerInitialize")
/// public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
///     LibFuzzerTarget.register { MyEngine() }
/// }
/// @_cdecl("LLVMFuzzerTestOneInput")
/// public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
///     LibFuzzerTarget.testOneInput(data, size)
/// }
/// ```
/// The seed of an input's query rects is ``seed(of:)`` (case 0), the one `--from-bytes` uses, so
/// the artifact replays to the same verdict.
public enum LibFuzzerTarget {
    /// What each input is checked with.
    public struct Configuration {
        /// Makes the engine (once per process: libFuzzer calls one input at a time).
        public var engine: () -> LayoutEngine
        public var invariants: InvariantSet
        /// The comparison tolerance (FIXTURE-FORMAT §7), 0.001 pt by default, as `fuzz`'s.
        public var tolerance: Tolerance
        /// `fuzz`'s default generator; fitted to what the engine declares as `fuzz` fits it
        /// (``InputGenerator/fitted(to:)``).
        public var generator: InputGenerator

        public init(engine: @escaping () -> LayoutEngine, invariants: InvariantSet = .all, tolerance: Tolerance = .default,
                    generator: InputGenerator = InputGenerator()) {
            self.engine = engine; self.invariants = invariants; self.tolerance = tolerance; self.generator = generator
        }
    }

    /// The registered target: the engine object (made at registration) and the generator as the
    /// engine's features restrict it. libFuzzer runs one input at a time per process (`-jobs` and
    /// `-fork` start processes), so no lock guards this.
    private static var registered: (engine: LayoutEngine, generator: InputGenerator, configuration: Configuration)?

    /// Registers the engine every input is checked against; call it from `LLVMFuzzerInitialize`.
    ///
    /// It also puts the deadly signals (SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE) back
    /// to their default action: the Swift runtime's backtracer installs handlers for them at
    /// start-up, and libFuzzer, which installs its own only where none is set, would then never
    /// write the crash artifact. `LLVMFuzzerInitialize` runs before libFuzzer installs its
    /// handlers, so after this call they are libFuzzer's.
    ///
    /// A configuration with no invariant selected would check nothing and pass every input
    /// (review A2): it is refused, with a message on stderr and exit status 2.
    /// - Returns: 0, for `LLVMFuzzerInitialize` to return.
    @discardableResult
    public static func register(_ configuration: Configuration) -> CInt {
        // A target that checks no invariant passes everything (review A2): refused.
        if configuration.invariants.isEmpty {
            writeStandardError("waterfall-libfuzz: error: no invariant selected: an empty selection would check nothing\n")
            exit(2)
        }
        let engine = configuration.engine()
        registered = (engine, configuration.generator.fitted(to: engine.descriptor), configuration)
        for s in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE] { signal(s, SIG_DFL) }
        return 0
    }

    /// ``register(_:)`` with every invariant and the default tolerance: the one call a user's fuzz
    /// target makes.
    @discardableResult
    public static func register(engine: @escaping () -> LayoutEngine) -> CInt {
        register(Configuration(engine: engine))
    }

    /// libFuzzer's `LLVMFuzzerTestOneInput`: checks the input `data[0..<size]` and returns 0, or
    /// on the first failing invariant prints it to stderr and traps (libFuzzer then writes the
    /// artifact). Traps also when nothing was registered (a fuzz target without ``register(_:)``
    /// would otherwise fuzz nothing).
    /// - Complexity: one layout plus the invariants', O(n log n) in the items for most.
    public static func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        guard let target = registered else {
            fatalError("waterfall-check: no engine registered; call LibFuzzerTarget.register from LLVMFuzzerInitialize")
        }
        let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
        let c = target.configuration
        if let f = check(bytes, engine: target.engine, generator: target.generator, invariants: c.invariants, tolerance: c.tolerance) {
            // The trap's message is all the target prints (the library never writes stderr itself).
            let name = target.engine.descriptor.name
            fatalError("""

            ==waterfall-check== invariant \(f.invariant) failed (engine \(name)): \(f.message)
            ==waterfall-check== shrink the artifact into a fixture: waterfall-check fuzz --engine \(name) --from-bytes <crash file>
            """)
        }
        return 0
    }

    /// The first invariant `bytes` fails on `engine`, or `nil`: the check one fuzz input gets.
    /// - Parameter generator: with the engine's features (``Fuzzer`` intersects them the same way).
    public static func check(_ bytes: [UInt8], engine: LayoutEngine, generator: InputGenerator,
                             invariants: InvariantSet = .all, tolerance: Tolerance = .default) -> InvariantFailure? {
        var source = ChoiceSource(bytes: bytes)
        let input = generator.generate(&source)
        let context = CheckContext(input: input, engine: engine, tolerance: tolerance, seed: Fuzzer.querySeed(seed(of: bytes), 0))
        return context.check(invariants).first
    }

    /// The fuzz input whose choices are `choices` under `generator`: the choices replayed once
    /// for how each draw reads bytes, then encoded (``ChoiceSource/bytes(encoding:as:)``). A seed
    /// corpus entry, or a test's artifact. `ChoiceSource(bytes:)` of the result generates the
    /// same input as `ChoiceSource(replaying: choices)`.
    /// - Complexity: one generation, O(items + sections).
    public static func bytes(encoding choices: [UInt64], generator: InputGenerator) -> [UInt8] {
        var source = ChoiceSource(replaying: choices, recordingEncodings: true)
        _ = generator.generate(&source)
        return ChoiceSource.bytes(encoding: source.choices, as: source.encodings ?? [])
    }

    /// One seed input per fixture under `paths` (FixtureFile.collect's walk): its input inverted
    /// into choices (``InputGenerator/choices(for:)``) and encoded as bytes, so libFuzzer's corpus
    /// starts from the project's own cases. Fixtures that cannot be read, expect an error (§6),
    /// or use features outside `generator.features` are skipped; `exact` is false where the
    /// generator could only come near the fixture's input.
    /// - Returns: (fixture stem, bytes, exact) in the walk's order.
    /// - Complexity: one read and two generations per fixture.
    public static func seedCorpus(_ paths: [URL], generator: InputGenerator) -> [(name: String, bytes: [UInt8], exact: Bool)] {
        var out: [(name: String, bytes: [UInt8], exact: Bool)] = []
        for file in FixtureFile.collect(paths).files {
            guard let fixture = try? FixtureReader.read(contentsOf: file.url),
                  generator.features.isSuperset(of: LayoutFeatures(usedBy: fixture.input)),
                  let (choices, exact) = generator.choices(for: fixture.input) else { continue }
            out.append((file.stem, bytes(encoding: choices, generator: generator), exact))
        }
        return out
    }

    /// The run seed of a fuzz input: FNV-1a (64-bit) of its bytes. It names the saved fixture
    /// and, as case 0 of that seed, seeds the query rects (``Fuzzer/run(bytes:)``).
    /// - Complexity: O(bytes).
    public static func seed(of bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }
}
