import Foundation

/// `reason` with each number that starts a word (after a space, `(`, `[` or `:`) written `…`:
/// the key that groups reasons differing only in a length, a request id or a position
/// (`reply:1:32`, `items[0]`). An engine name's digits (`classic-002-…`) are kept.
package func numbersElided(_ reason: String) -> String {
    var out = ""
    var inNumber = false
    var previous: Character = " "
    for c in reason {
        if inNumber, c.isNumber || c == "." || c == "e" || c == "+" || (c == "-" && previous == "e") { previous = c; continue }
        inNumber = c.isNumber && (previous == " " || previous == "(" || previous == "[" || previous == ":")
        out.append(inNumber ? "…" : c)
        previous = c
    }
    return out
}
