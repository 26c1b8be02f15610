// The rewrite's results: what changed (Change, by Rule), what needs a person (Finding), per file.

/// A mechanical rewrite rule. Each exists because Linux Swift has no Objective-C interop
/// (docs/uikit-rewrite.md; the review `real-layouts.md`, "What Linux Swift rejects").
public enum Rule: String, CaseIterable, Sendable, Codable {
    /// `@objc`, `@objc(name)` and `@objcMembers` are deleted, with the one space after them, or
    /// their whole line when alone on it. Reason: "Objective-C interoperability is disabled".
    case objcAttribute = "objc-attribute"
    /// `dynamic` on a declaration that also had `@objc` (or in an `@objcMembers` class) is deleted.
    /// Reason: there it only asked for Objective-C message dispatch (KVO, swizzling).
    case objcDynamic = "objc-dynamic"
    /// A formerly `@objc` protocol that is not class-bound gets `: AnyObject` (or `AnyObject, ` at
    /// the front of its clause). Reason: `@objc` protocols are class-bound, and `weak var
    /// delegate: P?` fails once `@objc` is gone ("'weak' must not be applied to non-class-bound").
    case classBound = "class-bound"
    /// `optional` is deleted from a protocol requirement. Reason: "'optional' can only be applied
    /// to members of an '@objc' protocol". The requirement becomes required; see `optionalResult`.
    case optionalRequirement = "optional-requirement"
    /// The formerly optional requirement's type becomes optional: `-> T` to `-> T?`, a missing
    /// result to `-> Void?`, `var x: T` to `var x: T?`. Reason: a conformer answers `nil` for
    /// "not implemented", so call sites keep the type and meaning of `x?.f?(…)`. No default is
    /// synthesised (a default `-> T? { nil }` would silently win over a conformer's `-> T`).
    case optionalResult = "optional-result"
    /// A call of a formerly optional method loses its `?`/`!`: `x?.f?(` to `x?.f(`; `x.f!(a)` to
    /// `x.f(a)!` for the file set's own methods (which now return `T?`), `x.f(a)` for UIKit's
    /// (which the UIKit module declares as requirements with defaults). Reason: `?(` applies only
    /// to optional requirements.
    case optionalCall = "optional-call"
    /// An `override` declared in an extension moves into its class's body (same set of files).
    /// Reason: "declarations in extensions cannot override yet" without Objective-C (`@objc dynamic`).
    case extensionOverride = "extension-override"
    /// A Swift 3 UIKit name becomes its Swift 4.2 name, as Xcode's fix-it does
    /// (`UICollectionElementKindSectionHeader` to `UICollectionView.elementKindSectionHeader`).
    /// Reason: obsoleted in Swift 4.2; Swift 5 and 6 modes reject them.
    case swift3Name = "swift3-name"

    /// Why the rule exists, one sentence.
    public var reason: String {
        switch self {
        case .objcAttribute: return "Objective-C interoperability is disabled on Linux; the attribute has no meaning there"
        case .objcDynamic: return "`dynamic` beside `@objc` only asked for Objective-C message dispatch"
        case .classBound: return "@objc protocols are class-bound; `weak var delegate: P?` needs that once @objc is gone"
        case .optionalRequirement: return "`optional` requirements exist only in @objc protocols"
        case .optionalResult: return "a conformer answers nil for 'not implemented', so callers keep the Optional result of `x?.f?(...)`"
        case .optionalCall: return "`?(`/`!(` apply only to optional requirements, which no longer exist"
        case .extensionOverride: return "without Objective-C, a member declared in an extension cannot override"
        case .swift3Name: return "Swift 3 UIKit names are obsoleted in Swift 4.2 (Xcode's fix-it rename)"
        }
    }
}

/// One change the rewrite made, in the terms of the input file.
public struct Change: Equatable, Sendable {
    /// 1-based line and UTF-8 column in the input file where the change starts.
    public let line: Int
    public let column: Int
    public let rule: Rule
    /// The input text the change replaced (may be abbreviated with `…` around unchanged text).
    public let before: String
    /// What it became (same convention); for a move, where it went.
    public let after: String
}

/// Something the rewrite cannot do mechanically; the text is left as it is.
public struct Finding: Equatable, Sendable {
    public enum Kind: String, Sendable, Codable {
        /// `#selector`, `#keyPath`, `Selector(...)`, `NSSelectorFromString`: need the Objective-C runtime.
        case selector
        /// `responds(to:)`, `perform(_:)`, `value(forKey:)`, associated objects, swizzling.
        case runtime
        /// `@IBOutlet`, `@IBAction`, `@IBInspectable`, `@IBDesignable`, `@NSManaged`.
        case interfaceBuilder = "interface-builder"
        /// `x?.f?(` where `f` shares a base name with a known optional method but no signature matched.
        case optionalCall = "optional-call"
        /// A type in the files adopts a protocol whose optional requirements became `-> T?`.
        case conformer
        /// An `override` in an extension of a class that is not in the given files.
        case extensionOverride = "extension-override"
        /// A `#if` that is false on Linux (`os(iOS)` …): the code under it is not compiled.
        case platformCondition = "platform-condition"
        /// A Swift 3 name that could not be renamed (declared in the files, or an unusual call).
        case swift3Name = "swift3-name"
        /// Two rewrites would have edited the same text; the later one was not made.
        case conflict
    }

    public let path: String
    public let line: Int
    public let column: Int
    public let kind: Kind
    public let message: String
}

/// One input file after the rewrite.
public struct RewrittenFile: Equatable, Sendable {
    /// The input path, as given.
    public let path: String
    /// The rewritten text. Every byte outside the listed changes is the input's.
    public let text: String
    /// The changes, in input order (by line, then column).
    public let changes: [Change]
    /// What needs a hand edit in this file, in input order.
    public let findings: [Finding]

    /// Whether the rewrite changed the file.
    public var isChanged: Bool { !changes.isEmpty }
}
