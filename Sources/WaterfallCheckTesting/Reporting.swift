import Foundation
import Testing
import WaterfallCheckReports
#if canImport(XCTest)
import XCTest
#endif

/// Where an assert was called, as both test frameworks take it.
struct CallSite {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt

    var sourceLocation: SourceLocation {
        SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }

    /// Reports one failure at the call site through the test framework in use, as
    /// swift-snapshot-testing does: inside a Swift Testing test (`Test.current` is set) an
    /// `Issue.record` plus one `Attachment.record` per file (collected by `swift test
    /// --attachments-path`); otherwise `XCTFail` with the same message at the same file and line
    /// (swift-corelibs-xctest has no attachments, so an XCTest run attaches nothing).
    func fail(_ message: String, attachments: [FailureArtifacts.File] = []) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            for file in attachments { Attachment.record([UInt8](file.data), named: file.name, sourceLocation: sourceLocation) }
            return
        }
        #if canImport(XCTest)
        XCTFail(message, file: filePath, line: line)
        #else
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        #endif
    }

    /// Reports something the test must show but that fails nothing (a disabled fixture): a
    /// warning issue in Swift Testing, a `file:line: warning:` line on standard output under XCTest.
    func warn(_ message: String) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: sourceLocation)
        } else {
            print("\(filePath):\(line): warning: \(message)")
        }
    }
}
