import TaskTileCommandLine
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

/// The keys, their defaults and accepted values, for the settings commands' help, in `l`'s language.
@Sendable private func keysDiscussion(_ l: Localizer) -> String {
    l.text(.settingsKeysHeader) + "\n" + SettingKey.allCases.map {
        l.text(.settingsKeyLine, $0.rawValue, $0.defaultValue.isEmpty ? l.text(.settingsEmpty) : $0.defaultValue,
               $0.summaryPhrase.text(l), $0.acceptedPhrase.text(l))
    }.joined(separator: "\n")
}

private let keyArgument = ArgumentSpec(name: "key", help: "A setting key (see KEYS).")

/// `tasktile settings ls`: every key with its value, `(default)` when unset, and what it does.
struct SettingsLsCommand: Command {
    static let spec = CommandSpec(path: ["settings", "ls"], abstract: "Show every setting with its value.",
                                  localizedDiscussion: keysDiscussion)
    init(_ a: ParsedArguments, context: CommandContext) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let values = try context.store().settings()
        if context.json { context.printJSON(.array(values.map(settingObject))); return .success }
        let keyWidth = values.map { $0.key.rawValue.count }.max() ?? 0
        let valueWidth = values.map { max($0.value.count, 2) }.max() ?? 0
        let l = context.localizer
        let defaultMark = l.text(.settingsDefault)
        let notDefault = String(repeating: " ", count: TerminalWidth.of(defaultMark))
        for s in values {
            let shown = s.value.isEmpty ? "\"\"" : s.value
            let key = s.key.rawValue + String(repeating: " ", count: keyWidth - s.key.rawValue.count)
            let value = shown + String(repeating: " ", count: max(0, valueWidth - shown.count))
            context.out("\(key)  \(value)  \(s.isSet ? notDefault : defaultMark)  \(context.paint(s.key.summaryPhrase.text(l), .dim))")
        }
        return .success
    }
}

/// `tasktile settings get KEY`: prints the value alone (script-friendly), or the JSON object.
struct SettingsGetCommand: Command {
    static let spec = CommandSpec(path: ["settings", "get"], abstract: "Print one setting's value.",
                                  localizedDiscussion: keysDiscussion, arguments: [keyArgument])
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
    static let spec = CommandSpec(path: ["settings", "set"], abstract: "Change a setting.", localizedDiscussion: keysDiscussion,
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
            context.stderr.write(context.localizer.text(.settingsNoteSoundDisabled) + "\n")
        }
        if key == .language, stored != "auto", let variable = LanguagePreference.deciding(context.environment) {
            context.stderr.write(context.localizer.text(.settingsNoteLanguageOverridden, variable, context.environment[variable]!,
                                                        LanguagePreference.variables.joined(separator: ", ")) + "\n")
        }
        return .success
    }
}
