import Foundation
import WaterfallCheck

/// One case's outcome in one browser (docs/web-engines.md, *WPT*).
public struct WPTResult: Hashable, Sendable {
    public enum Status: String, Hashable, Sendable {
        case pass
        case fail
        /// The browser cannot express the test (a syntax it does not parse and that does not
        /// translate), or the test cannot be run here (a reference missing, a kind not run).
        case cannotRun = "cannot run"
    }
    /// The test's path relative to the WPT root.
    public var path: String
    public var browser: WebEngine.Browser
    public var status: Status
    /// `from → to` when the test ran translated to another syntax (``WPTSyntax``), else `nil`.
    public var translation: String?
    /// Why it cannot run, how it failed (pixels differing, largest channel difference), and the
    /// translation's notes; empty for a plain pass.
    public var detail: String

    public init(path: String, browser: WebEngine.Browser, status: Status, translation: String?, detail: String) {
        self.path = path; self.browser = browser; self.status = status; self.translation = translation; self.detail = detail
    }
}

/// Runs web-platform-tests reftests (and crashtests) in the three browsers the web engines drive,
/// the way WPT's own runner does: load the test and its reference in the same browser at 800 × 600,
/// wait for fonts, `reftest-wait` and two animation frames, screenshot both, and compare: identical
/// PNG bytes match; otherwise the browser decodes both screenshots and counts the pixels that
/// differ and the largest per-channel difference, judged against the test's `fuzzy` meta.
/// A test written in a masonry syntax the browser does not parse is translated
/// (``WPTSyntax/translate(_:to:)``) and reported as translated; one that does not translate is
/// `cannot run`, with the reason.
///
/// Files are loaded as `file:` URLs from copies in a private folder (removed at the end): each copy
/// gets a `<base>` at its original folder (relative links, `@import`s resolve as in WPT) and its
/// root-relative URLs (`/fonts/...`) rewritten to the WPT root given. Not run (`cannot run`, with
/// the reason): testharness.js tests (this runner collects no subtest results), a test whose
/// reference is not in the folder, a test using Ahem without `fonts/Ahem.ttf`. A reference marked
/// `<meta name="waterfall-check-reference">` (ours, hand-derived) is said so on the result.
///
/// Used from one thread at a time.
public final class WPTRunner {
    public let root: URL
    /// Seconds for each browser command, and for a `reftest-wait` to be lifted.
    public let timeout: Double
    /// Where a failing reftest's two screenshots are written (`PATH.BROWSER.png` and
    /// `PATH.BROWSER-ref.png`, the test's path with `/` as `__`), or `nil`.
    public let screenshots: URL?

    /// - Parameters: `root` the WPT checkout (or a scratch folder keeping WPT's relative paths).
    public init(root: URL, timeout: Double = 30, screenshots: URL? = nil) {
        self.screenshots = screenshots
        self.root = root.standardizedFileURL
        self.timeout = timeout
    }

    /// Runs `cases` in `browser`, calling `progress` with each result as it is decided.
    /// A browser that does not start makes every case `cannot run` with the reason; a fault during
    /// a case (a crash, a timeout) fails that case and the next one starts a new browser.
    /// - Complexity: two page loads and screenshots per reference of each case (one more page load
    ///   to decode when the screenshots' bytes differ).
    public func run(_ cases: [WPTCase], in browser: WebEngine.Browser, progress: (WPTResult) -> Void = { _ in }) -> [WPTResult] {
        var results: [WPTResult] = []
        func record(_ r: WPTResult) { results.append(r); progress(r) }
        let scratch: String
        do { scratch = try WebPageSupport.temporaryDirectory("wpt", engine: "\(browser.rawValue) (WPT)") } catch {
            for c in cases { record(WPTResult(path: c.path, browser: browser, status: .cannotRun, translation: nil, detail: "\(error)")) }
            return results
        }
        defer { WebPageSupport.removeDirectory(scratch) }
        var page: WebPage?
        var parsed: Set<WPTSyntax> = []
        defer { page?.shutdown() }
        for (n, c) in cases.enumerated() {
            if page == nil {
                do {
                    let p = try browser.startPage(timeout: max(timeout, 30))
                    page = p
                    parsed = Set(try p.evaluate(WPTSyntax.supportProbe, timeout: timeout) { node in
                        try node.array().compactMap { WPTSyntax(rawValue: try $0.string()) }
                    })
                } catch {
                    page?.shutdown()
                    page = nil
                    let why = (error as? EngineFault)?.message ?? "\(error)"
                    record(WPTResult(path: c.path, browser: browser, status: .cannotRun, translation: nil, detail: "the browser did not start: \(why)"))
                    continue
                }
            }
            do {
                record(try run(c, number: n, page: page!, parsed: parsed, browser: browser, scratch: scratch))
            } catch let f as EngineFault {
                page?.shutdown()
                page = nil
                record(WPTResult(path: c.path, browser: browser, status: .fail, translation: nil, detail: "browser fault: \(f.message)"))
            } catch {
                record(WPTResult(path: c.path, browser: browser, status: .cannotRun, translation: nil, detail: "\(error)"))
            }
        }
        return results
    }

    /// One case in a running browser.
    private func run(_ c: WPTCase, number: Int, page: WebPage, parsed: Set<WPTSyntax>, browser: WebEngine.Browser,
                     scratch: String) throws -> WPTResult {
        let refs: [WPTCase.Reference]
        switch c.kind {
        case .testharness:
            return WPTResult(path: c.path, browser: browser, status: .cannotRun, translation: nil,
                             detail: "a testharness.js test: this runner runs reftests and crashtests only")
        case .crashtest: refs = []
        case .reftest(let r): refs = r
        }
        let dir = (c.path as NSString).deletingLastPathComponent
        var files = [(path: c.path, text: try read(c.path))]
        var missing: String?
        for r in refs {
            let p = WPTCase.normalized(dir, r.href)
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(p).path) else { missing = p; break }
            files.append((p, try read(p)))
        }
        /// A missing reference is said with what the browser would have done with the test.
        func result(_ s: WPTResult.Status, _ detail: String, _ translation: String? = nil) -> WPTResult {
            guard let missing else { return WPTResult(path: c.path, browser: browser, status: s, translation: translation, detail: detail) }
            let would = s == .cannotRun ? "and this browser cannot express it: " + detail
                : translation.map { "the test would run translated \($0)" } ?? "the test is in a syntax this browser parses"
            return WPTResult(path: c.path, browser: browser, status: .cannotRun, translation: nil,
                             detail: "reference \(missing) is not in the WPT folder (\(would))")
        }
        // Linked style sheets are not translated: one in a syntax this browser does not parse
        // would make a correct browser fail (new user: WPT's support/*.css).
        for f in files {
            let fdir = (f.path as NSString).deletingLastPathComponent
            for attrs in WPTCase.tags("link", in: f.text) where attrs["rel"]?.lowercased() == "stylesheet" {
                guard let href = attrs["href"], !href.contains("://") else { continue }
                let p = WPTCase.normalized(fdir, href)
                guard let css = try? String(contentsOf: root.appendingPathComponent(p), encoding: .utf8) else { continue }
                if let u = WPTSyntax.used(in: css).sorted().first(where: { !parsed.contains($0) }) {
                    return result(.cannotRun, "its style sheet \(p) is written in \(u.rawValue), which this browser does not parse; style sheets are not translated")
                }
            }
        }
        // The syntax the files are written in, and the one this browser will run.
        let used = files.reduce(into: Set<WPTSyntax>()) { $0.formUnion(WPTSyntax.used(in: $1.text)) }
        var translation: String?
        var notes: [String] = []
        for u in used.sorted() where !parsed.contains(u) {
            guard let target = [WPTSyntax.gridLanes, .templateMasonry].first(where: parsed.contains) else {
                return result(.cannotRun, "written in \(u.rawValue); this browser parses none of the masonry syntaxes")
            }
            var out: [(String, String)] = []
            for f in files {
                switch u.translate(f.text, to: target) {
                case .success(let t):
                    out.append((f.path, t.text))
                    for n in t.notes where !notes.contains(n) { notes.append(n) }
                case .failure(let e):
                    return result(.cannotRun, "written in \(u.rawValue), which this browser does not parse (it parses \(parsed.sorted().map(\.rawValue).joined(separator: ", "))); not translatable: \(e)")
                }
            }
            files = out.map { (path: $0.0, text: $0.1) }
            translation = (translation.map { $0 + ", " } ?? "") + "\(u.rawValue) → \(target.rawValue)"
        }
        // A reference of ours stands in where WPT's is not at hand: said on every result.
        if files.dropFirst().contains(where: { $0.text.contains("name=\"waterfall-check-reference\"") }) {
            notes.append("reference: WaterfallCheck's own, hand-derived (docs/wpt-references), not WPT's")
        }
        // Ahem's metrics are what such tests and their references are written for: with a
        // fallback font the reference no longer shows what the test should (measured: every
        // intrinsic-sizing case of the held-back set differs in all three browsers without it).
        if files.contains(where: { $0.text.range(of: "ahem", options: .caseInsensitive) != nil }),
           !FileManager.default.fileExists(atPath: root.appendingPathComponent("fonts/Ahem.ttf").path) {
            return result(.cannotRun, "needs the Ahem font, and fonts/Ahem.ttf is not in the WPT folder")
        }
        // Copies with a <base> at the original folder, loaded as file: URLs.
        var urls: [String] = []
        for (i, f) in files.enumerated() {
            let ext = (f.path as NSString).pathExtension
            let copy = "\(scratch)/\(number)-\(i).\(ext)"
            let original = root.appendingPathComponent(f.path).deletingLastPathComponent()
            do { try prepared(f.text, folder: original).write(toFile: copy, atomically: true, encoding: .utf8) } catch {
                throw WaterfallCheckError.cannotWrite(path: copy, reason: error.localizedDescription)
            }
            urls.append(URL(fileURLWithPath: copy).absoluteString)
        }
        if missing != nil { return result(.pass, "", translation) }
        let noteText = notes.joined(separator: "; ")
        let testShot = try load(urls[0], page)
        if let failure = testShot.failure { return result(.fail, join(failure, noteText), translation) }
        if refs.isEmpty { return result(.pass, noteText, translation) }
        for (i, r) in refs.enumerated() {
            let refShot = try load(urls[i + 1], page)
            if let failure = refShot.failure { return result(.fail, join("reference: \(failure)", noteText), translation) }
            let d = try difference(testShot.png, refShot.png, page)
            let same = d.sizes == nil && c.fuzzy.allows(maxDifference: d.maxDifference, pixels: d.pixels)
            let described = d.sizes ?? (d.pixels == 0 ? "identical" : "\(d.pixels) pixels differ, largest channel difference \(d.maxDifference)")
            if same != r.match {
                try saveScreenshots(c.path, browser, testShot.png, refShot.png)
                return result(.fail, join(r.match ? "differs from \(r.href): \(described)" : "matches \(r.href), which it must not", noteText), translation)
            }
        }
        return result(.pass, noteText, translation)
    }

    /// Writes a failure's screenshots under ``screenshots``.
    /// - Throws: ``WaterfallCheckError/cannotWrite(path:reason:)``.
    private func saveScreenshots(_ path: String, _ browser: WebEngine.Browser, _ test: String, _ reference: String) throws {
        guard let dir = screenshots else { return }
        let stem = dir.appendingPathComponent(path.replacingOccurrences(of: "/", with: "__") + "." + browser.rawValue).path
        for (file, png) in [(stem + ".png", test), (stem + "-ref.png", reference)] {
            do {
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                try Data(base64Encoded: png).unwrap(file).write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                throw WaterfallCheckError.cannotWrite(path: file, reason: "\(error)")
            }
        }
    }

    private func join(_ a: String, _ b: String) -> String { b.isEmpty ? a : a + " (" + b + ")" }

    private func read(_ path: String) throws -> String {
        let url = root.appendingPathComponent(path)
        do { return try String(contentsOf: url, encoding: .utf8) } catch {
            throw WaterfallCheckError.cannotRead(path: url.path, reason: error.localizedDescription)
        }
    }

    /// `text` with a `<base>` at `folder` (after `<head>`, else after the doctype, else first) and
    /// its root-relative URLs (`href="/`, `src="/`, `url(/`, `@import "/`) made absolute under
    /// ``root``.
    func prepared(_ text: String, folder: URL) -> String {
        let rootURL = URL(fileURLWithPath: root.path, isDirectory: true).absoluteString
        var t = WPTSyntax.replace(#"((?:href|src)\s*=\s*["'])/(?!/)"#, in: text, with: "$1" + NSRegularExpression.escapedTemplate(for: rootURL))
        t = WPTSyntax.replace(#"((?:url\(|@import)\s*["']?)/(?!/)"#, in: t, with: "$1" + NSRegularExpression.escapedTemplate(for: rootURL))
        let base = "<base href=\"\(URL(fileURLWithPath: folder.path, isDirectory: true).absoluteString)\">"
        for pattern in [#"<head\b[^>]*>"#, #"<!doctype[^>]*>"#] {
            if let r = t.range(of: pattern, options: [.regularExpression, .caseInsensitive]) {
                t.insert(contentsOf: base, at: r.upperBound)
                return t
            }
        }
        return base + t
    }

    /// The wait WPT does before a screenshot: fonts loaded, `reftest-wait` lifted (within the
    /// timeout), two animation frames.
    private var waitScript: String {
        """
        (async () => {
          if (document.fonts) await document.fonts.ready;
          const t0 = Date.now();
          while (document.documentElement.classList.contains('reftest-wait')) {
            if (Date.now() - t0 > \(Int(timeout * 1000))) return 'reftest-wait was not removed within \(formatSeconds(timeout))';
            await new Promise(r => setTimeout(r, 20));
          }
          await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
          return '';
        })()
        """
    }

    private func load(_ url: String, _ page: WebPage) throws -> (png: String, failure: String?) {
        try page.navigate(to: url, timeout: timeout)
        let waited = try page.evaluateAwaiting(waitScript, timeout: timeout + 5) { try $0.string() }
        if !waited.isEmpty { return ("", waited) }
        return (try page.screenshot(timeout: timeout), nil)
    }

    /// The pixels that differ between two PNGs (base64) and the largest per-channel difference;
    /// `sizes` says how the sizes differ when they do. Identical bytes are identical pixels;
    /// otherwise the browser decodes both (on `about:blank`, so no page script interferes).
    private func difference(_ a: String, _ b: String, _ page: WebPage) throws -> (pixels: Int, maxDifference: Int, sizes: String?) {
        if a == b { return (0, 0, nil) }
        try page.navigate(to: "about:blank", timeout: timeout)
        let script = """
        (async (a, b) => {
          const load = s => new Promise((res, rej) => { const i = new Image(); i.onload = () => res(i);
            i.onerror = () => rej(new Error('a screenshot is not a PNG the browser decodes')); i.src = 'data:image/png;base64,' + s; });
          const [x, y] = await Promise.all([load(a), load(b)]);
          if (x.naturalWidth !== y.naturalWidth || x.naturalHeight !== y.naturalHeight)
            return [0, 0, x.naturalWidth + 'x' + x.naturalHeight + ' against ' + y.naturalWidth + 'x' + y.naturalHeight];
          const px = i => { const c = document.createElement('canvas'); c.width = i.naturalWidth; c.height = i.naturalHeight;
            const g = c.getContext('2d'); g.drawImage(i, 0, 0); return g.getImageData(0, 0, c.width, c.height).data; };
          const p = px(x), q = px(y);
          let n = 0, m = 0;
          for (let k = 0; k < p.length; k += 4) {
            const d = Math.max(Math.abs(p[k] - q[k]), Math.abs(p[k + 1] - q[k + 1]), Math.abs(p[k + 2] - q[k + 2]), Math.abs(p[k + 3] - q[k + 3]));
            if (d > 0) { n++; if (d > m) m = d; }
          }
          return [n, m, ''];
        })(\(JSONWriter.quoted(a)), \(JSONWriter.quoted(b)))
        """
        return try page.evaluateAwaiting(script, timeout: timeout) { v in
            let r = try v.array()
            let sizes = try r[2].string()
            return (Int(try r[0].number()), Int(try r[1].number()), sizes.isEmpty ? nil : "screenshots of different sizes: " + sizes)
        }
    }
}

private extension Optional {
    func unwrap(_ what: String) throws -> Wrapped {
        guard let self else { throw WaterfallCheckError.cannotWrite(path: what, reason: "the browser's screenshot is not base64") }
        return self
    }
}

extension WebEngine.Browser {
    /// A bare page of this browser, started as the web engines start theirs (Chromium's
    /// experimental web platform features, Firefox's masonry pref, WebKitGTK's `Masonry` feature).
    /// - Throws: ``WaterfallCheckError/usage(_:)`` when the browser is not installed;
    ///   ``EngineFault`` when it does not start.
    func startPage(timeout: Double) throws -> WebPage {
        let name = "\(rawValue) (WPT)"
        switch self {
        case .chromium: return try ChromiumBrowser(executable: ChromiumBrowser.findExecutable(), displayName: name, timeout: timeout)
        case .firefox: return try GeckoBrowser(executable: GeckoBrowser.findExecutable(), displayName: name, timeout: timeout)
        case .webkit:
            let e = try WebKitBrowser.findExecutables()
            return try WebKitBrowser(driver: e.driver, browser: e.browser, xvfb: e.xvfb, displayName: name, timeout: timeout, compositing: true)
        }
    }
}
