/// Options several commands take alike (engine options, report options, ...): one declaration,
/// one help text, listed under their own heading in each command's help and as
/// `[TITLE]` in its synopsis.
struct OptionGroup: Sendable {
    /// Lower case, as the synopsis shows it (`engine options`); the heading is its upper case.
    let title: String
    /// The group's options, in help order.
    let options: [OptionSpec]

    /// A group named `title` of `options`.
    init(_ title: String, _ options: [any OptionDeclaration]) {
        self.title = title
        self.options = options.map(\.spec)
    }

    /// The group without `excluded` (by name): for a command where they mean nothing or something
    /// else (`render --scale` is pixels per pt, not the web engines' CSS px per pt).
    func without(_ excluded: any OptionDeclaration...) -> OptionGroup {
        let names = Set(excluded.map(\.spec.name))
        return OptionGroup(title, options.filter { !names.contains($0.name) })
    }

    /// The group with `option`'s help replacing that of the same option (a command that says
    /// more about what it does with it).
    func describing(_ option: any OptionDeclaration) -> OptionGroup {
        OptionGroup(title, options.map { $0.isSame(as: option.spec) ? option.spec : $0 })
    }

    private init(_ title: String, _ options: [OptionSpec]) {
        self.title = title
        self.options = options
    }
}
