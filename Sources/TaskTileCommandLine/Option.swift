/// One option of a command, declared once and read through that declaration: its `spec` goes into
/// the command's `CommandSpec.options` (so help, completions and man pages come from it) and
/// `ParsedArguments[option]` reads its value with the right type, so a misspelt name cannot
/// compile and read as absent (as `a.value("--lsit")` does).
///
public struct Option<Value: Sendable>: Sendable {
    /// The declaration for parsing and help.
    public let spec: OptionSpec
    let read: @Sendable (ParsedArguments, String) -> Value

    /// The canonical name (`--list`).
    public var name: String { spec.names[0] }

    /// The same option with other help text, for a command where it means something narrower (`reminder set
    /// --repeat` repeats the reminder, not a todo). Reading is unchanged: by the same name.
    public func withHelp(_ help: String) -> Option {
        var spec = spec
        spec.help = help
        return Option(spec: spec, read: read)
    }
}

extension Option where Value == Bool {
    /// A flag: true when given.
    public static func flag(_ names: String..., help: String) -> Option {
        Option(spec: OptionSpec(names: names, valueName: nil, help: help)) { a, name in a.flag(name) }
    }
}

extension Option where Value == String? {
    /// An option with a value: the last one given, else nil (a `defaultValue` is shown in help;
    /// the command applies it, or uses `withDefault`).
    public static func value(_ names: String..., valueName: String, help: String, values: [String]? = nil,
                             defaultValue: String? = nil, required: Bool = false) -> Option {
        Option(spec: OptionSpec(names: names, valueName: valueName, help: help, values: values,
                                defaultValue: defaultValue, required: required)) { a, name in a.value(name) }
    }
}

extension Option where Value == String {
    /// An option with a value and a default: the last one given, else `defaultValue` (shown in help).
    public static func value(_ names: String..., valueName: String, help: String, values: [String]? = nil,
                             default defaultValue: String) -> Option {
        Option(spec: OptionSpec(names: names, valueName: valueName, help: help, values: values,
                                defaultValue: defaultValue)) { a, name in a.value(name) ?? defaultValue }
    }
}

extension Option where Value == String {
    /// A required option with a value (parsing fails with exit 64 without it): the last one given.
    public static func required(
        _ names: String..., valueName: String, help: String, values: [String]? = nil
    ) -> Option {
        let spec = OptionSpec(names: names, valueName: valueName, help: help, values: values, required: true)
        return Option(spec: spec) { a, name in a.value(name) ?? "" }
    }
}

extension Option where Value == [String] {
    /// An option that may be given several times: every value, in order.
    public static func repeating(_ names: String..., valueName: String, help: String) -> Option {
        Option(spec: OptionSpec(names: names, valueName: valueName, help: help, repeating: true)) { a, name in
            a.values[name] ?? []
        }
    }
}

extension ParsedArguments {
    /// The value of `option` as parsed.
    public subscript<Value>(_ option: Option<Value>) -> Value { option.read(self, option.name) }

    /// Whether `option` was given on the command line at all (a flag, or a value, even an empty one).
    public func has<Value>(_ option: Option<Value>) -> Bool { has(option.name) }
}
