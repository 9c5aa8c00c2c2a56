import Foundation

/// The keys of the `settings` table (docs/settings.md), with their types, defaults and validation.
///
/// | key | type | default | meaning |
/// |---|---|---|---|
/// | `sound.enabled` | bool | `false` | play the completion sound after `tasktile done` (the master switch) |
/// | `sound.name` | one of the seven sounds | `glint` | which sound plays |
/// | `sound.onIntent` | bool | `false` | also play after `intent complete` (needs `sound.enabled`) |
/// | `sound.volume` | percent 0…100 | `100` | scales the sound's own volume |
/// | `language` | `auto`, `en`, `ja` | `auto` | used only when none of `--lang`, `TASKTILE_LANG`, `LC_ALL`, `LC_MESSAGES`, `LANG` is set |
/// | `notify.defaultTime` | `HH:MM` (24 h) | `09:00` | when a date-only todo is notified |
/// | `notify.openCommand` | text | empty (none) | program run when a notification is clicked |
/// | `notify.timeout` | `never`, `default` or seconds 1…86400 | `never` | how long a notification stays (`expire_timeout`) |
/// | `notify.urgency` | `low`, `normal`, `critical` | `normal` | the `urgency` hint (freedesktop spec "Urgency Levels") |
/// | `notify.defaultAction` | `open`, `complete`, `none` | `open` | what a click on a todo notification's body does |
/// | `widget.openCommand` | text | empty (none) | program run when a desktop widget's row or header is clicked |
/// | `defaultList` | a list title | `Inbox` | where `add` puts a todo without `--list` (created when first used) |
///
/// Sound is off by default: a CLI that suddenly beeps in a terminal or a status bar is a surprise,
/// so the user opts in with `tasktile settings set sound.enabled true`.
public enum SettingKey: String, CaseIterable, Hashable, Sendable {
    case soundEnabled = "sound.enabled"
    case soundName = "sound.name"
    case soundOnIntent = "sound.onIntent"
    case soundVolume = "sound.volume"
    case language = "language"
    case notifyDefaultTime = "notify.defaultTime"
    case notifyOpenCommand = "notify.openCommand"
    case notifyTimeout = "notify.timeout"
    case notifyUrgency = "notify.urgency"
    case notifyDefaultAction = "notify.defaultAction"
    case widgetOpenCommand = "widget.openCommand"
    case defaultList = "defaultList"

    /// Looks a key up ignoring ASCII case (`sound.onintent` → `sound.onIntent`).
    /// - Throws: `StoreError.invalidSetting` listing every key.
    public static func named(_ name: String) throws -> SettingKey {
        if let key = allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) { return key }
        throw StoreError.invalidSetting(Phrase(key: .settingsErrorUnknownKey, name, allCases.map(\.rawValue).joined(separator: ", ")))
    }

    /// The value type, which decides validation and the JSON type of the value.
    public enum Kind: Hashable, Sendable { case bool, choice([String]), percent, time, text, timeout, listTitle }

    public var kind: Kind {
        switch self {
        case .soundEnabled, .soundOnIntent: .bool
        case .soundName: .choice(CompletionSound.allCases.map(\.rawValue))
        case .soundVolume: .percent
        case .language: .choice(["auto"] + Language.allCases.map(\.rawValue))
        case .notifyDefaultTime: .time
        case .notifyOpenCommand, .widgetOpenCommand: .text
        case .defaultList: .listTitle
        case .notifyTimeout: .timeout
        case .notifyUrgency: .choice(["low", "normal", "critical"])
        case .notifyDefaultAction: .choice(["open", "complete", "none"])
        }
    }

    /// The value used when the key is not set (canonical text).
    public var defaultValue: String {
        switch self {
        case .soundEnabled, .soundOnIntent: "false"
        case .soundName: CompletionSound.default.rawValue
        case .soundVolume: "100"
        case .language: "auto"
        case .notifyDefaultTime: "09:00"
        case .notifyOpenCommand, .widgetOpenCommand: ""
        case .defaultList: Store.inboxTitle
        case .notifyTimeout: "never"
        case .notifyUrgency: "normal"
        case .notifyDefaultAction: "open"
        }
    }

    /// One sentence for `settings ls` and help (catalogue key `settings.summary.<key>`).
    public var summaryPhrase: Phrase {
        switch self {
        case .soundEnabled: Phrase(key: .settingsSummarySoundEnabled)
        case .soundName: Phrase(key: .settingsSummarySoundName)
        case .soundOnIntent: Phrase(key: .settingsSummarySoundOnIntent)
        case .soundVolume: Phrase(key: .settingsSummarySoundVolume)
        case .language: Phrase(key: .settingsSummaryLanguage)
        case .notifyDefaultTime: Phrase(key: .settingsSummaryNotifyDefaultTime)
        case .notifyOpenCommand: Phrase(key: .settingsSummaryNotifyOpenCommand)
        case .widgetOpenCommand: Phrase(key: .settingsSummaryWidgetOpenCommand)
        case .defaultList: Phrase(key: .settingsSummaryDefaultList)
        case .notifyTimeout: Phrase(key: .settingsSummaryNotifyTimeout)
        case .notifyUrgency: Phrase(key: .settingsSummaryNotifyUrgency)
        case .notifyDefaultAction: Phrase(key: .settingsSummaryNotifyDefaultAction)
        }
    }

    /// `summaryPhrase` in English (`settings ls --json`, which scripts read).
    public var summary: String { summaryPhrase.description }

    /// What is accepted, for error messages and help.
    public var acceptedPhrase: Phrase {
        switch kind {
        case .bool: Phrase(key: .settingsAcceptedBool)
        case .choice(let values): Phrase(stringLiteral: values.joined(separator: ", "))
        case .percent: Phrase(key: .settingsAcceptedPercent)
        case .time: Phrase(key: .settingsAcceptedTime)
        case .text: Phrase(key: .settingsAcceptedText, Self.maxTextLength)
        case .timeout: Phrase(key: .settingsAcceptedTimeout, Self.maxTimeoutSeconds)
        case .listTitle: Phrase(key: .settingsAcceptedListTitle, TextRules.maxTitleLength)
        }
    }

    /// `acceptedPhrase` in English (`settings ls --json`).
    public var accepted: String { acceptedPhrase.description }

    /// Longest accepted `text` value, in characters.
    public static let maxTextLength = 1000

    /// Longest accepted `notify.timeout`, in seconds (one day).
    public static let maxTimeoutSeconds = 86_400

    /// The canonical text of `raw` for this key (`On` → `true`, `7:5`… refused, `7:05` → `07:05`).
    /// - Throws: `StoreError.invalidSetting` naming the key, the value and what is accepted.
    public func normalize(_ raw: String) throws -> String {
        let value = raw.trimmingCharacters(in: .whitespaces)
        let lower = value.lowercased()
        var result: String?
        switch kind {
        case .bool:
            if ["true", "on", "yes", "1"].contains(lower) { result = "true" }
            if ["false", "off", "no", "0"].contains(lower) { result = "false" }
        case .choice(let values):
            if self == .soundName { result = CompletionSound(name: value)?.rawValue } else {
                result = values.first { $0.lowercased() == lower }
            }
        case .percent:
            let digits = lower.hasSuffix("%") ? String(lower.dropLast()) : lower
            if !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
               let n = Int(digits), (0...100).contains(n) { result = String(n) }
        case .time:
            let parts = value.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
               parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
               let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m) {
                result = String(format: "%02d:%02d", h, m)
            }
        case .timeout:
            if ["never", "default"].contains(lower) { result = lower }
            let digits = lower.hasSuffix("s") ? String(lower.dropLast()) : lower
            if !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
               let n = Int(digits), (1...Self.maxTimeoutSeconds).contains(n) { result = String(n) }
        case .text:
            if !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
               value.count <= Self.maxTextLength { result = value }
        case .listTitle:
            result = try? TextRules.title(raw)
        }
        guard let result else {
            throw StoreError.invalidSetting(Phrase(key: .settingsErrorInvalidValue, raw, rawValue, acceptedPhrase))
        }
        return result
    }
}

/// A setting's current value as `settings ls|get` shows it.
public struct SettingValue: Hashable, Sendable {
    public var key: SettingKey
    /// The effective value (canonical text): the stored one, or the default when unset or when the
    /// stored text is not valid for the key (a hand-edited store).
    public var value: String
    /// Whether the table holds a (valid) row for the key.
    public var isSet: Bool
}

extension Store {
    /// Every setting in `SettingKey` order with its effective value. One read transaction.
    public func settings() throws -> [SettingValue] {
        try read {
            let stored = Dictionary(try database.rows("SELECT key, value FROM settings").compactMap { row -> (String, String)? in
                guard let k = row.text(0), let v = row.text(1) else { return nil }
                return (k, v)
            }, uniquingKeysWith: { a, _ in a })
            return SettingKey.allCases.map { key in
                if let raw = stored[key.rawValue], let value = try? key.normalize(raw) {
                    return SettingValue(key: key, value: value, isSet: true)
                }
                return SettingValue(key: key, value: key.defaultValue, isSet: false)
            }
        }
    }

    /// One setting's effective value (see `SettingValue.value`).
    public func setting(_ key: SettingKey) throws -> SettingValue {
        try read {
            if let raw = try database.scalarText("SELECT value FROM settings WHERE key = ?", [.text(key.rawValue)]),
               let value = try? key.normalize(raw) {
                return SettingValue(key: key, value: value, isSet: true)
            }
            return SettingValue(key: key, value: key.defaultValue, isSet: false)
        }
    }

    /// Validates and stores a setting; the store is untouched when the value is refused.
    /// - Returns: the stored canonical value.
    /// - Throws: `StoreError.invalidSetting`, `.busy`.
    @discardableResult
    public func setSetting(_ key: SettingKey, to raw: String) throws -> String {
        let value = try key.normalize(raw)
        try write {
            _ = try database.run("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                             [.text(key.rawValue), .text(value)])
        }
        return value
    }

    /// The completion-sound settings in one snapshot.
    public func soundSettings() throws -> SoundSettings {
        let all = Dictionary(uniqueKeysWithValues: try settings().map { ($0.key, $0.value) })
        return SoundSettings(enabled: all[.soundEnabled] == "true",
                             sound: CompletionSound(rawValue: all[.soundName] ?? "") ?? .default,
                             onIntent: all[.soundOnIntent] == "true",
                             volumePercent: Int(all[.soundVolume] ?? "") ?? 100)
    }
}

/// The completion-sound settings (see `SettingKey`).
public struct SoundSettings: Hashable, Sendable {
    /// `sound.enabled`: the master switch.
    public var enabled: Bool
    /// `sound.name`.
    public var sound: CompletionSound
    /// `sound.onIntent`: also for `intent complete` (only when `enabled`).
    public var onIntent: Bool
    /// `sound.volume`, 0…100.
    public var volumePercent: Int

    /// Whether a completion from `source` plays the sound: `cli` needs `enabled`; `intent` needs
    /// `enabled` and `onIntent`; widget clicks and notification actions follow `onIntent` too
    /// (they are the same kind of "from outside the terminal" completion).
    public func plays(for source: CompletionSource) -> Bool {
        guard enabled else { return false }
        switch source {
        case .cli: return true
        case .intent, .widget, .notification: return onIntent
        case .sync: return false // completed elsewhere; the sound belongs to that device
        case .imported: return false // completed in a file, not by a person just now
        }
    }

    /// `volumePercent` as a 0…1 gain for `SoundSynthesizer`.
    public var gain: Double { Double(min(max(volumePercent, 0), 100)) / 100 }
}

/// The message language (docs/language.md "Resolution order"): `--lang`, then `TASKTILE_LANG`, `LC_ALL`, `LC_MESSAGES`, `LANG`
/// (read from the environment: Foundation's `Locale.current` ignores them on Linux); only when
/// none of these is set (or all are empty) does the stored `language` setting apply; `auto` or no
/// setting means English. A variable starting with `ja` means Japanese; any other value (`C`,
/// `en_US.UTF-8`, `POSIX`) means English.
///
/// Why the setting comes last: the variables' order is what scripts and the environment rely on, and a
/// value stored in one data directory must not silently outrank `LC_ALL`, which users set to make
/// every program speak one language. To use tasktile in another language than the desktop, set
/// `TASKTILE_LANG`; the `language` setting covers environments without any locale (systemd units,
/// some status-bar launchers).
public enum LanguagePreference {
    /// The environment variables consulted, in order.
    public static let variables = ["TASKTILE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"]

    /// The language: `flag` (`--lang`), else the environment, else `stored` (the `language`
    /// setting, see `Store.peekLanguage(in:)`), else English. `stored` is called only when flag and
    /// environment decide nothing.
    public static func language(flag: Language?, environment: [String: String], stored: () -> Language?) -> Language {
        if let flag { return flag }
        if deciding(environment) != nil { return Language.fromEnvironment(environment) }
        return stored() ?? .en
    }


    /// The first non-empty variable of `variables`, or nil.
    public static func deciding(_ environment: [String: String]) -> String? {
        variables.first { environment[$0].map { !$0.isEmpty } ?? false }
    }
}

extension Store {
    /// A setting's valid stored value read through a short read-only connection — no directory or
    /// store is created, no migration runs, nothing is written — or nil when the store does not
    /// exist, cannot be read, or holds no valid value. For decisions made before a command opens
    /// the store (the `language` fallback).
    public static func peekSetting(_ key: SettingKey, in directory: DataDirectory) -> String? {
        guard access(directory.storePath, R_OK) == 0,
              let db = try? Database(path: directory.storePath, create: false, readOnly: true, busyTimeout: 1) else { return nil }
        defer { try? db.close() }
        guard let raw = try? db.scalarText("SELECT value FROM settings WHERE key = ?", [.text(key.rawValue)]) else { return nil }
        return try? key.normalize(raw)
    }

    /// The stored `language` setting as a language, or nil when it is `auto`, unset or unreadable
    /// (see `peekSetting`).
    public static func peekLanguage(in directory: DataDirectory) -> Language? {
        peekSetting(.language, in: directory).flatMap(Language.init(rawValue:))
    }
}
