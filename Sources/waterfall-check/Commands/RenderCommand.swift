import Foundation
import WaterfallCheckEngines
import WaterfallCheckCore

/// `waterfall-check render FIXTURE`: a fixture's layout drawn to scale as SVG, or the fixture's
/// expected frames against an engine's.
enum RenderCommand: Command {
    /// `--engine NAME`: the engine that lays the fixture out.
    static let engine = EngineOptions.engine.described("the engine: a built-in name (default reference; see 'waterfall-check engines') or exec:'CMD ARGS' (FIXTURE-FORMAT §9)")
    /// `--out FILE.svg`: the picture's file.
    static let out = Option<String>("--out", value: "FILE.svg", help: "write the picture to FILE (atomically) instead of standard output")
    /// `--diff`: expected over actual.
    static let diff = Flag("--diff", help: "draw the fixture's expected frames (dashed outlines) over the engine's (filled); moved items orange with an arrow from where they were expected, missing ones red, extra ones purple")
    /// `--side-by-side`: expected beside actual.
    static let sideBySide = Flag("--side-by-side", help: "draw expected and actual next to each other instead")
    /// `--against NAME`: expected from another engine.
    static let against = Option<String>("--against", value: "NAME", help: "take \"expected\" from engine NAME's layout instead of the fixture's expected frames (implies --diff unless --side-by-side is given)")
    /// `--scale PX`: pixels per pt of the picture (not the web engines' `--scale`, which render
    /// therefore does not take: ``EngineOptions/group`` without it).
    static let scale = Option<Double>("--scale", value: "PX", expects: "pixels per pt, above 0 and at most 1000", help: "pixels per pt (default: fit 640 px wide)") {
        Double($0).flatMap { $0 > 0 && $0 <= 1000 ? $0 : nil }
    }

    static let spec = CommandSpec(
        name: "render",
        summary: "Draw a fixture's layout to scale as SVG (--diff: expected over actual)",
        options: [engine, out, diff, sideBySide, against,
                  CommonOptions.tolerance.described("what counts as moved (default: the fixture's, else 0.001 pt)"), scale],
        groups: [EngineOptions.group.without(EngineOptions.scale)],
        operands: "FIXTURE",
        about: """
    Lays FIXTURE out with the engine and draws the result to scale: container, section insets,
    columns, every item labelled section.item, headers, footers and the content-size line.
    """,
        notes: """
    Layouts of more than 1,000 elements are drawn compactly (no labels, differences ringed) in
    strips read left to right. Exit status: 0 written (whether or not the layouts differ), 1 the
    engine rejected the input (its error is printed), 2 usage, fixture or engine fault.
    """)

    static func run(_ args: Arguments) throws -> Int32 {
        let engineName = try args.value(Self.engine) ?? "reference"
        let out = try args.value(Self.out)
        var diff = args.flag(Self.diff)
        let sideBySide = args.flag(Self.sideBySide)
        let against = try args.value(Self.against)
        let tolerance = try args.value(CommonOptions.tolerance)
        let scale = try args.value(Self.scale)
        let engineOptions = try EngineOptions.read(args)
        let rest = args.operands
        guard rest.count == 1 else { throw WaterfallCheckError.usage(rest.isEmpty ? "render needs a FIXTURE" : "render takes one FIXTURE, got \(rest.count)") }
        guard !(diff && sideBySide) else { throw WaterfallCheckError.usage("--diff and --side-by-side are exclusive") }
        let entry = try resolveEngine(engineName, options: engineOptions)
        let reference = try against.map { try resolveEngine($0, options: engineOptions) }
        if reference != nil && !sideBySide { diff = true }
        let path = rest[0]
        try refuseFixtureCollision(out, option: "--out", fixturePaths: [URL(fileURLWithPath: path)])
        let fixture: Fixture
        do { fixture = try FixtureReader.read(contentsOf: URL(fileURLWithPath: path)) } catch let e as FixtureError {
            printError("\(e)"); return exitCode(.error)
        }
        /// The engine's frames through the one feature gate and classification (`answer(_:)`),
        /// or the status to exit with: a rejection (a §6 error, unsupported) fails, a fault errs.
        func frames(_ engine: LayoutEngine) -> (LayoutResult?, Int32) {
            switch engine.answer(fixture.input) {
            case .layout(let r): return (r, 0)
            case .error(let e):
                printError("error: \(path): engine \(engine.descriptor.name) rejected the input: \(e)")
                return (nil, exitCode(.failed))
            case .unsupported(let why):
                printError("error: \(path): \(why)")
                return (nil, exitCode(.failed))
            case .fault(let f):
                printError("error: \(path): \(f)")
                return (nil, exitCode(.error))
            }
        }
        var expected: LayoutResult?
        if let reference {
            let (r, status) = frames(reference.make())
            guard let r else { return status }
            expected = r
        } else if diff || sideBySide {
            switch fixture.expected {
            case .layout(let r)?: expected = r
            case .error(let code)?:
                printError("error: \(path): the fixture expects the error \(code.rawValue), so there are no frames to draw against")
                return exitCode(.error)
            case nil:
                printError("error: \(path): the fixture has no expected frames to draw against (drop --diff / --side-by-side)")
                return exitCode(.error)
            }
        }
        let engine = entry.make()
        let (frames, status) = frames(engine)
        guard let actual = frames else { return status }
        let options = SVGRenderer.Options(scale: scale.map { CGFloat($0) },
                                          tolerance: .resolve(explicit: tolerance, fixture: fixture.tolerance),
                                          title: "\(fixture.name): \(engine.descriptor.name)" + (expected == nil ? "" : " against \(reference?.descriptor.name ?? "expected")"))
        let svg: String
        if let expected {
            svg = diff ? SVGRenderer.diff(input: fixture.input, expected: expected, actual: actual, options: options)
                       : SVGRenderer.sideBySide(input: fixture.input, expected: expected, actual: actual, options: options)
        } else {
            svg = SVGRenderer.render(input: fixture.input, result: actual, options: options)
        }
        guard let out, out != "-" else {
            writeDescriptor(1, svg)
            return exitCode(.passed)
        }
        do { try writeReport(Data(svg.utf8), to: out) } catch {
            printError("error: \(error)")
            return exitCode(.error)
        }
        return exitCode(.passed)
    }
}
