import Foundation
import WaterfallCheckCore
import WaterfallCheckFixture
import WaterfallCheckJSON
import WaterfallCheckSupport
import Foundation

extension LayoutInput {
    /// The column (FIXTURE-FORMAT §5 step 2: `x(c) = I.left + c (w + columnSpacing)`) whose origin
    /// is `frame`'s x within 0.01 pt, in section `section`; `nil` when none is (or the section
    /// does not exist). A spanning item's column is its first.
    /// - Complexity: O(1).
    public func column(of frame: CGRect, section: Int) -> Int? {
        guard section >= 0, section < sections.count, frame.minX.isFinite else { return nil }
        let s = layout, sec = sections[section]
        let n = columnCount(of: sec), I = sectionInset(of: sec)
        guard n >= 1 else { return nil }
        var w = (s.containerWidth - I.left - I.right - CGFloat(n - 1) * s.columnSpacing) / CGFloat(n)
        if let p = s.pixelScale, p > 0 { w = (w * p).rounded(.down) / p }
        guard w.isFinite, w + s.columnSpacing > 0 else { return nil }
        let k = ((frame.minX - I.left) / (w + s.columnSpacing)).rounded()
        guard k >= 0, k < CGFloat(n), abs(I.left + k * (w + s.columnSpacing) - frame.minX) <= 0.01 else { return nil }
        return Int(k)
    }
}

extension LayoutDiff.Entry {
    /// The columns of an item that changed column: (expected, actual), by `input`'s geometry.
    public func columns(in input: LayoutInput) -> (expected: Int, actual: Int)? {
        guard let id = element, id.kind == .item, case .frame(let e)? = expected, case .frame(let a)? = actual,
              let ce = input.column(of: e, section: id.section), let ca = input.column(of: a, section: id.section), ce != ca else { return nil }
        return (ce, ca)
    }

    /// ``sentence`` in the user's words where the input tells more: an item that changed column
    /// reads `item 0.0 went to column 2, expected column 0: expected [..] actual [..]` (the sides
    /// named `expectedName` and `actualName`: `baseline`, `candidate` for a comparison).
    public func sentence(input: LayoutInput?, expectedName: String = "expected", actualName: String = "actual") -> String {
        guard let input, let (ce, ca) = columns(in: input) else {
            guard expectedName != "expected" || actualName != "actual" else { return sentence }
            return sentence.replacingOccurrences(of: ": expected ", with: ": \(expectedName) ")
                .replacingOccurrences(of: " actual ", with: " \(actualName) ")
        }
        let (e, a) = sides
        let went = actualName == "actual" ? "went to column \(ca), expected column \(ce)"
            : "went to column \(ca) in the \(actualName), column \(ce) in the \(expectedName)"
        return "\(subject) \(went): \(expectedName) \(e) \(actualName) \(a)"
    }
}

extension ElementID {
    /// The JSON path of this element in a fixture's input (`sections[0].items[4]`,
    /// `sections[1].header`).
    public var inputPath: [JSONPathComponent] {
        let section: [JSONPathComponent] = [.key("sections"), .index(self.section)]
        switch kind {
        case .header: return section + [.key("header")]
        case .item: return section + [.key("items"), .index(item)]
        case .footer: return section + [.key("footer")]
        }
    }
}
