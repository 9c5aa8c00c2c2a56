import Foundation

extension Store {
    /// The list titles in list order, read through a short read-only connection — no directory
    /// or store is created, no migration runs — for shell completion of `--list`
    /// (`tasktile --generate list-titles`). Empty when there is no readable store. Titles hold no
    /// newline (TextRules), so one per line is unambiguous.
    public static func peekListTitles(in directory: DataDirectory) -> [String] {
        guard access(directory.storePath, R_OK) == 0,
              let db = try? Database(path: directory.storePath, create: false, readOnly: true, busyTimeout: 1) else { return [] }
        defer { try? db.close() }
        return ((try? db.rows("SELECT title FROM lists ORDER BY sort_order, created_at, id")) ?? []).compactMap { $0.text(0) }
    }
}
