import Foundation

/// A challenge (docs/challenges.md): a list of daily habits, checked in every day for `days` days
/// from `startDate`; finished when its last day has passed (or `challenge end`), then archived.
public struct Challenge: Hashable, Sendable {
    /// Where a challenge is in its life.
    public enum State: String, Sendable {
        /// Its last day has not passed and it was not ended.
        case running
        /// The last day has passed (at the local midnight after it) or it was ended; its list remains.
        case finished
        /// Finished and archived: its list and todos are gone, its history and totals remain.
        case archived
    }

    public var id: String
    public var listId: String
    public var title: String
    /// Day 1, a date in the user's zone.
    public var startDate: LocalDate
    /// How many days it runs, 1…3650.
    public var days: Int
    /// The daily reminder time `HH:MM`, or nil.
    public var remind: String?
    /// The routine pack it was started from, or nil.
    public var routine: String?
    /// The habit titles, in list order.
    public var habits: [String]
    public var createdAt: Date
    public var endedAt: Date?
    public var archivedAt: Date?
    /// Totals kept when it was archived (its todos are gone then).
    public var archivedCheckIns: Int?
    public var archivedBestStreak: Int?

    /// A challenge from its stored fields (the store and the backup reader make them; nothing checks them here).
    package init(id: String, listId: String, title: String, startDate: LocalDate, days: Int, remind: String? = nil,
                 routine: String? = nil, habits: [String], createdAt: Date, endedAt: Date? = nil, archivedAt: Date? = nil,
                 archivedCheckIns: Int? = nil, archivedBestStreak: Int? = nil) {
        self.id = id; self.listId = listId; self.title = title; self.startDate = startDate; self.days = days
        self.remind = remind; self.routine = routine; self.habits = habits; self.createdAt = createdAt
        self.endedAt = endedAt; self.archivedAt = archivedAt; self.archivedCheckIns = archivedCheckIns
        self.archivedBestStreak = archivedBestStreak
    }

    /// The last day (`startDate + days − 1`).
    public var lastDay: LocalDate { startDate.adding(days: days - 1) }

    /// The state on local date `today`.
    public func state(today: LocalDate) -> State {
        if archivedAt != nil { return .archived }
        return endedAt != nil || today > lastDay ? .finished : .running
    }

    /// The day number on `today`: 1 on the start date, clamped to 0…`days`.
    public func day(today: LocalDate) -> Int {
        min(days, max(0, today.dayNumber - startDate.dayNumber + 1))
    }
}

/// One cell of a challenge grid (docs/widgets.md "grid"): one habit on one day.
public enum ChallengeCell: String, Hashable, Sendable {
    /// Checked in.
    case done
    /// A past day without a check-in.
    case missed
    /// Today, not checked in yet.
    case open
    /// A day still ahead (or after the challenge was ended).
    case future
    /// Not a day this habit repeats on (a routine with weekdays); for a habit with a target per period, a day without a
    /// check-in whose period is met or still open.
    case off
    /// Today, in a period of a habit with a target that has check-ins but not its target yet: drawn partly filled.
    case partial
    /// Today, not checked in yet, and its due time has passed (a habit due at 07:00, at 10:00): overdue but not
    /// missed — it becomes `missed` only once the day is over (docs/challenges.md "The grid").
    case overdue
}

/// A challenge with its per-habit, per-day state at "now" (`Store.challengeReport`).
public struct ChallengeReport: Hashable, Sendable {
    /// One habit's row.
    public struct Habit: Hashable, Sendable {
        /// The todo (nil once archived).
        public var todoID: String?
        public var title: String
        /// `days` cells, day 1 first (empty once archived).
        public var cells: [ChallengeCell]
        public var checkIns: Int
        public var streak: Streak
    }

    public var challenge: Challenge
    public var state: Challenge.State
    /// Day n of `challenge.days` today (0 before it starts).
    public var day: Int
    /// Today's index into `cells` (day − 1), nil when today is outside the challenge.
    public var todayIndex: Int?
    public var habits: [Habit]
    /// Check-ins over all habits.
    public var checkIns: Int
    /// The check-ins possible: the days each habit repeats on, summed.
    public var possible: Int
    /// The best streak of any habit, in days.
    public var bestStreak: Int
}

/// A challenge command refused (docs/challenges.md); nothing was written.
public enum ChallengeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No challenge has that title or id prefix.
    case notFound(String)
    /// A running challenge already has that title.
    case alreadyRunning(String)
    /// `end` of a challenge that has already finished.
    case alreadyFinished(String)
    /// `archive` of a challenge that is still running.
    case notFinished(String, lastDay: String)
    /// `rm` of a challenge that is not archived.
    case notArchived(String)
    /// `--days` outside 1…3650.
    case badDays(String)
    /// No `--habit` and no `--routine`.
    case noHabits
    /// `--remind` is not `HH:MM`.
    case badRemind(String)
    /// Two habits with one title as matching sees it (trimmed, NFC; case-sensitive): `done HABIT --list`
    /// could then check in neither by its title.
    case duplicateHabit(String)

    public var description: String { message(Localizer(.en)) }

    /// The message in `localizer`'s language.
    public func message(_ l: Localizer) -> String {
        switch self {
        case .notFound(let r): l.text(.challengeErrorNotFound, r)
        case .alreadyRunning(let t): l.text(.challengeErrorAlreadyRunning, t)
        case .alreadyFinished(let t): l.text(.challengeErrorAlreadyFinished, t)
        case .notFinished(let t, let last): l.text(.challengeErrorNotFinished, t, last)
        case .notArchived(let t): l.text(.challengeErrorNotArchived, t)
        case .badDays(let d): l.text(.challengeErrorBadDays, d)
        case .noHabits: l.text(.challengeErrorNoHabits)
        case .badRemind(let r): l.text(.challengeErrorBadRemind, r)
        case .duplicateHabit(let t): l.text(.challengeErrorDuplicateHabit, t)
        }
    }
}

extension ChallengeError: ReportableError {
    public var exitCode: ExitCode {
        switch self {
        case .notFound, .alreadyFinished, .notFinished, .notArchived: .nothingMatched
        case .alreadyRunning, .badDays, .noHabits, .badRemind, .duplicateHabit: .usage
        }
    }
    public var showsUsage: Bool { exitCode == .usage }
}

extension Store {
    /// The allowed challenge lengths in days.
    public static let challengeDays = 1...3650

    /// One habit of a new challenge: a title and, for a routine item, its time of day.
    public struct HabitSpec: Sendable {
        public var title: String
        /// `(hour, minute)` in the user's zone; nil: a date-only daily due.
        public var time: (hour: Int, minute: Int)?
        /// The weekdays it repeats on; empty: every day.
        public var weekdays: Set<Weekday>
        public init(title: String, time: (hour: Int, minute: Int)? = nil, weekdays: Set<Weekday> = []) {
            self.title = title; self.time = time; self.weekdays = weekdays
        }
    }

    /// The time of day of a challenge's `remind` text (`HH:MM`, also `H:MM`), nil when it is not one.
    package static func remindTime(_ remind: String) -> (hour: Int, minute: Int)? {
        let parts = remind.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2, let h = Int(parts[0]), let m = Int(parts[1]),
              (0...23).contains(h), (0...59).contains(m) else { return nil }
        return (h, m)
    }

    /// Starts a challenge: one list titled `title`, one repeating todo per habit from `start`
    /// (default today) until the last day (daily, or weekly on its weekdays), a daily list
    /// reminder at `remind` (`HH:MM`) while it runs, and the challenge row — all in one transaction.
    /// - Throws: `ChallengeError.badDays`, `.noHabits`, `.badRemind`, `.alreadyRunning` (a running
    ///   challenge has that title); `StoreError.invalidTitle` for a bad title. Nothing is written then.
    @discardableResult
    public func startChallenge(title: String, days: Int, habits: [HabitSpec], remind: String? = nil,
                               start: LocalDate? = nil, routine: String? = nil) throws -> Challenge {
        let clean = try TextRules.title(title)
        guard Store.challengeDays.contains(days) else { throw ChallengeError.badDays(String(days)) }
        guard !habits.isEmpty else { throw ChallengeError.noHabits }
        let habitTitles = try habits.map { try TextRules.title($0.title) }
        var seenHabits = Set<String>()
        for t in habitTitles where !seenHabits.insert(TextRules.matchKey(t)).inserted { throw ChallengeError.duplicateHabit(t) }
        var remindTime: (Int, Int)?
        if let remind {
            guard let t = Store.remindTime(remind) else { throw ChallengeError.badRemind(remind) }
            remindTime = t
        }
        let first = start ?? clock.today
        let zoneID = clock.timeZone.identifier
        return try write {
            let today = clock.today
            if try challenges().contains(where: { $0.title == clean && $0.state(today: today) == .running }) {
                throw ChallengeError.alreadyRunning(clean)
            }
            let list = try addList(title: clean)
            let last = first.adding(days: days - 1)
            for (habit, habitTitle) in zip(habits, habitTitles) {
                var due = Due.date(first)
                if let t = habit.time, let wc = LocalDateTime(date: first, hour: t.hour, minute: t.minute) {
                    due = .dateTime(wc, zoneID: zoneID)
                }
                let rule = habit.weekdays.isEmpty
                    ? RepeatRule(frequency: .daily, end: .until(last))
                    : RepeatRule(frequency: .weekly, weekdays: habit.weekdays, end: .until(last))
                try addTodo(title: habitTitle, list: list.id, due: due, repeatRule: rule)
            }
            if let (h, m) = remindTime, let wc = LocalDateTime(date: first, hour: h, minute: m) {
                try setListReminder(list: list.id, anchor: .dateTime(wc, zoneID: zoneID),
                                    repeatRule: RepeatRule(frequency: .daily, end: .until(last)))
            }
            let c = Challenge(id: Store.newID(), listId: list.id, title: clean, startDate: first, days: days,
                              remind: remind, routine: routine, habits: habitTitles, createdAt: clock.now)
            try database.run("""
                INSERT INTO challenges (id, list_id, title, start_date, days, remind, routine, habits, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(c.id), .text(c.listId), .text(c.title), .text(first.description), .int(days),
                      remind.map(SQLValue.text) ?? .null, routine.map(SQLValue.text) ?? .null,
                      .text(JSONValue.array(habitTitles.map(JSONValue.string)).serialized(pretty: false)),
                      .double(c.createdAt.timeIntervalSince1970)])
            return c
        }
    }

    /// Every challenge, oldest first (by start date, then creation).
    public func challenges() throws -> [Challenge] {
        try read {
            try database.rows("""
                SELECT id, list_id, title, start_date, days, remind, routine, habits, created_at, ended_at, archived_at,
                       checked_in, best_streak
                FROM challenges ORDER BY start_date, created_at, id
                """).compactMap { row -> Challenge? in
                guard let id = row.text(0), let listID = row.text(1), let title = row.text(2),
                      let start = row.text(3).flatMap(LocalDate.init(iso:)), let days = row.int(4) else { return nil }
                var habits: [String] = []
                if case .array(let items)? = try? JSONValue.parse(row.text(7) ?? "[]") { habits = items.compactMap(\.stringValue) }
                return Challenge(id: id, listId: listID, title: title, startDate: start, days: days, remind: row.text(5),
                                 routine: row.text(6), habits: habits, createdAt: Date(timeIntervalSince1970: row.double(8) ?? 0),
                                 endedAt: row.double(9).map(Date.init(timeIntervalSince1970:)),
                                 archivedAt: row.double(10).map(Date.init(timeIntervalSince1970:)),
                                 archivedCheckIns: row.int(11), archivedBestStreak: row.int(12))
            }
        }
    }

    /// The challenge `reference` names (a title, or an id prefix of 4 or more characters): of
    /// several with that title, the latest one whose state is in `states` (any state when empty).
    /// - Throws: `ChallengeError.notFound`.
    public func challenge(_ reference: String, preferring states: [Challenge.State] = []) throws -> Challenge {
        let all = try challenges()
        let today = clock.today
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        var matches = all.filter { $0.title == trimmed }
        if matches.isEmpty, trimmed.count >= 4 { matches = all.filter { $0.id.hasPrefix(trimmed.lowercased()) } }
        if let preferred = matches.last(where: { states.contains($0.state(today: today)) }) { return preferred }
        guard let latest = matches.last else { throw ChallengeError.notFound(reference) }
        return latest
    }

    /// The challenge's grid and totals at `clock.now`.
    public func challengeReport(_ c: Challenge) throws -> ChallengeReport {
        try read {
            let today = clock.today
            let state = c.state(today: today)
            let day = c.day(today: today)
            let todayIndex = (today >= c.startDate && today <= c.lastDay) ? today.dayNumber - c.startDate.dayNumber : nil
            if state == .archived {
                let habits = c.habits.map {
                    ChallengeReport.Habit(todoID: nil, title: $0, cells: [], checkIns: 0,
                                          streak: Streak(current: 0, best: 0, completedInWindow: 0, window: 0))
                }
                return ChallengeReport(challenge: c, state: state, day: day, todayIndex: nil, habits: habits,
                                       checkIns: c.archivedCheckIns ?? 0, possible: c.days * c.habits.count,
                                       bestStreak: c.archivedBestStreak ?? 0)
            }
            // The habits in the order they were added, completed or not.
            let todos = try todos(inList: c.listId).sorted { ($0.sortOrder, $0.createdAt, $0.id) < ($1.sortOrder, $1.createdAt, $1.id) }
            // The day after which nothing more counts: the day it was ended, or the last day.
            let endedDay = c.endedAt.map { ZonedClock.wallClock(of: $0, in: clock.timeZone).date }
            var habits: [ChallengeReport.Habit] = []
            var possible = 0
            for todo in todos {
                guard let rule = todo.repeatRule, let anchor = todo.anchor else { continue }
                let done = try completedCycles(of: todo, at: clock.now)
                if let goal = rule.goal {
                    habits.append(try goalHabitRow(todo, rule: rule, anchor: anchor, goal: goal, done: done, challenge: c,
                                                   today: today, endedDay: endedDay, possible: &possible))
                    continue
                }
                var cells: [ChallengeCell] = []
                for d in 0..<c.days {
                    let date = c.startDate.adding(days: d)
                    guard let k = RecurrenceEngine.occurrenceIndex(on: date, of: rule, anchor: anchor) else {
                        cells.append(date > (endedDay ?? c.lastDay) ? .future : .off)
                        continue
                    }
                    if done[k] != nil { cells.append(.done) }
                    else if date > (endedDay ?? c.lastDay) || date > today { cells.append(.future) }
                    else if date == today {
                        // Today's due time has passed: overdue until the day is over, missed after it.
                        let zone = clock.timeZone, now = clock.now
                        let passed = todo.due.map { due in
                            due.localDate == today && due.deadline(userZone: zone) <= now
                        } ?? false
                        cells.append(passed ? .overdue : .open)
                    } else { cells.append(.missed) }
                    if date <= (endedDay ?? c.lastDay) { possible += 1 }
                }
                let streak = Streak.compute(currentCycle: todo.occurrenceCount, currentCompleted: todo.isCompleted,
                                            completed: Set(done.keys), window: c.days)
                habits.append(ChallengeReport.Habit(todoID: todo.id, title: todo.title, cells: cells,
                                                    checkIns: cells.filter { $0 == .done }.count, streak: streak))
            }
            return ChallengeReport(challenge: c, state: state, day: day, todayIndex: todayIndex, habits: habits,
                                   checkIns: habits.map(\.checkIns).reduce(0, +), possible: possible,
                                   bestStreak: habits.map(\.streak.best).max() ?? 0)
        }
    }

    /// One row of a challenge grid for a habit with a target per period (docs/cycles.md "Habits with a target"): a day
    /// with a check-in is done; today is partly filled while its period has check-ins short of the target, open
    /// without any; a past day without a check-in is missed only when its period ended short, else blank. Each period
    /// adds its target (at most its days inside the challenge) to `possible`. Call inside a transaction.
    private func goalHabitRow(_ todo: Todo, rule: RepeatRule, anchor: Due, goal: Int, done: [Int: Date], challenge c: Challenge,
                              today: LocalDate, endedDay: LocalDate?, possible: inout Int) throws -> ChallengeReport.Habit {
        let zone = clock.timeZone
        let days = try checkIns(of: todo, at: clock.now).mapValues { Set($0.map { ZonedClock.wallClock(of: $0, in: zone).date }) }
        let last = endedDay ?? c.lastDay
        var cells: [ChallengeCell] = []
        var counted = Set<Int>()
        for d in 0..<c.days {
            let date = c.startDate.adding(days: d)
            guard let k = RecurrenceEngine.occurrenceIndex(on: date, of: rule, anchor: anchor),
                  let bounds = RecurrenceEngine.periodBounds(k, of: rule, anchorDate: anchor.localDate) else {
                cells.append(date > last ? .future : .off)
                continue
            }
            if date <= last, counted.insert(k).inserted {
                let inside = min(bounds.last, last).dayNumber - max(bounds.first, c.startDate).dayNumber + 1
                possible += min(goal, max(0, inside))
            }
            let checked = days[k] ?? []
            if checked.contains(date) { cells.append(.done) }
            else if date > last || date > today { cells.append(.future) }
            else if date == today { cells.append(checked.isEmpty ? .open : (done[k] == nil ? .partial : .off)) }
            else if done[k] == nil && bounds.last < today { cells.append(.missed) }
            else { cells.append(.off) }
        }
        let streak = Streak.compute(currentCycle: todo.occurrenceCount, currentCompleted: todo.isCompleted,
                                    completed: Set(done.keys), window: c.days)
        return ChallengeReport.Habit(todoID: todo.id, title: todo.title, cells: cells,
                                     checkIns: cells.filter { $0 == .done }.count, streak: streak)
    }

    /// Ends a running challenge today: its habits stop after today (`until` today), its reminder is
    /// removed, and it counts as finished from now on.
    /// - Throws: `ChallengeError.notFound`, `.alreadyFinished`.
    @discardableResult
    public func endChallenge(_ reference: String) throws -> Challenge {
        try write {
            var c = try challenge(reference, preferring: [.running])
            guard c.state(today: clock.today) == .running else { throw ChallengeError.alreadyFinished(c.title) }
            let today = clock.today
            for var todo in try todos(inList: c.listId) where todo.repeatRule != nil {
                guard let anchor = todo.anchor, today >= anchor.localDate else {
                    try database.run("DELETE FROM todos WHERE id = ?", [.text(todo.id)]) // not started yet
                    continue
                }
                todo.repeatRule?.end = .until(today)
                try update(todo)
                try catchUpInTransaction(at: clock.now, only: todo.id)
            }
            try database.run("DELETE FROM list_reminders WHERE list_id = ?", [.text(c.listId)])
            c.endedAt = clock.now
            try database.run("UPDATE challenges SET ended_at = ? WHERE id = ?", [.double(clock.now.timeIntervalSince1970), .text(c.id)])
            return c
        }
    }

    /// Archives a finished challenge: keeps its totals in the challenge row, then deletes its list
    /// and todos (the completion history stays, so `export` still carries every check-in).
    /// - Throws: `ChallengeError.notFound`, `.notFinished`.
    @discardableResult
    public func archiveChallenge(_ reference: String) throws -> ChallengeReport {
        try write {
            var c = try challenge(reference, preferring: [.finished])
            guard c.state(today: clock.today) == .finished else {
                if c.state(today: clock.today) == .archived { throw ChallengeError.notFound(reference) }
                throw ChallengeError.notFinished(c.title, lastDay: c.lastDay.description)
            }
            let report = try challengeReport(c)
            try database.run("UPDATE challenges SET archived_at = ?, checked_in = ?, best_streak = ? WHERE id = ?",
                             [.double(clock.now.timeIntervalSince1970), .int(report.checkIns), .int(report.bestStreak), .text(c.id)])
            try database.run("DELETE FROM flashes WHERE list_id = ?", [.text(c.listId)])
            try database.run("DELETE FROM lists WHERE id = ?", [.text(c.listId)])
            c.archivedAt = clock.now
            c.archivedCheckIns = report.checkIns
            c.archivedBestStreak = report.bestStreak
            var archived = report
            archived.challenge = c
            archived.state = .archived
            return archived
        }
    }

    /// Removes archived challenges for good (the row and its check-ins): the one `reference`
    /// names, or every archived one when nil.
    /// - Returns: the challenges removed.
    /// - Throws: `ChallengeError.notFound`, `.notArchived` (end and archive it first).
    @discardableResult
    public func removeChallenges(_ reference: String?) throws -> [Challenge] {
        try write {
            let today = clock.today
            let targets: [Challenge]
            if let reference {
                let c = try challenge(reference, preferring: [.archived])
                guard c.state(today: today) == .archived else { throw ChallengeError.notArchived(c.title) }
                targets = [c]
            } else {
                targets = try challenges().filter { $0.state(today: today) == .archived }
            }
            for c in targets {
                try database.run("DELETE FROM completions WHERE list_id = ?", [.text(c.listId)])
                try database.run("DELETE FROM challenges WHERE id = ?", [.text(c.id)])
            }
            return targets
        }
    }
}
