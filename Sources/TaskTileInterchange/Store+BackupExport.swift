import Foundation
import TaskTileCore

/// Reading the store into a `Backup` for `export --format json`; `Store+BackupImport.swift` writes
/// one back.
extension Store {
    /// Everything in the store (lists, todos with their foreign UIDs, history with check-in notes,
    /// settings, routine records, challenges archived or not) plus the themes in `themes.json` (read, never created), in one read
    /// transaction. The todo backup never depends on the theme file: a `themes.json`
    /// that cannot be read or decoded leaves `themes` empty and its error in `themesProblem`, for
    /// the caller to report.
    /// - Throws: store errors.
    public func backup() throws -> Backup {
        var backup = Backup()
        try read {
            backup.lists = try allLists()
            for list in backup.lists { backup.todos += try todos(inList: list.id) }
            backup.completions = try database.rows("""
                SELECT id, todo_id, list_id, title, cycle_index, cycle_due, completed_at, source, undone_at, note, cascade_of
                FROM completions ORDER BY id
                """).map {
                Backup.Completion(id: $0.int("id") ?? 0, todoId: $0.text("todo_id") ?? "", listId: $0.text("list_id") ?? "",
                                  title: $0.text("title") ?? "", cycleIndex: $0.int("cycle_index") ?? 0, cycleDue: $0.text("cycle_due"),
                                  completedAt: Date(timeIntervalSince1970: $0.double("completed_at") ?? 0), source: $0.text("source") ?? "",
                                  undoneAt: $0.double("undone_at").map { Date(timeIntervalSince1970: $0) }, note: $0.text("note"),
                                  cascadeOf: $0.text("cascade_of"))
            }
            backup.settings = try database.rows("SELECT key, value FROM settings ORDER BY key").map { ($0.text(0) ?? "", $0.text(1) ?? "") }
            backup.routines = try routineRecords()
            backup.challenges = try challenges()
            backup.foreignUIDs = try foreignUIDs()
        }
        let themePath = ThemeStore(dataDirectory: directory).path
        do {
            backup.themes = try ThemeStore.decodeFile(try Posix.readFile(themePath), file: themePath)
        } catch let e as FileError where e.errnoValue == ENOENT {
            // No themes.json yet: nothing to back up.
        } catch {
            backup.themesProblem = error
        }
        return backup
    }
}
