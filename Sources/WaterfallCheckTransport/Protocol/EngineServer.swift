import Foundation
import WaterfallCheck

/// The engine side of protocol `waterfall-engine/1` (FIXTURE-FORMAT §9): serves one in-process
/// engine, one request line in, one reply line out. What `waterfall-engine NAME` runs.
///
/// Never traps on a request: a line that is not a request gets
/// `{"id":N,"error":"badRequest","message":"..."}` (`"id":null` when no integer id can be read),
/// the message naming the column and JSON path (the fixture codec's strict reader). An engine that
/// fails with anything but a ``LayoutError`` answers `{"id":N,"error":"engineError","message":"..."}`,
/// which a client reports as an engine fault with that message.
///
/// One server answers one connection from one thread at a time (it keeps the connection's
/// ``NumberTextCache``).
///
/// To put a Swift engine behind `waterfall-check --engine exec:'./my-engine --serve'`, call
/// ``serve(_:)`` from the executable's `main.swift`, or `EngineServer(engine: MyEngine()).serve()`.
public final class EngineServer {
    public let engine: LayoutEngine
    /// The pipeline window the hello declares (FIXTURE-FORMAT §9, `pipeline`), or `nil` for none.
    /// Any window is safe for this server: it reads requests in order and answers each in turn,
    /// flushing its replies whenever it is about to wait for more input.
    public let pipeline: Int?

    /// The window `waterfall-engine` and ``serve(_:)`` declare.
    public static let defaultPipeline = 32

    /// - Parameter pipeline: the window to declare in the hello; `nil` declares none (the
    ///   harness then sends one request at a time).
    public init(engine: LayoutEngine, pipeline: Int? = nil) {
        self.engine = engine
        self.pipeline = pipeline
    }

    /// The hello line (``EngineProtocol/Hello``): protocol, engine, version, capabilities,
    /// `features` unless all, and `pipeline` when declared.
    public var hello: String { EngineProtocol.Hello(engine.descriptor, pipeline: pipeline).encode() }

    /// The reply to one request line (without its `\n`), itself without `\n`.
    /// - Complexity: the engine's layout or query, plus O(size of the line and of the reply).
    public func reply(to line: [UInt8]) -> String {
        var out: [UInt8] = []
        reply(to: line, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``reply(to:)`` appended to `out` (a buffer the caller reuses), without `\n`.
    /// Long number literals are remembered from one call to the next (``NumberTextCache``): one
    /// server answers one connection, from one thread at a time.
    public func reply(to line: [UInt8], into out: inout [UInt8]) { reply(to: line, into: &out, cache: numbers) }

    /// The connection's long number literals, both ways.
    private let numbers = NumberTextCache()
    /// The open lifecycle sessions by id (FIXTURE-FORMAT §9 `lifecycle`).
    var sessions: [Int: LifecycleLayout] = [:]

    private func reply(to line: [UInt8], into out: inout [UInt8], cache: NumberTextCache?) {
        let (id, decoded) = EngineProtocol.Request.decode(line, cache: cache)
        switch decoded {
        case .failure where engine.descriptor.capabilities.contains(.lifecycle) && lifecycleReply(to: line, into: &out):
            return
        case .failure(let error):
            EngineProtocol.Reply.error(.badRequest, "\(error)").encode(id: id, into: &out)
        case .success(let request):
            answer(request).encode(id: id, into: &out, cache: cache)
        }
    }

    /// What the engine answers to `request`: frames or elements, a §6 error, `noLayout`, or
    /// `engineError` when it fails with anything but a ``LayoutError`` (a classic port's "exception").
    func answer(_ request: EngineProtocol.Request) -> EngineProtocol.Reply {
        do {
            switch request {
            case .layout(let input): return .layout(try engine.layout(input))
            case .query(let rect): return .elements(try engine.elements(in: rect))
            }
        } catch QueryError.noLayout {
            return .error(.noLayout, "")
        } catch let e as LayoutError {
            return .error(EngineProtocol.ErrorCode(e.code), e.description)
        } catch {
            return .error(.engineError, "\(error)")
        }
    }

    /// Reads requests from stdin until end of file, answering each on stdout, after the hello line.
    /// A request line longer than `maxLine` bytes is answered with `badRequest` (`"id":null`)
    /// and skipped without being buffered (D4).
    public func serve(maxLine: Int = ExternalEngine.defaultMaxLine) {
        CrashRecorder.isEnabled = false  // the harness has the input and reports a trap as a fault
        var out = Array((hello + "\n").utf8)
        flush(&out)
        var reader = LineReader(fd: 0, maxLine: maxLine)
        // Replies collect in `out` and are written when the next request is not already read:
        // a pipelined window is answered with one write, a lone request at once.
        while let next = reader.next(beforeWaiting: { flush(&out) }) {
            switch next {
            case .line(let line): reply(to: line, into: &out)
            case .tooLong: EngineProtocol.Reply.error(.badRequest, "request line longer than \(maxLine) bytes; skipped").encode(id: nil, into: &out)
            }
            out.append(0x0A)
            if out.count >= 1 << 16 { flush(&out) }
        }
        flush(&out)
    }

    /// Writes `out` to stdout (fd 1) whole, then empties it.
    private func flush(_ out: inout [UInt8]) {
        var done = 0
        out.withUnsafeBytes { b in
            while done < b.count {
                let n = write(1, b.baseAddress! + done, b.count - done)
                if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { break }
            }
        }
        out.removeAll(keepingCapacity: true)
    }

}

/// Lines read from a file descriptor, each at most `maxLine` bytes: a longer line is reported
/// once as ``Item/tooLong`` and its bytes are dropped as they arrive, so memory stays
/// O(`maxLine` + 64 KiB) whatever the input.
public struct LineReader {
    public enum Item: Equatable { case line([UInt8]), tooLong }
    private let fd: Int32
    private let maxLine: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// `buffer[start..<scanned]` holds no `\n` (each byte is looked at once).
    private var scanned = 0
    private var skipping = false
    private var atEnd = false
    /// The storage each line is copied into (reused; at most 1 MiB kept).
    private var line: [UInt8] = []

    public init(fd: Int32, maxLine: Int) { self.fd = fd; self.maxLine = maxLine }

    /// The next line without its `\n` (a last line without one included), or `nil` at end of input.
    public mutating func next() -> Item? { next(beforeWaiting: {}) }

    /// ``next()``, calling `beforeWaiting` each time no complete line is buffered and it is about
    /// to read (and perhaps block): a server flushes its replies there.
    public mutating func next(beforeWaiting: () -> Void) -> Item? {
        while true {
            if let nl = Self.newline(in: buffer, from: max(start, scanned)) {
                defer { start = nl + 1; scanned = start; compact() }
                if skipping { skipping = false; continue }
                if nl - start > maxLine { return .tooLong }
                // Into storage reused from line to line (unshared again once the caller is done).
                if line.capacity > 1 << 20 { line = [] } else { line.removeAll(keepingCapacity: true) }
                buffer.withUnsafeBufferPointer { line.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<nl])) }
                return .line(line)
            }
            scanned = buffer.count
            if !skipping && buffer.count - start > maxLine {
                skipping = true
                buffer.removeAll(keepingCapacity: true); start = 0; scanned = 0
                return .tooLong
            }
            if skipping { buffer.removeAll(keepingCapacity: true); start = 0; scanned = 0 }
            if atEnd {
                defer { buffer.removeAll(); start = 0; scanned = 0 }
                if skipping || start == buffer.count { return nil }
                return .line(Array(buffer[start...]))
            }
            beforeWaiting()
            _ = SpinWait.readable(fd)  // then a read that rarely blocks (SpinWait)
            let n = readAppending(fd, to: &buffer, atMost: 65_536)
            if n > 0 { continue } else if n < 0 && errno == EINTR { continue } else { atEnd = true }
        }
    }

    /// The index of the first `\n` in `buffer[from...]` (memchr), or `nil`.
    private static func newline(in buffer: [UInt8], from: Int) -> Int? {
        buffer.withUnsafeBufferPointer { b in
            guard from < b.count, let p = memchr(b.baseAddress! + from, 0x0A, b.count - from) else { return nil }
            return UnsafeRawPointer(p) - UnsafeRawPointer(b.baseAddress!)
        }
    }

    private mutating func compact() {
        if start > 65_536 && start * 2 > buffer.count { buffer.removeFirst(start); scanned -= start; start = 0 }
    }
}

/// Serves `engine` over protocol `waterfall-engine/1` on standard input and output until end
/// of input, then exits: put it behind `waterfall-check --engine exec:'./my-engine --serve'`
/// so `verify`, `record`, `fuzz` and `compare` drive any Swift engine (the CI recipes).
///
/// ```swift
/// // Sources/my-engine/main.swift
/// import WaterfallCheck
/// if CommandLine.arguments.contains("--serve") { serve(MyEngine()) }
/// ```
///
/// ``EngineServer`` is the same server as a value (`EngineServer(engine:).serve()`), for a
/// program that does more than serve. Declares a pipeline window of ``EngineServer/defaultPipeline``.
public func serve(_ engine: LayoutEngine) -> Never {
    EngineServer(engine: engine, pipeline: EngineServer.defaultPipeline).serve()
    exit(0)
}
