import Foundation
import Testing
import WaterfallCheckSupport
@testable import WaterfallCheckTransport

/// `$WATERFALL_CHROMIUM_PAGES` was read as a whole number from 1 to 16 and anything else was
/// ignored: `99`, `0` or `abc` ran with 2 pages and said nothing. Bad input is a usage error
/// naming the variable. (The value is parsed by a function of it, not through `setenv`: the
/// tests run in parallel in one process.)
@Suite("Chromium pages variable")
struct ChromiumPagesVariableTests {
    @Test("1 to 16 is the count; unset is none; anything else is a usage error naming the variable")
    func parsed() throws {
        #expect(try WebEngine.Configuration.pages(fromEnvironment: nil) == nil)
        #expect(try WebEngine.Configuration.pages(fromEnvironment: "1") == 1)
        #expect(try WebEngine.Configuration.pages(fromEnvironment: "16") == 16)
        for bad in ["0", "-1", "17", "99", "abc", "", " 2", "2.5"] {
            #expect(throws: WaterfallCheckError.self, "\(bad)") { try WebEngine.Configuration.pages(fromEnvironment: bad) }
            do { _ = try WebEngine.Configuration.pages(fromEnvironment: bad) } catch {
                #expect("\(error)".contains("WATERFALL_CHROMIUM_PAGES=\(bad)"), "\(error)")
            }
        }
    }
}

/// `$WATERFALL_CHROMIUM_ARGS=--single-process` (docs/web-engines.md tried it for speed) failed
/// every start once a second page opened: this Chromium dies of SIGTRAP creating a second
/// browser context in one process. One page there.
@Suite("Chromium pages under --single-process")
struct ChromiumSingleProcessPagesTests {
    @Test("no page beside the first under --single-process; pages - 1 otherwise")
    func morePages() {
        #expect(ChromiumBrowser.morePages(2, arguments: ["--single-process"]) == 0)
        #expect(ChromiumBrowser.morePages(16, arguments: ["--disable-gpu", "--single-process"]) == 0)
        #expect(ChromiumBrowser.morePages(2, arguments: []) == 1)
        #expect(ChromiumBrowser.morePages(1, arguments: ["--incognito"]) == 0)
        #expect(ChromiumBrowser.morePages(16, arguments: []) == 15)
    }
}
