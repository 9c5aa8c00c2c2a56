import TaskTileCore

/// The shape of a command for parsing and help (after swift-argument-parser's user-facing conventions).
public struct CommandSpec: Sendable {
    /// The program, e.g. `tasktile` or `tasktile-render`.
    public var program = "tasktile"
    /// Words after the program name, e.g. `["list", "add"]`.
    public var path: [String]
    public var abstract: String
    public var discussion: String? = nil
    /// The discussion when it is built from catalogue text (settings keys); wins over `discussion`.
    public var localizedDiscussion: (@Sendable (Localizer) -> String)? = nil
    public var arguments: [ArgumentSpec] = []
    public var options: [OptionSpec] = []
    /// Extra usage lines (alternatives) shown under USAGE.
    public var usageOverride: [String]? = nil

    public init(program: String = "tasktile", path: [String], abstract: String, discussion: String? = nil,
                localizedDiscussion: (@Sendable (Localizer) -> String)? = nil, arguments: [ArgumentSpec] = [],
                options: [OptionSpec] = [], usageOverride: [String]? = nil) {
        self.program = program; self.path = path; self.abstract = abstract; self.discussion = discussion
        self.localizedDiscussion = localizedDiscussion; self.arguments = arguments; self.options = options
        self.usageOverride = usageOverride
    }

    public var commandName: String { ([program] + path).joined(separator: " ") }

    public var usage: String {
        var parts = [commandName]
        for o in options where o.showInUsage {
            let word = o.valueName.map { "\(o.names[0]) <\($0)>" } ?? o.names[0]
            parts.append(o.required ? word : "[\(word)]")
        }
        for a in arguments {
            let word = "<\(a.name)>" + (a.repeating ? " ..." : "")
            parts.append(a.optional ? "[\(word)]" : word)
        }
        return parts.joined(separator: " ")
    }
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
    public var name: String
    public var help: String
    public var optional = false
    public var repeating = false
    public init(name: String, help: String, optional: Bool = false, repeating: Bool = false) {
        self.name = name; self.help = help; self.optional = optional; self.repeating = repeating
    }
}

/// A `--long-option` (with aliases) that is a flag or takes a value.
public struct OptionSpec: Sendable {
    /// First is the canonical name, e.g. `["--list", "-l"]`.
    public var names: [String]
    /// nil for a flag.
    public var valueName: String?
    public var help: String
    /// Accepted values, shown as `(values: a, b; default: a)` and checked by the parser.
    public var values: [String]? = nil
    public var defaultValue: String? = nil
    public var required = false
    public var repeating = false
    public var showInUsage = true

    public init(names: [String], valueName: String?, help: String, values: [String]? = nil, defaultValue: String? = nil,
                required: Bool = false, repeating: Bool = false, showInUsage: Bool = true) {
        self.names = names; self.valueName = valueName; self.help = help; self.values = values
        self.defaultValue = defaultValue; self.required = required; self.repeating = repeating; self.showInUsage = showInUsage
    }

    public static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: nil, help: help)
    }

    public static func value(_ names: String..., valueName: String, help: String, values: [String]? = nil,
                      defaultValue: String? = nil, required: Bool = false) -> OptionSpec {
        OptionSpec(names: names, valueName: valueName, help: help, values: values, defaultValue: defaultValue, required: required)
    }
}

/// The result of parsing one command's arguments.
public struct ParsedArguments: Sendable {
    public var positionals: [String] = []
    /// Canonical option name → values in order given.
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    public init() {}
    // By name inside this module only: commands read an option through its declaration (`Option`,
    // `ParsedArguments[option]`), so a name that is not declared cannot be asked for.
    func value(_ name: String) -> String? { values[name]?.last }
    func flag(_ name: String) -> Bool { flags.contains(name) }
    func has(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }
    /// Whether the option `spec` declares was given (a flag, or a value).
    public func has(_ spec: OptionSpec) -> Bool { has(spec.names[0]) }
}

/// A mistake in how a command was called (exit 64). `spec` selects the usage shown. The message
/// is a `Phrase`, printed in the user's language by the error funnel.
public struct UsageError: Error, CustomStringConvertible, ReportableError {
    public var message: Phrase
    public var spec: CommandSpec?
    public init(message: Phrase, spec: CommandSpec?) { self.message = message; self.spec = spec }
    public var description: String { message.description }
    public var exitCode: ExitCode { .usage }
    public func message(_ localizer: Localizer) -> String { message.text(localizer) }
    public var showsUsage: Bool { true }
}

public enum ArgumentParser {
    /// Parses `arguments` against `spec`: `--opt value`, `--opt=value`, flags, `--` ends options.
    /// With `checkRequired` false, required options and positional counts are left to
    /// `checkRequired(_:spec:)` (so `--help` works on an incomplete command line).
    /// - Throws: `UsageError` for unknown options, missing or unaccepted values, wrong positional counts.
    public static func parse(_ arguments: [String], spec: CommandSpec, checkRequired: Bool = true) throws -> ParsedArguments {
        var result = ParsedArguments()
        var i = 0
        var optionsEnded = false
        func fail(_ message: Phrase) -> UsageError { UsageError(message: message, spec: spec) }
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if optionsEnded || !arg.hasPrefix("-") || arg == "-" || isNegativeNumber(arg) {
                result.positionals.append(arg)
                continue
            }
            if arg == "--" { optionsEnded = true; continue }
            var name = arg
            var inlineValue: String?
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                name = String(arg[..<eq])
                inlineValue = String(arg[arg.index(after: eq)...])
            }
            guard let option = spec.options.first(where: { $0.names.contains(name) }) else {
                let known = spec.options.flatMap(\.names).filter { $0.hasPrefix("--") }
                let hint = known.first { editDistance($0, name) <= 2 }.map { Phrase(key: .usageDidYouMean, $0) } ?? ""
                throw fail(Phrase(key: .usageUnknownOption, name, hint))
            }
            let canonical = option.names[0]
            if let valueName = option.valueName {
                let value: String
                if let inlineValue { value = inlineValue } else {
                    guard i < arguments.count else { throw fail(Phrase(key: .usageMissingValueFor, name, valueName)) }
                    value = arguments[i]
                    i += 1
                }
                if let accepted = option.values, !accepted.contains(value) {
                    throw fail(Phrase(key: .usageInvalidValue, value, canonical, accepted.joined(separator: ", ")))
                }
                if !option.repeating, result.values[canonical] != nil {
                    throw fail(Phrase(key: .usageGivenTwice, canonical))
                }
                result.values[canonical, default: []].append(value)
            } else {
                if inlineValue != nil { throw fail(Phrase(key: .usageTakesNoValue, canonical)) }
                result.flags.insert(canonical)
            }
        }
        if checkRequired { try Self.checkRequired(result, spec: spec) }
        return result
    }

    /// Required options present, and as many positionals as `spec` takes.
    /// - Throws: `UsageError` naming the missing option or argument, or the first extra argument.
    public static func checkRequired(_ result: ParsedArguments, spec: CommandSpec) throws {
        func fail(_ message: Phrase) -> UsageError { UsageError(message: message, spec: spec) }
        for option in spec.options where option.required && result.values[option.names[0]] == nil {
            throw fail(Phrase(key: .usageMissingOption, option.names[0], option.valueName ?? "value"))
        }
        let required = spec.arguments.filter { !$0.optional }.count
        let repeating = spec.arguments.contains { $0.repeating }
        if result.positionals.count < required {
            let missing = spec.arguments.filter { !$0.optional }[result.positionals.count]
            throw fail(Phrase(key: .usageMissingArgument, missing.name))
        }
        if !repeating, result.positionals.count > spec.arguments.count {
            let extra = result.positionals[spec.arguments.count]
            throw fail(Phrase(key: .usageUnexpectedArgument, extra, spec.arguments.isEmpty ? Phrase(stringLiteral: "") : Phrase(key: .usageQuoteTitle)))
        }
    }

    public static func isNegativeNumber(_ s: String) -> Bool {
        s.count > 1 && s.hasPrefix("-") && s.dropFirst().allSatisfy(\.isNumber)
    }

    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
