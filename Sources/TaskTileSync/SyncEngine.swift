import Foundation
import TaskTileCore
import TaskTileInterchange

/// What one pass did (or, with `dryRun`, would do), printed by `tasktile sync`.
public struct SyncReport: Sendable {
    public var account: String
    /// Items written to the other side / into the store.
    public var up = 0, down = 0
    /// Items deleted in the store / on the other side.
    public var deletedHere = 0, deletedThere = 0
    /// One line per same-field conflict: the item, the field, the side kept and the value lost.
    public var conflicts: [Phrase] = []
    /// Server items that could not be read (left alone; the pass exits 65).
    public var unreadable: [Phrase] = []
    /// Lists the server refused a collection for (MKCALENDAR refused): they stay local, are tried
    /// again next pass, and the pass exits 65.
    public var notCreated: [Phrase] = []
    /// List names held by more than one list or calendar, neither side paired: left unpaired and
    /// unsynced (the pass exits 65).
    public var ambiguous: [Phrase] = []
    /// Server resources that hold no VTODO (events in a mixed calendar): not ours, left alone.
    public var skipped = 0
    /// Other things worth saying (an edit that beat a delete).
    public var notes: [Phrase] = []
    /// HTTP requests made.
    public var requests = 0
    public init(account: String) { self.account = account }
}

/// One sync pass between the store and a `SyncRemote` (docs/sync.md): pairs lists with
/// collections, reads the remote changes (sync-token or ETags) and the local ones (the change
/// journal), merges each item three-way against the version last synced and writes both sides.
///
/// Order of writes, for crash safety (a `kill -9` at any point converges on the next pass): the
/// remote write comes first, then the local change and the item's new base in one store
/// transaction; the collection's sync-token after its items; the journal cursor last. An item
/// written remotely but not recorded is seen again next time and merges to the same result; a
/// new item's href is derived from its UID, so it is never created twice.
final class SyncEngine {
    let store: Store
    let account: SyncAccount
    let remote: SyncRemote
    let dryRun: Bool
    let progress: (Int, Int) -> Void
    var report: SyncReport
    private var journal = SyncJournalChanges(head: 0)
    private var items: [String: SyncItemState] = [:]
    /// Foreign UIDs of todos imported from files: a new item on the server keeps that UID.
    private var uids: [String: String] = [:]
    private var processed = 0, total = 0
    /// Hrefs (decoded) written on the server in the collection being synced, this pass.
    private var written = Set<String>()
    /// Subtasks stored at the top level this pass because their `RELATED-TO` parent could not be had
    /// (yet): by todo id, the parent's id and the list (docs/sync.md "Subtasks").
    private var pendingParents: [String: (parent: String, list: String)] = [:]
    /// Todos whose loop of parents was reported this pass (once each).
    private var reportedLoops = Set<String>()
    /// Run once, before the first conditional write over an existing item (the tests' 412 race:
    /// another client edits between our read and our write). Nil in normal use.
    var beforeFirstOverwrite: (() -> Void)?

    init(
        store: Store, account: SyncAccount, remote: SyncRemote, dryRun: Bool,
        progress: @escaping (Int, Int) -> Void = { _, _ in }
    ) {
        self.store = store; self.account = account; self.remote = remote; self.dryRun = dryRun; self.progress = progress
        report = SyncReport(account: account.name)
    }

    var now: Date { store.clock.now }
    var zone: TimeZone { store.clock.timeZone }

    /// Runs the pass. - Throws: `DAVError` (nothing changed locally when it comes from the first
    /// request), store errors.
    func run() throws -> SyncReport {
        do {
            return try pass()
        } catch let e as DAVError {
            let r = report
            guard r.up + r.down + r.deletedHere + r.deletedThere > 0, !dryRun else { throw e }
            throw DAVError.stoppedMidway(
                e, up: r.up, down: r.down, deletedHere: r.deletedHere, deletedThere: r.deletedThere)
        }
    }

    private func pass() throws -> SyncReport {
        if !dryRun { try adoptBeforeOrganize() }
        journal = try store.syncJournal(after: account.journalSeq)
        let collections = try remote.collections()
        let pairs = try store.syncCollections(account: account.name)
        items = try store.syncItems(account: account.name)
        uids = try store.foreignUIDs()
        var lists = Dictionary(uniqueKeysWithValues: try store.syncLists().map { ($0.id, $0) })
        let byHref = Dictionary(pairs.map { ($0.href, $0) }, uniquingKeysWith: { a, _ in a })
        let remoteHrefs = Set(collections.map(\.href))
        var work: [(TodoList, RemoteCollection, SyncCollectionState?)] = []
        var pairedLists = Set<String>()
        // Neither side paired yet (a first sync, an account added again after `sync rm`): a list
        // and a calendar of the same name are one list. A name held twice on one side is
        // ambiguous: reported, and its lists and calendars are left unpaired and unsynced.
        func name(_ s: String?) -> String { (s ?? "").trimmingCharacters(in: .whitespaces) }
        let localByName = Dictionary(
            grouping: lists.values.filter { l in !pairs.contains { $0.listID == l.id } }, by: { name($0.title) })
        let remoteByName = Dictionary(
            grouping: collections.filter { byHref[$0.href] == nil }, by: { name($0.displayName) })
        var ambiguousNames = Set<String>()

        for coll in collections {
            if let st = byHref[coll.href] {
                if var list = lists[st.listID] {
                    // A rename merges against the title last synced: the side that changed it wins
                    // (both: ours, the collection being our list).
                    let base = st.displayName ?? list.title
                    let remoteName = coll.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? base
                    if list.title != base || remoteName == base {
                        if remoteName != list.title, !dryRun {
                            try remote.rename(collection: coll.href, to: list.title)
                        }
                    } else if !dryRun {
                        try store.renameSyncedList(id: list.id, to: remoteName)
                        list.title = (try store.syncLists().first { $0.id == list.id })?.title ?? list.title
                    }
                    work.append((list, coll, st)); pairedLists.insert(list.id)
                    continue
                }
                // The list was deleted here. Unchanged on the server since our last pass (same
                // sync-token): delete the collection there too. Changed there meanwhile: the edit
                // wins and the collection comes back as a list below (nothing is lost silently).
                let since = try remote.changes(in: coll, since: st.syncToken)
                func key(_ h: String) -> String { h.removingPercentEncoding ?? h }
                let mine = Dictionary(
                    items.values.filter { $0.listID == st.listID }.map { (key($0.href), $0.etag) },
                    uniquingKeysWith: { a, _ in a })
                let listed = Set(since.changed.map { key($0.href) })
                let unchanged =
                    since.removed.isEmpty && since.changed.allSatisfy { mine[key($0.href)] == .some($0.etag) }
                    && (!since.complete || Set(mine.keys) == listed)
                if !dryRun { try store.removeSyncCollection(account: account.name, listID: st.listID) }
                items = items.filter { $0.value.listID != st.listID }
                if unchanged {
                    if !dryRun { try remote.deleteCollection(coll.href) }
                    report.deletedThere += 1
                    continue
                }
                report.notes.append(
                    Phrase(
                        key: .syncEditBeatsDelete, coll.displayName ?? coll.href, Phrase(key: .syncSideHere),
                        Phrase(key: .syncSideThere)))
            }
            let segment = coll.href.split(separator: "/").last.map(String.init) ?? ""
            if let list = lists[segment], !pairedLists.contains(list.id),
                !pairs.contains(where: { $0.listID == list.id })
            {
                work.append((list, coll, try pair(list, coll))); pairedLists.insert(list.id)
                continue
            }
            let title = name(coll.displayName)
            if !title.isEmpty, let locals = localByName[title], !locals.isEmpty {
                let remotes = remoteByName[title] ?? []
                if locals.count == 1, remotes.count == 1, let list = locals.first, !pairedLists.contains(list.id) {
                    work.append((list, coll, try pair(list, coll))); pairedLists.insert(list.id)
                    continue
                }
                if ambiguousNames.insert(title).inserted {
                    report.ambiguous.append(Phrase(key: .syncAmbiguousName, title, locals.count, remotes.count))
                }
                for l in locals { pairedLists.insert(l.id) }
                continue
            }
            if dryRun {
                report.down += 1
                report.notes.append(Phrase(key: .syncDryRunList, coll.displayName ?? segment))
                continue
            }
            // The pairing is stored with the list, before the first item: a pass killed while
            // downloading continues into this list next time (never a second list or calendar).
            var listTitle = coll.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? segment
            listTitle = ICalendarResource.listTitle(listTitle) {
                report.notes.append(Phrase(key: .syncCollectionNameRefused, coll.href, $0))
            }
            let list = try store.addSyncedList(
                id: segment, title: listTitle, sortOrder: coll.order, createdAt: coll.createdAt,
                pairing: (account.name, coll.href))
            lists[list.id] = list
            work.append(
                (
                    list, coll,
                    SyncCollectionState(listID: list.id, href: coll.href, syncToken: nil, displayName: list.title)
                ))
            pairedLists.insert(list.id)
        }
        for list in lists.values.sorted(by: { $0.sortOrder < $1.sortOrder }) where !pairedLists.contains(list.id) {
            if let st = pairs.first(where: { $0.listID == list.id }), !remoteHrefs.contains(st.href) {
                // The collection was deleted on the server. Nothing changed here since the last
                // pass (every todo equal to its base, none new, the same title): delete the list
                // here too. Otherwise the edit wins: the collection is created again.
                let todoIDs = try store.syncTodoIDs(inList: list.id)
                let unchanged =
                    try list.title == (st.displayName ?? list.title)
                    && todoIDs.allSatisfy { id in
                        guard let s = items[id], s.listID == list.id, let base = parseBase(s),
                            let local = try withPendingParent(try store.syncTodo(id: id), base: base)
                        else { return false }
                        return !changed(ICalendarExporter.wireForm(local), from: base.todo)
                    }
                if !dryRun { try store.removeSyncCollection(account: account.name, listID: list.id) }
                items = items.filter { $0.value.listID != list.id }
                if unchanged {
                    if !dryRun { _ = try store.removeList(list.id) }
                    report.deletedHere += 1
                    continue
                }
                report.notes.append(
                    Phrase(
                        key: .syncEditBeatsDelete, list.title, Phrase(key: .syncSideThere), Phrase(key: .syncSideHere)))
            }
            if dryRun { report.up += 1; report.notes.append(Phrase(key: .syncDryRunCalendar, list.title)); continue }
            let (coll, refusal) = try remote.createCollection(
                listID: list.id, title: list.title, order: list.sortOrder, createdAt: list.createdAt)
            guard let coll else {
                // No pairing is stored, so the next pass asks again; the list's todos stay unsynced
                // (no item state), so they all go up once the collection exists.
                report.notCreated.append(
                    Phrase(
                        key: .syncNoCalendarCreated, list.title, refusal?.answer ?? "-",
                        account.user ?? "-", refusal?.url ?? "-"))
                continue
            }
            work.append((list, coll, try pair(list, coll)))
        }
        total = try work.reduce(0) { $0 + (try store.syncTodoIDs(inList: $1.0.id).count) }
        for (list, coll, st) in work { try sync(list: list, collection: coll, state: st) }
        if !dryRun {
            try store.finishSync(account: account.name, journalHead: journal.head, calendarHome: remote.calendarHomeURL)
        }
        report.requests = remote.requestCount
        return report
    }

    /// The collection's token once our writes of this pass are in it. The token read before them
    /// does not cover them, and a server may leave out of a later diff an item created after a
    /// token and deleted since (RFC 6578 §3.5.1 lets it; Xandikos does): a todo we uploaded and
    /// another client then deleted would never be seen as deleted. So the changes since the old
    /// token are asked once more: when they are exactly our writes (each one listed with the ETag
    /// we stored, removals only of items we no longer track), the new token is stored. Otherwise
    /// (someone else wrote meanwhile, an ETag we did not get) no token is stored, and the next
    /// pass lists everything (an ETag listing, which misses nothing).
    private func tokenAfterOwnWrites(_ collection: RemoteCollection, list: TodoList, since old: String) throws
        -> String?
    {
        func key(_ h: String) -> String { h.removingPercentEncoding ?? h }
        let after = try remote.changes(in: collection, since: old)
        guard !after.complete, let fresh = after.newToken else { return nil }
        let mine = Dictionary(
            try store.syncItems(account: account.name).values.filter { $0.listID == list.id }.map {
                (key($0.href), $0.etag)
            },
            uniquingKeysWith: { a, _ in a })
        let listed = Set(after.changed.map { key($0.href) })
        let onlyOurs =
            after.changed.allSatisfy { c in c.etag != nil && mine[key(c.href)] == .some(c.etag) }
            && after.removed.allSatisfy { mine[key($0)] == nil } && written.isSubset(of: listed)
        return onlyOurs ? fresh : nil
    }

    /// The cycles a resource's overrides complete: each VTODO after the first with a
    /// `RECURRENCE-ID` and `STATUS:COMPLETED`, as (the cycle's local date, its `COMPLETED`).
    static func completedOverrides(_ text: String) -> [(date: LocalDate, at: Date?)] {
        var lines: [String] = []
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var l = String(raw)
            if l.hasSuffix("\r") { l.removeLast() }
            if let first = l.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += l.dropFirst()
            } else {
                lines.append(l)
            }
        }
        func value(_ l: String) -> String { l.split(separator: ":", maxSplits: 1).last.map(String.init) ?? "" }
        func name(_ l: String) -> String { String(l.prefix { $0 != ";" && $0 != ":" }).uppercased() }
        var out: [(date: LocalDate, at: Date?)] = []
        var todos = 0, inOverride = false
        var rid: LocalDate?, completed = false, at: Date?
        for l in lines {
            switch (name(l), value(l).uppercased()) {
            case ("BEGIN", "VTODO"):
                todos += 1; inOverride = todos > 1; rid = nil; completed = false; at = nil
            case ("END", "VTODO"):
                if inOverride, completed, let rid { out.append((rid, at)) }
                inOverride = false
            case ("RECURRENCE-ID", let v) where inOverride:
                let digits = Array(v.prefix(8))
                if digits.count == 8, let y = Int(String(digits[0..<4])), let m = Int(String(digits[4..<6])),
                    let d = Int(String(digits[6..<8]))
                {
                    rid = LocalDate(year: y, month: m, day: d)
                }
            case ("STATUS", let v) where inOverride: completed = v.trimmingCharacters(in: .whitespaces) == "COMPLETED"
            case ("COMPLETED", let v) where inOverride:
                let f = DateFormatter()
                f.locale = Locale(identifier: "en_US_POSIX"); f.timeZone = TimeZone(identifier: "UTC");
                f.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
                at = f.date(from: v.trimmingCharacters(in: .whitespaces))
            default: break
            }
        }
        return out
    }

    /// `remote` read as `local`'s series when it is that series restated from a later cycle with its
    /// `COUNT` counted from there: the same RRULE but for the count, its due cycle `i` of ours (i ≥
    /// our current cycle, within 366 cycles) and its count ours less `i` (`COUNT` = the cycles left,
    /// RFC 5545 §3.3.10 counting from DTSTART). Evolution completes a repeating todo so
    /// (evolution-data-server's `e_cal_util_mark_task_complete_sync`, since 3.30: in place, same UID,
    /// `DTSTART`/`DUE` moved to the next occurrence, `COUNT` − 1, `NEEDS-ACTION`; the last cycle,
    /// `COUNT=1`, is marked `COMPLETED` with its RRULE). Read as another series it would restart ours
    /// there without a check-in; read as ours it is Tasks.org's advanced master, a check-in of our
    /// current cycle (`Store.applySynced`). Returns nil when it is not that (any other rule change,
    /// a due that is no cycle of ours): the item is then merged as it reads.
    static func sameCountedSeries(_ remote: Todo, as local: Todo) -> Todo? {
        guard let mine = local.repeatRule, let theirs = remote.repeatRule, mine != theirs,
            case .afterCount(let total) = mine.end, case .afterCount(let left) = theirs.end,
            let anchor = local.anchor, let due = remote.due
        else { return nil }
        var same = theirs
        same.end = mine.end
        guard same == mine,
            let i = (local.occurrenceCount...(local.occurrenceCount + 366)).first(where: {
                RecurrenceEngine.occurrence($0, of: mine, anchor: anchor) == due
            }), left == total - i
        else { return nil }
        var t = remote
        t.repeatRule = mine
        t.anchor = anchor
        t.occurrenceCount = i
        t.missedCount = local.missedCount
        return t
    }

    /// Whether a resource's text has a VTODO component (a `BEGIN:VTODO` line; a folded line never
    /// starts with BEGIN).
    static func holdsTodo(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).contains {
            $0.trimmingCharacters(in: .whitespaces).uppercased() == "BEGIN:VTODO"
        }
    }

    /// Records a new list ↔ collection pairing before any of its items is synced (no sync-token
    /// yet: the first pass lists everything), so an interrupted pass finds it next time.
    private func pair(_ list: TodoList, _ coll: RemoteCollection) throws -> SyncCollectionState? {
        if dryRun { return nil }
        let state = SyncCollectionState(listID: list.id, href: coll.href, syncToken: nil, displayName: list.title)
        try store.setSyncCollection(account: account.name, state)
        return state
    }

    /// A fetched server item.
    struct Fetched {
        var href: String
        var etag: String?
        var resource: ICalendarResource
    }

    private func sync(list: TodoList, collection: RemoteCollection, state: SyncCollectionState?) throws {
        let here = items.values.filter { $0.listID == list.id }
        // Hrefs compare decoded: a server may percent-encode what we wrote plainly (`@` → `%40`).
        func key(_ href: String) -> String { href.removingPercentEncoding ?? href }
        let known = Dictionary(here.map { (key($0.href), $0) }, uniquingKeysWith: { a, _ in a })
        // The collection's token (from the home's PROPFIND) is the one stored after the last
        // pass: nothing changed there, so no REPORT (RFC 6578 §4 — the token names the state).
        let unchangedThere =
            collection.syncToken != nil && collection.syncToken == state?.syncToken && state?.href == collection.href
        let changes =
            unchangedThere
            ? RemoteChanges(newToken: state?.syncToken) : try remote.changes(in: collection, since: state?.syncToken)
        var toFetch: [String] = []
        var listed = Set<String>()
        for (href, etag) in changes.changed {
            listed.insert(key(href))
            if let k = known[key(href)], etag != nil, k.etag == etag { continue }  // our own write, or unchanged
            toFetch.append(href)
        }
        var removed = Set(changes.removed.map(key))
        if changes.complete { removed.formUnion(known.keys.filter { !listed.contains($0) }) }
        var fetched: [String: Fetched] = [:]
        var checkIns: [String: [(date: LocalDate, at: Date?)]] = [:]
        for (href, etag, text) in try remote.fetch(toFetch, in: collection) {
            // Events, journals and free-busy next to the todos (a server's default calendar holds
            // both) are another application's: left alone without a word, only counted.
            if !SyncEngine.holdsTodo(text) { report.skipped += 1; continue }
            do {
                var r = try ICalendarResource.parse(text, href: href, userZone: zone, now: now)
                let id = known[key(href)]?.todoID ?? ICalendarResource.todoID(forUID: r.uid)
                r.todo.id = id
                r.todo.listId = list.id
                fetched[id] = Fetched(href: href, etag: etag, resource: r)
                for c in r.cleaned { report.notes.append(Phrase(key: .syncItemCleaned, href, c)) }
                let done = SyncEngine.completedOverrides(text)
                if !done.isEmpty { checkIns[id] = done }
            } catch let e as ICalendarResource.Unreadable {
                report.unreadable.append(Phrase(key: .syncUnreadableItem, href, e.reason))
            }
        }
        var candidates: [String] = []
        var seen = Set<String>()
        func add(_ id: String) { if seen.insert(id).inserted { candidates.append(id) } }
        let localIDs = try store.syncTodoIDs(inList: list.id)
        for id in localIDs where items[id] == nil || journal.todos[id] != nil || items[id]?.listID != list.id {
            add(id)
        }
        for s in here where journal.todos[s.todoID] != nil || removed.contains(key(s.href)) { add(s.todoID) }
        // New server items in their order (X-APPLE-SORT-ORDER), those without one after, by id: a
        // hinted item must find its place free, whichever device downloads.
        for id in fetched.keys.sorted(by: {
            (fetched[$0]!.resource.sortHint ?? .infinity, $0) < (fetched[$1]!.resource.sortHint ?? .infinity, $1)
        }) {
            add(id)
        }
        written = []
        // A parent stored by a pass that ended before it attached its waiting subtasks: attached
        // now, before a subtask's top-level place could read as a local change.
        if !dryRun { try attachWaitingSubtasks(list: list, arrived: true) }
        let wroteBefore = report.up + report.deletedThere, downBefore = report.down
        // The total counted this list's todos; new server items add to it (never "1500/1044").
        let beyond = Set(candidates).subtracting(localIDs).count
        total += beyond
        for id in candidates {
            try process(id, list: list, collection: collection, fetched: fetched[id], removed: removed)
            processed += 1
            if total > 200, processed % 100 == 0 { progress(min(processed, total), total) }
        }
        if !dryRun { try attachWaitingSubtasks(list: list, arrived: report.down > downBefore) }
        // Thunderbird completes one cycle of a series with an override (a second VTODO with
        // RECURRENCE-ID and STATUS:COMPLETED): a check-in of that cycle, recorded the way imports
        // record theirs (the override stays in the resource as it is).
        if !dryRun {
            for (id, dates) in checkIns.sorted(by: { $0.key < $1.key }) {
                try store.recordSyncedCheckIns(todoID: id, dates.map { ($0.date, $0.at ?? now) })
            }
        }
        // Keep the old token when items could not be read, so they are listed again next time.
        var token = report.unreadable.isEmpty || changes.newToken == nil ? changes.newToken : state?.syncToken
        if !dryRun, report.up + report.deletedThere > wroteBefore, let old = changes.newToken, token == old {
            token = try tokenAfterOwnWrites(collection, list: list, since: old)
        }
        if !dryRun,
            state?.syncToken != token || state?.href != collection.href || state?.displayName != list.title
                || state == nil
        {
            try store.setSyncCollection(
                account: account.name,
                SyncCollectionState(
                    listID: list.id, href: collection.href, syncToken: token,
                    displayName: list.title))
        }
    }

    private func parseBase(_ s: SyncItemState) -> ICalendarResource? {
        guard
            let text = s.base.isEmpty
                ? (try? store.syncItemBase(account: account.name, todoID: s.todoID)) ?? nil : s.base
        else { return nil }
        return try? ICalendarResource.parse(text, href: s.href, userZone: zone, now: now)
    }

    private func changed(_ a: Todo, from b: Todo) -> Bool {
        ICalendarResource.Group.allCases.contains { !$0.same(a, b) }
    }

    private func process(
        _ id: String, list: TodoList, collection: RemoteCollection, fetched: Fetched?, removed: Set<String>
    ) throws {
        var state = items[id]
        var local = try store.syncTodo(id: id)
        if let s = state, s.listID != list.id { state = nil; _ = s }
        if let l = local, l.listId != list.id {
            // Moved to another list here: delete it from this collection (it is new in the other).
            if let s = state, fetched == nil {
                if !dryRun { _ = try remote.delete(s.href, ifMatch: s.etag) }
                if !dryRun { try store.forgetSyncItem(account: account.name, todoID: id) }
                report.deletedThere += 1
            }
            local = nil
            if state == nil { return }
        }
        // What a client that dropped our X- properties could not say is kept from the rule last
        // synced (else the stored one): the base and the server's version read alike then.
        var base = state.flatMap(parseBase)
        base?.keepingRepeatExtras(of: local?.repeatRule)
        local = try withPendingParent(local, base: base)
        var fetched = fetched
        fetched?.resource.keepingRepeatExtras(of: base?.todo.repeatRule ?? local?.repeatRule)
        // Evolution's completion of a counted series (COUNT one less from the next cycle) is the same series.
        if let l = local {
            if let t = fetched.flatMap({ SyncEngine.sameCountedSeries($0.resource.todo, as: l) }) {
                fetched?.resource.todo = t
            }
            if let t = base.flatMap({ SyncEngine.sameCountedSeries($0.todo, as: l) }) { base?.todo = t }
        }
        let remoteRemoved = state.map { removed.contains($0.href.removingPercentEncoding ?? $0.href) } ?? false

        switch (local, state, fetched) {
        case (nil, nil, let f?):
            try applyRemote(f, list: list)
        case (let l?, nil, nil):
            let uid = uids[l.id] ?? l.id
            try push(
                l, uid: uid, href: remote.itemHref(collection: collection, uid: uid), template: nil, ifMatch: nil,
                list: list, collection: collection)
        case (let l?, nil, let f?):
            try merge(local: l, base: nil, remote: f, list: list)
        case (nil, let s?, let f):
            if remoteRemoved { if !dryRun { try store.forgetSyncItem(account: account.name, todoID: id) }; return }
            if let f {
                report.notes.append(
                    Phrase(
                        key: .syncEditBeatsDelete, f.resource.todo.title, Phrase(key: .syncSideHere),
                        Phrase(key: .syncSideThere)))
                try applyRemote(f, list: list)
                return
            }
            if dryRun { report.deletedThere += 1; return }
            switch try remote.delete(s.href, ifMatch: s.etag) {
            case .preconditionFailed:
                if let f = try refetch(s.href, id: id, list: list, collection: collection) {
                    report.notes.append(
                        Phrase(
                            key: .syncEditBeatsDelete, f.resource.todo.title, Phrase(key: .syncSideHere),
                            Phrase(key: .syncSideThere)))
                    try applyRemote(f, list: list)
                }
            case .written, .gone:
                try store.applySynced(account: account.name, merged: nil, deleting: id, state: nil)
                report.deletedThere += 1
            }
        case (let l?, let s?, let f):
            let localChanged = base.map { changed(ICalendarExporter.wireForm(l), from: $0.todo) } ?? true
            if remoteRemoved {
                if localChanged {
                    report.notes.append(
                        Phrase(
                            key: .syncEditBeatsDelete, l.title, Phrase(key: .syncSideThere), Phrase(key: .syncSideHere))
                    )
                    try push(
                        l, uid: base?.uid ?? l.id, href: s.href, template: base, ifMatch: nil, list: list,
                        collection: collection)
                } else {
                    if !dryRun { try store.applySynced(account: account.name, merged: nil, deleting: id, state: nil) }
                    report.deletedHere += 1
                }
                return
            }
            if let f {
                if localChanged {
                    try merge(local: l, base: base, remote: f, list: list)
                } else {
                    try applyRemote(f, list: list)
                }
            } else if localChanged {
                try push(
                    l, uid: base?.uid ?? l.id, href: s.href, template: base, ifMatch: s.etag, list: list,
                    collection: collection)
            }
        case (nil, nil, nil):
            break
        }
    }

    /// Re-reads one resource after a 412 (someone wrote between our read and our write).
    private func refetch(_ href: String, id: String, list: TodoList, collection: RemoteCollection) throws -> Fetched? {
        guard let (h, etag, text) = try remote.fetch([href], in: collection).first else { return nil }
        do {
            var r = try ICalendarResource.parse(text, href: h, userZone: zone, now: now)
            r.todo.id = id; r.todo.listId = list.id
            return Fetched(href: h, etag: etag, resource: r)
        } catch let e as ICalendarResource.Unreadable {
            report.unreadable.append(Phrase(key: .syncUnreadableItem, href, e.reason))
            return nil
        }
    }

    /// The server's version replaces ours (only the server changed).
    private func applyRemote(_ f: Fetched, list: TodoList) throws {
        report.down += 1
        if dryRun { report.notes.append(Phrase(key: .syncDryRunReceive, f.resource.todo.title)); return }
        var todo = f.resource.todo
        let existing = try store.syncTodo(id: todo.id)
        if let e = existing {
            todo.sortOrder = f.resource.sortHint == nil ? e.sortOrder : todo.sortOrder
            if ICalendarResource.Group.schedule.same(e, todo) {
                ICalendarResource.Group.schedule.copy(from: e, into: &todo)
            }
            // A repeating item's DTSTART is its first cycle: a start here has no wire form and stays.
            if todo.repeatRule != nil, todo.start == nil { todo.start = e.start }
        }
        if todo.sortOrder < 0 { todo.sortOrder = -1 }
        if f.resource.uid != todo.id { uids[todo.id] = f.resource.uid }
        try store.applySynced(
            account: account.name, merged: try storable(todo),
            state: SyncItemState(todoID: todo.id, listID: list.id, href: f.href, etag: f.etag, base: f.resource.text),
            foreignUID: f.resource.uid)
    }

    /// Writes our version: over `template` (the base or the server's text) or as a new resource.
    /// A 412 re-reads the server's version and merges.
    private func push(
        _ l: Todo, uid: String, href: String, template: ICalendarResource?, ifMatch: String?, list: TodoList,
        collection: RemoteCollection, attempts: Int = 3
    ) throws {
        if dryRun { report.up += 1; report.notes.append(Phrase(key: .syncDryRunSend, l.title)); return }
        let wire = ICalendarExporter.wireForm(l)
        let text =
            template.map {
                ICalendarResource.render(
                    wire, over: $0.text, templateTodo: $0.todo, parentUID: parentUID(of: wire), now: now)
            }
            ?? ICalendarResource.render(wire, uid: uid, parentUID: parentUID(of: wire), now: now)
        if ifMatch != nil, let hook = beforeFirstOverwrite { beforeFirstOverwrite = nil; hook() }
        switch try remote.put(href, text: text, ifMatch: ifMatch) {
        case .written(let etag):
            report.up += 1
            written.insert(href.removingPercentEncoding ?? href)
            try store.applySynced(
                account: account.name, merged: nil, deleting: nil,
                state: SyncItemState(todoID: l.id, listID: list.id, href: href, etag: etag, base: text))
        case .preconditionFailed, .gone:
            guard attempts > 0, let f = try refetch(href, id: l.id, list: list, collection: collection) else { return }
            try merge(
                local: l, base: template.flatMap { ifMatch == nil ? nil : $0 }, remote: f, list: list,
                attempts: attempts - 1)
        }
    }

    /// Three-way merge by property group (docs/sync.md "Merging"): a group changed on one side
    /// takes that side; changed on both to different values, the later LAST-MODIFIED wins and the
    /// losing value is reported. Without a base (both sides have the item, never synced), every
    /// differing group is a conflict.
    private func merge(local here: Todo, base: ICalendarResource?, remote f: Fetched, list: TodoList, attempts: Int = 3)
        throws
    {
        // Compared and written as the server sees it (a completed cycle as the series moved on).
        let l = ICalendarExporter.wireForm(here)
        var f = f
        f.resource.keepingRepeatExtras(of: base?.todo.repeatRule ?? here.repeatRule)
        let r = f.resource.todo
        var merged = l
        let localTime = journal.todos[l.id] ?? .distantPast
        let remoteTime = f.resource.lastModified ?? .distantPast
        for g in ICalendarResource.Group.allCases {
            if g.same(l, r) { continue }
            let localChanged = base.map { !g.same(l, $0.todo) } ?? true
            let remoteChanged = base.map { !g.same(r, $0.todo) } ?? true
            if !remoteChanged { continue }
            if !localChanged || g == .order && base == nil {
                if localChanged { continue }; g.copy(from: r, into: &merged); continue
            }
            if g == .order { continue }  // order: ours wins quietly (a reorder is not worth a report)
            if remoteTime > localTime {
                g.copy(from: r, into: &merged)
                report.conflicts.append(
                    Phrase(key: .syncConflict, merged.title, g.rawValue, Phrase(key: .syncSideThere), g.describe(l)))
            } else {
                report.conflicts.append(
                    Phrase(key: .syncConflict, merged.title, g.rawValue, Phrase(key: .syncSideHere), g.describe(r)))
            }
        }
        if dryRun {
            report.down += 1; report.notes.append(Phrase(key: .syncDryRunReceive, r.title))
            if changed(merged, from: r) {
                report.up += 1; report.notes.append(Phrase(key: .syncDryRunSend, merged.title))
            }
            return
        }
        var text = f.resource.text, etag = f.etag
        if changed(merged, from: r) {
            let put = ICalendarResource.render(
                merged, over: f.resource.text, templateTodo: r, parentUID: parentUID(of: merged), now: now)
            if let hook = beforeFirstOverwrite { beforeFirstOverwrite = nil; hook() }
            switch try remote.put(f.href, text: put, ifMatch: f.etag) {
            case .written(let e):
                text = put; etag = e; report.up += 1; written.insert(f.href.removingPercentEncoding ?? f.href)
            case .preconditionFailed, .gone:
                guard attempts > 0, let again = try refetch(f.href, id: l.id, list: list, collection: collectionOf(f))
                else { return }
                try merge(local: here, base: base, remote: again, list: list, attempts: attempts - 1)
                return
            }
        }
        if changed(merged, from: l) { report.down += 1 }
        if f.resource.uid != l.id { uids[l.id] = f.resource.uid }
        try store.applySynced(
            account: account.name, merged: try storable(merged),
            state: SyncItemState(todoID: l.id, listID: list.id, href: f.href, etag: etag, base: text))
    }

    /// The UID a `RELATED-TO` names for `todo`'s parent: the parent's foreign UID, else its id.
    private func parentUID(of todo: Todo) -> String? { todo.parentId.map { uids[$0] ?? $0 } }

    /// A subtask waiting for its parent (its base names one this device cannot have: not here yet,
    /// in another list, or a loop) reads as having it, so its top-level place here is no local
    /// change and no write of ours takes the `RELATED-TO` away.
    private func withPendingParent(_ local: Todo?, base: ICalendarResource?) throws -> Todo? {
        guard var l = local, l.parentId == nil, let p = base?.todo.parentId,
            try store.syncParentProblem(child: l, parentID: p) != nil
        else { return local }
        l.parentId = p
        return l
    }

    /// `todo` as it can be stored here: a parent that cannot be had (not on this device yet, in
    /// another list, a loop) is left out and remembered (`pendingParents`) — the subtask is stored
    /// top-level, never lost, and attached when the parent arrives (`attachWaitingSubtasks`).
    private func storable(_ todo: Todo) throws -> Todo {
        pendingParents[todo.id] = nil
        guard let p = todo.parentId, let problem = try store.syncParentProblem(child: todo, parentID: p) else {
            return todo
        }
        var t = todo
        t.parentId = nil
        pendingParents[todo.id] = (p, todo.listId)
        switch problem {
        case .missing: break  // said after the list, when it did not arrive meanwhile
        case .otherList(let title):
            report.notes.append(Phrase(key: .syncParentOtherList, todo.title, try parentTitle(p), title))
        case .loop: reportLoop(todo.id, title: todo.title, parent: try parentTitle(p))
        }
        return t
    }

    private func parentTitle(_ id: String) throws -> String { try store.syncTodo(id: id)?.title ?? id }

    private func reportLoop(_ id: String, title: String, parent: String) {
        if reportedLoops.insert(id).inserted { report.notes.append(Phrase(key: .syncParentLoop, title, parent)) }
    }

    /// After a list's items: the subtasks that wait for a parent — those stored top-level this pass,
    /// and, when items came down, those of earlier passes (a base with a `RELATED-TO`, no parent
    /// here) — are attached where the parent is now here in the same list. One that makes a loop
    /// stays top-level and is reported; one whose parent did not come is said to wait.
    private func attachWaitingSubtasks(list: TodoList, arrived: Bool) throws {
        var waiting: [(child: String, parent: String, thisPass: Bool)] = pendingParents.filter {
            $0.value.list == list.id
        }
        .sorted { $0.key < $1.key }.map { ($0.key, $0.value.parent, true) }
        if arrived {
            let seen = Set(waiting.map(\.child))
            for (id, base) in try store.syncItemsAwaitingParent(account: account.name, listID: list.id)
            where !seen.contains(id) {
                if let p = (try? ICalendarResource.parse(base, href: "", userZone: zone, now: now))?.todo.parentId {
                    waiting.append((id, p, false))
                }
            }
        }
        for w in waiting {
            let problem = try store.attachSyncedParent(todoID: w.child, parentID: w.parent)
            if problem == nil { pendingParents[w.child] = nil; continue }
            guard w.thisPass, let child = try store.syncTodo(id: w.child) else { continue }
            switch problem {
            case .loop?: reportLoop(w.child, title: child.title, parent: try parentTitle(w.parent))
            case .missing?: report.notes.append(Phrase(key: .syncParentPending, child.title, w.parent))
            default: break
            }
        }
    }

    /// Once after the upgrade that made parent, priority, tags and start merge groups: each item
    /// synced before (`Store.syncItemsBeforeOrganize`) takes them from its base where the todo has
    /// none here, so their defaults do not read as local changes that would erase them there.
    private func adoptBeforeOrganize() throws {
        let legacy = try store.syncItemsBeforeOrganize(account: account.name)
        guard !legacy.isEmpty else { return }
        var organized: [Todo] = [], parents: [(String, String)] = []
        for (id, base) in legacy {
            guard let r = try? ICalendarResource.parse(base, href: "", userZone: zone, now: now) else { continue }
            var t = r.todo
            t.id = id
            organized.append(t)
            if let p = t.parentId { parents.append((id, p)) }
        }
        try store.adoptSyncedOrganize(account: account.name, organized)
        for (child, p) in parents { try store.attachSyncedParent(todoID: child, parentID: p) }
    }

    /// The collection a resource href lives in (its parent path).
    private func collectionOf(_ f: Fetched) -> RemoteCollection {
        var parts = f.href.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return RemoteCollection(href: parts.joined(separator: "/") + "/")
    }
}
