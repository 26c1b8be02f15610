import Foundation
import WaterfallCheck

// Reading the page's answers (docs/web-engines.md, "Answers"): `__wf` and `__wfBatch` answer
// JSON text, not nested values, because DevTools serialises a nested value (`returnByValue`)
// several times slower than a string, and json-c allocates one object per number. The text is
// read with ``JSONLineScanner`` (one forward pass, no tree); anything outside its subset (an
// `{"error"}` answer, a number it does not take) is read again with ``JSONDocument``, whose errors
// say where the text is wrong.

extension WebEngine {
    /// An answer that is not the layout of its input.
    struct AnswerError: Error, CustomStringConvertible {
        var description: String
    }

    /// The answer of `__wf`: one layout's flat list of numbers.
    /// - Throws: ``AnswerError`` or ``JSONError`` when `text` is not a JSON array of numbers.
    /// - Complexity: O(n) in the bytes.
    static func flatAnswer(_ text: String) throws -> [Double] {
        let bytes = Array(text.utf8)
        if let v = JSONLineScanner.scan(bytes, { s throws(JSONLineScanner.Bail) in try s.numberList() }) { return v }
        return try JSONDocument(parsing: bytes, file: "the page's answer").decode { try numbers($0) }
    }

    /// The answer of `__wfBatch` for `count` inputs: per input its flat list of numbers, or the
    /// text of the exception its script threw (`{"error": text}`).
    /// - Throws: ``AnswerError`` or ``JSONError`` when `text` is not such a list of `count` answers.
    /// - Complexity: O(n) in the bytes.
    static func batchAnswers(_ text: String, count: Int) throws -> [Result<[Double], AnswerError>] {
        let bytes = Array(text.utf8)
        let answers: [Result<[Double], AnswerError>]
        if let fast = JSONLineScanner.scan(bytes, { s throws(JSONLineScanner.Bail) -> [Result<[Double], AnswerError>] in
            var out: [Result<[Double], AnswerError>] = []
            out.reserveCapacity(count)
            try s.array { s throws(JSONLineScanner.Bail) in out.append(.success(try s.numberList())) }
            return out
        }) {
            answers = fast
        } else {
            answers = try JSONDocument(parsing: bytes, file: "the page's answer").decode { node in
                try node.array().map { a -> Result<[Double], AnswerError> in
                    if let e = a.member("error") { return .failure(AnswerError(description: "script threw: \(try e.string())")) }
                    return .success(try numbers(a))
                }
            }
        }
        guard answers.count == count else { throw AnswerError(description: "\(answers.count) answers for \(count) inputs") }
        return answers
    }

    /// A JSON array of numbers.
    private static func numbers(_ node: JSONNode) throws -> [Double] {
        try node.array().map { try $0.number() }
    }

    /// The layout of `input` from its flat answer `v` (px): `[width, height]`, then per section
    /// the header's frame `x, y, width, height` if the input has a header, each item's frame, the
    /// footer's frame if it has a footer; each length divided by `scale`.
    /// - Throws: ``AnswerError`` when `v` has not exactly that many numbers.
    /// - Complexity: O(n) in the frames.
    static func result(_ v: [Double], input: LayoutInput, scale: CGFloat) throws -> LayoutResult {
        var frames = 0
        for s in input.sections { frames += s.items.count + (s.header == nil ? 0 : 1) + (s.footer == nil ? 0 : 1) }
        guard v.count == 2 + 4 * frames else {
            throw AnswerError(description: "\(v.count) numbers for \(2 + 4 * frames) (width, height and 4 for each of \(frames) frames)")
        }
        var i = 2
        func frame() -> CGRect {
            defer { i += 4 }
            return CGRect(x: CGFloat(v[i]) / scale, y: CGFloat(v[i + 1]) / scale,
                          width: CGFloat(v[i + 2]) / scale, height: CGFloat(v[i + 3]) / scale)
        }
        let sections = input.sections.map { s in
            let header = s.header == nil ? nil : frame()
            let items = (0..<s.items.count).map { _ in frame() }
            return SectionFrames(header: header, items: items, footer: s.footer == nil ? nil : frame())
        }
        return LayoutResult(contentSize: CGSize(width: CGFloat(v[0]) / scale, height: CGFloat(v[1]) / scale), sections: sections)
    }
}

private extension JSONLineScanner {
    /// `[n, ...]`: a JSON array of numbers.
    mutating func numberList() throws(Bail) -> [Double] {
        var v: [Double] = []
        v.reserveCapacity(capacityHint(each: 4))
        try array { s throws(Bail) in v.append(try s.number()) }
        return v
    }
}
