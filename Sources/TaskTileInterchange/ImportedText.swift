import TaskTileCore

/// What an importer does with the list name an item names (todo.txt `+project`, a Taskwarrior
/// `project`, an iCalendar `CATEGORIES` value or the calendar's `X-WR-CALNAME`): decided once,
/// here, for all of them (docs/interchange.md "Lists on import").
///
/// - No name (absent or empty): the list **Inbox**, silently — that is what the formats mean.
/// - A name the title rules refuse (`TextRules.title`: blank, a control character, too long):
///   the list **Inbox**, and a report line naming the value and why, so the item is never lost
///   and never reaches the store's `CHECK` constraint; the rest of the file imports.
/// - Any other name: that name as a list title would store it (trimmed, NFC).
enum ImportedListTitle {
    /// The list an item without a usable list name goes to: the store's `Inbox` (the English word,
    /// as todo.txt and Taskwarrior users know it), whatever `defaultList` says, so that an import
    /// means the same on every machine.
    static let inbox = Store.inboxTitle

    /// The list title for `raw`, reporting through `note` when `raw` was given and refused.
    static func resolve(_ raw: String?, fallback: String = inbox, note: (Phrase) -> Void) -> String {
        guard let raw, !raw.isEmpty else { return fallback }
        do {
            return try TextRules.title(raw)
        } catch let e as StoreError {
            note(Phrase(key: .importNoteListTitleRefused, shown(raw), e.quotablePhrase, fallback))
            return fallback
        } catch {
            note(Phrase(key: .importNoteListTitleRefused, shown(raw), Phrase(stringLiteral: "\(error)"), fallback))
            return fallback
        }
    }

    /// `raw` as a report line can show it: control characters as `U+000A`, at most 40
    /// characters (then `…`), in quotes, so a hostile value cannot move the terminal's cursor.
    static func shown(_ raw: String) -> String {
        var out = ""
        for (i, c) in raw.enumerated() {
            if i == 40 { out += "…"; break }
            out +=
                c.unicodeScalars.contains(where: TextRules.isForbidden)
                ? c.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ") : String(c)
        }
        return "“" + out + "”"
    }
}

/// What an importer does with notes text from a file (an iCalendar `DESCRIPTION`, Taskwarrior
/// annotations): the notes rule of the command line (`TextRules.notes`: newline and tab allowed,
/// no other control character, at most `TextRules.maxNotesLength` characters) applied by taking
/// out what it refuses, with a report line for each kind of change, so the todo imports and its
/// backup restores.
enum ImportedNotes {
    /// `raw` cleaned to what `TextRules.notes` accepts, or nil when nothing is left. `field`
    /// names where the text came from in the report (`DESCRIPTION`, `annotations`).
    static func clean(_ raw: String, field: String, note: (Phrase) -> Void) -> String? {
        var kept = String(
            String.UnicodeScalarView(
                raw.unicodeScalars.filter { !TextRules.isForbidden($0) || $0 == "\n" || $0 == "\t" }))
        if kept.unicodeScalars.count != raw.unicodeScalars.count { note(Phrase(key: .importNoteNotesControl, field)) }
        if kept.count > TextRules.maxNotesLength {
            note(Phrase(key: .importNoteNotesTooLong, field, TextRules.maxNotesLength))
            kept = String(kept.prefix(TextRules.maxNotesLength))
        }
        return kept.isEmpty ? nil : kept
    }
}
