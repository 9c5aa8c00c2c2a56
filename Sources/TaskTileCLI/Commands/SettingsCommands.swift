import TaskTileCore

/// The JSON form of a setting's value: bools as booleans, `sound.volume` as a number, the rest as strings.
private func settingJSON(_ key: SettingKey, _ value: String) -> JSONValue {
    switch key.kind {
    case .bool: .bool(value == "true")
    case .percent: .number(Double(value) ?? 0)
    default: .string(value)
    }
}

private func settingObject(_ s: SettingValue) -> JSONValue {
    .object([("key", .string(s.key.rawValue)), ("value", settingJSON(s.key, s.value)),
             ("default", settingJSON(s.key, s.key.defaultValue)), ("isSet", .bool(s.isSet)),
             ("accepted", .string(s.key.accepted)), ("description", .string(s.key.summary))])
}

/// The keys, their defaults and accepted values, for the settings commands' help.
private let keysDiscussion = "KEYS:\n" + SettingKey.allCases.map {
    "  \($0.rawValue) (default: \($0.defaultValue.isEmpty ? "empty" : $0.defaultValue)) — \($0.summary)\n      Accepted: \($0.accepted)."
}.joined(separator: "\n")

private let keyArgument = ArgumentSpec(name: "key", help: "A setting key (see KEYS).")

/// `tasktile settings ls`: every key with its value, `(default)` when unset, and what it does.
struct SettingsLsCommand: Command {
    static let spec = CommandSpec(path: ["settings", "ls"], abstract: "Show every setting with its value.", discussion: keysDiscussion)
    init(_ a: ParsedArguments, context: CommandContext) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let values = try context.store().settings()
        if context.json { context.printJSON(.array(values.map(settingObject))); return .success }
        let keyWidth = values.map { $0.key.rawValue.count }.max() ?? 0
        let valueWidth = values.map { max($0.value.count, 2) }.max() ?? 0
        for s in values {
            let shown = s.value.isEmpty ? "\"\"" : s.value
            let key = s.key.rawValue + String(repeating: " ", count: keyWidth - s.key.rawValue.count)
            let value = shown + String(repeating: " ", count: max(0, valueWidth - shown.count))
            context.out("\(key)  \(value)  \(s.isSet ? "         " : "(default)")  \(context.paint(s.key.summary, .dim))")
        }
        return .success
    }
}

/// `tasktile settings get KEY`: prints the value alone (script-friendly), or the JSON object.
struct SettingsGetCommand: Command {
    static let spec = CommandSpec(path: ["settings", "get"], abstract: "Print one setting's value.",
                                  discussion: keysDiscussion, arguments: [keyArgument])
    let key: SettingKey
    init(_ a: ParsedArguments, context: CommandContext) throws { key = try SettingKey.named(a.positionals[0]) }

    func run(_ context: CommandContext) throws -> ExitCode {
        let s = try context.store().setting(key)
        if context.json { context.printJSON(settingObject(s)) } else { context.out(s.value) }
        return .success
    }
}

/// `tasktile settings set KEY VALUE`: validates before the store is opened, so a refused value
/// (exit 64, naming key, value and what is accepted) leaves the store untouched.
struct SettingsSetCommand: Command {
    static let spec = CommandSpec(path: ["settings", "set"], abstract: "Change a setting.", discussion: keysDiscussion,
                                  arguments: [keyArgument, ArgumentSpec(name: "value", help: "The new value (see KEYS).")])
    let key: SettingKey, value: String
    init(_ a: ParsedArguments, context: CommandContext) throws {
        key = try SettingKey.named(a.positionals[0])
        value = try key.normalize(a.positionals[1])
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let stored = try store.setSetting(key, to: value)
        if context.json {
            context.printJSON(settingObject(try store.setting(key)))
        } else {
            context.out("\(key.rawValue) = \(stored.isEmpty ? "\"\"" : stored)")
        }
        // Hints on stderr (stdout stays the plain result): settings that would otherwise look broken.
        if key == .soundOnIntent, stored == "true", try store.setting(.soundEnabled).value != "true" {
            context.stderr.write("Note: sound.enabled is false, so no sound plays until 'tasktile settings set sound.enabled true'.\n")
        }
        if key == .language, stored != "auto", let variable = LanguagePreference.deciding(context.environment) {
            context.stderr.write("Note: \(variable)=\(context.environment[variable]!) is set and takes precedence; the language setting applies only when none of --lang, \(LanguagePreference.variables.joined(separator: ", ")) is set. Set TASKTILE_LANG to choose tasktile's language regardless of the locale.\n")
        }
        return .success
    }
}
