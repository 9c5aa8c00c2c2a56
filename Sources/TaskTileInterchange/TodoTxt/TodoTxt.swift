import Foundation
import TaskTileCore

/// todo.txt (https://github.com/todotxt/todo.txt) ↔ tasktile. Decisions (docs/interchange.md):
///
/// - `+project` is the list; spaces in list titles are written as `_` and read back as spaces. A
///   line without a project goes to the list **Inbox** (and Inbox todos export without one).
/// - The priority `(A)` is priority high, `(B)` medium, `(C)` low (`TodoTxt.priority(letter:)`); `(D)`…`(Z)` are
///   low and keep their letter on the notes line, so export writes the same letter. `@context` is a tag
///   (`TagRules`); export writes every tag as `@tag`.
/// - Extra projects, contexts that are not valid tags and `key:value` tags tasktile has no field for
///   are kept verbatim in the todo's notes on a line `todo.txt: +other key:value`, and written
///   back from there on export — kept, reported, never dropped. (Lines imported before priorities and tags existed
///   keep `(A)` and `@phone` there; export still writes them.)
/// - `due:YYYY-MM-DD` is the due (a date: todo.txt has no times); `rec:[+]N(d|w|m|y)` is the repeat.
///   tasktile always repeats from the due (strict, `+`); a non-strict `rec:` is imported as strict
///   and reported. `b` (business days) cannot be represented and stays in the notes line.
/// - A threshold `t:YYYY-MM-DD` (the date a task starts to show) is the start of a todo that does not repeat
///   (a timed start exports as its date, reported). On a repeating todo it stays on the notes line and moves
///   with the due, keeping its offset: the notes line also records the due it was written against (`t-due:`, never
///   written to a line), and export writes the threshold moved by as many days as the due has moved since.
/// - Every exported line carries `uid:<id>`, so a re-import updates by id: lines are never
///   addressed by number. A line without `uid:` gets a stable id from its list and title.
/// - **Creation dates are never invented**: a line without one is marked `created:none` in the
///   notes line and exported without one again; and a done line never gets a creation date later
///   than its completion date (todo.txt calls that line invalid), whatever the store says.
/// - **Order**: lines are exported list by list (lists in their order: the order projects first
///   appeared on import), each list's lines by `sortOrder`, done and pending mixed, so the lines of
///   one project come back in the order they were imported (import keeps line order as `sortOrder`).
/// - **Escaping**: a title word that would read back as metadata gets a backslash — `key\:value`,
///   `\+word`, `\@word`, and a leading `\x`, `\(A)` or `\2027-01-05`; a literal backslash is `\\`.
///   Words containing `://` (URLs) are never metadata. On import `\c` reads as `c`.
public enum TodoTxt {
    static let inbox = ImportedListTitle.inbox
    static let markerPrefix = "todo.txt: "
    /// The notes-line token for a line imported without a creation date (never written to a line).
    static let noCreationDate: Substring = "created:none"
    /// The notes-line key of the due a repeating todo's `t:` threshold was written against (never written to a line).
    static let thresholdDueKey = "t-due:"

    /// A repeating todo's notes-line tokens with its `t:YYYY-MM-DD` threshold moved as far as `due` has moved from the
    /// due it was written against (`t-due:`; without one, from the series' anchor, which is the due an import
    /// without `t-due:` saw), and the `t-due:` token removed: what export writes.
    static func movingThreshold(_ marker: [Substring], due: LocalDate?, anchor: LocalDate?) -> [Substring] {
        let base = marker.first { $0.hasPrefix(thresholdDueKey) }.flatMap { LocalDate(iso: $0.dropFirst(thresholdDueKey.count)) } ?? anchor
        return marker.compactMap { token -> Substring? in
            if token.hasPrefix(thresholdDueKey) { return nil }
            guard token.hasPrefix("t:"), let t = LocalDate(iso: token.dropFirst(2)), let due, let base else { return token }
            return Substring("t:\(t.adding(days: due.dayNumber - base.dayNumber))")
        }
    }

    /// The priority a todo.txt letter gives: `A` high, `B` medium, `C`…`Z` low (todo.txt has 26 levels, tasktile
    /// four; the letter a low priority came as is kept on the notes line).
    static func priority(letter: Character) -> Priority {
        switch letter {
        case "A": .high
        case "B": .medium
        default: .low
        }
    }

    /// The letter a priority is written as: high `A`, medium `B`, low `C`; nil for none.
    static func letter(of priority: Priority) -> Character? {
        switch priority {
        case .none: nil
        case .low: "C"
        case .medium: "B"
        case .high: "A"
        }
    }

    static func isDate(_ s: Substring) -> Bool { s.count == 10 && LocalDate(iso: s) != nil }
    static func isPriority(_ s: Substring) -> Bool {
        s.count == 3 && s.first == "(" && s.last == ")" && s.dropFirst().first!.isASCII && s.dropFirst().first!.isUppercase
    }
    /// `key:value` metadata: one colon, no spaces, neither side empty, not a URL.
    static func isKeyValue(_ s: Substring) -> Bool {
        guard !s.contains("://"), let colon = s.firstIndex(of: ":") else { return false }
        let key = s[..<colon], value = s[s.index(after: colon)...]
        return !key.isEmpty && !value.isEmpty && !value.contains(":") && !key.contains("\\")
    }

    static func escapeTitle(_ title: String) -> String {
        title.split(separator: " ", omittingEmptySubsequences: false).enumerated().map { index, raw -> String in
            var w = raw.replacingOccurrences(of: "\\", with: "\\\\")
            let word = Substring(w)
            if isKeyValue(word), let colon = w.firstIndex(of: ":") { w.replaceSubrange(colon...colon, with: "\\:") }
            if (w.hasPrefix("+") || w.hasPrefix("@")) && w.count > 1 { w = "\\" + w }
            if index == 0 && (w == "x" || isPriority(Substring(w)) || isDate(Substring(w))) { w = "\\" + w }
            return w
        }.joined(separator: " ")
    }

    static func unescapeWord(_ w: Substring) -> String {
        var out = ""
        var escaped = false
        for ch in w {
            if escaped { out.append(ch); escaped = false } else if ch == "\\" { escaped = true } else { out.append(ch) }
        }
        if escaped { out.append("\\") }
        return out
    }
}

/// Writes todo.txt lines (see `TodoTxt`).
public enum TodoTxtExporter {
    /// One line per todo (lists in order, each list's todos by `sortOrder`, done and pending mixed),
    /// and what could not be written.
    public static func export(_ backup: Backup, zone: TimeZone) throws -> (text: String, notes: [Phrase]) {
        var out = ""
        var notes: [Phrase] = []
        let lists = Dictionary(uniqueKeysWithValues: backup.lists.map { ($0.id, $0) })
        let titles = Dictionary(backup.todos.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        let listRank = Dictionary(uniqueKeysWithValues: backup.lists.enumerated().map { ($0.element.id, $0.offset) })
        let ordered = backup.todos.enumerated().sorted {
            (listRank[$0.element.listId] ?? Int.max, $0.element.sortOrder, $0.offset)
                < (listRank[$1.element.listId] ?? Int.max, $1.element.sortOrder, $1.offset)
        }.map(\.element)
        for todo in ordered {
            var words: [String] = []
            var marker: [Substring] = []
            var otherNotes: [Substring] = []
            for line in (todo.notes ?? "").split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(TodoTxt.markerPrefix) { marker += line.dropFirst(TodoTxt.markerPrefix.count).split(separator: " ") } else { otherNotes.append(line) }
            }
            if todo.repeatRule != nil {
                marker = TodoTxt.movingThreshold(marker, due: todo.due?.localDate, anchor: todo.anchor?.localDate)
            }
            // The todo's priority, in the letter the notes line kept when it says the same (`(D)` stays `(D)`);
            // without a priority, a letter a line imported before priorities existed kept.
            let kept = marker.first(where: TodoTxt.isPriority)
            marker.removeAll { TodoTxt.isPriority($0) }
            var priority = kept
            if let letter = TodoTxt.letter(of: todo.priority),
                kept.map({ TodoTxt.priority(letter: $0.dropFirst().first!) }) != todo.priority
            {
                priority = Substring("(\(letter))")
            }
            // Tags are contexts; a context kept on the notes line that is also a tag is written once.
            let tagKeys = Set(todo.tags.map(TagRules.key))
            marker.removeAll { $0.hasPrefix("@") && tagKeys.contains(TagRules.key(String($0.dropFirst()))) }
            let hadCreationDate = !marker.contains(TodoTxt.noCreationDate)
            marker.removeAll { $0 == TodoTxt.noCreationDate }
            let created = ZonedClock.wallClock(of: todo.createdAt, in: zone).date
            var writeCreated = hadCreationDate
            if todo.isCompleted {
                let completed = ZonedClock.wallClock(of: todo.completedAt ?? todo.createdAt, in: zone).date
                words += ["x", completed.description]
                if created > completed { writeCreated = false }
            } else if let priority {
                words.append(String(priority))
            }
            if writeCreated { words.append(created.description) }
            words.append(TodoTxt.escapeTitle(todo.title))
            if let list = lists[todo.listId], list.title != TodoTxt.inbox {
                words.append("+" + list.title.replacingOccurrences(of: " ", with: "_"))
            }
            words += todo.tags.map { "@" + $0 }
            words += marker.map(String.init)
            if let start = todo.start, todo.repeatRule == nil {
                words.append("t:\(start.localDate)")
                if case .dateTime(let wc, let zoneID) = start {
                    notes.append(Phrase(key: .todotxtNoteStartTime, todo.title, wc.hourMinute, zoneID))
                }
            }
            if todo.isCompleted, let priority { words.append("pri:\(priority.dropFirst().prefix(1))") }
            if let due = todo.due {
                words.append("due:\(due.localDate)")
                if case .dateTime(let wc, let zoneID) = due { notes.append(Phrase(key: .todotxtNoteTime, todo.title, wc.hourMinute, zoneID)) }
            }
            if let rule = todo.repeatRule {
                let unit: String?
                switch rule.frequency {
                case .daily: unit = "d"
                case .weekly: unit = rule.weekdays.count <= 1 ? "w" : nil
                case .monthly: unit = "m"
                case .yearly: unit = "y"
                }
                if let nth = rule.nthWeekday { notes.append(Phrase(key: .todotxtNoteNthWeekday, todo.title, nth.phrase)) }
                if let unit { words.append("rec:+\(rule.interval)\(unit)") } else {
                    notes.append(Phrase(key: .todotxtNoteWeekdays, todo.title))
                }
                if rule.end != .never { notes.append(Phrase(key: .todotxtNoteEnd, todo.title)) }
                if let anchor = todo.anchor, rule.skipsMonths(from: anchor.localDate) {
                    notes.append(Phrase(key: .todotxtNoteSkipShortMonths, todo.title))
                }
            }
            if !otherNotes.allSatisfy({ $0.isEmpty }) { notes.append(Phrase(key: .todotxtNoteNotes, todo.title)) }
            if let parent = todo.parentId { notes.append(Phrase(key: .todotxtNoteParent, todo.title, titles[parent] ?? parent)) }
            words.append("uid:\(todo.id)")
            out += words.joined(separator: " ") + "\n"
        }
        return (out, notes)
    }
}

/// Reads todo.txt lines into an `ImportPlan` (see `TodoTxt`).
public enum TodoTxtImporter {
    /// - Throws: `InterchangeError` with the line for an impossible date (`due:2027-02-30`).
    public static func parse(_ text: String, file: String, userZone: TimeZone, now: Date) throws -> ImportPlan {
        var plan = ImportPlan()
        var seen = Set<String>()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            var tokens = line.split(separator: " ", omittingEmptySubsequences: true)[...]
            guard !tokens.isEmpty else { continue }
            if line.unicodeScalars.contains(where: { TextRules.isForbidden($0) && $0 != "\t" }) {
                throw InterchangeError(file: file, line: lineNumber, reason: Phrase(key: .todotxtErrorControl))
            }
            func note(_ m: Phrase) { plan.notes.append(.init(line: lineNumber, item: nil, message: m)) }
            func date(_ s: Substring, _ what: Phrase) throws -> LocalDate {
                guard let d = LocalDate(iso: s) else {
                    throw InterchangeError(file: file, line: lineNumber, reason: Phrase(key: .todotxtErrorBadDate, what, s))
                }
                return d
            }
            var isDone = false, completion: LocalDate?, creation: LocalDate?
            var marker: [Substring] = []
            if tokens.first == "x" {
                isDone = true; tokens = tokens.dropFirst()
                if let t = tokens.first, TodoTxt.isPriority(t) { marker.append(t); tokens = tokens.dropFirst() }
                if let t = tokens.first, t.count == 10, t.first?.isNumber == true, t.contains("-") { completion = try date(t, Phrase(key: .todotxtCompletionDate)); tokens = tokens.dropFirst() }
            } else if let t = tokens.first, TodoTxt.isPriority(t) {
                marker.append(t); tokens = tokens.dropFirst()
            }
            if let t = tokens.first, t.count == 10, t.first?.isNumber == true, t.contains("-") { creation = try date(t, Phrase(key: .todotxtCreationDate)); tokens = tokens.dropFirst() }
            var titleWords: [String] = [], projects: [Substring] = []
            var due: LocalDate?, rec: Substring?, uid: String?, threshold: Substring?
            var tags: [String] = []
            for t in tokens {
                if t.hasPrefix("\\") { titleWords.append(TodoTxt.unescapeWord(t)); continue }
                if t.count > 1, t.hasPrefix("+") { projects.append(t.dropFirst()); continue }
                if t.count > 1, t.hasPrefix("@") {
                    if let tag = try? TagRules.tag(String(t.dropFirst())) {
                        tags.append(tag)
                    } else {
                        marker.append(t); note(Phrase(key: .todotxtNoteContextNotTag, t))
                    }
                    continue
                }
                if TodoTxt.isKeyValue(t) {
                    let colon = t.firstIndex(of: ":")!
                    let key = t[..<colon], value = t[t.index(after: colon)...]
                    switch key {
                    case "due": due = try date(value, "due:")
                    case "rec": rec = value
                    case "t" where threshold == nil: threshold = value; _ = try date(value, "t:")
                    case "uid": uid = String(value)
                    case "created" where value == "none": continue
                    case "pri" where isDone && value.count == 1: marker.insert("(\(value))", at: 0)
                    default: marker.append(t); note(Phrase(key: .todotxtNoteUnknownKey, t, key))
                    }
                    continue
                }
                titleWords.append(TodoTxt.unescapeWord(t))
            }
            var title = titleWords.joined(separator: " ")
            if title.isEmpty { title = ImportPlan.untitled; note(Phrase(key: .todotxtNoteUntitled, title)) }
            if title.count > TextRules.maxTitleLength {
                throw InterchangeError(file: file, line: lineNumber, reason: Phrase(key: .todotxtErrorTitleTooLong, TextRules.maxTitleLength))
            }
            let project = projects.first.map { $0.replacingOccurrences(of: "_", with: " ") }
            let listTitle = ImportedListTitle.resolve(project) { note($0) }
            if projects.count > 1 {
                marker += projects.dropFirst().map { "+" + $0 }
                note(Phrase(key: .todotxtNoteProjects, projects.dropFirst().map { "+" + $0 }.joined(separator: " ")))
            }
            var rule: RepeatRule?
            if let rec {
                let strict = rec.hasPrefix("+")
                let body = strict ? rec.dropFirst() : rec
                if let unit = body.last, let n = Int(body.dropLast()), RepeatRule.intervalRange.contains(n), let d = due,
                   let f: RepeatRule.Frequency = ["d": .daily, "w": .weekly, "m": .monthly, "y": .yearly][unit] {
                    rule = RepeatRule(frequency: f, interval: n, weekdays: f == .weekly ? [d.weekday] : [])
                    if !strict { note(Phrase(key: .todotxtNoteRecFromCompletion, rec, body)) }
                } else {
                    marker.append("rec:" + rec)
                    note(Phrase(key: due == nil ? .todotxtNoteRecNeedsDue : .todotxtNoteRecUnsupported, rec))
                }
            }
            // A threshold is the start of a todo that does not repeat. On a repeating one it moves with the due: it stays
            // on the notes line with the due it was written against (`TodoTxt.movingThreshold`).
            var start: Due?
            if let threshold {
                if rule == nil {
                    start = LocalDate(iso: threshold).map(Due.date)
                } else {
                    marker.append("t:" + threshold)
                    note(Phrase(key: .todotxtNoteThresholdRepeating, threshold))
                    if let due, !marker.contains(where: { $0.hasPrefix(TodoTxt.thresholdDueKey) }) {
                        marker.append(Substring(TodoTxt.thresholdDueKey + due.description))
                    }
                }
            }
            // The priority letter: A…C are the priority; D…Z are low, and the letter stays on the notes line.
            var priority = Priority.none
            if let i = marker.firstIndex(where: TodoTxt.isPriority) {
                let letter = marker[i].dropFirst().first!
                priority = TodoTxt.priority(letter: letter)
                if TodoTxt.letter(of: priority) == letter { marker.remove(at: i) }
            }
            let id = uid.flatMap { UUID(uuidString: $0) }.map { $0.uuidString.lowercased() } ?? StableID.from("todo.txt|\(listTitle)|\(title)")
            guard seen.insert(id).inserted else { note(Phrase(key: .todotxtNoteDuplicate)); continue }
            let createdAt = creation.map { ZonedClock.startOfDay($0, in: userZone) } ?? now
            if creation == nil { marker.append(TodoTxt.noCreationDate) }
            let todo = Todo(
                id: id, listId: "", title: try cleanTitle(title, file: file, line: lineNumber), isCompleted: isDone,
                completedAt: isDone ? (completion.map { ZonedClock.startOfDay($0, in: userZone) } ?? now) : nil,
                sortOrder: 0, createdAt: createdAt, due: due.map(Due.date),
                anchor: rule == nil ? nil : due.map(Due.date),
                repeatRule: rule, notes: marker.isEmpty ? nil : TodoTxt.markerPrefix + marker.joined(separator: " "),
                priority: priority, tags: try TagRules.tags(tags), start: start)
            plan.items.append(
                ImportPlan.Item(
                    line: lineNumber, listID: nil, listTitle: listTitle, todo: todo, sortHint: Double(lineNumber)))
        }
        return plan
    }

    static func cleanTitle(_ t: String, file: String, line: Int) throws -> String {
        do { return try TextRules.title(t) } catch let e as StoreError { throw InterchangeError(file: file, line: line, reason: e.quotablePhrase) }
    }
}
