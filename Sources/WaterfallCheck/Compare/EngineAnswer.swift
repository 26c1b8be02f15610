import Foundation

/// What an engine said about one input: frames, a layout error, or a fault.
public enum EngineAnswer: Sendable {
    case layout(LayoutResult)
    /// A §6 code (or `unsupported`) and the engine's message.
    case error(LayoutError)
    /// The engine crashed, hung or answered garbage (external engines only).
    case fault(EngineFault)

    /// Asks `engine` to lay out `input`. Never throws: every outcome is an answer.
    public init(_ engine: LayoutEngine, _ input: LayoutInput) {
        do {
            self = .layout(try engine.layout(input))
        } catch let e as LayoutError {
            self = .error(e)
        } catch let f as EngineFault {
            self = .fault(f)
        } catch {
            self = .fault(EngineFault(.threw, engine: engine.descriptor.name, "\(error)"))
        }
    }

    /// `contentSize [375, 812], 3 sections, 40 frames`, `error invalidSpan`, `fault (crashed)`.
    public var summary: String {
        switch self {
        case .layout(let r):
            let frames = r.elements.count
            return "contentSize [\(formatPoints(r.contentSize.width)), \(formatPoints(r.contentSize.height))], \(frames) frame\(frames == 1 ? "" : "s")"
        case .error(let e): return "error \(e.code.rawValue)"
        case .fault(let f): return "fault (\(f.kind.rawValue))"
        }
    }
}
