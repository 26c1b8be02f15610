import CJSONC
import Foundation

extension EngineComparison.Report {
    /// The report as JSON (`compare --json FILE`), built and printed by json-c:
    /// `{"baseline":{"name","version"},"candidate":{...},"cases","identical","different",
    /// "skipped":[{"name","reason"}] ("different" counts cases; "differences" has one per minimal input),"faults":[{"name","input","kind","message","stderr"}],
    /// "differences":[{"name","origin","input":{layout,sections},"baseline":ANSWER,"candidate":ANSWER,
    /// "largestDisplacement":pt|null,"differing":["item 0.1",...]}]}`, smallest difference first;
    /// ANSWER is `{"contentSize","sections"}` (FIXTURE-FORMAT §4) or `{"error","message"}`.
    public func json() -> String {
        let root = json_object_new_object()
        defer { json_object_put(root) }
        func string(_ s: String) -> OpaquePointer? { json_object_new_string(s) }
        func engine(_ d: EngineDescriptor) -> OpaquePointer? {
            let o = json_object_new_object()
            json_object_object_add(o, "name", string(d.name))
            json_object_object_add(o, "version", string(d.version))
            return o
        }
        /// A json-c tree from text this module wrote (always valid JSON).
        func parsed(_ text: String) -> OpaquePointer? { json_tokener_parse(text) }
        func answer(_ a: EngineAnswer) -> OpaquePointer? {
            switch a {
            case .layout(let r): return parsed("{" + CanonicalWriter.compactResult(r) + "}")
            case .error(let e):
                let o = json_object_new_object()
                json_object_object_add(o, "error", string(e.code.rawValue))
                json_object_object_add(o, "message", string(e.message))
                return o
            case .fault(let f):
                let o = json_object_new_object()
                json_object_object_add(o, "fault", string(f.kind.rawValue))
                json_object_object_add(o, "message", string(f.message))
                return o
            }
        }
        json_object_object_add(root, "baseline", engine(baseline))
        json_object_object_add(root, "candidate", engine(candidate))
        json_object_object_add(root, "cases", json_object_new_int64(Int64(cases)))
        json_object_object_add(root, "identical", json_object_new_int64(Int64(identical)))
        json_object_object_add(root, "different", json_object_new_int64(Int64(differingCases)))
        let skippedList = json_object_new_array()
        for (name, reason) in skipped {
            let o = json_object_new_object()
            json_object_object_add(o, "name", string(name))
            json_object_object_add(o, "reason", string(reason))
            json_object_array_add(skippedList, o)
        }
        json_object_object_add(root, "skipped", skippedList)
        let faultList = json_object_new_array()
        for fc in faults {
            let f = fc.fault
            let o = json_object_new_object()
            json_object_object_add(o, "name", string(fc.name))
            json_object_object_add(o, "input", parsed(CanonicalWriter.compactInput(fc.origin.input)))
            json_object_object_add(o, "kind", string(f.kind.rawValue))
            json_object_object_add(o, "message", string(f.message))
            json_object_object_add(o, "stderr", string(f.stderr))
            json_object_array_add(faultList, o)
        }
        json_object_object_add(root, "faults", faultList)
        let diffList = json_object_new_array()
        for f in differences {
            let o = json_object_new_object()
            json_object_object_add(o, "name", string(f.origin.name))
            json_object_object_add(o, "origin", string(f.origin.originDescription))
            json_object_object_add(o, "input", parsed(CanonicalWriter.compactInput(f.minimal)))
            json_object_object_add(o, "baseline", answer(f.baseline))
            json_object_object_add(o, "candidate", answer(f.candidate))
            json_object_object_add(o, "largestDisplacement", f.difference.largestDisplacement.map { json_object_new_double($0) } ?? nil)
            let ids = json_object_new_array()
            for id in (f.difference.moved.compactMap(\.id) + f.difference.unmatched.map(\.id)).sorted() {
                json_object_array_add(ids, string(id.description))
            }
            json_object_object_add(o, "differing", ids)
            json_object_array_add(diffList, o)
        }
        json_object_object_add(root, "differences", diffList)
        let flags = Int32(JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE)
        return String(cString: json_object_to_json_string_ext(root, flags)) + "\n"
    }
}
