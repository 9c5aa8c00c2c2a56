import Foundation
import TaskTileCore

/// Everything in a data directory, as the JSON backup holds it (docs/interchange.md "JSON backup").
///
/// File shape (`tasktile export --format json`), keys in this order:
/// ```
/// { "format": "tasktile-backup", "version": 1,
///   "lists":       [ { id, title, sortOrder, createdAt } ],                      // sortOrder order
///   "todos":       [ { id, listId, title, isCompleted, completedAt, sortOrder, createdAt,
///                      due, anchor, repeat, missedCount, occurrenceCount, notes,
///                      foreignUID?, parentId?, priority?, tags?, start? } ],                                           // by list, then section order
///   "completions": [ { id, todoId, listId, title, cycleIndex, cycleDue, completedAt, source, undoneAt,
///                      note?, cascadeOf? } ],                                                 // by id
///   "settings":    { key: value },                                               // keys sorted
///   "routines":    [ { listId, name, source, appliedAt, todoIds } ],
///   "challenges"?: [ { id, listId, title, startDate, days, remind, routine, habits, createdAt,
///                      endedAt, archivedAt, checkedIn, bestStreak } ],            // oldest first
///   "themes":      [ theme objects exactly as in themes.json ] }
/// ```
/// `?` marks what was added after version 1 shipped (a todo's foreign iCalendar UID, a check-in's
/// note, the challenges): written only when there is one, so a backup of a store that does not use
/// them is byte-identical to what earlier builds wrote and every version-1 reader reads it; one that
/// does use them is refused by an earlier build naming the key (`todos[3].foreignUID: unknown
/// key`), never half read. Absent means "none" on a restore into an empty store; on a merge an absent
/// `foreignUID` or `note` keeps what the store has (a file cannot say "remove it"; the store
/// removes neither except with its todo or history row).
/// `repeat` is the `--json` repeat object (`RepeatRule.jsonValue`); its `skipShortMonths` and `endTime` (an RFC 5545
/// rule's meaning, docs/cycles.md "Repeat rules") came after version 1 too, written only on such rules.
/// A due or anchor is `{ "local": "2027-07-20" }` (floating date) or
/// `{ "local": "2027-07-20T09:00:00", "zone": "Asia/Tokyo" }` (wall clock in an IANA zone); the UTC
/// instant is derived, not stored. Instants are `BackupTime` text (exact to the bit).
///
/// The export is deterministic — no "exported at" time, stable order — so export → import into an
/// empty data directory → export gives the same bytes. Flash records are transient (seconds) and are
/// not part of a backup. Extending the format: new data gets a new key, top-level for a new kind of
/// record (list reminders will be `"reminders"`), written only when it holds something; readers refuse keys they do not know, so an older tasktile names the key
/// instead of silently dropping that data. A change to an existing key's meaning bumps `version`;
/// added keys do not (version 1 readers already refuse what they do not know).
public struct Backup: Sendable, Equatable {
    /// `format` value of a backup file.
    public static let format = "tasktile-backup"
    /// The version this build writes and reads.
    public static let version = 1

    /// A completion history row.
    public typealias Completion = CompletionRecord

    /// A list created by a routine (see `RoutinePack`).
    public typealias RoutineRecord = TaskTileCore.RoutineRecord

    public var lists: [TodoList] = []
    public var todos: [Todo] = []
    public var completions: [Completion] = []
    /// Settings as stored, by key.
    public var settings: [(String, String)] = []
    public var routines: [RoutineRecord] = []
    /// Every challenge, archived ones included (their list is gone; the totals are in the record),
    /// oldest first as `Store.challenges()` gives them.
    public var challenges: [Challenge] = []
    /// Foreign iCalendar UIDs by todo id (table `todo_uids`): the UID a todo came with when it is
    /// not its id. Written as the todo's `foreignUID`.
    public var foreignUIDs: [String: String] = [:]
    public var themes: [Theme] = []
    /// Why `themes.json` could not be read into `themes` (a `DataFileError` or `FileError`), nil
    /// when it was read or is absent. Set by `Store.backup()`; not part of the file or of `==`.
    public var themesProblem: (any Error)?

    public init() {}

    public static func == (a: Backup, b: Backup) -> Bool {
        a.lists == b.lists && a.todos == b.todos && a.completions == b.completions
            && a.settings.elementsEqual(b.settings, by: { $0 == $1 }) && a.routines == b.routines
            && a.challenges == b.challenges && a.foreignUIDs == b.foreignUIDs && a.themes == b.themes
    }
}
