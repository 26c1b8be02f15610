import Foundation
import WaterfallCheck

/// A layout engine of the web, run in a persistent browser page (``WebPage``): CSS
/// `display: grid-lanes` in Chromium (``Kind/gridLanes``), the older CSS masonry
/// (`grid-template-rows: masonry`) in Firefox or WebKitGTK (``Kind/cssMasonry``), or a user's
/// masonry.js or jQuery Masonry 2 file in any of the three (``Kind/masonry(path:)``,
/// ``Kind/jqueryMasonry(path:)``). docs/web-engines.md states the mapping from FIXTURE-FORMAT
/// §2–§3 to the page, and what each engine declares.
///
/// Each layout is one evaluation: the page's `__wf(input, scale)` rebuilds the DOM from the input
/// (lengths times ``Configuration/scale`` CSS px per pt) and answers every frame as JSON text
/// (``result(_:input:scale:)``), which are divided by the scale again (exact: the scale is a
/// power of two). Layouts announced with ``prefetch(_:)`` go in batches of up to
/// ``Configuration/batch``: one `__wfBatch(inputs, scale)` builds every input's DOM in one page
/// update and reads every frame back in one evaluation.
/// Inputs are validated first (§6): the web has no layout errors, so an invalid input is answered
/// with the §6 code without asking the browser. The browser starts on the first layout and after
/// every fault.
///
/// Used from one thread at a time, like every ``LayoutEngine``; make one per worker.
public final class WebEngine: LayoutEngine {
    /// Which engine of the web.
    public enum Kind: Hashable, Sendable {
        /// CSS grid-lanes (css-grid-3), Chromium's `display: grid-lanes`.
        case gridLanes
        /// masonry.js, loaded from the file at `path`.
        case masonry(path: String)
        /// The older CSS masonry, `display: grid; grid-template-rows: masonry` (Gecko behind
        /// `layout.css.grid-template-masonry-value.enabled`, WebKitGTK behind `Masonry`).
        case cssMasonry
        /// jQuery Masonry 2 (`jquery.masonry.js`, 2.1.05 tested), loaded from `path` after jQuery.
        case jqueryMasonry(path: String)
    }

    /// The browser that runs the page.
    public enum Browser: String, Hashable, Sendable, CaseIterable {
        /// Headless Chromium over the DevTools pipe.
        case chromium
        /// Headless Firefox (Gecko) over Marionette.
        case firefox
        /// WebKitGTK's MiniBrowser over WebDriver, under Xvfb.
        case webkit
    }

    /// How to run it.
    public struct Configuration: Hashable, Sendable {
        public var kind: Kind
        public var browser: Browser
        /// CSS px per pt, a power of two in [1/64, 64] (`--scale`): larger trades range
        /// (``EngineLimits/maxLength``) for resolution (``EngineLimits/lengthQuantum``).
        public var scale: CGFloat
        /// Seconds for each layout (and, at least 30, for starting the browser).
        public var timeout: Double
        /// The browser executable (Chromium, Firefox; unused for WebKit); `nil`: found on `PATH`.
        public var executable: String?
        /// The most layouts one evaluation lays out (``LayoutEngine/pipelineWindow``); 1 turns
        /// batching off.
        public var batch: Int
        /// Chromium: how many pages, each with a renderer process of its own, lay a batch out
        /// side by side (its inputs split between them in order). `nil`, the default: 2, or
        /// `$WATERFALL_CHROMIUM_PAGES` (1 to 16), of which a batch uses one per core the run's
        /// other Chromium engines leave (``WebEngine/lanes(for:in:)``). The other browsers have one page.
        public var pages: Int?

        public init(kind: Kind, browser: Browser = .chromium, scale: CGFloat = 1, timeout: Double = 10,
                    executable: String? = nil, batch: Int = 64, pages: Int? = nil) {
            self.kind = kind; self.browser = browser; self.scale = scale; self.timeout = timeout
            self.executable = executable; self.batch = max(1, batch); self.pages = pages.map { max(1, $0) }
        }

        /// The pages Chromium opens: ``pages``, else `$WATERFALL_CHROMIUM_PAGES` (a whole number
        /// from 1 to 16; ``WebEngine/init(_:version:toleranceProperty:)`` refuses another value),
        /// else 2. Layout, not the client, is a Chromium batch's cost (about 200 µs of renderer
        /// time per layout of 0 to 64 items): a second renderer on a second core lays out about
        /// 1.4 times as many a second (docs/web-engines.md, "Speed").
        var openedPages: Int {
            if let pages { return pages }
            return (try? Self.pages(fromEnvironment: ProcessInfo.processInfo.environment[Self.pagesVariable])) ?? 2
        }

        /// The environment variable setting how many pages Chromium opens (``openedPages``).
        static let pagesVariable = "WATERFALL_CHROMIUM_PAGES"

        /// `value` of ``pagesVariable`` as a page count: `nil` when unset.
        /// - Throws: ``WaterfallCheckError/usage(_:)`` naming the variable when `value` is not a
        ///   whole number from 1 to 16 (it was ignored, and the run took 2 pages unsaid). O(1).
        static func pages(fromEnvironment value: String?) throws -> Int? {
            guard let value else { return nil }
            guard let v = Int(value), (1...16).contains(v) else {
                throw WaterfallCheckError.usage("\(pagesVariable)=\(value): the pages Chromium opens must be a whole number from 1 to 16 (1: one page); unset it for 2")
            }
            return v
        }
    }

    /// `chromium:`, the prefix of the Chromium engines' `--engine` specs.
    public static let prefix = "chromium:"
    /// The specs `waterfall-check engines` lists.
    public static let specs = ["chromium:grid-lanes", "chromium:masonry=PATH", "chromium:jquery-masonry=PATH",
                               "firefox:masonry", "webkit:masonry",
                               "firefox:masonry=PATH", "firefox:jquery-masonry=PATH",
                               "webkit:masonry=PATH", "webkit:jquery-masonry=PATH"]

    /// Chromium's and WebKit's LayoutUnit: 1/64 px.
    public static let layoutUnit: CGFloat = 1.0 / 64
    /// Gecko's app unit: 1/60 px.
    public static let appUnit: CGFloat = 1.0 / 60
    /// The largest length Chromium lays out, px (LayoutUnit's range, less the saturation margin).
    public static let largestPixels: CGFloat = 33_554_428
    /// The largest length Gecko lays out, px: nscoord_MAX (2^30 - 1 app units) / 60, less a margin.
    public static let largestGeckoPixels: CGFloat = 17_895_600
    /// The largest length WebKitGTK's older masonry places exactly, px: 2^18. It keeps the tracks'
    /// running positions in float32 (measured: beyond 2^18 px, where float32's step exceeds the
    /// 1/64-px LayoutUnit, positions one float step apart tie and items stack a step off), so
    /// longer layouts would be judged on numbers the engine did not compare.
    public static let largestWebKitMasonryPixels: CGFloat = 262_144

    public let descriptor: EngineDescriptor
    public let configuration: Configuration
    private let script: String
    private var browser: WebPage?
    private let executable: String
    private var webkitExecutables: (driver: String, browser: String, xvfb: String)?
    /// Layouts announced by ``prefetch(_:)`` and not yet evaluated, oldest first.
    private var ahead: [LayoutInput] = []
    /// Layouts evaluated in a batch and not yet asked for, oldest first.
    private var answered: [(input: LayoutInput, result: Result<LayoutResult, EngineFault>)] = []
    private var answeredStart = 0

    /// Parses a web engine spec: `BROWSER:grid-lanes` (Chromium only), `BROWSER:masonry` (the
    /// older CSS masonry: Firefox and WebKit only), `BROWSER:masonry=PATH` (masonry.js),
    /// `BROWSER:jquery-masonry=PATH` (jQuery Masonry 2), BROWSER one of `chromium`, `firefox`,
    /// `webkit`.
    /// - Returns: `nil` for a spec without a browser prefix.
    /// - Throws: ``WaterfallCheckError/usage(_:)`` for an unknown web engine, one the browser does
    ///   not have, or a library spec without a path.
    public static func parse(spec: String) throws -> (browser: Browser, kind: Kind)? {
        guard let browser = Browser.allCases.first(where: { spec.hasPrefix($0.rawValue + ":") }) else { return nil }
        let rest = spec.dropFirst(browser.rawValue.count + 1)
        func path(_ name: String, _ hint: String) throws -> String {
            let p = String(rest.dropFirst(name.count + 1))
            guard !p.isEmpty else { throw WaterfallCheckError.usage("\(browser.rawValue):\(name)=PATH needs the path of a \(hint)") }
            return p
        }
        if rest == "grid-lanes" {
            guard browser == .chromium else {
                throw WaterfallCheckError.usage("\(spec): only Chromium has CSS grid-lanes here (Firefox ESR and WebKitGTK 2.50 have the older masonry: \(browser.rawValue):masonry)")
            }
            return (browser, .gridLanes)
        }
        if rest == "masonry" {
            guard browser != .chromium else {
                throw WaterfallCheckError.usage("chromium:masonry: Chromium has no CSS masonry (use chromium:grid-lanes, or chromium:masonry=PATH for masonry.js)")
            }
            return (browser, .cssMasonry)
        }
        if rest.hasPrefix("masonry=") { return (browser, .masonry(path: try path("masonry", "masonry.js file (scripts/fetch-masonry fetches 3.3.1)"))) }
        if rest.hasPrefix("jquery-masonry=") {
            return (browser, .jqueryMasonry(path: try path("jquery-masonry", "jquery.masonry.js file (scripts/fetch-masonry --jquery fetches 2.1.05)")))
        }
        throw WaterfallCheckError.usage("no web engine '\(spec)'; the web engines are \(specs.joined(separator: ", "))")
    }

    /// ``parse(spec:)``'s kind, for Chromium specs and any other. - Returns: `nil` for a spec
    /// without a browser prefix.
    public static func kind(ofSpec spec: String) throws -> Kind? { try parse(spec: spec)?.kind }

    /// The Chromium the web engines would run (`$WATERFALL_CHROMIUM`, else `PATH`), or `nil`
    /// when there is none: for tests and scripts that skip without one.
    public static func chromiumExecutable() -> String? { try? ChromiumBrowser.findExecutable() }

    /// Whether `browser` can run here (its programs found), for tests and scripts that skip.
    public static func isAvailable(_ browser: Browser) -> Bool {
        switch browser {
        case .chromium: return chromiumExecutable() != nil
        case .firefox: return (try? GeckoBrowser.findExecutable()) != nil
        case .webkit: return (try? WebKitBrowser.findExecutables()) != nil
        }
    }

    /// Removes the profiles of every running browser (Chromium's, Firefox's), for the
    /// SIGINT/SIGTERM path after ``ExternalEngine/killAll()`` has killed the browsers.
    /// - Returns: how many were removed.
    @discardableResult
    public static func removeBrowserDirectories() -> Int {
        let paths = WebPageSupport.directories.withLock { p -> Set<String> in defer { p.removeAll() }; return p }
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        return paths.count
    }

    /// Checks a `--scale` value: a power of two in [1/64, 64].
    public static func isValidScale(_ s: CGFloat) -> Bool {
        s.isFinite && s >= 1.0 / 64 && s <= 64 && s.significandWidth == 0
    }

    /// jQuery for jQuery Masonry: `$WATERFALL_JQUERY`, else `jquery.js` beside the plugin, else
    /// Debian's `libjs-jquery` (`/usr/share/javascript/jquery/jquery.js`).
    static func jqueryPath(besides plugin: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let fm = FileManager.default
        if let given = environment["WATERFALL_JQUERY"], !given.isEmpty { return given }
        let beside = (plugin as NSString).deletingLastPathComponent + "/jquery.js"
        for p in [beside, "/usr/share/javascript/jquery/jquery.js", "/usr/share/javascript/jquery/jquery.min.js"] where fm.fileExists(atPath: p) {
            return p
        }
        return nil
    }

    /// An engine for `configuration`; reads a library file now, starts no browser yet.
    /// - Throws: ``WaterfallCheckError/usage(_:)`` for a bad scale, a bad `$WATERFALL_CHROMIUM_PAGES`
    ///   or no browser;
    ///   ``WaterfallCheckError/cannotRead(path:reason:)`` for a library file that cannot be read.
    public init(_ configuration: Configuration, version: String = "", toleranceProperty: String? = nil) throws {
        guard Self.isValidScale(configuration.scale) else {
            throw WaterfallCheckError.usage("--scale \(JSONWriter.number(configuration.scale)): the scale (CSS px per pt) must be a power of two from 1/64 to 64, such as 0.5, 1 or 2")
        }
        self.configuration = configuration
        switch configuration.browser {
        case .chromium:
            if configuration.pages == nil, configuration.batch > 1 {
                _ = try Configuration.pages(fromEnvironment: ProcessInfo.processInfo.environment[Configuration.pagesVariable])
            }
            executable = try configuration.executable ?? ChromiumBrowser.findExecutable()
        case .firefox: executable = try configuration.executable ?? GeckoBrowser.findExecutable()
        case .webkit:
            let found = try WebKitBrowser.findExecutables()
            webkitExecutables = found
            executable = found.driver
        }
        func read(_ path: String, _ hint: String) throws -> String {
            do { return try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw WaterfallCheckError.cannotRead(path: path, reason: "\(error.localizedDescription) (\(hint))")
            }
        }
        switch configuration.kind {
        case .gridLanes:
            script = Self.gridLanesScript
        case .cssMasonry:
            script = Self.cssMasonryScript
        case .masonry(let path):
            script = try read(path, "BROWSER:masonry=PATH needs a masonry.js file") + "\n;\n" + Self.masonryScript
        case .jqueryMasonry(let path):
            guard let jquery = Self.jqueryPath(besides: path) else {
                throw WaterfallCheckError.usage("jquery-masonry=\(path) needs jQuery: install libjs-jquery (scripts/bootstrap --web), or set WATERFALL_JQUERY=/path/to/jquery.js")
            }
            let jq = try read(jquery, "jQuery for jQuery Masonry")
            let plugin = try read(path, "BROWSER:jquery-masonry=PATH needs a jquery.masonry.js file")
            script = jq + "\n;\n" + plugin + "\n;\n" + Self.jqueryMasonryScript
        }
        descriptor = Self.descriptor(configuration, version: version, toleranceProperty: toleranceProperty)
        if configuration.browser == .chromium { Self.liveChromium.withLock { $0 += 1 } }
    }

    /// The Chromium engines alive in this process: a run's jobs each have one (``lanes(for:in:)``).
    private static let liveChromium = WebPageSupport.Locked(0)

    /// How many of `page`'s pages lay out a batch of `count`: all of them when
    /// ``Configuration/pages`` is given; else at most one per core the run's other Chromium
    /// engines leave (cores / live Chromium engines), so `fuzz` and `compare` with a job per
    /// core lay out one page per job (two per job on two cores was 20 % slower than one), and one
    /// engine alone uses every page it has. The answers are the same either way. O(1).
    private func lanes(for count: Int, in page: WebPage) -> Int {
        if configuration.pages != nil { return min(page.pages, count) }
        let live = max(1, Self.liveChromium.withLock { $0 })
        return max(1, min(page.pages, count, ProcessInfo.processInfo.activeProcessorCount / live))
    }

    /// The pages the running browser lays batches out in (0: not running). For tests.
    public var browserPages: Int { browser?.pages ?? 0 }

    /// What the engine declares: its features, and limits from the scale (docs/web-engines.md).
    /// - Parameter toleranceProperty: for grid-lanes, the tolerance property the browser honours
    ///   (`fit-tolerance`, `flow-tolerance`), as ``toleranceProperty()`` detects it; `nil` when not
    ///   known. A browser that honours neither cannot express a tie tolerance (CSS's default is
    ///   1em), so the engine does not declare `tieTolerance` then; unknown (`nil`) declares it.
    public static func descriptor(_ c: Configuration, version: String, toleranceProperty: String? = nil) -> EngineDescriptor {
        let unit = c.browser == .firefox ? appUnit : layoutUnit
        let quantum = unit / c.scale
        let maxLength = (c.browser == .firefox ? largestGeckoPixels
            : c.browser == .webkit && c.kind == .cssMasonry ? largestWebKitMasonryPixels : largestPixels) / c.scale
        let scaleNote = c.scale == 1 ? "" : " --scale \(JSONWriter.number(c.scale))"
        let browserName = ["chromium": "Chromium", "firefox": "Firefox", "webkit": "WebKitGTK"][c.browser.rawValue]!
        let unitNote = c.browser == .firefox ? "1/60-px app units" : "1/64-px lengths"
        let js: LayoutFeatures = [.sections, .supplementary, .size, .span, .minimumContentHeight, .sectionOverrides]
        switch c.kind {
        case .gridLanes:
            var features = LayoutFeatures.all.subtracting(.pixelScale)
            if toleranceProperty == "none" { features.remove(.tieTolerance) }
            let property = toleranceProperty.map { $0 == "none" ? "no tolerance property (CSS's 1em default: tieTolerance not declared)" : $0 } ?? "fit-tolerance and flow-tolerance"
            return EngineDescriptor(
                name: "\(c.browser.rawValue):grid-lanes", version: version,
                features: features,
                limits: EngineLimits(tieBreaks: [.afterPrevious], lengthQuantum: quantum, maxLength: maxLength),
                summary: "CSS display: grid-lanes in headless \(browserName)\(scaleNote): repeat(n, 1fr), gaps, inset as padding, \(property), the placement cursor (afterPrevious) only; \(unitNote)")
        case .cssMasonry:
            return EngineDescriptor(
                name: "\(c.browser.rawValue):masonry", version: version,
                features: js.union(.roundRobin),
                limits: EngineLimits(tieBreaks: [.leftmost], lengthQuantum: quantum, maxLength: maxLength),
                summary: "the older CSS masonry (grid-template-rows: masonry) in \(browserName)\(scaleNote): repeat(n, 1fr), gaps, inset as padding, exact ties to the start-most track (leftmost, tolerance 0), round-robin as explicit tracks; \(unitNote)")
        case .masonry(let path):
            return EngineDescriptor(
                name: "\(c.browser.rawValue):masonry=\(path)", version: version,
                features: js,
                limits: EngineLimits(tieBreaks: [.leftmost], lengthQuantum: quantum, maxLength: maxLength),
                summary: "masonry.js in \(browserName)\(scaleNote): columnWidth, gutter, row spacing as item margin-bottom, leftmost shortest column, no tie tolerance")
        case .jqueryMasonry(let path):
            return EngineDescriptor(
                name: "\(c.browser.rawValue):jquery-masonry=\(path)", version: version,
                features: js,
                limits: EngineLimits(tieBreaks: [.leftmost], lengthQuantum: quantum, maxLength: maxLength),
                summary: "jQuery Masonry 2 in \(browserName)\(scaleNote): columnWidth, gutterWidth, row spacing as item margin-bottom, leftmost shortest column, no tie tolerance")
        }
    }

    deinit {
        browser?.shutdown()
        if configuration.browser == .chromium { Self.liveChromium.withLock { $0 -= 1 } }
    }

    /// Ends the browser, if running; the next layout starts a new one. Drops what was announced.
    public func shutdown() {
        browser?.shutdown()
        browser = nil
        ahead.removeAll()
        answered.removeAll()
        answeredStart = 0
    }

    /// The process id of the running browser (its process group), or `nil` (for tests and diagnostics).
    public var browserProcessID: Int32? { browser?.processID }

    /// The running browser's product (`HeadlessChrome/156.0.8078.114`, `Firefox/153.8.0`,
    /// `WebKitGTK/2.50.6`), starting it if need be.
    /// - Throws: ``EngineFault`` when it cannot be started or the page script fails to load.
    public func browserVersion() throws -> String { try running().product }

    /// Which tolerance property the browser honours, asked of its CSS parser
    /// (`CSS.supports`): `fit-tolerance` (the name since 2026-08-05), `flow-tolerance` (the
    /// name before), or `none`. Starts the browser if need be.
    /// - Throws: ``EngineFault`` as ``browserVersion()``.
    public func toleranceProperty() throws -> String {
        try running().evaluate("CSS.supports('fit-tolerance', '0px') ? 'fit-tolerance' : CSS.supports('flow-tolerance', '0px') ? 'flow-tolerance' : 'none'",
                               timeout: max(configuration.timeout, 30)) { try $0.string() }
    }

    // MARK: - LayoutEngine

    /// Lays `input` out in the page (docs/web-engines.md for the mapping); an announced input
    /// (``prefetch(_:)``) is answered from its batch.
    /// - Throws: ``LayoutError`` with the §6 code for an invalid input (validated here, the page is
    ///   not asked); ``EngineFault`` when the browser crashes, hangs past the timeout, or answers
    ///   something that is not a layout (the browser is then ended and restarted next time).
    /// - Complexity: O(size of the input) here, plus the browser's layout.
    public func layout(_ input: LayoutInput) throws -> LayoutResult {
        _ = try ReferenceLayout.validate(input)
        if let r = try takeAnswered(input) ?? evaluateAhead(through: input) { return try r.get() }
        let b = try running()
        let expression = "__wf(" + CanonicalWriter.compactInput(input) + "," + JSONWriter.number(configuration.scale) + ")"
        do {
            return try b.evaluate(expression, timeout: configuration.timeout) {
                try Self.result(try Self.flatAnswer(try $0.string()), input: input, scale: configuration.scale)
            }
        } catch {
            shutdown()
            throw error
        }
    }

    /// How many layouts one evaluation may hold (``Configuration/batch``).
    public var pipelineWindow: Int { configuration.batch }

    /// Announces layouts the caller will make next, in order: they are laid out in batches of up to
    /// ``pipelineWindow`` when the first of them is asked for. An input that ``layout(_:)`` would
    /// not send (invalid by §6, or a feature the engine does not declare) ends the announcement; a
    /// query ends it too (no web engine answers queries). A layout asked for out of order drops
    /// what was announced before it. - Complexity: O(size of the requests).
    public func prefetch(_ requests: [EngineRequest]) {
        guard configuration.batch > 1 else { return }
        for r in requests {
            guard case .layout(let input) = r, LayoutFeatures(usedBy: input).isSubset(of: descriptor.features),
                  (try? ReferenceLayout.validate(input)) != nil else { break }
            ahead.append(input)
        }
    }

    /// Lays out `inputs` in one page update, read back in one evaluation (`__wfBatch`): each
    /// input's answer, or its §6 error, or the fault of the whole batch for every input.
    /// - Complexity: O(total size of the inputs), plus the browser's layout.
    public func layoutBatch(_ inputs: [LayoutInput]) -> [Result<LayoutResult, Error>] {
        var out = [Result<LayoutResult, Error>?](repeating: nil, count: inputs.count)
        var send: [Int] = []
        for (i, input) in inputs.enumerated() {
            do { _ = try ReferenceLayout.validate(input); send.append(i) } catch { out[i] = .failure(error) }
        }
        if !send.isEmpty {
            do {
                let results = try evaluateBatch(send.map { inputs[$0] })
                for (k, i) in send.enumerated() { out[i] = results[k].mapError { $0 } }
            } catch {
                for i in send { out[i] = .failure(error) }
            }
        }
        return out.map { $0! }
    }

    /// The answer to `input` if it is the next evaluated one (dropping those before it, which the
    /// caller skipped).
    private func takeAnswered(_ input: LayoutInput) -> Result<LayoutResult, EngineFault>? {
        while answeredStart < answered.count {
            let a = answered[answeredStart]
            answeredStart += 1
            if answeredStart == answered.count { answered.removeAll(keepingCapacity: true); answeredStart = 0 }
            if a.input == input { return a.result }
        }
        return nil
    }

    /// When `input` was announced: evaluates the announced inputs from it on (up to the batch
    /// size) in one batch and returns its answer; `nil` when it was not announced (what was is
    /// dropped). A batch that faults as a whole (a crash, a timeout) restarts the browser and
    /// returns `nil`, so `input` is laid out alone and a fault is reported against its own case.
    private func evaluateAhead(through input: LayoutInput) throws -> Result<LayoutResult, EngineFault>? {
        guard let at = ahead.firstIndex(of: input) else { ahead.removeAll(keepingCapacity: true); return nil }
        let count = min(ahead.count - at, configuration.batch)
        let batch = Array(ahead[at..<(at + count)])
        ahead.removeSubrange(0..<(at + count))
        if batch.count == 1 { return nil }
        let results: [Result<LayoutResult, EngineFault>]
        do { results = try evaluateBatch(batch) } catch {
            shutdown()
            return nil
        }
        answered.append(contentsOf: zip(batch.dropFirst(), results.dropFirst()).map { ($0, $1) })
        return results[0]
    }

    /// `__wfBatch(inputs, S)`: every input built in one page update, every frame read in one
    /// evaluation; with several pages (Chromium, ``Configuration/pages``) the inputs are split
    /// between them in order, and the pages lay their parts out side by side.
    /// - Throws: ``EngineFault`` for the batch as a whole (the browser is then ended).
    private func evaluateBatch(_ inputs: [LayoutInput]) throws -> [Result<LayoutResult, EngineFault>] {
        let b = try running()
        let lanes = lanes(for: inputs.count, in: b)
        let parts = (0..<lanes).map { k in inputs[(inputs.count * k / lanes)..<(inputs.count * (k + 1) / lanes)] }
        let expressions = parts.map { part in
            var expression = "__wfBatch(["
            for (i, input) in part.enumerated() {
                if i > 0 { expression += "," }
                expression += CanonicalWriter.compactInput(input)
            }
            return expression + "]," + JSONWriter.number(configuration.scale) + ")"
        }
        let name = descriptor.name
        do {
            return try b.evaluateSideBySide(expressions, timeout: configuration.timeout * Double(min(inputs.count, 10))) { k, v -> [Result<LayoutResult, EngineFault>] in
                let answers = try Self.batchAnswers(try v.string(), count: parts[k].count)
                return zip(parts[k], answers).map { input, answer -> Result<LayoutResult, EngineFault> in
                    do { return .success(try Self.result(try answer.get(), input: input, scale: configuration.scale)) } catch {
                        return .failure(EngineFault(.wrongShape, engine: name, "\(error)"))
                    }
                }
            }.flatMap { $0 }
        } catch {
            shutdown()
            throw error
        }
    }

    private func running() throws -> WebPage {
        if let b = browser { return b }
        guard !EngineProcess.live.isStopped else {
            throw EngineFault(.spawn, engine: descriptor.name, "not restarted: the run is being stopped")
        }
        let start = max(configuration.timeout, 30)
        let b: WebPage
        switch configuration.browser {
        case .chromium: b = try ChromiumBrowser(executable: executable, displayName: descriptor.name, timeout: start)
        case .firefox: b = try GeckoBrowser(executable: executable, displayName: descriptor.name, timeout: start)
        case .webkit:
            let e = webkitExecutables!
            b = try WebKitBrowser(driver: e.driver, browser: e.browser, xvfb: e.xvfb, displayName: descriptor.name, timeout: start)
        }
        do {
            if let chromium = b as? ChromiumBrowser, configuration.batch > 1 { try chromium.openPages(ChromiumBrowser.morePages(configuration.openedPages, arguments: ChromiumBrowser.userArguments), timeout: start) }
            let ready = try b.evaluateSideBySide(Array(repeating: script + "\n;typeof __wf === 'function'", count: b.pages), timeout: start) { try $1.bool() }
            guard ready.allSatisfy({ $0 }) else { throw EngineFault(.handshake, engine: descriptor.name, "the page script did not define __wf") }
        } catch let f as EngineFault {
            b.shutdown()
            throw EngineFault(.handshake, engine: descriptor.name, "loading the page script: \(f.message)", reply: f.reply, stderr: f.stderr)
        }
        browser = b
        return b
    }
}

extension WebEngine {
    /// The engine maker for `browser` and `kind` at `options.scale`: starts a browser once to read
    /// its version and, for grid-lanes, the tolerance property it honours (and to fail now, not on
    /// the first case, when the browser cannot run); every engine made then starts its own
    /// browser on first use.
    /// - Throws: ``WaterfallCheckError`` (no browser, bad scale, unreadable library);
    ///   ``EngineFault`` when the browser does not start or the page script fails.
    public static func entry(_ kind: Kind, browser: Browser = .chromium, options: EngineRegistry.Options) throws -> EngineEntry {
        let configuration = Configuration(kind: kind, browser: browser, scale: options.scale, timeout: options.timeout)
        let probe = try WebEngine(configuration)
        let version = try probe.browserVersion()
        let property: String? = kind == .gridLanes ? try probe.toleranceProperty() : nil
        probe.shutdown()
        let descriptor = Self.descriptor(configuration, version: version, toleranceProperty: property)
        // The probe checked the configuration: making more cannot fail but for a file removed since.
        return EngineEntry(descriptor: descriptor, make: { () -> LayoutEngine in
            if let engine = try? WebEngine(configuration, version: version, toleranceProperty: property) { return engine }
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
