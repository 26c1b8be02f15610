import Foundation

/// What an engine said about one input: the one representation of an engine's answer that the
/// golden runner, the fuzzer, `compare`, the UIKit adapter and the protocol server all switch on.
///
/// Made by ``LayoutEngine/answer(_:)``, the single place where the feature gate (FIXTURE-FORMAT
/// §9: the harness never sends an input using a feature the engine did not declare) and the
/// classification of what `layout(_:)` threw happen.
public enum EngineAnswer: Hashable, Sendable {
    /// Frames (FIXTURE-FORMAT §4).
    case layout(LayoutResult)
    /// A §6 layout error, never `unsupported`.
    case error(LayoutError)
    /// Not judged: the input uses a feature the engine does not declare (it was never asked), or
    /// the engine answered `unsupported` (FIXTURE-FORMAT §6, §9). The reason, one line.
    case unsupported(String)
    /// The engine crashed, hung, answered garbage, or threw something that is not a
    /// ``LayoutError`` (``EngineFault/Kind/threw``).
    case fault(EngineFault)

    /// `contentSize [375, 812], 40 frames`, `error invalidSpan`, `unsupported`, `fault (crashed)`.
    public var summary: String {
        switch self {
        case .layout(let r):
            let frames = r.elements.count
            return "contentSize [\(formatPoints(r.contentSize.width)), \(formatPoints(r.contentSize.height))], \(frames) frame\(frames == 1 ? "" : "s")"
        case .error(let e): return "error \(e.code.rawValue)"
        case .unsupported: return "unsupported"
        case .fault(let f): return "fault (\(f.kind.rawValue))"
        }
    }

    /// The frames, for a layout.
    public var result: LayoutResult? { if case .layout(let r) = self { return r } else { return nil } }

    /// The answer as FIXTURE-FORMAT §4 states an expectation: frames or a §6 code; `nil` for
    /// `unsupported` and faults, which no fixture can expect.
    public var outcome: LayoutOutcome? {
        switch self {
        case .layout(let r): return .layout(r)
        case .error(let e): return .error(e.code)
        case .unsupported, .fault: return nil
        }
    }
}

/// A layout's outcome as a fixture states it (FIXTURE-FORMAT §4 `expected`): a §6 error code
/// (never `unsupported`), or the full set of frames.
public enum LayoutOutcome: Hashable, Sendable {
    case error(LayoutError.Code)
    case layout(LayoutResult)
}

extension LayoutEngine {
    /// Asks the engine to lay out `input`, gating on its declared features first. Never throws:
    /// every outcome is an answer.
    ///
    /// - An input using a feature ``EngineDescriptor/features`` leaves out, or outside the
    ///   engine's ``EngineDescriptor/limits`` (a tie break it does not implement, a length past
    ///   its largest), is answered `unsupported` without calling ``layout(_:)`` (FIXTURE-FORMAT §9).
    /// - A thrown ``LayoutError`` is `.error`, or `.unsupported` for the `unsupported` code
    ///   (`not sent to NAME: …` when its message starts `not sent: `, a harness's refusal to
    ///   send the input rather than the engine's answer).
    /// - A thrown ``EngineFault`` is `.fault`; any other error is a fault of kind `threw`.
    /// - Complexity: O(items) for the gate (O(items · columns) when the engine declares a
    ///   ``EngineLimits/maxLength``), plus the engine's own layout.
    public func answer(_ input: LayoutInput) -> EngineAnswer {
        let descriptor = self.descriptor  // once: each read of the requirement copies it
        // An engine declaring every feature needs no O(items) look at which ones the input uses.
        if !descriptor.features.isSuperset(of: .all) {
            let undeclared = LayoutFeatures(usedBy: input).subtracting(descriptor.features)
            guard undeclared.isEmpty else {
                return .unsupported("\(descriptor.name) does not declare \(undeclared.names.joined(separator: ", "))")
            }
        }
        if let reason = descriptor.limits.refusal(input) { return .unsupported("\(descriptor.name) \(reason)") }
        if descriptor.constraints != .none, let reason = descriptor.constraints.refusal(input) {
            return .unsupported("\(descriptor.name) \(reason)")
        }
        return ungatedAnswer(input, descriptor: descriptor)
    }

    /// ``answer(_:)`` without the feature and limits gate, for an input the caller knows passes
    /// it (the same input again, or a shorter one of the same settings): no O(items) look at its
    /// features, no reference layout for ``EngineLimits/maxLength``.
    public func ungatedAnswer(_ input: LayoutInput) -> EngineAnswer { ungatedAnswer(input, descriptor: descriptor) }

    private func ungatedAnswer(_ input: LayoutInput, descriptor: EngineDescriptor) -> EngineAnswer {
        do {
            return .layout(try layout(input))
        } catch let e as LayoutError {
            if e.code == .unsupported {
                // `not sent: …` is a harness's own refusal (an exec: engine cannot be sent a NaN),
                // not the engine's answer: it said "reference does not support this input".
                if e.message.hasPrefix("not sent: ") { return .unsupported("not sent to \(descriptor.name): " + e.message.dropFirst(10)) }
                return .unsupported("\(descriptor.name) does not support this input" + (e.message.isEmpty ? "" : ": \(e.message)"))
            }
            return .error(e)
        } catch let f as EngineFault {
            return .fault(f)
        } catch {
            return .fault(EngineFault(.threw, engine: descriptor.name, "\(error)"))
        }
    }
}
