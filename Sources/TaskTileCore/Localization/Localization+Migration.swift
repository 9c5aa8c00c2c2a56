import Foundation

// Old-shape overloads for the files that are being rewritten elsewhere and still pass dotted
// String keys or language codes: `TaskTileCLI/CommandLine/CLI.swift`, `ExitCode.swift`,
// `TaskTileNotify/NotifyDaemon.swift`. Each is deprecated, so every remaining use is a compiler
// warning; delete this file (and the like-marked overloads of `CommandContext`, `DBusSink`,
// `LanguagePreference.resolve`) once none is left. A misspelled String key here still prints as
// itself, which is exactly what `StringKey` removes everywhere else.

/// String-keyed look-ups for the files not yet moved to `StringKey`.
extension Localizer {
    /// `text(_:_:)` for a dotted key; an unknown key prints as itself.
    @available(*, deprecated, message: "use a StringKey case: text(.usageMissingValue, …)")
    public func text(_ key: String, _ arguments: CustomStringConvertible...) -> String {
        guard let typed = StringKey(rawValue: key) else { return key }
        return text(typed, arguments: arguments.map(\.description))
    }
}

extension Phrase {
    /// `init(key:_:)` for a dotted key; an unknown key becomes the literal key.
    @available(*, deprecated, message: "use a StringKey case: Phrase(key: .usageMissingValue, …)")
    public init(key: String, _ arguments: CustomStringConvertible...) {
        if let typed = StringKey(rawValue: key) {
            self.init(key: typed)
            self.arguments = arguments.map { ($0 as? Phrase) ?? Phrase(stringLiteral: $0.description) }
        } else {
            self.init(stringLiteral: key)
        }
    }
}

/// Language-code overloads kept only for `TaskTileNotify/NotifyDaemon.swift` (being moved elsewhere),
/// which still carries the language as a String; an unknown code is English, as before.
extension NotificationText {
    @available(*, deprecated, message: "pass a Language")
    public static func todoBody(listTitle: String, due: Due, now: Date, userZone: TimeZone, language: String) -> String {
        todoBody(listTitle: listTitle, due: due, now: now, userZone: userZone, language: Language(rawValue: language) ?? .en)
    }

    @available(*, deprecated, message: "pass a Language")
    public static func reminderSummary(listTitle: String, count: Int, language: String) -> String {
        reminderSummary(listTitle: listTitle, count: count, language: Language(rawValue: language) ?? .en)
    }

    @available(*, deprecated, message: "pass a Language")
    public static func catchUpSummary(count: Int, language: String) -> String {
        catchUpSummary(count: count, language: Language(rawValue: language) ?? .en)
    }

    @available(*, deprecated, message: "pass a Language")
    public static func titleList(_ titles: [String], total: Int? = nil, limit: Int = 5, language: String) -> String {
        titleList(titles, total: total, limit: limit, language: Language(rawValue: language) ?? .en)
    }
}
