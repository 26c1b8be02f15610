import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation
import WaterfallCheckCore

extension LayoutResult {
    /// Calls `body` with every element and frame in document order (headers, items, footers,
    /// section by section), without building ``elements``; extra elements are not visited.
    /// Stops and returns the first non-nil value `body` returns. O(elements).
    package func firstFrame<T>(where body: (ElementID, CGRect) -> T?) -> T? {
        // In place: a section copied out of the array retains and releases its frames.
        sections.withUnsafeBufferPointer { sections in
            for s in sections.indices {
                if let h = sections[s].header, let v = body(.header(s), h) { return v }
                let found = sections[s].items.withUnsafeBufferPointer { items -> T? in
                    for i in items.indices { if let v = body(.item(s, i), items[i]) { return v } }
                    return nil
                }
                if let found { return found }
                if let f = sections[s].footer, let v = body(.footer(s), f) { return v }
            }
            return nil
        }
    }
}
