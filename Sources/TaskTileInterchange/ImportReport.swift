import Foundation
import TaskTileCore

/// What an import did (docs/interchange.md: importing never silently drops data): per kind of record how many
/// were added, updated or skipped (already identical), and every piece of data that could not be
/// represented or had to be changed.
public struct ImportReport: Sendable, Equatable {
    /// A kind of record, in report order; the raw value is its `--json` key.
    public enum Kind: String, CaseIterable, Sendable {
        case lists, todos, completions, settings, themes, routines, challenges

        /// The catalogue key of a count of this kind, with plural forms (`1 list`, `3 lists`).
        var countKey: StringKey {
            switch self {
            case .lists: .importKindLists
            case .todos: .importKindTodos
            case .completions: .importKindCompletions
            case .settings: .importKindSettings
            case .themes: .importKindThemes
            case .routines: .importKindRoutines
            case .challenges: .importKindChallenges
            }
        }
    }

    /// Counts for one kind of record.
    public struct Counts: Sendable, Equatable {
        public var added = 0, updated = 0, skipped = 0
        public init() {}
    }

    /// Something in the file that tasktile did not import as written.
    public struct Note: Sendable, Equatable {
        /// 1-based line in the file, when known.
        public var line: Int?
        /// The item it concerns (a todo's UID or title), when known.
        public var item: String?
        /// What was not imported or was changed, and why, in either language (`--json` has the English).
        public var message: Phrase
        public init(line: Int?, item: String?, message: Phrase) {
            self.line = line; self.item = item; self.message = message
        }
    }

    public var counts: [Kind: Counts] = [:]
    public var notes: [Note] = []

    public init() {}

    mutating func count(_ kind: Kind, _ keyPath: WritableKeyPath<Counts, Int>) {
        counts[kind, default: Counts()][keyPath: keyPath] += 1
    }

    mutating func count(_ kind: Kind, _ outcome: Store.UpsertOutcome) {
        switch outcome {
        case .added: count(kind, \.added)
        case .updated: count(kind, \.updated)
        case .skipped: count(kind, \.skipped)
        }
    }

    mutating func note(line: Int? = nil, item: String? = nil, _ message: Phrase) {
        notes.append(Note(line: line, item: item, message: message))
    }

    /// `{ "added": {kind: n}, "updated": {…}, "skipped": {…}, "notImported": [ {line, item, message} ] }`.
    public var jsonValue: JSONValue {
        func section(_ k: KeyPath<Counts, Int>) -> JSONValue {
            .object(Kind.allCases.map { ($0.rawValue, .number(Double(counts[$0]?[keyPath: k] ?? 0))) })
        }
        return .object([
            ("added", section(\.added)), ("updated", section(\.updated)), ("skipped", section(\.skipped)),
            ("notImported", .array(notes.map {
                .object([("line", $0.line.map { .number(Double($0)) } ?? .null),
                         ("item", $0.item.map(JSONValue.string) ?? .null),
                         ("message", .string($0.message.description))])
            })),
        ])
    }

    /// One summary line: `added 3 lists, 12 todos; updated 1 todo; skipped 2 todos`.
    public var summary: String { summary(Localizer(.en)) }

    /// `summary` in `localizer`'s language (Japanese `追加 リスト3件, タスク12件; …`).
    public func summary(_ localizer: Localizer) -> String {
        func part(_ label: StringKey, _ k: KeyPath<Counts, Int>) -> String? {
            let items = Kind.allCases.compactMap { kind -> String? in
                let n = counts[kind]?[keyPath: k] ?? 0
                return n == 0 ? nil : localizer.text(kind.countKey, n)
            }
            return items.isEmpty ? nil : localizer.text(label, items.joined(separator: ", "))
        }
        let parts = [part(.importSummaryAdded, \.added), part(.importSummaryUpdated, \.updated),
                     part(.importSummarySkipped, \.skipped)].compactMap { $0 }
        return parts.isEmpty ? localizer.text(.importSummaryNothing) : parts.joined(separator: "; ")
    }

    /// Notes as lines for stderr: `line 12 (uid): message`.
    public var noteLines: [String] { noteLines(Localizer(.en)) }

    /// `noteLines` in `localizer`'s language (items as they are in the file).
    public func noteLines(_ localizer: Localizer) -> [String] {
        notes.map { n in
            var prefix = ""
            if let line = n.line { prefix += localizer.text(.importLine, line) }
            if let item = n.item { prefix += (prefix.isEmpty ? "" : " ") + "(\(item))" }
            return (prefix.isEmpty ? "" : prefix + ": ") + n.message.text(localizer)
        }
    }
}
