#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WaterfallCheck

/// One TCP connection to a browser's automation port on the loopback interface (Marionette's
/// length-prefixed JSON, WebKitWebDriver's HTTP/1.1), with a deadline on every wait. Blocking
/// socket, `poll()` for the deadlines. Used from one thread at a time.
final class LocalConnection {
    /// Why a read or write stopped.
    enum Failure: Error, CustomStringConvertible {
        /// The peer closed the connection (the browser exited, or its driver did).
        case closed
        case timedOut
        case system(String)
        var description: String {
            switch self {
            case .closed: "the connection closed"
            case .timedOut: "no answer in time"
            case .system(let s): s
            }
        }
    }

    private var fd: Int32
    /// Bytes read and not yet consumed: `buffer[start...]`.
    private(set) var buffer: [UInt8] = []
    private var start = 0

    /// Connects to `127.0.0.1:port`, retrying until `deadline` while nothing listens yet (a browser
    /// opens its port a moment after it starts) and `alive()` says the server still runs.
    /// - Throws: ``Failure``.
    init(port: UInt16, deadline: UInt64, alive: () -> Bool) throws {
        fd = -1
        while true {
            let s = socket(AF_INET, streamSocket, 0)
            guard s >= 0 else { throw Failure.system("socket: \(String(cString: strerror(errno)))") }
            _ = fcntl(s, F_SETFD, FD_CLOEXEC)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            let rc = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if rc == 0 {
                fd = s
                var one: Int32 = 1
                setsockopt(s, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return
            }
            let e = errno
            _ = Glibc_close(s)
            guard e == ECONNREFUSED, alive(), DispatchTime.now().uptimeNanoseconds < deadline else {
                throw e == ECONNREFUSED ? Failure.timedOut : Failure.system("connect to port \(port): \(String(cString: strerror(e)))")
            }
            usleep(20_000)
        }
    }

    deinit { close() }

    func close() {
        if fd >= 0 { _ = Glibc_close(fd); fd = -1 }
    }

    /// A free TCP port on the loopback interface, as the system allocates one (for a server that
    /// must be told its port). Another process may take it before the server binds it: rare, and
    /// then the server fails to start and the engine reports a `spawn` fault.
    static func freePort() throws -> UInt16 {
        let s = socket(AF_INET, streamSocket, 0)
        guard s >= 0 else { throw Failure.system("socket: \(String(cString: strerror(errno)))") }
        defer { _ = Glibc_close(s) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(s, $0, length) == 0 && getsockname(s, $0, &length) == 0
            }
        }
        guard ok else { throw Failure.system("bind: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Writes all of `bytes` before `deadline`. - Throws: ``Failure``.
    func send(_ bytes: [UInt8], deadline: UInt64) throws {
        var sent = 0
        while sent < bytes.count {
            try wait(for: Int16(POLLOUT), deadline: deadline)
            let w = bytes.withUnsafeBytes { Glibc_send(fd, $0.baseAddress! + sent, $0.count - sent) }
            if w < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                if errno == EPIPE || errno == ECONNRESET { throw Failure.closed }
                throw Failure.system("send: \(String(cString: strerror(errno)))")
            }
            sent += w
        }
    }

    /// Reads until `complete` finds a whole message in the unconsumed bytes (returning its length
    /// and value), consumes it and returns the value. - Throws: ``Failure``, or what `complete` throws.
    func receive<T>(deadline: UInt64, _ complete: (ArraySlice<UInt8>) throws -> (length: Int, value: T)?) throws -> T {
        while true {
            if let (length, value) = try complete(buffer[start...]) {
                start += length
                if start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
                return value
            }
            try wait(for: Int16(POLLIN), deadline: deadline)
            if start > 0 { buffer.removeFirst(start); start = 0 }
            let before = buffer.count
            buffer.reserveCapacity(before + 65_536)
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let r = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if r == 0 { throw Failure.closed }
            if r < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                if errno == ECONNRESET { throw Failure.closed }
                throw Failure.system("recv: \(String(cString: strerror(errno)))")
            }
            buffer.append(contentsOf: chunk[0..<r])
        }
    }

    private func wait(for events: Int16, deadline: UInt64) throws {
        guard fd >= 0 else { throw Failure.closed }
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { throw Failure.timedOut }
            var p = pollfd(fd: fd, events: events, revents: 0)
            let ms = Int32(min((deadline - now + 999_999) / 1_000_000, 1_000))
            let n = poll(&p, 1, ms)
            if n > 0 { return }
            if n < 0 && errno != EINTR { throw Failure.system("poll: \(String(cString: strerror(errno)))") }
        }
    }
}

#if os(Linux)
private let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
private let streamSocket = SOCK_STREAM
#endif

#if canImport(Glibc)
private func Glibc_close(_ fd: Int32) -> Int32 { Glibc.close(fd) }
private func Glibc_send(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { Glibc.send(fd, p, n, Int32(MSG_NOSIGNAL)) }
#else
private func Glibc_close(_ fd: Int32) -> Int32 { Darwin.close(fd) }
private func Glibc_send(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { Darwin.send(fd, p, n, 0) }
#endif
