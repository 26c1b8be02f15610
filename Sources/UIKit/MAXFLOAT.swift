#if !canImport(Darwin)
/// The largest finite `Float`, as Darwin's `<math.h>` macro `MAXFLOAT` (0x1.fffffep+127).
/// Glibc's macro is not imported into Swift; some iOS layouts use `CGFloat(MAXFLOAT)`.
public let MAXFLOAT: Float = .greatestFiniteMagnitude
#endif
