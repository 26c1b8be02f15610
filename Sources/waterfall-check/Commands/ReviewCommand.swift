import Foundation
import WaterfallEngines

/// `waterfall-check review`: lists pending recordings and what each changes in `expected`.
enum ReviewCommand: Command {
    static let name = "review"
    static let summary = "List pending recordings (*.json.new) and what they change in expected"
    static let usage = """
    USAGE: waterfall-check review [PATH...]

    Lists every pending recording (<name>.json.new) under PATH (default: the current directory)
    with a table of what accepting it changes in the fixture's expected values: element, current
    frame, pending frame, delta. Then accept or reject them ('waterfall-check accept', 'reject').

    EXIT STATUS: 0 listed (also when there is nothing pending), 2 a PATH that does not exist, or a
    pending file or its fixture that cannot be read.
    """

    static func run(_ args: inout Arguments) throws -> Int32 {
        var rest = try args.finish()
        if rest.isEmpty { rest = ["."] }
        if let missing = rest.first(where: { $0.isEmpty || !FileManager.default.fileExists(atPath: $0) }) {
            printError("error: no such file or directory: '\(missing)'"); return exitCode(.error)
        }
        let pending = PendingFiles.find(under: rest.map { URL(fileURLWithPath: $0) })
        guard !pending.isEmpty else { print("no pending recordings under \(rest.joined(separator: " "))"); return exitCode(.passed) }
        var status: Int32 = 0
        for file in pending {
            do {
                let review = try PendingFiles.review(file)
                let count = review.changes.count
                print("\(file.path): \(count) change\(count == 1 ? "" : "s") in expected" + (review.note.map { "; \($0)" } ?? ""))
                if !review.changes.isEmpty {
                    print(TextReport.table(review.changes, rows: .max, indent: "  ",
                                           headers: ["element", "current", "pending", "delta"]), terminator: "")
                }
            } catch {
                printError("error: \(file.path): \(error)")
                status = 2
            }
        }
        print("\(pending.count) pending; accept with 'waterfall-check accept PATH...' or '--all', reject likewise")
        return status
    }
}
