import Foundation
import WaterfallLayout

extension LayoutResult {
    /// Calls `body` with every element and frame in document order (headers, items, footers,
    /// section by section), without building ``elements``; extra elements are not visited.
    /// Stops and returns the first non-nil value `body` returns. O(elements).
    func firstFrame<T>(where body: (ElementID, CGRect) -> T?) -> T? {
        for (s, section) in sections.enumerated() {
            if let h = section.header, let v = body(.header(s), h) { return v }
            for (i, f) in section.items.enumerated() { if let v = body(.item(s, i), f) { return v } }
            if let f = section.footer, let v = body(.footer(s), f) { return v }
        }
        return nil
    }
}
