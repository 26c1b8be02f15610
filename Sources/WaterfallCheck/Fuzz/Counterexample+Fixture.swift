import Foundation
import WaterfallLayout

extension Counterexample {
    /// The counterexample as an input-only fixture (no `expected`: it is checked against the
    /// invariants), named `fuzz-<invariant>-<engine>-<seed>-<case>`, with what the fuzzer knows
    /// under `extensions.fuzz`: engine, invariant, message, elements, seed (a decimal string: a
    /// UInt64 does not fit a double), case index, and the engine's actual output (`contentSize`
    /// and `sections` as in `expected`, or `error`; non-finite numbers as strings, a missing frame as null).
    ///
    /// `source` is a runnable command line: `--engine` is `engineArgument` (what the user passed,
    /// e.g. `exec:./my-engine`), else the engine's name, shell-quoted either way (D15: an
    /// engine's hello name is untrusted text).
    public func fixture(engine: EngineDescriptor, engineArgument: String? = nil) -> Fixture {
        let safeEngine = String(engine.name.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
        var fuzz: [(key: String, value: JSONValue)] = [
            ("engine", .string(engine.name)), ("version", .string(engine.version)),
            ("invariant", .string(invariant)), ("message", .string(failure.message)),
            ("elements", .array(failure.elements.map { .string($0.description) })),
            ("seed", .string(String(seed))), ("case", .number(Double(caseIndex))),
        ]
        switch actual {
        case .success(let r): fuzz.append(("actual", JSONValue(r)))
        case .failure(let e as LayoutError):
            fuzz.append(("actual", .object([("error", .string(e.code.rawValue)), ("message", .string(e.message))])))
        case .failure(let e): fuzz.append(("actual", .object([("fault", .string("\(e)"))])))
        }
        return Fixture(
            name: "fuzz-\(invariant)-\(safeEngine)-\(seed)-\(caseIndex)",
            description: "Shrunk counterexample: \(failure.message)",
            source: "waterfall-check fuzz --engine \(shellQuoted(engineArgument ?? engine.name)) --seed \(seed) --cases \(caseIndex + 1)",
            input: input, extensions: .object([("fuzz", .object(fuzz))]))
    }
}

extension JSONValue {
    /// A layout result in the shape of a fixture's `expected` (FIXTURE-FORMAT §4); non-finite
    /// numbers as the strings `nan`, `inf`, `-inf`, an item without a frame as `null`, extra
    /// elements under `extra`.
    public init(_ r: LayoutResult) {
        func num(_ v: CGFloat) -> JSONValue { v.isFinite ? .number(Double(v)) : .string(v.isNaN ? "nan" : v < 0 ? "-inf" : "inf") }
        func frame(_ f: CGRect) -> JSONValue {
            f.isNull ? .null : .array([num(f.origin.x), num(f.origin.y), num(f.size.width), num(f.size.height)])
        }
        var top: [(key: String, value: JSONValue)] = [("contentSize", .array([num(r.contentSize.width), num(r.contentSize.height)]))]
        top.append(("sections", .array(r.sections.map { s in
            var o: [(key: String, value: JSONValue)] = []
            if let h = s.header { o.append(("header", frame(h))) }
            o.append(("items", .array(s.items.map(frame))))
            if let f = s.footer { o.append(("footer", frame(f))) }
            return .object(o)
        })))
        if !r.extraElements.isEmpty {
            top.append(("extra", .array(r.extraElements.map { .array([.string($0.id.description), frame($0.frame)]) })))
        }
        self = .object(top)
    }
}

/// The invariant catalogue as the golden runner's checker for fixtures without `expected`.
public struct InvariantChecker: InvariantChecking {
    /// Invariant ids to check; `nil` for all.
    public var selection: Set<String>?

    public init(selection: Set<String>? = nil) { self.selection = selection }

    /// - Throws: the engine's fault when `layout` fails with anything but a ``LayoutError``.
    public func violations(of input: LayoutInput, engine: LayoutEngine, tolerance: CGFloat) throws -> [String] {
        let set = (try? InvariantSet(ids: selection)) ?? .all
        let context = CheckContext(input: input, engine: engine, tolerance: tolerance, seed: 0)
        if case .failure(let e) = context.outcome, !(e is LayoutError) { throw e }
        return context.check(set).map(\.message)
    }
}
