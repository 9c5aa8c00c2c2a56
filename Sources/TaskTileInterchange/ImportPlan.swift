import Foundation
import TaskTileCore

/// Todos read from an iCalendar or todo.txt file, ready to be merged into the store by
/// `Store.importPlan(_:file:)`: each with the list it belongs to (by id when the file names one,
/// else by title) and the notes of what could not be represented.
public struct ImportPlan: Sendable {
    /// The title an imported todo without one gets. Stored data, so the same in every language:
    /// what a store holds does not depend on the language of the import that wrote it.
    static let untitled = "(untitled)"

    public struct Item: Sendable {
        /// 1-based line where the item starts in the file.
        public var line: Int
        /// The list: an id the file recorded (ours, from an earlier export), and the title to match or create.
        public var listID: String?
        public var listTitle: String
        /// The todo; `listId` is filled in on import, `sortOrder` is its order among the file's items
        /// of the same list (the store appends after existing todos).
        public var todo: Todo
        /// Order hint from the file (`X-APPLE-SORT-ORDER`), smaller first; nil keeps file order.
        public var sortHint: Double?
        /// The file's UID when it is not the todo id (a foreign UID): kept in `todo_uids` and
        /// written back by export and sync.
        public var uid: String? = nil
        /// The file's name for `todo.parentId` (an iCalendar `RELATED-TO` UID), for the report when
        /// the parent cannot be taken; nil: the id itself.
        public var parentUID: String? = nil
        /// Check-ins of the repeating todo's cycles that the file records besides its current state (Taskwarrior's
        /// completed and deleted occurrences); `todo` is already in the state they give.
        public var checkIns: [CheckIn] = []

        /// `checkIns` as `Store.recordCheckIns` takes them.
        var checkInRows: [(cycle: Int, completedAt: Date, note: String?)] {
            checkIns.map { ($0.cycle, $0.completedAt, $0.note) }
        }
    }

    /// A check-in of one cycle of an imported repeating todo: a completion-history row.
    public struct CheckIn: Sendable, Hashable {
        /// The cycle index (0 = the anchor's cycle).
        public var cycle: Int
        /// When it was checked in (UTC), at most the import's now.
        public var completedAt: Date
        /// The check-in's note (annotations of a Taskwarrior occurrence), or nil.
        public var note: String?

        public init(cycle: Int, completedAt: Date, note: String?) {
            self.cycle = cycle; self.completedAt = completedAt; self.note = note
        }
    }

    public var items: [Item] = []
    public var notes: [ImportReport.Note] = []
    /// Whether the format says which todo is whose subtask (iCalendar `RELATED-TO`). When false (todo.txt,
    /// Taskwarrior), a todo merged over a stored one keeps the stored parent. Default false.
    public var carriesParents = false
    public init() {}
}

extension Store {
    /// Merges imported todos in one `BEGIN IMMEDIATE` transaction.
    ///
    /// Lists: the recorded id when it exists in the store, else the first list (in `sortOrder`)
    /// with that title, else a new list at the end (with the recorded id when it is free).
    /// Todos merge by id: absent → added at the end of its list (items of one list in `sortHint`,
    /// then file order); present and the same → skipped; present and different → updated, keeping
    /// its place and creation time. An item's `checkIns` are added to the history where it holds none
    /// for that cycle (an item that adds one is updated, not skipped).
    /// Parents (`todo.parentId`): a todo of the same list in the plan or the store; any other
    /// (missing, in another list, or making a loop of parents) is reported and the todo kept at the
    /// top level (docs/organize.md "Interchange and sync").
    /// - Throws: store errors (rolled back, nothing written).
    @discardableResult
    public func importPlan(_ plan: ImportPlan, file: String) throws -> ImportReport {
        var report = ImportReport()
        report.notes = plan.notes
        // Lists in order of first appearance; within a list by sort hint, then file order.
        var listRank: [String: Int] = [:]
        for item in plan.items where listRank[item.listID ?? item.listTitle] == nil {
            listRank[item.listID ?? item.listTitle] = listRank.count
        }
        let ordered = plan.items.enumerated().sorted {
            (listRank[$0.element.listID ?? $0.element.listTitle]!, $0.element.sortHint ?? .infinity, $0.offset)
                < (listRank[$1.element.listID ?? $1.element.listTitle]!, $1.element.sortHint ?? .infinity, $1.offset)
        }.map(\.element)
        try write {
            var listIDsByTitle: [String: String] = [:]
            var createdLists = Set<String>()
            var takenOrders: [String: Set<Int>] = [:]
            var nextListOrder = (try database.scalarInt("SELECT max(sort_order) FROM lists") ?? -1) + 1
            var foreignUIDs: [(String, String)] = []
            // Every cost here is per item, never per item × list or item × todo:
            // the store's lists are read once (the first list of each title, in sortOrder), and the
            // end of each list once, then counted on in memory.
            var existingIDs = Set<String>()
            for list in try allLists() {
                existingIDs.insert(list.id)
                let key = TextRules.matchKey(list.title)
                if listIDsByTitle[key] == nil { listIDsByTitle[key] = list.id }
            }
            var endOfLists: [String: Int] = [:]
            func endOfList(_ listID: String) throws -> Int {
                if let n = endOfLists[listID] { return n }
                let n =
                    (try database.cachedStatement("SELECT max(sort_order) FROM todos WHERE list_id = ?")
                        .rows([.text(listID)]).first?.int(0) ?? -1) + 1
                endOfLists[listID] = n
                return n
            }
            func resolve(_ item: ImportPlan.Item) throws -> String {
                if let id = item.listID, existingIDs.contains(id) { return id }
                let key = TextRules.matchKey(item.listTitle)
                if let id = listIDsByTitle[key] { return id }
                var id = Store.newID()
                if let wanted = item.listID, Store.isID(wanted) { id = wanted }
                try database.cachedStatement(
                    "INSERT INTO lists (id, title, sort_order, created_at) VALUES (?, ?, ?, ?)"
                )
                .run([.text(id), .text(item.listTitle), .int(nextListOrder), .double(clock.now.timeIntervalSince1970)])
                try setSearchKey(listID: id, title: item.listTitle)
                nextListOrder += 1
                listIDsByTitle[key] = id
                existingIDs.insert(id)
                createdLists.insert(id)
                report.count(.lists, \.added)
                return id
            }
            var resolvedLists: [String] = []
            for item in ordered { resolvedLists.append(try resolve(item)) }
            let parents = try importedParents(ordered, lists: resolvedLists) { report.notes.append($0) }
            for (index, item) in ordered.enumerated() {
                var todo = item.todo
                todo.listId = resolvedLists[index]
                todo.parentId = parents[todo.id] ?? nil
                if let uid = item.uid { foreignUIDs.append((todo.id, uid)) }
                let end = try endOfList(todo.listId)
                if let existing = try self.todo(id: todo.id) {
                    todo = Store.keepingWhatTheFileCannotSay(imported: todo, existing: existing)
                    if !plan.carriesParents { todo.parentId = existing.parentId }
                    todo.createdAt = existing.createdAt
                    todo.sortOrder = existing.listId == todo.listId ? existing.sortOrder : end
                    if todo == existing {
                        let added = try recordCheckIns(of: todo, item.checkInRows, source: .imported)
                        report.count(.todos, added > 0 ? \.updated : \.skipped)
                        continue
                    }
                    try update(todo)
                    try recordCheckIns(of: todo, item.checkInRows, source: .imported)
                    try recordArrivedCompletion(of: todo, source: .imported)
                    endOfLists[todo.listId] = max(end, todo.sortOrder + 1)
                    report.count(.todos, \.updated)
                } else {
                    // In a list this import created, an integral sort hint (our own X-APPLE-SORT-ORDER)
                    // is kept as the sortOrder, so our export reads back with the same order numbers.
                    if createdLists.contains(todo.listId), let hint = item.sortHint, hint >= 0, hint < 1e9,
                        hint == hint.rounded(), !takenOrders[todo.listId, default: []].contains(Int(hint)),
                        Int(hint) >= end
                    {
                        todo.sortOrder = Int(hint)
                    } else {
                        todo.sortOrder = end
                    }
                    takenOrders[todo.listId, default: []].insert(todo.sortOrder)
                    endOfLists[todo.listId] = max(end, todo.sortOrder + 1)
                    try insert(todo)
                    try recordCheckIns(of: todo, item.checkInRows, source: .imported)
                    try recordArrivedCompletion(of: todo, source: .imported)
                    report.count(.todos, \.added)
                }
            }
            // After the todos exist (todo_uids references them).
            for (id, uid) in foreignUIDs {
                try database.cachedStatement(
                    "INSERT INTO todo_uids (todo_id, uid) VALUES (?, ?) ON CONFLICT(todo_id) DO UPDATE SET uid = excluded.uid"
                )
                .run([.text(id), .text(uid)])
            }
        }
        return report
    }
}

extension Store {
    /// The parent each of `items` (in `lists`, the list ids resolved for them) keeps, by todo id:
    /// its `parentId` when that is a todo of the same list in the items or the store and no loop of
    /// parents comes of it, else nil with a note. Call inside the import's transaction.
    func importedParents(_ items: [ImportPlan.Item], lists: [String], note: (ImportReport.Note) -> Void) throws
        -> [String: String?]
    {
        var listOf: [String: String] = [:]
        for (i, item) in items.enumerated() { listOf[item.todo.id] = lists[i] }
        var parents: [String: String?] = [:]
        for (i, item) in items.enumerated() {
            guard let pid = item.todo.parentId else { parents[item.todo.id] = .some(nil); continue }
            let name = item.parentUID ?? pid
            func refuse(otherList: String?) {
                let message =
                    otherList.map { Phrase(key: .icsNoteParentOtherList, name, $0) }
                    ?? Phrase(key: .icsNoteParentMissing, name)
                note(ImportReport.Note(line: item.line, item: item.uid ?? item.todo.title, message: message))
                parents[item.todo.id] = .some(nil)
            }
            if let inPlan = listOf[pid] {
                if inPlan == lists[i] {
                    parents[item.todo.id] = pid
                } else {
                    refuse(otherList: try listTitle(inPlan))
                }
            } else if let stored = try todo(id: pid) {
                if stored.listId == lists[i] {
                    parents[item.todo.id] = pid
                } else {
                    refuse(otherList: try listTitle(stored.listId))
                }
            } else {
                refuse(otherList: nil)
            }
        }
        // Loops: walk up from each item through the kept parents (the plan's, else the store's).
        for item in items {
            var seen: Set<String> = [item.todo.id]
            var current = parents[item.todo.id] ?? nil
            while let p = current {
                if !seen.insert(p).inserted {
                    if p == item.todo.id {
                        note(
                            ImportReport.Note(
                                line: item.line, item: item.uid ?? item.todo.title,
                                message: Phrase(key: .icsNoteParentCycle, item.parentUID ?? item.todo.parentId ?? "")))
                        parents[item.todo.id] = .some(nil)
                    }
                    break
                }
                if let planned = parents[p] { current = planned } else { current = try todo(id: p)?.parentId }
            }
        }
        return parents
    }

    /// A list's title by id ("" when there is none). Call inside a transaction.
    private func listTitle(_ id: String) throws -> String {
        try database.scalarText("SELECT title FROM lists WHERE id = ?", [.text(id)]) ?? ""
    }

    /// Merges an imported todo over the stored one without losing what iCalendar or todo.txt cannot
    /// carry (these formats are lossy; the JSON backup is not and does not come here):
    /// - a date-only due on the same date as a timed due keeps the time and zone (todo.txt `due:`
    ///   has no time); a timed due at the same instant keeps the stored zone id (`Etc/UTC` ≡ `UTC`);
    /// - absent notes keep the stored notes;
    /// - a repeat of the same frequency and interval keeps the stored weekdays and end when the file
    ///   has none (todo.txt `rec:` has neither), and the stored skipping of short months (`rec:+1m` cannot say it);
    ///   no repeat in the file keeps the stored one, with its anchor and cycle counters;
    /// - a completion time within a day keeps the stored one (todo.txt keeps only the date, and
    ///   iCalendar drops fractions of seconds).
    static func keepingWhatTheFileCannotSay(imported: Todo, existing: Todo) -> Todo {
        var t = imported
        func sameInstant(_ a: Due, _ b: Due) -> Bool {
            let utc = TimeZone(identifier: "UTC")!
            return a.deadline(userZone: utc) == b.deadline(userZone: utc)
        }
        switch (t.due, existing.due) {
        case (.date(let d)?, .dateTime(let wc, _)?) where d == wc.date:
            t.due = existing.due
        case (.dateTime?, .dateTime?) where sameInstant(t.due!, existing.due!):
            t.due = existing.due
        default: break
        }
        if t.notes == nil { t.notes = existing.notes }
        if let old = existing.repeatRule {
            if var rule = t.repeatRule {
                if rule.frequency == old.frequency && rule.interval == old.interval {
                    if rule.weekdays.isEmpty || (rule.frequency == .weekly && rule.weekdays.isSubset(of: old.weekdays))
                    {
                        rule.weekdays = old.weekdays
                    }
                    if rule.end == .never { rule.end = old.end }
                    if old.skipsShortMonths, rule.nthWeekday == old.nthWeekday { rule.skipsShortMonths = true }
                    t.repeatRule = rule
                }
            } else if t.due != nil {
                t.repeatRule = old
            }
            if t.repeatRule == old {
                t.anchor = existing.anchor
                t.occurrenceCount = existing.occurrenceCount
                t.missedCount = existing.missedCount
                if t.due.map({ $0.localDate }) == existing.due.map({ $0.localDate }) { t.due = existing.due }
            }
        }
        if let a = t.completedAt, let b = existing.completedAt, abs(a.timeIntervalSince(b)) < 86_400 {
            t.completedAt = b
        }
        return t
    }
}

/// Stable ids for imported items whose own identifier is not one of our UUIDs (an iCalendar UID
/// such as `20270105T090000Z-1234@example.com`): the same UID always gives the same id, so
/// importing a file twice updates instead of duplicating.
enum StableID {
    /// The lowercase UUID itself when `uid` is a UUID; else a UUID (version 8, RFC 9562 §5.8) made
    /// of two 64-bit FNV-1a hashes of the UID's UTF-8 bytes.
    static func from(_ uid: String) -> String {
        if let uuid = UUID(uuidString: uid) { return uuid.uuidString.lowercased() }
        func fnv(_ seed: UInt64) -> UInt64 {
            var h: UInt64 = seed
            for b in uid.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            return h
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        let a = fnv(0xcbf2_9ce4_8422_2325), b = fnv(0x6c62_272e_07bb_0142)
        for i in 0..<8 {
            bytes[i] = UInt8(truncatingIfNeeded: a >> (8 * UInt64(i)));
            bytes[8 + i] = UInt8(truncatingIfNeeded: b >> (8 * UInt64(i)))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let c = Array(hex)
        return
            "\(String(c[0..<8]))-\(String(c[8..<12]))-\(String(c[12..<16]))-\(String(c[16..<20]))-\(String(c[20..<32]))"
    }
}
