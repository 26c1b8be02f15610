import Foundation

/// `reason` with each number that starts a word (after a space, `(`, `[` or `:`) written `…`:
/// the key that groups reasons differing only in a length, a request id or a position
/// (`reply:1:32`, `items[0]`). An engine name's digits (`classic-002-…`) are kept.
package func numbersElided(_ reason: String) -> String { numbersSplit(reason).key }

/// ``numbersElided(_:)`` and the numbers it elided, in order.
package func numbersSplit(_ reason: String) -> (key: String, numbers: [String]) {
    var out = ""
    var numbers: [String] = []
    var inNumber = false
    var previous: Character = " "
    for c in reason {
        if inNumber, c.isNumber || c == "." || c == "e" || c == "+" || (c == "-" && previous == "e") {
            numbers[numbers.count - 1].append(c); previous = c; continue
        }
        inNumber = c.isNumber && (previous == " " || previous == "(" || previous == "[" || previous == ":")
        if inNumber { numbers.append(String(c)) }
        out.append(inNumber ? "…" : c)
        previous = c
    }
    return (out, numbers)
}

/// The reasons of one group (equal ``numbersElided(_:)`` keys) in one line: each number that is
/// the same in all of them as it is, each that differs as its range, `212000 to 340000` (review
/// A16: "holds lengths up to … pt; this layout needs … pt" had lost every number).
/// - Complexity: O(total length of the reasons).
package func numbersRanged(_ reasons: [String]) -> String {
    guard let first = reasons.first else { return "" }
    let split = reasons.map(numbersSplit)
    let key = split[0].key
    guard split.allSatisfy({ $0.key == key && $0.numbers.count == split[0].numbers.count }) else { return numbersElided(first) }
    var slots: [String] = []
    for k in split[0].numbers.indices {
        let values = split.map { $0.numbers[k] }
        let numeric = values.compactMap(Double.init)
        if Set(values).count == 1 { slots.append(values[0]) }
        else if numeric.count == values.count, let lo = numeric.indices.min(by: { numeric[$0] < numeric[$1] }),
                let hi = numeric.indices.max(by: { numeric[$0] < numeric[$1] }) {
            slots.append("\(values[lo]) to \(values[hi])")
        } else { slots.append("…") }
    }
    var out = ""
    var slot = 0
    for c in key {
        if c == "…", slot < slots.count { out += slots[slot]; slot += 1 } else { out.append(c) }
    }
    return out
}
