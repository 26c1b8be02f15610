// Rule 7: what cannot be rewritten mechanically is reported, never changed.

extension Rewriter {
    func objcFindings(_ decls: [[TypeDeclaration]], optionalByProtocol: [String: [String]]) {
        for (f, file) in files.enumerated() {
            for i in file.code.indices {
                let t = file.code[i]
                let at = t.start
                // Code compiled only where the Objective-C runtime is (macOS): never on Linux, and
                // its runtime calls work where it is compiled. No hand edit is needed for them.
                let objcOnly = file.ifFrames(i).contains { Self.onlyWithObjectiveC($0.current) }
                switch t.kind {
                case .poundKeyword:
                    let w = file.text(i)
                    if w == "#selector" || w == "#keyPath" {
                        if objcOnly { break }
                        finding(f, offset: at, .selector, "`\(w)` needs the Objective-C runtime; rewrite by hand (a closure, a Swift key path)", note: i)
                    } else if w == "#if" || w == "#elseif", let cond = file.ifFrames(i).last?.current, falseOnLinux(cond) {
                        finding(f, offset: at, .platformCondition, "`\(w) \(cond)` is false on Linux: the code under it is not compiled")
                    }
                case .punctuation where !objcOnly && file.isPunct(i, "@") && i + 1 < file.code.count:
                    let n = file.text(i + 1)
                    if ["IBOutlet", "IBAction", "IBInspectable", "IBDesignable", "IBSegueAction", "NSManaged", "GKInspectable"].contains(n),
                       file.code[i + 1].start == t.end {
                        finding(f, offset: at, .interfaceBuilder, "`@\(n)` needs Objective-C interop; delete it by hand if nothing relies on it", note: i)
                    }
                case .identifier where !objcOnly:
                    let w = file.text(i)
                    let call = file.isPunct(i + 1, "(") ? file.partner[i + 1] : nil
                    let labels = call.map { argumentLabels(f, open: i + 1, close: $0) } ?? []
                    switch w {
                    case "NSSelectorFromString", "NSStringFromSelector":
                        finding(f, offset: at, .selector, "`\(w)(…)` needs the Objective-C runtime", note: i)
                    case "Selector" where call != nil:
                        finding(f, offset: at, .selector, "`\(w)(…)` needs the Objective-C runtime", note: i)
                    case "NSClassFromString", "objc_getAssociatedObject", "objc_setAssociatedObject", "method_exchangeImplementations",
                         "class_getInstanceMethod", "class_addMethod", "object_getClass", "objc_msgSend":
                        finding(f, offset: at, .runtime, "`\(w)` needs the Objective-C runtime", note: i)
                    case "responds" where labels.first == "to":
                        finding(f, offset: at, .runtime, "`responds(to:)` needs the Objective-C runtime; a formerly optional method now answers nil instead", note: i)
                    case "perform" where file.isPunct(i - 1, ".") && labels.first == "_" && call != nil:
                        finding(f, offset: at, .runtime, "`perform(_:)` sends an Objective-C message; call the method directly", note: i)
                    case "value" where labels == ["forKey"] || labels == ["forKeyPath"],
                         "setValue" where labels.count == 2 && (labels[1] == "forKey" || labels[1] == "forKeyPath"),
                         "addObserver" where labels.contains("forKeyPath"):
                        finding(f, offset: at, .runtime, "`\(w)(\(labels.map { $0 + ":" }.joined()))` is key-value coding/observing, Objective-C only on Linux", note: i)
                    default:
                        break
                    }
                default:
                    break
                }
            }
            // Types in the files that adopt a protocol whose optional requirements became `-> T?`.
            for d in decls[f] where d.kind != .protocol {
                for c in file.clauseNames(d) {
                    guard let reqs = optionalByProtocol[c.name] else { continue }
                    finding(f, offset: file.code[c.first].start, .conformer,
                            "\(d.name) adopts \(c.name), whose formerly optional requirements are now required and return Optional: implement \(reqs.joined(separator: ", ")) (return nil for 'not implemented')",
                            note: c.first)
                }
            }
        }
    }

    /// Whether code under `#if cond` is compiled only where the Objective-C runtime exists: `cond`
    /// is `os(macOS)`, `os(OSX)`, `canImport(AppKit)`, `canImport(ObjectiveC)` or `_runtime(_ObjC)`,
    /// or several of them joined by `||`. (`canImport(UIKit)` is not: this package's UIKit makes it
    /// true on Linux.) `nil` (an `#else` branch) is not.
    static func onlyWithObjectiveC(_ cond: String?) -> Bool {
        guard let compact = cond?.filter({ !$0.isWhitespace }), !compact.isEmpty else { return false }
        let objc: Set<Substring> = ["os(macOS)", "os(OSX)", "canImport(AppKit)", "canImport(ObjectiveC)", "_runtime(_ObjC)"]
        // Each term, without one pair of parentheses around it (`(os(macOS)) || …`).
        return compact.split(separator: "|", omittingEmptySubsequences: true).allSatisfy { t in
            objc.contains(t) || (t.hasPrefix("(") && t.hasSuffix(")") && objc.contains(t.dropFirst().dropLast()))
        }
    }

    /// Whether a compilation condition is plainly false on Linux and guards UIKit code: it names
    /// an iOS-family `os(…)` and no `os(Linux)`, `canImport`, `!` or `&&`. (`#if os(macOS)` is not
    /// reported: the macOS code it guards is meant to be left out, and its `#else` is compiled.)
    private func falseOnLinux(_ cond: String) -> Bool {
        let apple = ["os(iOS)", "os(tvOS)", "os(watchOS)", "os(visionOS)"]
        let compact = cond.filter { !$0.isWhitespace }
        guard apple.contains(where: compact.contains) else { return false }
        return !compact.contains("!") && !compact.contains("os(Linux)") && !compact.contains("canImport")
            && !compact.contains("&&")
    }
}
