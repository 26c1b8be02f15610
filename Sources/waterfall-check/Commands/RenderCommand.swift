import Foundation
import WaterfallCheckEngines
import WaterfallCheckCore

/// `waterfall-check render FIXTURE`: a fixture's layout drawn to scale as SVG, or the fixture's
/// expected frames against an engine's.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Draw a fixture's layout to scale as SVG (--diff: expected over actual)"
    static let usage = """
    USAGE: waterfall-check render FIXTURE [--engine NAME] [--out FILE.svg] [--diff | --side-by-side]
                                  [--against NAME] [--tolerance PT] [--scale PX]
                                  [--engine-timeout SECONDS] [--isolate]

    Lays FIXTURE out with the engine and draws the result to scale: container, section insets,
    columns, every item labelled section.item, headers, footers and the content-size line.

    OPTIONS:
      --engine NAME     the engine: a built-in name (default reference; see 'waterfall-check
                        engines') or exec:'CMD ARGS' (FIXTURE-FORMAT §9)
      --out FILE.svg    write the picture to FILE (atomically) instead of standard output
      --diff            draw the fixture's expected frames (dashed outlines) over the engine's
                        (filled); moved items orange with an arrow from where they were expected,
                        missing ones red, extra ones purple
      --side-by-side    draw expected and actual next to each other instead
      --against NAME    take "expected" from engine NAME's layout instead of the fixture's
                        expected frames (implies --diff unless --side-by-side is given)
      --tolerance PT    what counts as moved (default: the fixture's, else 0.001 pt)
      --scale PX        pixels per pt (default: fit 640 px wide)
      --engine-timeout SECONDS  time an external engine gets per request (default 10)
      --isolate         run built-in engines in a waterfall-engine subprocess

    Layouts of more than 1,000 elements are drawn compactly (no labels, differences ringed) in
    strips read left to right. Exit status: 0 written (whether or not the layouts differ), 1 the
    engine rejected the input (its error is printed), 2 usage, fixture or engine fault.
    """

    static func run(_ args: inout Arguments) throws -> Int32 {
        let engineName = try args.value("--engine") ?? "reference"
        let out = try args.value("--out")
        var diff = args.flag("--diff")
        let sideBySide = args.flag("--side-by-side")
        let against = try args.value("--against")
        let tolerance = try args.tolerance()
        let scale = try args.value("--scale", as: "pixels per pt, above 0 and at most 1000") { Double($0).flatMap { $0 > 0 && $0 <= 1000 ? $0 : nil } }
        let engineOptions = try engineOptions(&args)
        let rest = try args.finish()
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
        var expected: LayoutResult?
        if let reference {
            do { expected = try reference.make().layout(fixture.input) } catch let e as LayoutError {
                printError("error: \(path): engine \(reference.descriptor.name) rejected the input: \(e)")
                return exitCode(.failed)
            }
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
        let actual: LayoutResult
        do { actual = try engine.layout(fixture.input) } catch let e as LayoutError {
            printError("error: \(path): engine \(engine.descriptor.name) rejected the input: \(e)")
            return exitCode(.failed)
        }
        let options = SVGRenderer.Options(scale: scale.map { CGFloat($0) },
                                          tolerance: tolerance ?? fixture.tolerance.map(Tolerance.init) ?? .default,
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
