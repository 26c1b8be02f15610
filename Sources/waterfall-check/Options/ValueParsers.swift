/// The value texts options share: decimal numbers and 64-bit seeds, read strictly.

/// A decimal number (`Double("0x10")` would also read hexadecimal, `nan` and `inf`).
@Sendable func decimal(_ text: String) -> Double? {
    guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return nil }
    return Double(text)
}

/// A 64-bit seed, decimal or `0x`-hexadecimal (`fuzz` and `compare` alike: compare refused hex).
@Sendable func seed(_ text: String) -> UInt64? {
    text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
}

/// A finite non-negative decimal number (`--tolerance`, `--shrink-time`).
@Sendable func nonNegativeDecimal(_ text: String) -> Double? {
    decimal(text).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
}
