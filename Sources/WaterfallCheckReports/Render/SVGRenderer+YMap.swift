import Foundation
import WaterfallCheck
import Foundation

extension SVGRenderer {
    /// The vertical axis of a panel: layout y (pt) to drawn y (pt at the panel's scale).
    ///
    /// The identity for every ordinary layout. When one stretch between consecutive element
    /// edges is both more than 50 times the median stretch and more than 300 px tall at the
    /// panel's scale (a 1,000-pt item beside 0- and 2-pt ones), the axis is drawn piecewise:
    /// each such stretch shortened to 60 px and marked with a break, every other positive stretch
    /// drawn at least 10 px tall, so the small elements and their overlaps read at a glance. A flat
    /// layout (under 120 px tall, a stretch under 6 px) has each stretch drawn at least 12 px.
    /// Labels and tooltips of elements not drawn to scale carry their true size.
    struct YMap {
        /// Breakpoints, layout pt, ascending; empty for the identity.
        var from: [CGFloat] = []
        /// Where each breakpoint is drawn, pt at the panel's scale.
        var to: [CGFloat] = []
        /// The shortened stretches: layout start and end, pt.
        var breaks: [(from: CGFloat, to: CGFloat)] = []

        static let identity = YMap()
        var isIdentity: Bool { from.isEmpty }

        func callAsFunction(_ y: CGFloat) -> CGFloat {
            guard !from.isEmpty, y.isFinite else { return y }
            if y <= from[0] { return to[0] + (y - from[0]) }
            if y >= from[from.count - 1] { return to[to.count - 1] + (y - from[from.count - 1]) }
            var lo = 0, hi = from.count - 1
            while hi - lo > 1 { let m = (lo + hi) / 2; if from[m] <= y { lo = m } else { hi = m } }
            let g = from[hi] - from[lo]
            return g > 0 ? to[lo] + (y - from[lo]) / g * (to[hi] - to[lo]) : to[lo]
        }

        /// `r` with its top and bottom mapped.
        func rect(_ r: CGRect) -> CGRect {
            guard !isIdentity else { return r }
            let r = r.standardized, y0 = self(r.minY), y1 = self(r.maxY)
            return CGRect(x: r.minX, y: y0, width: r.width, height: y1 - y0)
        }

        /// Whether the element `r` is drawn taller or shorter than its true height.
        func distorts(_ r: CGRect) -> Bool {
            guard !isIdentity else { return false }
            let m = rect(r)
            return abs(m.height - r.standardized.height) > max(0.01, 0.01 * abs(r.height))
        }

        /// The axis for `ys` (element edges and content heights, pt) drawn at `scale` px per pt.
        static func make(_ ys: [CGFloat], scale: CGFloat) -> YMap {
            // Only plausible coordinates shape the axis (a hostile 1e300 frame never does).
            let edges = Array(Set(ys.filter { $0.isFinite && abs($0) <= 1e9 })).sorted()
            guard edges.count >= 3, scale > 0, scale.isFinite else { return .identity }
            let gaps = zip(edges, edges.dropFirst()).map { $1 - $0 }
            let positive = gaps.filter { $0 > 0 }.sorted()
            guard !positive.isEmpty else { return .identity }
            let median = positive[positive.count / 2]
            let threshold = max(50 * median, 300 / scale)
            // A flat layout (a 320 × 2 pt counterexample, 4 px tall at 2 px per pt): its stretches
            // are drawn at least 12 px, so stacked and overlapping items can be told apart.
            let total = edges[edges.count - 1] - edges[0]
            let flat = total * scale < 120 && positive[0] * scale < 6
            guard positive.last! > threshold || flat else { return .identity }
            var map = YMap()
            let shortened = 60 / scale, least = (flat ? 12 : 10) / scale
            var y = edges[0]
            map.from = edges
            map.to = [y]
            for (k, g) in gaps.enumerated() {
                if g > threshold {
                    y += shortened
                    map.breaks.append((edges[k], edges[k + 1]))
                } else {
                    y += g > 0 ? max(g, least) : 0
                }
                map.to.append(y)
            }
            return map
        }
    }
}
