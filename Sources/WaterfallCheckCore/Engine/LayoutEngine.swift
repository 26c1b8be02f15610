import Foundation

/// What an engine can do beyond `layout` (FIXTURE-FORMAT §9 `capabilities`).
public struct EngineCapabilities: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Answers rect queries over its last layout (``LayoutEngine/elements(in:)``).
    public static let query = EngineCapabilities(rawValue: 1 << 0)
    /// Has a layout object the harness may drive through its lifecycle (``PreparedLayoutEngine``).
    public static let collectionViewLayout = EngineCapabilities(rawValue: 1 << 1)
    /// Drives one layout object through steps and answers its lookups (``LifecycleLayoutEngine``;
    /// over `exec:`, the `lifecycle` requests of FIXTURE-FORMAT §9). Implies ``collectionViewLayout``.
    public static let lifecycle = EngineCapabilities(rawValue: 1 << 2)

    /// Protocol names, as the hello line spells them.
    public var names: [String] {
        var out: [String] = []
        if contains(.query) { out.append("query") }
        if contains(.lifecycle) { out.append("lifecycle") }
        return out
    }
}

/// The input features an engine supports (FIXTURE-FORMAT §9 `features`). The harness never sends
/// an input that uses a feature the engine did not declare.
public struct LayoutFeatures: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let sections = LayoutFeatures(rawValue: 1 << 0)
    public static let supplementary = LayoutFeatures(rawValue: 1 << 1)
    public static let size = LayoutFeatures(rawValue: 1 << 2)
    public static let span = LayoutFeatures(rawValue: 1 << 3)
    public static let roundRobin = LayoutFeatures(rawValue: 1 << 4)
    public static let tieTolerance = LayoutFeatures(rawValue: 1 << 5)
    public static let afterPrevious = LayoutFeatures(rawValue: 1 << 6)
    public static let pixelScale = LayoutFeatures(rawValue: 1 << 7)
    public static let minimumContentHeight = LayoutFeatures(rawValue: 1 << 8)
    public static let sectionOverrides = LayoutFeatures(rawValue: 1 << 9)

    /// Every feature: what an engine declares by leaving `features` out.
    public static let all: LayoutFeatures = [
        .sections, .supplementary, .size, .span, .roundRobin, .tieTolerance, .afterPrevious,
        .pixelScale, .minimumContentHeight, .sectionOverrides,
    ]

    /// The §9 names, in the order the spec lists them.
    public static let named: [(String, LayoutFeatures)] = [
        ("sections", .sections), ("supplementary", .supplementary), ("size", .size), ("span", .span),
        ("roundRobin", .roundRobin), ("tieTolerance", .tieTolerance), ("afterPrevious", .afterPrevious),
        ("pixelScale", .pixelScale), ("minimumContentHeight", .minimumContentHeight),
        ("sectionOverrides", .sectionOverrides),
    ]

    public var names: [String] { Self.named.filter { contains($0.1) }.map(\.0) }

    /// The features an input uses. O(items).
    public init(usedBy input: LayoutInput) {
        var f: LayoutFeatures = []
        let s = input.layout
        if input.sections.count > 1 { f.insert(.sections) }
        if s.placement.isRoundRobin { f.insert(.roundRobin) }
        if s.tieTolerance != 0 { f.insert(.tieTolerance) }
        if s.tieBreak == .afterPrevious { f.insert(.afterPrevious) }
        if s.pixelScale != nil { f.insert(.pixelScale) }
        if s.minimumContentHeight != 0 { f.insert(.minimumContentHeight) }
        for section in input.sections {
            if section.header != nil || section.footer != nil { f.insert(.supplementary) }
            if section.columnCount != nil || section.sectionInset != nil { f.insert(.sectionOverrides) }
            for item in section.items {
                if case .size = item.dimension { f.insert(.size) }
                if item.span != 1 { f.insert(.span) }
            }
        }
        self = f
    }
}

/// Who an engine is: what `waterfall-check engines` lists and the protocol's hello line carries.
public struct EngineDescriptor: Hashable, Sendable {
    public var name: String
    public var version: String
    public var capabilities: EngineCapabilities
    public var features: LayoutFeatures
    /// Tie breaks, length quantum and largest length (``EngineLimits``); ``EngineLimits/exact``
    /// unless the engine declares less.
    public var limits: EngineLimits
    /// Where the engine departs from §5 on purpose (``EngineConventions``); ``EngineConventions/none``
    /// unless it declares some. Every judgement takes the answer with them.
    public var conventions: EngineConventions
    /// The inputs the engine can express inside its features (``EngineConstraints``); an input
    /// outside them is never generated, and is answered `unsupported` without asking.
    public var constraints: EngineConstraints
    /// One line for `waterfall-check engines`.
    public var summary: String

    public init(name: String, version: String, capabilities: EngineCapabilities = [],
                features: LayoutFeatures = .all, limits: EngineLimits = .exact,
                conventions: EngineConventions = .none, constraints: EngineConstraints = .none, summary: String = "") {
        self.name = name; self.version = version; self.capabilities = capabilities
        self.features = features; self.limits = limits; self.summary = summary
        self.conventions = conventions; self.constraints = constraints
    }

    /// The rect-query predicate to judge by: ``QueryPredicate/closed`` when the limits or the
    /// conventions say so.
    public var queryPredicate: QueryPredicate {
        conventions.closedRectQueries ? .closed : limits.queryPredicate
    }
}

/// A named engine maker: an engine's descriptor and a maker for a fresh instance (the harness
/// makes one instance per worker). Listed by ``EngineRegistry`` and ``ClassicEngines``.
public struct EngineEntry: Sendable {
    public var descriptor: EngineDescriptor
    public var make: @Sendable () -> LayoutEngine
    public init(descriptor: EngineDescriptor, make: @escaping @Sendable () -> LayoutEngine) {
        self.descriptor = descriptor; self.make = make
    }
}

/// A layout engine as the harness drives it: pure input in, frames or an error out.
///
/// An engine object is used from one thread at a time; the harness makes one per worker.
/// `layout` throws ``LayoutError`` for inputs the engine rejects (§6 codes or `unsupported`);
/// any other error is an engine fault (a crash, a hang, a malformed reply), reported against the case.
public protocol LayoutEngine: AnyObject {
    var descriptor: EngineDescriptor { get }

    /// Lays out `input`. Throws ``LayoutError`` or, for external engines, an engine fault.
    func layout(_ input: LayoutInput) throws -> LayoutResult

    /// The elements of the last successful layout that meet `rect` (FIXTURE-FORMAT §9), each once,
    /// in any order. Only engines with ``EngineCapabilities/query``.
    /// - Throws: ``LayoutError`` `unsupported` without the capability; ``QueryError/noLayout`` when
    ///   there is no last successful layout.
    func elements(in rect: CGRect) throws -> [ElementID]

    /// ``elements(in:)`` into `answer`, replacing its contents: a caller that asks many
    /// queries passes one array and keeps its storage (the fuzzer's `query` check asks a dozen
    /// per case). The default calls ``elements(in:)``. Throws as it does, leaving `answer` as is.
    func elements(in rect: CGRect, into answer: inout [ElementID]) throws

    /// How many requests the engine works on at once (FIXTURE-FORMAT §9 `pipeline`); 1 by default.
    var pipelineWindow: Int { get }

    /// Announces the requests the caller will make next (see the default's documentation).
    func prefetch(_ requests: [EngineRequest])
}

/// Errors of a rect query.
public enum QueryError: Error, Hashable, Sendable {
    /// No successful layout to query (FIXTURE-FORMAT §9 `noLayout`).
    case noLayout
}

extension LayoutEngine {
    public func elements(in rect: CGRect) throws -> [ElementID] {
        throw LayoutError.unsupported("\(descriptor.name) has no rect query")
    }

    public func elements(in rect: CGRect, into answer: inout [ElementID]) throws {
        answer = try elements(in: rect)
    }
}

/// One request the harness makes of an engine, as FIXTURE-FORMAT §9 names them: a layout of an
/// input, or a rect query over the last successful layout. What ``LayoutEngine/prefetch(_:)``
/// announces; the protocol's request lines encode it.
public enum EngineRequest: Hashable, Sendable {
    case layout(LayoutInput)
    /// A rect in pt; width and height ≥ 0.
    case query(CGRect)

    /// `layout` or `query` (§9's `op`).
    public var op: String {
        switch self {
        case .layout: return "layout"
        case .query: return "query"
        }
    }
}

extension LayoutEngine {
    /// How many requests the engine works on at once; the default, 1, means it answers each as it
    /// is made, and ``prefetch(_:)`` does nothing.
    public var pipelineWindow: Int { 1 }

    /// Announces the requests the caller will make next, in order, so a pipelined engine
    /// (``pipelineWindow`` > 1: an `exec:` engine that declared `pipeline`) works on them while
    /// the caller checks earlier answers. Each is still answered, fault or not, when the caller
    /// makes it. The default does nothing. - Complexity: the engine's; O(1) by default.
    public func prefetch(_ requests: [EngineRequest]) {}
}
