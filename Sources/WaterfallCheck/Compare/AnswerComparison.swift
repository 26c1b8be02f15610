import Foundation

/// How two engines' answers to one input compare (FIXTURE-FORMAT §7, DESIGN.md "Comparing").
public enum AnswerComparison: Sendable {
    /// Same frames within the tolerance, or the same error code.
    case identical
    /// Frames that moved, a missing or extra frame, an error against frames, or two error codes.
    case different(FrameDifference)
    /// One side answered `unsupported` (or the input uses a feature one side does not declare).
    case skipped(String)
    /// One side faulted; the fault (baseline's first) is the report.
    case fault(EngineFault)

    /// Compares `baseline` with `candidate`, each frame component within `tolerance` pt.
    /// - Complexity: O(frames).
    public init(_ baseline: EngineAnswer, _ candidate: EngineAnswer, tolerance: Double) {
        switch (baseline, candidate) {
        case (.fault(let f), _), (_, .fault(let f)):
            self = .fault(f)
        case (.error(let e), _) where e.code == .unsupported, (_, .error(let e)) where e.code == .unsupported:
            self = .skipped("unsupported: \(e.message)")
        case let (.error(a), .error(b)):
            self = a.code == b.code ? .identical : .different(FrameDifference(moved: [], unmatched: [], largestDisplacement: nil))
        case (.error, .layout), (.layout, .error):
            self = .different(FrameDifference(moved: [], unmatched: [], largestDisplacement: nil))
        case let (.layout(a), .layout(b)):
            let d = FrameDifference(a, b, tolerance: tolerance)
            self = d.isEmpty ? .identical : .different(d)
        }
    }

    /// Whether the answers differ.
    public var isDifferent: Bool { if case .different = self { return true } else { return false } }
}

/// Where two layouts disagree.
public struct FrameDifference: Sendable {
    /// An element (or the content size, `id == nil`) present on both sides whose frame moved
    /// beyond the tolerance, with its largest component difference in pt.
    public struct Moved: Sendable {
        public var id: ElementID?
        public var baseline: CGRect
        public var candidate: CGRect
        public var displacement: Double
    }

    public var moved: [Moved]
    /// Elements only one side has, and on which side (`true`: only the baseline has it).
    public var unmatched: [(id: ElementID, onlyInBaseline: Bool)]
    /// The largest component difference over frames both sides have and the content size, pt;
    /// `nil` when an error was involved.
    public var largestDisplacement: Double?

    public var isEmpty: Bool { moved.isEmpty && unmatched.isEmpty }

    init(moved: [Moved], unmatched: [(id: ElementID, onlyInBaseline: Bool)], largestDisplacement: Double?) {
        self.moved = moved; self.unmatched = unmatched; self.largestDisplacement = largestDisplacement
    }

    /// Matches elements by id (a duplicate on one side is unmatched). O(frames).
    init(_ a: LayoutResult, _ b: LayoutResult, tolerance: Double) {
        func component(_ x: CGRect, _ y: CGRect) -> Double {
            max(abs(x.origin.x - y.origin.x), abs(x.origin.y - y.origin.y), abs(x.size.width - y.size.width), abs(x.size.height - y.size.height))
        }
        var moved: [Moved] = []
        var largest = max(abs(a.contentSize.width - b.contentSize.width), abs(a.contentSize.height - b.contentSize.height))
        if !(largest <= tolerance) {
            moved.append(Moved(id: nil, baseline: CGRect(origin: .zero, size: a.contentSize),
                               candidate: CGRect(origin: .zero, size: b.contentSize), displacement: largest))
        }
        var other: [ElementID: CGRect] = [:]
        var unmatched: [(id: ElementID, onlyInBaseline: Bool)] = []
        for e in b.elements {
            if other.updateValue(e.frame, forKey: e.id) != nil { unmatched.append((e.id, false)) }
        }
        for e in a.elements {
            guard let f = other.removeValue(forKey: e.id) else { unmatched.append((e.id, true)); continue }
            let d = component(e.frame, f)
            largest = max(largest, d.isNaN ? .infinity : d)
            if !(d <= tolerance) { moved.append(Moved(id: e.id, baseline: e.frame, candidate: f, displacement: d)) }
        }
        unmatched += other.keys.sorted().map { ($0, false) }
        self.init(moved: moved, unmatched: unmatched, largestDisplacement: largest)
    }
}
