import Foundation
import WaterfallCheck
extension SVGRenderer {
    /// The CSS every picture uses (class names `wf-*`). Standalone SVGs embed it; an HTML page
    /// that inlines fragments (``Options/standalone`` `false`) includes it once.
    /// Colours: items blue, headers/footers grey, moved orange with a red arrow, missing red
    /// and dashed, extra purple, expected outlines dashed, content size green.
    package static let styleSheet = """
    .wf-doc{font-family:Helvetica,Arial,sans-serif}
    .wf-title{font-size:14px;font-weight:bold;fill:#111}
    .wf-caption{font-size:12px;fill:#333}
    .wf-legend{font-size:11px;fill:#222}
    .wf-doc rect,.wf-doc path,.wf-doc line,.wf-doc polygon,.wf-doc circle{vector-effect:non-scaling-stroke;stroke-width:1px}
    .wf-bg{fill:#fff;stroke:#999}
    .wf-inset{fill:#f4f4f4;stroke:#ccc;stroke-dasharray:4 3}
    .wf-col{fill:#e6edf7;stroke:none}
    .wf-item{fill:#b9d0ec;stroke:#3b6ea5}
    .wf-sup{fill:#dadada;stroke:#6f6f6f}
    .wf-moved{fill:#ff9f1c;stroke:#a85600}
    .wf-extra{fill:#b779ea;stroke:#5e1791}
    .wf-missing{fill:#d62728;fill-opacity:0.2;stroke:#d62728;stroke-dasharray:5 3}
    .wf-doc .wf-missing{stroke-width:2px}
    .wf-exp{fill:none;stroke:#222;stroke-dasharray:3 2}
    .wf-doc .wf-exp.wf-moved{fill:none;stroke:#1f4fbf;stroke-width:2px}
    .wf-arrow{stroke:#d62728;fill:#d62728}
    .wf-doc .wf-arrow line{stroke-width:2px}
    .wf-doc .wf-ring{fill:none;stroke:#d62728;stroke-width:3px}
    .wf-content{stroke:#1a8f1a;fill:none}
    .wf-content.wf-exp{stroke:#1a8f1a;stroke-dasharray:6 3}
    .wf-clabel{fill:#1a8f1a}
    .wf-lbl{fill:#111;font-size:10px}
    .wf-lbl .wf-lbl-exp{fill:#1f4fbf;font-style:italic}
    .wf-lbl .wf-dlabel{fill:#b00000;font-weight:bold}
    .wf-lbl .wf-blabel{fill:#555}
    .wf-doc .wf-leader{stroke:#888;stroke-width:1px;stroke-dasharray:2 2}
    .wf-doc .wf-break{fill:none;stroke:#fff;stroke-width:5px}
    .wf-mark{stroke-width:1px}
    """
}
