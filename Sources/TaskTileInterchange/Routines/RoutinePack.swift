import Foundation
import TaskTileCore

/// A routine pack (docs/interchange.md "Routines"): a person's (or a character's) daily schedule that becomes a list of
/// repeating todos, one per item, due at the item's wall-clock time in the user's zone.
///
/// ```
/// { "format": "tasktile-routine", "version": 1,
///   "name": "student-day-ja",            // what `routine apply NAME` and `routine remove NAME` use
///   "list": "学生の一日",                  // title of the list it creates
///   "lang": "ja",                         // optional, informational
///   "description": "…",                   // optional
///   "days": ["sat", "sun"],               // optional: weekly on these days; absent = every day
///   "items": [ { "time": "06:00", "title": "起床", "notes": "…" }, … ] }
/// ```
/// Unknown keys are refused (exit 65), as in every file tasktile reads.
public struct RoutinePack: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public var hour: Int, minute: Int
        public var title: String
        public var notes: String?
    }

    public static let format = "tasktile-routine"
    public static let version = 1

    public var name: String
    public var listTitle: String
    public var lang: String?
    public var description: String?
    /// Empty = daily.
    public var days: Set<Weekday>
    public var items: [Item]
    /// Where it was read from.
    public var path: String

    /// Parses and validates a pack. - Throws: `DataFileError` naming the member and what is accepted.
    public static func decode(_ bytes: [UInt8], file: String) throws -> RoutinePack {
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch let e as JSONSyntaxError {
            throw DataFileError(file: file, line: e.line, reason: Phrase(key: .importErrorNotJSON, e.column, e.phrase))
        }
        let r = try JSONObjectReader(root, path: "", file: file, keys: ["format", "version", "name", "list", "lang", "description", "days", "items"])
        guard r.value("format")?.stringValue == format else { throw r.fail("format", Phrase(key: .importErrorMustBeQuoted, format)) }
        guard r.value("version")?.intValue == version else { throw r.fail("version", Phrase(key: .importErrorMustBe, version)) }
        let name = try r.string("name")
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw r.fail("name", Phrase(key: .routineErrorBadName))
        }
        let listTitle: String
        do { listTitle = try TextRules.title(try r.string("list")) } catch let e as StoreError { throw r.fail("list", e.quotablePhrase) }
        let days = try r.array("days").map { v -> Weekday in
            guard let s = v.stringValue, let d = Weekday(name: s) else { throw r.fail("days", Phrase(key: .routineErrorBadDays)) }
            return d
        }
        let items = try r.array("items").enumerated().map { i, v -> Item in
            let ir = try JSONObjectReader(v, path: "items[\(i)]", file: file, keys: ["time", "title", "notes"])
            let time = try ir.string("time")
            let parts = time.split(separator: ":")
            guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
                  let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m) else {
                throw ir.fail("time", Phrase(key: .routineErrorBadTime, time))
            }
            let title: String, notes: String?
            do {
                title = try TextRules.title(try ir.string("title"))
                notes = try ir.optionalString("notes").map(TextRules.notes)
            } catch let e as StoreError { throw ir.fail("title", e.quotablePhrase) }
            return Item(hour: h, minute: m, title: title, notes: notes)
        }
        guard !items.isEmpty else { throw r.fail("items", Phrase(key: .routineErrorNoItems)) }
        return RoutinePack(name: name, listTitle: listTitle, lang: try r.optionalString("lang"),
                           description: try r.optionalString("description"), days: Set(days), items: items, path: file)
    }

    /// Directories searched for packs, first match wins: `<dataDir>/routines`, the install prefix's
    /// `share/tasktile/routines` (prefix = the binary's directory's parent), and `Examples/routines`
    /// of a source checkout the binary was built in (found by walking up from the binary).
    public static func searchDirectories(dataDirectory: DataDirectory, executablePath: String) -> [String] {
        var dirs = [dataDirectory.path + "/routines"]
        var url = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        dirs.append(url.deletingLastPathComponent().path + "/share/tasktile/routines")
        for _ in 0..<6 {
            let candidate = url.path + "/Examples/routines"
            if FileManager.default.fileExists(atPath: candidate) { dirs.append(candidate); break }
            url.deleteLastPathComponent()
        }
        return dirs
    }

    /// Every readable pack in `directories` (first of a name wins), and the files that failed to parse.
    public static func all(in directories: [String]) -> (packs: [RoutinePack], problems: [String]) {
        var packs: [RoutinePack] = [], problems: [String] = []
        for dir in directories {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
            for f in files {
                let path = dir + "/" + f
                do {
                    let pack = try decode(try InterchangeLimits.read(path), file: path)
                    if !packs.contains(where: { $0.name == pack.name }) { packs.append(pack) }
                } catch { problems.append("\(error)") }
            }
        }
        return (packs, problems)
    }

    /// A pack by file path (anything with a `/` or ending in `.json` that exists) or by name.
    /// - Throws: `DataFileError` for a bad file, `RoutineError.notFound`.
    public static func find(_ reference: String, in directories: [String]) throws -> RoutinePack {
        if (reference.contains("/") || reference.hasSuffix(".json")), FileManager.default.fileExists(atPath: reference) {
            return try decode(try InterchangeLimits.read(reference), file: reference)
        }
        if let pack = all(in: directories).packs.first(where: { $0.name == reference }) { return pack }
        throw RoutineError.notFound(reference, searched: directories)
    }
}

/// Why a routine command did nothing (exit 1).
public enum RoutineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No pack with this name or path.
    case notFound(String, searched: [String])
    /// The routine already has a list; remove it first.
    case alreadyApplied(String, listTitle: String)
    /// No list was created by a routine of this name (a user's own list is never removed).
    case notARoutine(String)
    /// The routine's list holds todos the routine did not create.
    case holdsOtherTodos(String, listTitle: String, count: Int)

    /// The message in English (`message(_:)` gives it in either language).
    public var description: String { message(Localizer(.en)) }
}

extension Store {
    /// Creates the pack's list of repeating todos in one transaction: daily (or weekly on the pack's
    /// days) at each item's time in the user's zone, anchored at the next occurrence of that time
    /// (today's when still ahead, else tomorrow's; for weekly packs the first selected day from
    /// then), and records the list as made by this routine.
    /// - Throws: `RoutineError.alreadyApplied`, store errors.
    @discardableResult
    public func applyRoutine(_ pack: RoutinePack) throws -> (list: TodoList, todos: [Todo]) {
        try write {
            if let existing = try database.scalarText("""
                SELECT l.title FROM routine_lists r JOIN lists l ON l.id = r.list_id WHERE r.name = ?
                """, [.text(pack.name)]) {
                throw RoutineError.alreadyApplied(pack.name, listTitle: existing)
            }
            let list = try addList(title: pack.listTitle)
            let zone = clock.timeZone
            let nowWall = ZonedClock.wallClock(of: clock.now, in: zone)
            var todos: [Todo] = []
            for (i, item) in pack.items.enumerated() {
                let todayAt = LocalDateTime(date: nowWall.date, hour: item.hour, minute: item.minute)!
                let start = ZonedClock.instant(of: todayAt, in: zone) > clock.now ? todayAt
                    : LocalDateTime(date: nowWall.date.adding(days: 1), hour: item.hour, minute: item.minute)!
                let rule = pack.days.isEmpty ? RepeatRule(frequency: .daily) : RepeatRule(frequency: .weekly, weekdays: pack.days)
                let first = RecurrenceEngine.occurrence(0, of: rule, anchor: .dateTime(start, zoneID: zone.identifier))!
                let todo = Todo(id: Store.newID(), listId: list.id, title: item.title, sortOrder: i, createdAt: clock.now,
                                due: first, anchor: first, repeatRule: rule, notes: item.notes)
                try insert(todo)
                todos.append(todo)
            }
            try database.run("INSERT INTO routine_lists (list_id, name, source, applied_at, todo_ids) VALUES (?, ?, ?, ?, ?)",
                             [.text(list.id), .text(pack.name), .text(pack.path), .double(clock.now.timeIntervalSince1970),
                              .text(todos.map(\.id).joined(separator: ","))])
            return (list, todos)
        }
    }

    /// Removes the list routine `name` created, only while it holds nothing but the routine's own
    /// todos. Never touches a list no routine made.
    /// - Throws: `RoutineError.notARoutine`, `.holdsOtherTodos`.
    @discardableResult
    public func removeRoutine(_ name: String) throws -> (list: TodoList, todoCount: Int) {
        try write {
            guard let record = try routineRecords().first(where: { $0.name == name }),
                  let list = try allLists().first(where: { $0.id == record.listId }) else {
                throw RoutineError.notARoutine(name)
            }
            let ids = Set(record.todoIds)
            let others = try todos(inList: list.id).filter { !ids.contains($0.id) }
            guard others.isEmpty else { throw RoutineError.holdsOtherTodos(name, listTitle: list.title, count: others.count) }
            return try removeList(list.id)
        }
    }
}

extension RoutineError {
    /// The message in `localizer`'s language; in English it is `description` (a test keeps them equal).
    public func message(_ localizer: Localizer) -> String {
        let l = localizer
        switch self {
        case .notFound(let r, let dirs): return l.text(.routineErrorNotFound, r, dirs.joined(separator: ", "))
        case .alreadyApplied(let n, let list): return l.text(.routineErrorAlreadyApplied, n, list)
        case .notARoutine(let n): return l.text(.routineErrorNotARoutine, n)
        case .holdsOtherTodos(let n, let list, let count): return l.text(.routineErrorHoldsOtherTodos, n, list, count)
        }
    }
}

extension RoutineError: ReportableError {
    public var exitCode: ExitCode { .nothingMatched }
}
