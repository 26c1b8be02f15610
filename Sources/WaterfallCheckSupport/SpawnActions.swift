import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Adds "close every descriptor from `lowest` on" to a spawn's file actions, so a child starts
/// with only the descriptors it was given: an engine must not hold the harness's other pipes
/// (whose readers would then never see end of file) or a file another thread is still writing
/// (whose `exec` would fail with ETXTBSY). glibc's `posix_spawn_file_actions_addclosefrom_np`
/// (2.34+), looked up at run time since Swift's Glibc module does not export it; where it is
/// missing (macOS, older glibc) nothing is added and close-on-exec flags must do.
/// - Returns: whether the action was added.
@discardableResult
package func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, lowest: Int32) -> Bool {
    guard let closeFrom = closeFromAction else { return false }
    return closeFrom(actions, lowest) == 0
}

private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
private let closeFromAction: CloseFrom? = {
    #if os(Linux)
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: CloseFrom.self)
    #else
    return nil
    #endif
}()
