import Foundation

/// A smart list's filter (docs/organize.md "Smart lists"): terms separated by spaces, all of which a
/// todo must match; `-` before a term negates it; double quotes keep spaces inside one term.
///
/// | Term | Matches |
/// |---|---|
/// | `#tag` | todos with that tag (case-insensitive) |
/// | `!high`, `!medium`, `!low`, `!none` | that priority; `!any` any priority but none |
/// | `^List` | todos of the list with that title |
/// | `due<Nd` `due<=Nd` `due=Nd` `due>=Nd` `due>Nd` | the due's local date against today + N days (`w`: weeks; N may be 0 or negative) |
/// | `due:today` `due:overdue` `due:none` `due:any` | due today; past its due; without a due; with one |
/// | `sub:yes`, `sub:no` | subtasks only; top-level todos only |
/// | any other word | titles containing it (search folding: case, width and kana insensitive) |
///
/// A view never shows a todo whose start has not come (`Todo.isStarted`).
public struct TodoFilter: Hashable, Sendable, CustomStringConvertible {
    /// One term of a filter.
    public enum Term: Hashable, Sendable {
        case tag(String)
        case priority(Priority)
        case anyPriority
        case list(String)
        /// The due's local date compared with today + `days`.
        case due(Comparison, days: Int)
        case dueOverdue
        case dueNone
        case dueAny
        case isSubtask(Bool)
        /// Folded (`SearchKey.fold`) text the title must contain.
        case text(String)
    }

    /// How a due's date compares with the limit.
    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        case before = "<", atOrBefore = "<=", on = "=", atOrAfter = ">=", after = ">"
    }

    /// The terms, each with whether it is negated.
    public var terms: [(term: Term, negated: Bool)] {
        get { zip(termList, negations).map { ($0, $1) } }
        set { termList = newValue.map(\.term); negations = newValue.map(\.negated) }
    }
    private var termList: [Term] = []
    private var negations: [Bool] = []
    /// The text it was parsed from, trimmed.
    public let source: String

    public var description: String { source }

    /// Parses `text`.
    /// - Throws: `StoreError.invalidView` naming the term and what is accepted.
    public init(_ text: String) throws {
        source = text.trimmingCharacters(in: .whitespaces)
        var parsed: [(Term, Bool)] = []
        for raw in TodoFilter.words(source) {
            var word = Substring(raw)
            let negated = word.hasPrefix("-") && word.count > 1
            if negated { word = word.dropFirst() }
            parsed.append((try TodoFilter.term(String(word), raw: raw), negated))
        }
        guard !parsed.isEmpty else { throw StoreError.invalidView(Phrase(key: .errorViewEmpty)) }
        termList = parsed.map(\.0)
        negations = parsed.map(\.1)
    }

    /// The builtin smart lists and their filters: `@today` (due today or overdue), `@upcoming` (due
    /// today through the next 7 days), `@high` (high priority).
    public static let builtins: [(name: String, filter: String)] = [
        ("@today", "due<=0d"), ("@upcoming", "due>=0d due<=7d"), ("@high", "!high"),
    ]

    /// Refuses `text` when a double quote in it is never closed (`view add`; a stored filter is read
    /// as before, the open quote running to the end).
    /// - Throws: `StoreError.invalidView` naming the quote's position (1-based, in characters).
    public static func checkQuotes(_ text: String) throws {
        var open: Int?
        for (i, c) in text.enumerated() where c == "\"" { open = open == nil ? i + 1 : nil }
        if let open { throw StoreError.invalidView(Phrase(key: .errorViewOpenQuote, open)) }
    }

    static func words(_ s: String) -> [String] {
        var words: [String] = [], current = "", quoted = false, any = false
        for c in s {
            if c == "\"" { quoted.toggle(); any = true; continue }
            if c.isWhitespace && !quoted {
                if any { words.append(current) }
                current = ""; any = false
                continue
            }
            current.append(c); any = true
        }
        if any { words.append(current) }
        return words
    }

    static func term(_ w: String, raw: String) throws -> Term {
        func bad() -> StoreError { StoreError.invalidView(Phrase(key: .errorViewTerm, raw)) }
        if w.hasPrefix("#") { return .tag(TagRules.key(try TagRules.tag(w))) }
        if w.hasPrefix("!") {
            let name = w.dropFirst().lowercased()
            if name == "any" { return .anyPriority }
            guard let p = Priority(name: name), !name.isEmpty, !name.hasPrefix("!") else { throw bad() }
            return .priority(p)
        }
        if w.hasPrefix("^") {
            let title = TextRules.matchKey(String(w.dropFirst()))
            guard !title.isEmpty else { throw bad() }
            return .list(title)
        }
        let lower = w.lowercased()
        switch lower {
        case "due:today": return .due(.on, days: 0)
        case "due:overdue": return .dueOverdue
        case "due:none": return .dueNone
        case "due:any": return .dueAny
        case "sub:yes": return .isSubtask(true)
        case "sub:no": return .isSubtask(false)
        default: break
        }
        if lower.hasPrefix("due") {
            var rest = Substring(lower.dropFirst(3))
            guard
                let op = Comparison.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count })
                    .first(where: { rest.hasPrefix($0.rawValue) })
            else { throw bad() }
            rest = rest.dropFirst(op.rawValue.count)
            guard let unit = rest.last, unit == "d" || unit == "w", let n = Int(rest.dropLast()), abs(n) <= 3660 else {
                throw bad()
            }
            return .due(op, days: unit == "w" ? n * 7 : n)
        }
        let folded = SearchKey.fold(w)
        guard !folded.isEmpty else { throw bad() }
        return .text(folded)
    }

    /// Whether `todo` (of the list titled `listTitle`) matches at `now`; `today` is `now`'s local date in `userZone`.
    public func matches(_ todo: Todo, listTitle: String, now: Date, today: LocalDate, userZone: TimeZone) -> Bool {
        guard todo.isStarted(at: now, userZone: userZone) else { return false }
        for (term, negated) in zip(termList, negations) {
            if TodoFilter.matches(term, todo, listTitle: listTitle, now: now, today: today, userZone: userZone)
                == negated
            {
                return false
            }
        }
        return true
    }

    static func matches(_ term: Term, _ todo: Todo, listTitle: String, now: Date, today: LocalDate, userZone: TimeZone)
        -> Bool
    {
        switch term {
        case .tag(let key): return todo.tags.contains { TagRules.key($0) == key }
        case .priority(let p): return todo.priority == p
        case .anyPriority: return todo.priority != .none
        case .list(let key): return TextRules.hasMatchKey(listTitle, key)
        case .dueNone: return todo.due == nil
        case .dueAny: return todo.due != nil
        case .dueOverdue:
            guard let due = todo.due, !todo.isCompleted else { return false }
            return due.deadline(userZone: userZone) <= now
        case .due(let op, let days):
            guard let due = todo.due else { return false }
            let date: LocalDate
            switch due {
            case .date(let d): date = d
            case .dateTime: date = ZonedClock.wallClock(of: due.deadline(userZone: userZone), in: userZone).date
            }
            let limit = today.adding(days: days)
            switch op {
            case .before: return date < limit
            case .atOrBefore: return date <= limit
            case .on: return date == limit
            case .atOrAfter: return date >= limit
            case .after: return date > limit
            }
        case .isSubtask(let yes): return (todo.parentId != nil) == yes
        case .text(let folded): return SearchKey.fold(todo.title).contains(folded)
        }
    }
}
