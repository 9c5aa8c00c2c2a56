/// Everything a store operation can refuse, one sentence each (docs/exit-codes.md gives their exit codes).
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not a tasktile store (not SQLite, or an SQLite file of another program).
    case notAStore(path: String, detail: Phrase)
    /// The store was written by a newer tasktile (it records migrations this build does not know).
    case newerStore(path: String, unknown: [String])
    /// The store or data directory cannot be opened or written.
    case inaccessible(path: String, detail: String)
    /// The data directory does not exist (a typo in a bar's config, an unmounted home): reads
    /// that never create it (`status`) report this instead of "nothing pending" (exit 74).
    case dataDirectoryMissing(path: String)
    /// The data directory (or its `widgets/`) can be written by group or others (`mode`, octal
    /// text): refused as OpenSSH's StrictModes refuses such a `~/.ssh` (exit 74).
    case unsafeDirectory(path: String, mode: String)
    /// The data directory (or its `widgets/`) belongs to another user (exit 74).
    case foreignOwner(path: String, owner: String, uid: UInt32)
    /// A write was refused because the store's file system is read-only or the data directory
    /// is not writable by this user (reads still work; exit 74).
    case readOnly(path: String)
    /// A write was refused because the disk holding the data directory is full (exit 74).
    case diskFull(path: String)
    /// Another process held the store lock past the busy timeout.
    case busy(detail: String)
    /// A title was refused (the phrase says why, in either language).
    case invalidTitle(Phrase)
    /// Notes were refused.
    case invalidNotes(Phrase)
    /// No list has this title or id prefix.
    case listNotFound(String)
    /// Several lists match a reference that must name one.
    case ambiguousList(String, candidates: [TodoList])
    /// No todo has this id prefix (or title in the given list).
    case todoNotFound(String, list: String?)
    /// Several todos match a reference that must name one.
    case ambiguousTodo(String, candidates: [TodoCandidate])
    /// The todo is already completed (nothing to do).
    case alreadyCompleted(TodoCandidate)
    /// A habit with a target per period already has a check-in today: it counts one per day (nothing to do, exit 1).
    case alreadyCheckedIn(Phrase)
    /// `undo --on DATE` of a habit with a target per period: that day has no check-in (nothing to undo, exit 1).
    case notCheckedIn(Phrase)
    /// The todo is not completed (nothing to undo).
    case notCompleted(TodoCandidate)
    /// `restore`: a todo of the deleted one's id is in the store again (it was restored already; exit 1).
    case todoExists(TodoCandidate)
    /// `done --on` / `undo --on` named a date that is not a cycle that can be checked in (docs/cycles.md "Completing a past cycle").
    case invalidCycle(Phrase)
    /// A position is out of range.
    case badPosition(Int, count: Int)
    /// A setting key or value was refused.
    case invalidSetting(Phrase)
    /// A tag was refused (empty, too long, whitespace or a comma inside; exit 64).
    case invalidTag(Phrase)
    /// A parent was refused: in another list, the todo itself, or one of its subtasks (exit 64).
    case invalidParent(Phrase)
    /// A smart list's name or filter was refused (exit 64).
    case invalidView(Phrase)
    /// A snooze was refused: the todo is completed or has no due, or the time is not in the future (exit 64;
    /// docs/notifications.md "Snooze").
    case invalidSnooze(Phrase)
    /// A start was refused: after the todo's due, so it would stay hidden past it (exit 64; docs/organize.md "Start").
    case invalidStart(Phrase)
    /// No saved view has that name (`view rm`; exit 1).
    case viewNotFound(String)
    /// `edit --untag TAG` of a todo without that tag (`tags`: the ones it has): nothing to do, exit 1, nothing changed.
    case tagNotOnTodo(title: String, tag: String, tags: [String])

    /// The message in English (`message(_:)` gives it in either language).
    public var description: String { message(Localizer(.en)) }
}

/// A todo named in an error or an intent result: enough to tell candidates apart.
public struct TodoCandidate: Hashable, Sendable {
    public var id: String
    public var title: String
    public var listId: String
    public var listTitle: String
    public var isCompleted: Bool

    public init(id: String, title: String, listId: String, listTitle: String, isCompleted: Bool) {
        self.id = id; self.title = title; self.listId = listId; self.listTitle = listTitle; self.isCompleted = isCompleted
    }

    /// `Milk in Shopping (1a2b3c4d)`: `label(_:)` in English.
    public var label: String { label(Localizer(.en)) }
}
