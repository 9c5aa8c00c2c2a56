import Foundation
import TaskTileCore

/// What the capture popup (`tasktile capture`, `CapturePopup`) shows and does, apart from GTK: the lists Tab
/// cycles, the target list, the chips of the parsed line, and the one "line → todo" step
/// (`Store.addTodo(from:list:)`, shared with `tasktile quick`).
public struct CaptureModel {
    /// One list Tab can pick: its title (shown) and the reference the store resolves: the list's id, or nil for
    /// the default list while it does not exist yet (the store creates it on the first add).
    public struct Target: Hashable, Sendable {
        /// The list's title as stored (or the `defaultList` setting's value).
        public var title: String
        /// The list's id; nil for the default list not created yet.
        public var reference: String?
    }

    /// Every list in the store's order, plus the default list first when it does not exist yet.
    public private(set) var targets: [Target]
    /// Index into `targets` of the list a line without `^list` goes to.
    public private(set) var index: Int

    /// The lists of `store`; the target is `list` (a title or an id prefix) when given, else the `defaultList`
    /// setting (`Inbox` until changed). A view (`@work`, `#tag`, docs/organize.md "Smart lists") puts the lists
    /// its filter names first, in its `^List` order (`Store.listIDs(namedBy:)`), the first one the target, then
    /// the others; a view that names no list starts at the default list, as no `list` does.
    /// - Throws: `StoreError.listNotFound` / `.ambiguousList` when `list` names no single list or view.
    public init(store: Store, list: String?) throws {
        let lists = try store.listSummaries().map { Target(title: $0.list.title, reference: $0.list.id) }
        var named: [String] = []
        if let list {
            switch try store.read({ try store.resolveScope(list) }) {
            case .list(let chosen):
                targets = lists
                index = lists.firstIndex { $0.reference == chosen.id } ?? 0
                return
            case .view(let view):
                named = try store.read { try store.listIDs(namedBy: view) }
            }
        }
        if !named.isEmpty {
            targets = named.compactMap { id in lists.first { $0.reference == id } }
                + lists.filter { !named.contains($0.reference ?? "") }
            index = 0
        } else {
            let title = try store.setting(.defaultList).value
            let key = TextRules.matchKey(title)
            if let i = lists.firstIndex(where: { TextRules.hasMatchKey($0.title, key) }) {
                targets = lists
                index = i
            } else {
                targets = [Target(title: title, reference: nil)] + lists
                index = 0
            }
        }
    }

    /// The list a line without `^list` goes to.
    public var target: Target { targets[index] }

    /// Tab: the next list (Shift+Tab: the previous one), wrapping around.
    public mutating func cycle(backward: Bool = false) {
        guard !targets.isEmpty else { return }
        index = (index + (backward ? targets.count - 1 : 1)) % targets.count
    }

    /// The chips of a parsed line, in input order: `due: Tomorrow at 18:00`, `↻ every week on Sunday`, `#family`,
    /// `!high`, `list: Home`, `from: Mon, Jan 11`; dates as `tasktile quick` says them, in `localizer`'s language.
    public static func chips(_ q: QuickAdd, clock: Clock, localizer l: Localizer) -> [String] {
        var chips: [String] = []
        var tagIndex = 0
        var dueShown = false, startShown = false, repeatShown = false
        for part in q.parts {
            switch part.kind {
            case .due:
                if let due = q.due, !dueShown {
                    dueShown = true
                    chips.append(l.text(.captureChipDue, dueText(due, clock: clock, localizer: l)))
                }
            case .repeat:
                if let rule = q.repeatRule, !repeatShown {
                    repeatShown = true
                    let vocabulary = RepeatRuleVocabulary.forLanguage(l.language)
                    chips.append(
                        l.text(.captureChipRepeat, rule.summary(currentIndex: 0, anchor: q.due, vocabulary: vocabulary))
                    )
                }
            case .tag:
                if tagIndex < q.tags.count { chips.append("#" + q.tags[tagIndex]) }
                tagIndex += 1
            case .priority:
                if let p = q.priority { chips.append("!" + p.name) }
            case .list:
                if let list = q.list { chips.append(l.text(.captureChipList, list)) }
            case .start:
                if let start = q.start, !startShown {
                    startShown = true
                    chips.append(l.text(.captureChipStart, dueText(start, clock: clock, localizer: l)))
                }
            }
        }
        return chips
    }

    /// `Today at 18:00`, `Tomorrow at 09:00`, `Fri, Jan 8 18:00`; `今日 18:00`, `明日 9:00`, `1月8日(金)`.
    static func dueText(_ due: Due, clock: Clock, localizer l: Localizer) -> String {
        let label = DueLabel(due: due, now: clock.now, zone: clock.timeZone)
        let tomorrow = clock.today.adding(days: 1)
        switch label.kind {
        case .today: return label.time.map { l.text(.dueTodayAt, $0) } ?? l.text(.dueToday)
        case .upcoming where label.date == tomorrow:
            return label.time.map { l.text(.dueTomorrowAt, $0) } ?? l.text(.dueTomorrow)
        default:
            let date = l.weekdayDate(label.date, today: clock.today)
            return label.time.map { l.text(.dueDateTime, date, $0) } ?? date
        }
    }

    /// What Enter would refuse for `line`, said while it is typed (under the field, nothing written): a line that
    /// leaves no title, a `^list` that names no single list; nil for a line Enter would add, and for an empty one
    /// (nothing to say before the first key). A refusal the store finds only when writing (a title too long, …)
    /// is said by Enter.
    public func refusal(_ line: String, store: Store, clock: Clock, localizer l: Localizer) -> String? {
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let q = QuickAdd.parse(line, clock: clock)
        if q.title.isEmpty { return CaptureRefusal.noTitle(line).message(l) }
        guard let list = q.list else { return nil }
        do {
            _ = try store.read { try store.resolveList(list) }
            return nil
        } catch {
            return (error as? ReportableError)?.message(l) ?? String(describing: error)
        }
    }

    /// Adds the todo `line` describes to the line's `^list`, else the target list.
    /// - Throws: `CaptureRefusal` for an empty line or one that leaves no title (nothing added); the store's
    ///   errors (`StoreError.listNotFound` for an unknown `^list`, …).
    @discardableResult
    public func add(_ line: String, store: Store, clock: Clock) throws -> Todo {
        if line.trimmingCharacters(in: .whitespaces).isEmpty { throw CaptureRefusal.empty }
        let q = QuickAdd.parse(line, clock: clock)
        if q.title.isEmpty { throw CaptureRefusal.noTitle(line) }
        return try store.addTodo(from: q, list: target.reference)
    }
}

/// Why the popup added nothing for a line (shown under the field; the popup stays open).
public enum CaptureRefusal: Error, Hashable, Sendable, ReportableError {
    /// Nothing but spaces typed.
    case empty
    /// Every word was read as a part (`tomorrow 6pm #family`): no title is left.
    case noTitle(String)

    /// 64 (usage) if it ever ends a command; the popup shows it and stays open.
    public var exitCode: ExitCode { .usage }
    /// The reason shown under the field, from the catalogue (`captureEmpty`, `quickErrorNoTitle`).
    public func message(_ l: Localizer) -> String {
        switch self {
        case .empty: l.text(.captureEmpty)
        case .noTitle(let line): l.text(.quickErrorNoTitle, line)
        }
    }
}
