import Foundation
import WaterfallCheckEngines

/// Fixture reading: the strict json-c reader (FixtureReader) against Foundation's JSONDecoder
/// decoding the same files into the same model through a Decodable mirror, and the canonical
/// writer. JSONDecoder does less: it accepts duplicate keys, unknown fields and `2.0` for an
/// integer, and reports no line or column. Files are read from a temp dir (page cache warm).
/// Median of 5 warm runs, one core.
func benchCodec() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-bench-codec-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }

    var small: [URL] = []
    var smallBytes = 0
    for i in 0..<1_000 {
        let url = dir.appendingPathComponent("f\(i).json")
        let data = CanonicalWriter.data(for: try codecBenchFixture(items: 30, seed: UInt64(i + 1)))
        smallBytes += data.count
        try data.write(to: url)
        small.append(url)
    }
    let large = dir.appendingPathComponent("large.json")
    let largeFixture = try codecBenchFixture(items: 100_000, seed: 7)
    let largeData = CanonicalWriter.data(for: largeFixture)
    try largeData.write(to: large)

    // Both readers must agree on every file before anything is timed.
    for url in small.prefix(50) + [large] {
        guard try FixtureReader.read(contentsOf: url) == (try foundationRead(url)) else {
            throw CocoaError(.coderReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: "readers disagree on \(url.lastPathComponent)"])
        }
    }

    // CPU time of this process (the machine is shared, so wall time overstates), median of 5.
    let widths = [26, 9, 14, 14, 14, 14, 10, 8]
    print(row(["case (CPU time)", "bytes", "raw json-c", "strict parse", "strict read", "JSONDecoder", "read/raw", "JD/read"], widths: widths))
    func compare(_ name: String, bytes: Int, _ urls: [URL]) throws {
        let datas = try urls.map { [UInt8](try Data(contentsOf: $0)) }
        let raw = cpuMedian { for d in datas { _ = JSONDocument.rawParseAndFree(d) } }
        let p = try cpuMedian { for d in datas { _ = try JSONDocument(parsing: d, file: "f") } }
        let c = try cpuMedian { for u in urls { _ = try FixtureReader.read(contentsOf: u) } }
        let f = try cpuMedian { for u in urls { _ = try foundationRead(u) } }
        func ms(_ t: Double) -> String { String(format: "%.1f ms", t * 1e3) }
        print(row([name, String(format: "%.1f MB", Double(bytes) / 1e6), ms(raw), ms(p), ms(c), ms(f),
                   String(format: "%.2fx", c / raw), String(format: "%.2fx", f / c)], widths: widths))
    }
    try compare("1,000 files x 30 items", bytes: smallBytes, small)
    try compare("1 file x 100,000 items", bytes: largeData.count, [large])
    print("raw json-c: json-c's own parse + free of the bytes in memory, nothing else; strict parse: JSONDocument")
    print("(json-c, lexical pass, tree check); strict read: file to Fixture (FixtureReader, piecewise from 1 MiB).")
    print("read/raw: the strict reader against json-c alone (bar: <= 1.5x); JD/read: JSONDecoder / strict read")

    let w = cpuMedian { _ = CanonicalWriter.string(for: largeFixture) }
    print("canonical writer, 100,000 items: \(String(format: "%.1f ms", w * 1e3)) (\(rate(Double(largeData.count) / w)) bytes)")
    let compact = cpuMedian { _ = CanonicalWriter.compactInput(largeFixture.input) }
    print("compact protocol input, 100,000 items: \(String(format: "%.1f ms", compact * 1e3))")
}

/// Median CPU seconds of this process over 5 calls of `body`, after one warm-up call.
private func cpuMedian(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
    try body()
    var times: [Double] = []
    for _ in 0..<5 {
        let start = now()
        try body()
        times.append(now() - start)
    }
    return times.sorted()[2]
}

/// A fixture of `count` items (heights and image sizes, some spans), a header and footer, 3
/// columns, with the reference engine's frames as `expected`.
private func codecBenchFixture(items count: Int, seed: UInt64) throws -> Fixture {
    var r = SplitMix64(seed: seed)
    let items: [LayoutItem] = (0..<count).map { i in
        if i % 3 == 1 { return .size(width: 400 + (r.unit() * 3600).rounded(), height: 300 + (r.unit() * 3000).rounded()) }
        return .height(40 + (r.unit() * 360).rounded(), span: i % 7 == 0 ? 2 : 1)
    }
    let input = LayoutInput(
        layout: LayoutSettings(containerWidth: 375, columnCount: 3, columnSpacing: 10, rowSpacing: 10,
                                 sectionInset: LayoutInsets(all: 10)),
        sections: [SectionInput(header: HeaderFooter(height: 44), items: items, footer: HeaderFooter(height: 30))])
    return Fixture(name: "bench-\(seed)", description: "Generated for the codec benchmark.",
                   input: input, expected: .layout(try ReferenceLayout.layout(input)))
}

// MARK: - Foundation mirror (bench only)

private func foundationRead(_ url: URL) throws -> Fixture {
    try JSONDecoder().decode(DFixture.self, from: Data(contentsOf: url)).model
}

private struct DInsets: Decodable {
    var top, left, bottom, right: Double?
    var model: LayoutInsets { LayoutInsets(top: top ?? 0, left: left ?? 0, bottom: bottom ?? 0, right: right ?? 0) }
}

private struct DSupplementary: Decodable {
    var height: Double
    var inset: DInsets?
    var model: HeaderFooter { HeaderFooter(height: height, inset: inset?.model) }
}

private struct DItem: Decodable {
    var height: Double?
    var size: [Double]?
    var span: Int?
    func model() throws -> LayoutItem {
        if let h = height { return .height(h, span: span ?? 1) }
        guard let s = size, s.count == 2 else { throw CocoaError(.coderReadCorrupt) }
        return .size(width: s[0], height: s[1], span: span ?? 1)
    }
}

private struct DSection: Decodable {
    var columnCount: Int?
    var sectionInset: DInsets?
    var header: DSupplementary?
    var items: [DItem]
    var footer: DSupplementary?
}

private struct DLayout: Decodable {
    var containerWidth: Double
    var columnCount: Int
    var columnSpacing, rowSpacing, tieTolerance, pixelScale, minimumContentHeight: Double?
    var sectionInset: DInsets?
    var placement: String?
    var tieBreak: String?
}

private struct DExpectedSection: Decodable {
    var header: [Double]?
    var items: [[Double]]
    var footer: [Double]?
}

private struct DExpected: Decodable {
    var error: String?
    var contentSize: [Double]?
    var sections: [DExpectedSection]?
}

private struct DFixture: Decodable {
    var format: String
    var name: String
    var description: String?
    var source: String?
    var tolerance: Double?
    var layout: DLayout
    var sections: [DSection]
    var expected: DExpected?

    var model: Fixture {
        get throws {
            let l = layout
            guard format == Fixture.format,
                  let placement = Placement(rawValue: l.placement ?? "shortestFirst"),
                  let tieBreak = TieBreak(rawValue: l.tieBreak ?? "leftmost") else { throw CocoaError(.coderReadCorrupt) }
            let settings = LayoutSettings(
                containerWidth: l.containerWidth, columnCount: l.columnCount, columnSpacing: l.columnSpacing ?? 0,
                rowSpacing: l.rowSpacing ?? 0, sectionInset: l.sectionInset?.model ?? .zero, placement: placement,
                tieTolerance: l.tieTolerance ?? 0, tieBreak: tieBreak, pixelScale: l.pixelScale.map { CGFloat($0) },
                minimumContentHeight: l.minimumContentHeight ?? 0)
            let input = LayoutInput(layout: settings, sections: try sections.map { s in
                SectionInput(columnCount: s.columnCount, sectionInset: s.sectionInset?.model, header: s.header?.model,
                              items: try s.items.map { try $0.model() }, footer: s.footer?.model)
            })
            func rect(_ a: [Double]) throws -> CGRect {
                guard a.count == 4 else { throw CocoaError(.coderReadCorrupt) }
                return CGRect(x: a[0], y: a[1], width: a[2], height: a[3])
            }
            var exp: LayoutOutcome?
            if let e = expected {
                if let code = e.error {
                    guard let c = LayoutError.Code(rawValue: code) else { throw CocoaError(.coderReadCorrupt) }
                    exp = .error(c)
                } else if let size = e.contentSize, size.count == 2, let secs = e.sections {
                    exp = .layout(LayoutResult(contentSize: CGSize(width: size[0], height: size[1]), sections: try secs.map { s in
                        SectionFrames(header: try s.header.map(rect), items: try s.items.map(rect), footer: try s.footer.map(rect))
                    }))
                } else {
                    throw CocoaError(.coderReadCorrupt)
                }
            }
            return Fixture(name: name, description: description, source: source, tolerance: tolerance.map { CGFloat($0) },
                           input: input, expected: exp)
        }
    }
}
