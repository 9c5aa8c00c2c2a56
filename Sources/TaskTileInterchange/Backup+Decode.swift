import Foundation
import TaskTileCore

/// Reading a backup file strictly: every key known, every record valid, before anything is written.
extension Backup {
    /// One record of a backup file, as `scan` hands it over (in file order).
    enum Record {
        case list(TodoList)
        /// A todo, its index in the file's `todos` array and its foreign iCalendar UID (nil: none given).
        case todo(Int, Todo, foreignUID: String?)
        case completion(Completion)
        case setting(String, String)
        /// A routine record and its index in the file's `routines` array.
        case routine(Int, RoutineRecord)
        /// A challenge and its index in the file's `challenges` array.
        case challenge(Int, Challenge)
        case theme(Theme)
    }

    /// The top-level keys of a backup file, in the order `export` writes them.
    static let topLevelKeys = ["format", "version", "lists", "todos", "completions", "settings", "routines", "challenges", "themes"]

    /// Decodes and validates a backup file held in memory. Every record is checked (ids, titles, dates, zones,
    /// repeat rules, references between records) before anything is written.
    /// - Throws: `DataFileError` naming the line (JSON syntax) or the member path, and what is accepted.
    public static func decode(_ bytes: [UInt8], file: String) throws -> Backup {
        var b = Backup()
        try scan(JSONStream(bytes: bytes, path: file), file: file) { record in
            switch record {
            case .list(let l): b.lists.append(l)
            case .todo(_, let t, let uid):
                b.todos.append(t)
                if let uid { b.foreignUIDs[t.id] = uid }
            case .completion(let c): b.completions.append(c)
            case .setting(let k, let v): b.settings.append((k, v))
            case .routine(_, let r): b.routines.append(r)
            case .challenge(_, let c): b.challenges.append(c)
            case .theme(let t): b.themes.append(t)
            }
        }
        return b
    }

    /// The first pass of a streamed restore: reads and validates the whole backup file at `path`
    /// in bounded memory and returns its lists, settings, routines, challenges and themes; `todos`,
    /// `foreignUIDs` and `completions` stay empty (they are streamed again by `Store.importBackup(head:file:)`).
    /// - Throws: `DataFileError` naming the line or member path, `FileError`.
    public static func head(file path: String) throws -> Backup {
        var head = Backup()
        try scan(path: path) { record in
            switch record {
            case .list(let l): head.lists.append(l)
            case .setting(let k, let v): head.settings.append((k, v))
            case .routine(_, let r): head.routines.append(r)
            case .challenge(_, let c): head.challenges.append(c)
            case .theme(let t): head.themes.append(t)
            case .todo, .completion: break
            }
        }
        return head
    }

    /// Reads and validates the backup file at `path` in bounded memory — one record at a time
    /// (`JSONStream`), whatever the file's size — handing each valid record to `visit` in file order.
    /// `format` and `version` must come before the records (export writes them first); ids must
    /// be unique within their section (checked with sets of ids, the only state kept).
    /// - Throws: `DataFileError` naming the line (JSON syntax) or the member path, and what is
    ///   accepted; `FileError` when the file cannot be opened or read; what `visit` throws.
    static func scan(path: String, visit: (Record) throws -> Void) throws {
        let stream = try JSONStream(path: path)
        defer { stream.close() }
        try scan(stream, file: path, visit: visit)
    }

    static func scan(_ source: JSONStream, file: String, visit: (Record) throws -> Void) throws {
        var stream = source
        var format: JSONValue?, version: JSONValue?, headChecked = false
        var listIDs = Set<String>(), todoIDs = Set<String>(), completionIDs = Set<Int>(), themeIDs = Set<String>()
        var challengeIDs = Set<String>()
        func checkHead() throws {
            guard !headChecked else { return }
            headChecked = true
            guard format?.stringValue == Backup.format else {
                throw DataFileError(file: file, path: "format",
                                       reason: Phrase(key: .importErrorNotABackup, Backup.format))
            }
            guard version?.intValue == Backup.version else {
                throw DataFileError(file: file, path: "version",
                                       reason: Phrase(key: .importErrorBackupVersion, version?.serialized(pretty: false) ?? "missing", Backup.version))
            }
        }
        func array(_ s: inout JSONStream, _ key: String, _ element: (Int, JSONValue) throws -> Void) throws {
            guard try s.nextIsArray() else {
                _ = try s.value()
                throw DataFileError(file: file, path: key, reason: Phrase(key: .importErrorNotAnArray))
            }
            try s.elements(element)
        }
        // The top level is streamed, not read as one value: its keys are checked one by one.
        let topLevel = JSONObjectReader(file: file, place: .record(line: nil, path: ""), keys: topLevelKeys, wording: .importFile)
        do {
            try stream.object { s, key in
                try topLevel.check(key)
                switch key {
                case "format": format = try s.value(); return
                case "version": version = try s.value(); return
                default: try checkHead()
                }
                switch key {
                case "lists":
                    try array(&s, key) { i, item in
                        let r = try JSONObjectReader(item, path: "lists[\(i)]", file: file, keys: ["id", "title", "sortOrder", "createdAt"])
                        let list = TodoList(id: try id(r, "id"), title: try title(r, "title"), sortOrder: try r.int("sortOrder"),
                                            createdAt: try r.date("createdAt"))
                        guard listIDs.insert(list.id).inserted else { throw r.fail("id", Phrase(key: .importErrorDuplicateList, list.id)) }
                        try visit(.list(list))
                    }
                case "todos":
                    try array(&s, key) { i, item in
                        let (todo, foreignUID) = try decodeTodo(item, path: "todos[\(i)]", file: file)
                        guard todoIDs.insert(todo.id).inserted else {
                            throw DataFileError(file: file, path: "todos[\(i)].id", reason: Phrase(key: .importErrorDuplicateTodo, todo.id))
                        }
                        try visit(.todo(i, todo, foreignUID: foreignUID))
                    }
                case "completions":
                    try array(&s, key) { i, item in
                        let r = try JSONObjectReader(item, path: "completions[\(i)]", file: file,
                                                     keys: ["id", "todoId", "listId", "title", "cycleIndex", "cycleDue", "completedAt", "source", "undoneAt", "note", "cascadeOf"])
                        let c = Completion(id: try r.int("id", min: 1), todoId: try id(r, "todoId"), listId: try id(r, "listId"),
                                           title: try r.string("title"), cycleIndex: try r.int("cycleIndex"),
                                           cycleDue: try r.optionalString("cycleDue"), completedAt: try r.date("completedAt"),
                                           source: try r.string("source"), undoneAt: try r.optionalDate("undoneAt"),
                                           note: try notes(r, "note"),
                                           cascadeOf: r.value("cascadeOf") == nil ? nil : try id(r, "cascadeOf"))
                        if let due = c.cycleDue, Store.decodeDue(local: due, zone: due.count > 10 ? "UTC" : nil) == nil {
                            throw r.fail("cycleDue", Phrase(key: .importErrorCycleDue))
                        }
                        guard completionIDs.insert(c.id).inserted else { throw r.fail("id", Phrase(key: .importErrorDuplicateCompletion, c.id)) }
                        try visit(.completion(c))
                    }
                case "settings":
                    let settings = try s.value()
                    if case .null = settings { return }
                    guard case .object(let members) = settings else {
                        throw DataFileError(file: file, path: "settings", reason: Phrase(key: .importErrorSettingsObject))
                    }
                    for (key, value) in members {
                        guard let v = value.stringValue, !key.isEmpty else {
                            throw DataFileError(file: file, path: "settings.\(key)", reason: Phrase(key: .importErrorNotAString))
                        }
                        try visit(.setting(key, v))
                    }
                case "routines":
                    try array(&s, key) { i, item in
                        let r = try JSONObjectReader(item, path: "routines[\(i)]", file: file, keys: ["listId", "name", "source", "appliedAt", "todoIds"])
                        let ids = try r.array("todoIds").map { v -> String in
                            guard let s = v.stringValue, Store.isID(s) else { throw r.fail("todoIds", Phrase(key: .importErrorNotTodoIDs)) }
                            return s
                        }
                        try visit(.routine(i, RoutineRecord(listId: try id(r, "listId"), name: try r.string("name"), source: try r.string("source"),
                                                            appliedAt: try r.date("appliedAt"), todoIds: ids)))
                    }
                case "challenges":
                    try array(&s, key) { i, item in
                        let c = try decodeChallenge(item, path: "challenges[\(i)]", file: file)
                        guard challengeIDs.insert(c.id).inserted else {
                            throw DataFileError(file: file, path: "challenges[\(i)].id", reason: Phrase(key: .importErrorDuplicateChallenge, c.id))
                        }
                        try visit(.challenge(i, c))
                    }
                default: // "themes"
                    try array(&s, key) { i, item in
                        do {
                            let theme = try Theme.decode(item, file: file, label: "themes[\(i)]")
                            guard themeIDs.insert(theme.id).inserted else {
                                throw DataFileError(file: file, path: "themes[\(i)].id", reason: Phrase(key: .importErrorDuplicateTheme, theme.id))
                            }
                            try visit(.theme(theme))
                        } catch let e as DataFileError where e.isInTheme {
                            // The theme's key, as a path of the backup: `themes[2].accent`.
                            var path = "themes[\(i)]"
                            if case .theme(_, let key?) = e.place { path += ".\(key)" }
                            throw DataFileError(file: file, path: path, reason: e.reason)
                        }
                    }
                }
            }
            try checkHead()
        } catch let e as JSONSyntaxError {
            throw DataFileError(file: file, line: e.line, reason: Phrase(key: .importErrorNotJSON, e.column, e.phrase))
        }
    }

    static func id(_ r: JSONObjectReader, _ key: String) throws -> String {
        let s = try r.string(key)
        guard Store.isID(s) else { throw r.fail(key, Phrase(key: .importErrorNotAnID, s)) }
        return s
    }

    static func title(_ r: JSONObjectReader, _ key: String) throws -> String {
        do { return try TextRules.title(try r.string(key)) } catch let e as StoreError { throw r.fail(key, e.quotablePhrase) }
    }

    /// Notes text (a todo's notes, a check-in's note) by the store's rules, nil when absent or null.
    static func notes(_ r: JSONObjectReader, _ key: String) throws -> String? {
        guard let n = try r.optionalString(key) else { return nil }
        do { return try TextRules.notes(n) } catch let e as StoreError { throw r.fail(key, e.quotablePhrase) }
    }

    static func decodeDue(_ r: JSONObjectReader, _ key: String) throws -> Due? {
        guard let d = try r.object(key, keys: ["local", "zone"]) else { return nil }
        let local = try d.string("local")
        if let zone = try d.optionalString("zone") {
            guard TimeZone(identifier: zone) != nil else { throw d.fail("zone", Phrase(key: .importErrorNotAZone, zone)) }
            guard local.count == 19, let wc = LocalDateTime(iso: local) else {
                throw d.fail("local", Phrase(key: .importErrorNotAWallClock, local))
            }
            return .dateTime(wc, zoneID: zone)
        }
        guard let date = LocalDate(iso: local) else { throw d.fail("local", Phrase(key: .importErrorNotADateWithoutZone, local)) }
        return .date(date)
    }

    /// A todo record and its `foreignUID` (nil when absent or null).
    static func decodeTodo(_ value: JSONValue, path: String, file: String) throws -> (Todo, String?) {
        let r = try JSONObjectReader(value, path: path, file: file,
                                     keys: ["id", "listId", "title", "isCompleted", "completedAt", "sortOrder", "createdAt",
                                            "due", "anchor", "repeat", "missedCount", "occurrenceCount", "notes", "foreignUID",
                                            "parentId", "priority", "tags", "start"])
        let notes = try notes(r, "notes")
        // Organize (added after version 1 shipped; see `Backup`): absent means none.
        let parentID = r.value("parentId") == nil ? nil : try id(r, "parentId")
        var priority = Priority.none
        if let p = try r.optionalString("priority") {
            guard let level = Priority(name: p), level.name == p else {
                throw r.fail("priority", Phrase(key: .importErrorMustBe, "none, low, medium, high"))
            }
            priority = level
        }
        let tags = try r.value("tags") == nil ? [] : r.array("tags").map { v -> String in
            guard let s = v.stringValue else { throw r.fail("tags", Phrase(key: .importErrorMustBe, "an array of tag strings")) }
            do { return try TagRules.tag(s) } catch let e as StoreError { throw r.fail("tags", e.quotablePhrase) }
        }
        let start = try decodeDue(r, "start")
        // The UID an iCalendar file gave the todo (RFC 5545 §3.8.4.7), kept as it came: any text
        // the iCalendar reader keeps (it trims spaces; unfolded lines hold no control characters).
        let foreignUID = try r.optionalString("foreignUID")
        if let uid = foreignUID {
            guard !uid.isEmpty, uid.trimmingCharacters(in: .whitespaces) == uid, !uid.unicodeScalars.contains(where: TextRules.isForbidden) else {
                throw r.fail("foreignUID", Phrase(key: .importErrorBadForeignUID))
            }
        }
        let due = try decodeDue(r, "due"), anchor = try decodeDue(r, "anchor")
        var rule: RepeatRule?
        if let rr = try r.object("repeat", keys: ["frequency", "interval", "weekdays", "endCount", "endDate", "nthWeekday",
                                                  "endTime", "skipShortMonths", "goal", "fromCompletion"]) {
            let f = try rr.string("frequency")
            guard let frequency = RepeatRule.Frequency(rawValue: f) else {
                throw rr.fail("frequency", Phrase(key: .importErrorNotAFrequency, f))
            }
            let weekdays = try rr.array("weekdays").map { w -> Weekday in
                guard let s = w.stringValue, let day = Weekday(name: s) else { throw rr.fail("weekdays", Phrase(key: .importErrorNotWeekdays)) }
                return day
            }
            var end = RepeatRule.End.never
            if let n = try rr.optionalInt("endCount", min: 1) { end = .afterCount(n) }
            if let s = try rr.optionalString("endDate") {
                guard case .never = end else { throw rr.fail("endDate", Phrase(key: .importErrorEndDateAndCount)) }
                guard let d = LocalDate(iso: s) else { throw rr.fail("endDate", Phrase(key: .importErrorNotADate, s)) }
                end = .until(d)
            }
            // An RFC 5545 UNTIL time (added after version 1 shipped; see `Backup`): it is the end, `endDate` its date.
            if let s = try rr.optionalString("endTime") {
                let isUTC = s.hasSuffix("Z")
                guard case .until = end, let wc = LocalDateTime(iso: isUTC ? s.dropLast() : Substring(s)), s.count == (isUTC ? 20 : 19) else {
                    throw rr.fail("endTime", Phrase(key: .importErrorMustBe, "YYYY-MM-DDTHH:MM:SS or YYYY-MM-DDTHH:MM:SSZ, beside endDate"))
                }
                end = .untilTime(wc, isUTC: isUTC)
            }
            let skips = rr.value("skipShortMonths") == nil ? false : try rr.bool("skipShortMonths")
            var nth: RepeatRule.NthWeekday?
            if let nr = try rr.object("nthWeekday", keys: ["ordinal", "weekday"]) {
                let ordinal = try nr.int("ordinal", min: RepeatRule.NthWeekday.ordinalRange.lowerBound)
                let s = try nr.string("weekday")
                guard let day = Weekday(name: s) else { throw nr.fail("weekday", Phrase(key: .importErrorMustBe, "mon … sun")) }
                nth = RepeatRule.NthWeekday(ordinal, day)
            }
            let candidate = RepeatRule(frequency: frequency, interval: try rr.int("interval", min: 1), weekdays: Set(weekdays), end: end,
                                       nthWeekday: nth, skipsShortMonths: skips,
                                       goal: rr.value("goal") == nil ? nil : try rr.int("goal", min: 1), // added after version 1
                                       fromCompletion: rr.value("fromCompletion") == nil ? false : try rr.bool("fromCompletion"))
            do { try candidate.validate() } catch {
                // `validate()` throws only RepeatRuleError (typed throws), whose phrase is the catalogue's.
                throw r.fail("repeat", error.phrase)
            }
            guard anchor != nil, due != nil else { throw r.fail("repeat", Phrase(key: .importErrorRepeatNeedsDueAndAnchor)) }
            rule = candidate
        }
        let todo = Todo(id: try id(r, "id"), listId: try id(r, "listId"), title: try title(r, "title"),
                        isCompleted: try r.bool("isCompleted"), completedAt: try r.optionalDate("completedAt"),
                        sortOrder: try r.int("sortOrder"), createdAt: try r.date("createdAt"), due: due, anchor: anchor,
                        repeatRule: rule, missedCount: try r.int("missedCount"), occurrenceCount: try r.int("occurrenceCount"),
                        notes: notes, parentId: parentID, priority: priority, tags: tags, start: start)
        return (todo, foreignUID)
    }

    /// A challenge record, by the rules `challenge start` and `challenge archive` write it
    /// (docs/challenges.md): a title, 1…3650 days from a start date, an `HH:MM` reminder time or
    /// null, at least one habit title; the totals `checkedIn` and `bestStreak` exactly when it is
    /// archived. Whether its list exists is checked on import (`Store.importBackup`).
    static func decodeChallenge(_ value: JSONValue, path: String, file: String) throws -> Challenge {
        let r = try JSONObjectReader(value, path: path, file: file,
                                     keys: ["id", "listId", "title", "startDate", "days", "remind", "routine", "habits",
                                            "createdAt", "endedAt", "archivedAt", "checkedIn", "bestStreak"])
        let start = try r.string("startDate")
        guard let startDate = LocalDate(iso: start) else { throw r.fail("startDate", Phrase(key: .importErrorNotADate, start)) }
        let days = try r.int("days", min: Store.challengeDays.lowerBound)
        guard Store.challengeDays.contains(days) else {
            throw r.fail("days", Phrase(key: .importErrorMustBe, "\(Store.challengeDays.lowerBound) … \(Store.challengeDays.upperBound)"))
        }
        let remind = try r.optionalString("remind")
        if let remind, Store.remindTime(remind) == nil { throw r.fail("remind", Phrase(key: .routineErrorBadTime, remind)) }
        let routine = try r.optionalString("routine")
        if routine?.isEmpty == true { throw r.fail("routine", Phrase(key: .importErrorNotAStringOrNull)) }
        let items = try r.array("habits")
        guard !items.isEmpty else { throw r.fail("habits", Phrase(key: .routineErrorNoItems)) }
        let habits = try items.enumerated().map { j, item -> String in
            let habitPath = r.path(of: "habits") + "[\(j)]"
            guard let text = item.stringValue else { throw DataFileError(file: file, path: habitPath, reason: Phrase(key: .importErrorNotAString)) }
            do { return try TextRules.title(text) } catch let e as StoreError {
                throw DataFileError(file: file, path: habitPath, reason: e.quotablePhrase)
            }
        }
        let archivedAt = try r.optionalDate("archivedAt")
        let checkedIn = try r.optionalInt("checkedIn"), bestStreak = try r.optionalInt("bestStreak")
        guard (archivedAt == nil) == (checkedIn == nil), (archivedAt == nil) == (bestStreak == nil) else {
            throw r.fail(archivedAt == nil ? (checkedIn == nil ? "bestStreak" : "checkedIn") : (checkedIn == nil ? "checkedIn" : "bestStreak"),
                         Phrase(key: .importErrorChallengeTotals))
        }
        return Challenge(id: try id(r, "id"), listId: try id(r, "listId"), title: try title(r, "title"), startDate: startDate,
                         days: days, remind: remind, routine: routine, habits: habits, createdAt: try r.date("createdAt"),
                         endedAt: try r.optionalDate("endedAt"), archivedAt: archivedAt,
                         archivedCheckIns: checkedIn, archivedBestStreak: bestStreak)
    }
}
