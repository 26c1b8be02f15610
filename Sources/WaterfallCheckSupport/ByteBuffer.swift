import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Array where Element == UInt8 {
    /// Appends raw bytes with one copy. `append(contentsOf:)` given an `UnsafeRawBufferPointer`
    /// (or a slice of one) takes the generic sequence path, a byte at a time; given a typed
    /// `UnsafeBufferPointer<UInt8>` it copies the run at once. O(`bytes.count`).
    @inlinable @inline(__always) public mutating func append(raw bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        append(contentsOf: UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: bytes.count))
    }
}

/// One `read(2)` of at most `count` bytes from `fd` straight into `buffer`'s spare room (no copy
/// through a chunk), which grows geometrically. Returns what `read` returned (`errno` is set when
/// it is negative); `buffer` gains the bytes read.
package func readAppending(_ fd: Int32, to buffer: inout [UInt8], atMost count: Int) -> Int {
    var n = 0
    buffer.append(addingCapacity: count) { span in
        span.withUnsafeMutableBufferPointer { b, initialized in
            n = read(fd, b.baseAddress!, b.count)
            initialized = max(n, 0)
        }
    }
    return n
}
