import Foundation
import TaskTileCommandLine
import TaskTileCore

/// Human-readable lines for `show` and confirmations (docs/lists-and-todos.md "show"): due labels, repeat lines, sections.
enum TodoPrinter {
    /// A due's date and time: `Tue, Jan 5 09:00`, `1月5日(火) 09:00`, or the date alone.
    static func dateTimeText(_ label: DueLabel, context: CommandContext, clock: Clock) -> String {
        let date = context.localizer.weekdayDate(label.date, today: clock.today)
        return label.time.map { context.localizer.text(.dueDateTime, date, $0) } ?? date
    }

    /// The due label with colour: `Overdue · Tue, Jan 5 09:00` (red), `Today at 18:00` (orange),
    /// `Tomorrow at 09:00`, or the date; Japanese `期限切れ · 1月4日(月)`, `今日 18:00`, `明日 09:00`.
    static func dueText(_ due: Due, context: CommandContext, clock: Clock) -> String {
        let label = DueLabel(due: due, now: clock.now, zone: clock.timeZone)
        let l = context.localizer
        switch label.kind {
        case .overdue: return context.paint(l.text(.dueOverdueAt, dateTimeText(label, context: context, clock: clock)), .red)
        case .today:
            return context.paint(label.time.map { l.text(.dueTodayAt, $0) } ?? l.text(.dueToday), .orange)
        case .upcoming:
            if label.date == clock.today.adding(days: 1) {
                return label.time.map { l.text(.dueTomorrowAt, $0) } ?? l.text(.dueTomorrow)
            }
            return dateTimeText(label, context: context, clock: clock)
        }
    }

    /// The words of repeat lines: the engine's one vocabulary (`RepeatRuleVocabulary`) in the
    /// user's language, so `show`, widgets and status bars describe a rule the same way.
    static func repeatVocabulary(_ context: CommandContext) -> RepeatRuleVocabulary {
        .forLanguage(context.localizer.language)
    }

    /// Prints one list in sections (docs/lists-and-todos.md "show"): Pending (n) then Completed (n); empty sections hidden.
    /// - Parameter streaks: by todo id; a repeating todo's line gets `🔥 N` when its current streak is 2 or more.
    /// - Parameter progress: by todo id; a habit with a target gets `2/3` on its repeat line, its completed line too.
    static func printList(_ content: ListContent, ids: [String: String], streaks: [String: Streak] = [:],
                          progress: [String: GoalProgress] = [:], context: CommandContext, clock: Clock) {
        func badge(_ t: Todo) -> String {
            guard let s = streaks[t.id], s.current >= 2 else { return "" }
            return "  " + context.paint(context.localizer.text(.streakShowBadge, s.current), .orange)
        }
        let l = context.localizer
        context.out(context.paint(content.list.title, .bold))
        if content.pending.isEmpty && content.completed.isEmpty {
            context.out("  " + l.text(.showNoTodos, "tasktile add \"…\" --list \(shellQuote(content.list.title))"))
            return
        }
        if !content.pending.isEmpty {
            context.out("  " + l.text(.showSection, l.text(.sectionPending), content.pending.count))
            for (t, depth) in SubtaskTree.ordered(content.pending) {
                let indent = String(repeating: "  ", count: depth)
                var line = "    \(indent)○ \(context.paint(ids[t.id] ?? String(t.id.prefix(8)), .dim))  \(t.title)"
                line += organizeText(t, content, context: context, clock: clock)
                if let due = t.due { line += "  · " + dueText(due, context: context, clock: clock) }
                context.out(line + badge(t))
                if let rule = t.repeatRule {
                    var r = "        \(indent)↻ " + rule.summary(currentIndex: t.occurrenceCount, anchor: t.anchor, vocabulary: repeatVocabulary(context))
                    if let p = progress[t.id] { r += " · " + l.text(.goalProgress, p.count, p.goal) }
                    if t.missedCount > 0 { r += " " + context.paint(l.text(.repeatMissedCount, t.missedCount), .red) }
                    context.out(r)
                }
            }
        }
        if !content.completed.isEmpty {
            context.out("  " + l.text(.showSection, l.text(.sectionCompleted), content.completed.count))
            for (t, depth) in SubtaskTree.ordered(content.completed) {
                let indent = String(repeating: "  ", count: depth)
                let done = progress[t.id].map { "  " + l.text(.goalProgress, $0.count, $0.goal) } ?? ""
                context.out("    \(indent)✓ \(context.paint(ids[t.id] ?? String(t.id.prefix(8)), .dim))  \(context.paint(t.title, .dimStrike))"
                            + organizeText(t, content, context: context, clock: clock) + done + badge(t))
            }
        }
    }

    /// After a title: the subtask count (`  2/5`), the priority mark (`!`, `!!`, `!!!`), the tags
    /// (`#work`) and, for a todo not started yet (`show --all`), its start. Empty for a plain todo.
    static func organizeText(_ t: Todo, _ content: ListContent, context: CommandContext, clock: Clock) -> String {
        var s = ""
        if let p = content.subtaskProgress[t.id] { s += "  " + context.paint("\(p.done)/\(p.total)", .dim) }
        if t.priority != .none {
            s += "  " + context.paint(String(repeating: "!", count: t.priority.rawValue), t.priority == .high ? .red : .orange)
        }
        if !t.tags.isEmpty { s += "  " + context.paint(t.tags.map { "#" + $0 }.joined(separator: " "), .dim) }
        if let start = t.start, !t.isStarted(at: clock.now, userZone: clock.timeZone) {
            s += "  " + context.localizer.text(.showStartsAt, dueText(start, context: context, clock: clock))
        }
        return s
    }

    /// Quotes for a shell when needed (`'Shopping list'`).
    static func shellQuote(_ s: String) -> String {
        if !s.isEmpty && s.allSatisfy({ $0.isLetter || $0.isNumber || "-_./".contains($0) }) { return s }
        return "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
