/// One option of a command, declared once and read through that declaration: its `spec` goes into
/// the command's `CommandSpec.options` (so help, completions and man pages come from it) and
/// `ParsedArguments[option]` reads its value with the right type, so a misspelt name cannot
/// compile and read as absent (as `a.value("--lsit")` does).
///
/// Beside the string-keyed `ParsedArguments.value(_:)`, which commands leave one at a time.
public struct Option<Value: Sendable>: Sendable {
    /// The declaration for parsing and help.
    public let spec: OptionSpec
    let read: @Sendable (ParsedArguments, String) -> Value

    /// The canonical name (`--list`).
    public var name: String { spec.names[0] }
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
}
