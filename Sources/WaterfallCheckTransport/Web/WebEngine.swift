import Foundation
import WaterfallCheck

/// A layout engine of the web, run in a persistent headless Chromium (``ChromiumBrowser``):
/// CSS `display: grid-lanes` (``Kind/gridLanes``) or a user's masonry.js file
/// (``Kind/masonry(path:)``). docs/web-engines.md states the mapping from FIXTURE-FORMAT §2–§3
/// to the page, and what each engine declares.
///
/// Each layout is one `Runtime.evaluate`: the page's `__wf(input, scale)` rebuilds the DOM from
/// the input (lengths times ``Configuration/scale`` CSS px per pt) and returns every frame,
/// which are divided by the scale again (exact: the scale is a power of two). Inputs are
/// validated first (§6): the web has no layout errors, so an invalid input is answered with the
/// §6 code without asking the browser. The browser starts on the first layout and after every
/// fault.
///
/// Used from one thread at a time, like every ``LayoutEngine``; make one per worker.
public final class WebEngine: LayoutEngine {
    /// Which engine of the web.
    public enum Kind: Hashable, Sendable {
        /// CSS grid-lanes (css-grid-3), Chromium's `display: grid-lanes`.
        case gridLanes
        /// masonry.js, loaded from the file at `path`.
        case masonry(path: String)
    }

    /// How to run it.
    public struct Configuration: Hashable, Sendable {
        public var kind: Kind
        /// CSS px per pt, a power of two in [1/64, 64] (`--scale`): larger trades range
        /// (``EngineLimits/maxLength``) for resolution (``EngineLimits/lengthQuantum``).
        public var scale: CGFloat
        /// Seconds for each layout (and, at least 30, for starting the browser).
        public var timeout: Double
        /// The Chromium executable; `nil`: found by ``ChromiumBrowser/findExecutable(environment:)``.
        public var executable: String?

        public init(kind: Kind, scale: CGFloat = 1, timeout: Double = 10, executable: String? = nil) {
            self.kind = kind; self.scale = scale; self.timeout = timeout; self.executable = executable
        }
    }

    /// `chromium:`, the prefix of the web engines' `--engine` specs.
    public static let prefix = "chromium:"
    /// The specs `waterfall-check engines` lists.
    public static let specs = ["chromium:grid-lanes", "chromium:masonry=PATH"]

    /// Chromium's LayoutUnit: 1/64 px.
    public static let layoutUnit: CGFloat = 1.0 / 64
    /// The largest length Chromium lays out, px (LayoutUnit's range, less the saturation margin).
    public static let largestPixels: CGFloat = 33_554_428

    public let descriptor: EngineDescriptor
    public let configuration: Configuration
    private let script: String
    private var browser: ChromiumBrowser?
    private let executable: String

    /// Parses `chromium:grid-lanes` or `chromium:masonry=PATH`.
    /// - Returns: `nil` for a spec without the prefix.
    /// - Throws: ``WaterfallCheckError/usage(_:)`` for an unknown web engine or a masonry spec
    ///   without a path.
    public static func kind(ofSpec spec: String) throws -> Kind? {
        guard spec.hasPrefix(prefix) else { return nil }
        let rest = spec.dropFirst(prefix.count)
        if rest == "grid-lanes" { return .gridLanes }
        if rest.hasPrefix("masonry=") {
            let path = String(rest.dropFirst("masonry=".count))
            guard !path.isEmpty else { throw WaterfallCheckError.usage("chromium:masonry=PATH needs the path of a masonry.js file (scripts/fetch-masonry fetches 3.3.1)") }
            return .masonry(path: path)
        }
        throw WaterfallCheckError.usage("no web engine '\(spec)'; the web engines are \(specs.joined(separator: " and "))")
    }

    /// The Chromium the web engines would run (`$WATERFALL_CHROMIUM`, else `PATH`), or `nil`
    /// when there is none: for tests and scripts that skip without one.
    public static func chromiumExecutable() -> String? { try? ChromiumBrowser.findExecutable() }

    /// Checks a `--scale` value: a power of two in [1/64, 64].
    public static func isValidScale(_ s: CGFloat) -> Bool {
        s.isFinite && s >= 1.0 / 64 && s <= 64 && s.significandWidth == 0
    }

    /// An engine for `configuration`; reads a masonry.js file now, starts no browser yet.
    /// - Throws: ``WaterfallCheckError/usage(_:)`` for a bad scale or no Chromium;
    ///   ``WaterfallCheckError/cannotRead(path:reason:)`` for a masonry.js file that cannot be read.
    public init(_ configuration: Configuration, version: String = "") throws {
        guard Self.isValidScale(configuration.scale) else {
            throw WaterfallCheckError.usage("--scale \(JSONWriter.number(configuration.scale)): the scale (CSS px per pt) must be a power of two from 1/64 to 64, such as 0.5, 1 or 2")
        }
        self.configuration = configuration
        executable = try configuration.executable ?? ChromiumBrowser.findExecutable()
        switch configuration.kind {
        case .gridLanes:
            script = Self.gridLanesScript
        case .masonry(let path):
            let library: String
            do { library = try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw WaterfallCheckError.cannotRead(path: path, reason: "\(error.localizedDescription) (chromium:masonry=PATH needs a masonry.js file)")
            }
            script = library + "\n;\n" + Self.masonryScript
        }
        descriptor = Self.descriptor(configuration, version: version)
    }

    /// What the engine declares: its features, and limits from the scale (docs/web-engines.md).
    public static func descriptor(_ c: Configuration, version: String) -> EngineDescriptor {
        let quantum = layoutUnit / c.scale
        let maxLength = largestPixels / c.scale
        let scaleNote = c.scale == 1 ? "" : " --scale \(JSONWriter.number(c.scale))"
        switch c.kind {
        case .gridLanes:
            return EngineDescriptor(
                name: "chromium:grid-lanes", version: version,
                features: LayoutFeatures.all.subtracting(.pixelScale),
                limits: EngineLimits(tieBreaks: [.afterPrevious], lengthQuantum: quantum, maxLength: maxLength),
                summary: "CSS display: grid-lanes in headless Chromium\(scaleNote): repeat(n, 1fr), gaps, inset as padding, flow-tolerance, the placement cursor (afterPrevious) only; 1/64-px lengths")
        case .masonry(let path):
            return EngineDescriptor(
                name: "chromium:masonry=\(path)", version: version,
                features: [.sections, .supplementary, .size, .span, .minimumContentHeight, .sectionOverrides],
                limits: EngineLimits(tieBreaks: [.leftmost], lengthQuantum: quantum, maxLength: maxLength),
                summary: "masonry.js in headless Chromium\(scaleNote): columnWidth, gutter, row spacing as item margin-bottom, leftmost shortest column, no tie tolerance")
        }
    }

    deinit { browser?.shutdown() }

    /// Ends the browser, if running; the next layout starts a new one.
    public func shutdown() {
        browser?.shutdown()
        browser = nil
    }

    /// The process id of the running browser (its process group), or `nil` (for tests and diagnostics).
    public var browserProcessID: Int32? { browser?.processID }

    /// The running browser's product (`HeadlessChrome/156.0.8078.114`), starting it if need be.
    /// - Throws: ``EngineFault`` when it cannot be started or the page script fails to load.
    public func browserVersion() throws -> String { try running().product }

    // MARK: - LayoutEngine

    /// Lays `input` out in the page (docs/web-engines.md for the mapping).
    /// - Throws: ``LayoutError`` with the §6 code for an invalid input (validated here, the page is
    ///   not asked); ``EngineFault`` when the browser crashes, hangs past the timeout, or answers
    ///   something that is not a layout (the browser is then ended and restarted next time).
    /// - Complexity: O(size of the input) here, plus the browser's layout.
    public func layout(_ input: LayoutInput) throws -> LayoutResult {
        _ = try ReferenceLayout.validate(input)
        let b = try running()
        let expression = "__wf(" + CanonicalWriter.compactInput(input) + "," + JSONWriter.number(configuration.scale) + ")"
        do {
            return try b.evaluate(expression, timeout: configuration.timeout) { try Self.result($0, input: input, scale: configuration.scale) }
        } catch {
            shutdown()
            throw error
        }
    }

    /// Decodes the page's answer `{"width","height","sections":[{"header"?,"items":[[x,y,w,h],...],"footer"?}]}`
    /// (px), checking it has one frame per input element.
    static func result(_ v: JSONNode, input: LayoutInput, scale: CGFloat) throws -> LayoutResult {
        func frame(_ n: JSONNode) throws -> CGRect {
            let a = try n.numbers(4, "a frame [x, y, width, height]")
            return CGRect(x: CGFloat(a[0]) / scale, y: CGFloat(a[1]) / scale, width: CGFloat(a[2]) / scale, height: CGFloat(a[3]) / scale)
        }
        let sections = try v.requiredMember("sections").array()
        guard sections.count == input.sections.count else { throw v.fault("\(sections.count) sections for \(input.sections.count)") }
        var out: [SectionFrames] = []
        for (s, node) in zip(input.sections, sections) {
            let items = try node.requiredMember("items").array().map(frame)
            guard items.count == s.items.count else { throw node.fault("\(items.count) items for \(s.items.count)") }
            let header = try node.member("header").flatMap { $0.isNull ? nil : try frame($0) }
            let footer = try node.member("footer").flatMap { $0.isNull ? nil : try frame($0) }
            out.append(SectionFrames(header: header, items: items, footer: footer))
        }
        let size = CGSize(width: CGFloat(try v.requiredMember("width").number()) / scale,
                          height: CGFloat(try v.requiredMember("height").number()) / scale)
        return LayoutResult(contentSize: size, sections: out)
    }

    private func running() throws -> ChromiumBrowser {
        if let b = browser { return b }
        guard !EngineProcess.live.isStopped else {
            throw EngineFault(.spawn, engine: descriptor.name, "not restarted: the run is being stopped")
        }
        let b = try ChromiumBrowser(executable: executable, displayName: descriptor.name, timeout: max(configuration.timeout, 30))
        do {
            let ready = try b.evaluate(script + "\n;typeof __wf === 'function'", timeout: max(configuration.timeout, 30)) { try $0.bool() }
            guard ready else { throw EngineFault(.handshake, engine: descriptor.name, "the page script did not define __wf") }
        } catch let f as EngineFault {
            b.shutdown()
            throw EngineFault(.handshake, engine: descriptor.name, "loading the page script: \(f.message)", reply: f.reply, stderr: f.stderr)
        }
        browser = b
        return b
    }
}

extension WebEngine {
    /// The engine maker for `kind` at `options.scale`: starts a browser once to read its version
    /// (and to fail now, not on the first case, when Chromium cannot run); every engine made then
    /// starts its own browser on first use.
    /// - Throws: ``WaterfallCheckError`` (no Chromium, bad scale, unreadable masonry.js);
    ///   ``EngineFault`` when the browser does not start or the page script fails.
    public static func entry(_ kind: Kind, options: EngineRegistry.Options) throws -> EngineEntry {
        let configuration = Configuration(kind: kind, scale: options.scale, timeout: options.timeout)
        let probe = try WebEngine(configuration)
        let version = try probe.browserVersion()
        probe.shutdown()
        let descriptor = Self.descriptor(configuration, version: version)
        // The probe checked the configuration: making more cannot fail but for a file removed since.
        return EngineEntry(descriptor: descriptor, make: { () -> LayoutEngine in
            if let engine = try? WebEngine(configuration, version: version) { return engine }
            return FailedEngine(descriptor: descriptor)
        })
    }
}

/// An engine that could not be made after its probe succeeded (its masonry.js file vanished, say):
/// every layout is a fault, reported against the case.
final class FailedEngine: LayoutEngine {
    let descriptor: EngineDescriptor
    init(descriptor: EngineDescriptor) { self.descriptor = descriptor }
    func layout(_ input: LayoutInput) throws -> LayoutResult {
        throw EngineFault(.spawn, engine: descriptor.name, "the engine could not be made again (its files changed since the run started)")
    }
}
