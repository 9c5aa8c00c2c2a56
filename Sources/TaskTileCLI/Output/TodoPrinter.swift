import Foundation
import TaskTileCore

/// Human-readable lines for `show` and confirmations (SPEC §2): due labels, repeat lines, sections.
enum TodoPrinter {
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// `Tue, Jan 5` (with `, 2028` when not this year) — English; Japanese `1月5日(火)`.
    static func dateText(_ d: LocalDate, today: LocalDate, language: String) -> String {
        if language == "ja" {
            let wd = ["月", "火", "水", "木", "金", "土", "日"][d.weekday.isoNumber - 1]
            return (d.year == today.year ? "" : "\(d.year)年") + "\(d.month)月\(d.day)日(\(wd))"
        }
        let base = "\(weekdayNames[d.weekday.isoNumber - 1]), \(monthNames[d.month - 1]) \(d.day)"
        return d.year == today.year ? base : base + ", \(d.year)"
    }

    /// The due label with colour: `Overdue · Tue, Jan 5 09:00` (red), `Today at 18:00` (orange), or the date.
    static func dueText(_ due: Due, context: CommandContext, clock: Clock) -> String {
        let label = DueLabel(due: due, now: clock.now, zone: clock.timeZone)
        let ja = context.language == "ja"
        let date = dateText(label.date, today: clock.today, language: context.language)
        let dateTime = label.time.map { "\(date) \($0)" } ?? date
        switch label.kind {
        case .overdue: return context.paint((ja ? "期限切れ · " : "Overdue · ") + dateTime, .red)
        case .today:
            let text = label.time.map { ja ? "今日 \($0)" : "Today at \($0)" } ?? (ja ? "今日" : "Today")
            return context.paint(text, .orange)
        case .upcoming:
            if label.date == clock.today.adding(days: 1) {
                return label.time.map { ja ? "明日 \($0)" : "Tomorrow at \($0)" } ?? (ja ? "明日" : "Tomorrow")
            }
            return dateTime
        }
    }

    /// The words of repeat lines: the engine's one vocabulary (`RepeatRuleVocabulary`), so `show`,
    /// widgets and status bars describe a rule the same way. English only until a Japanese
    /// vocabulary is added there.
    static let repeatVocabulary = RepeatRuleVocabulary.english

    /// Prints one list in sections (SPEC §2): Pending (n) then Completed (n); empty sections hidden.
    static func printList(_ content: ListContent, ids: [String: String], context: CommandContext, clock: Clock) {
        let ja = context.language == "ja"
        context.out(context.paint(content.list.title, .bold))
        if content.pending.isEmpty && content.completed.isEmpty {
            context.out("  " + (ja ? "タスクがありません。追加: " : "No todos yet. Add one with: ")
                        + "tasktile add \"…\" --list \(shellQuote(content.list.title))")
            return
        }
        if !content.pending.isEmpty {
            context.out("  " + (ja ? "未完了" : "Pending") + " (\(content.pending.count))")
            for t in content.pending {
                var line = "    ○ \(context.paint(ids[t.id] ?? String(t.id.prefix(8)), .dim))  \(t.title)"
                if let due = t.due { line += "  · " + dueText(due, context: context, clock: clock) }
                context.out(line)
                if let rule = t.repeatRule {
                    var r = "        ↻ " + rule.summary(currentIndex: t.occurrenceCount, vocabulary: repeatVocabulary)
                    if t.missedCount > 0 { r += " " + context.paint((ja ? "· 未達成 ×" : "· Missed ×") + "\(t.missedCount)", .red) }
                    context.out(r)
                }
            }
        }
        if !content.completed.isEmpty {
            context.out("  " + (ja ? "完了" : "Completed") + " (\(content.completed.count))")
            for t in content.completed {
                context.out("    ✓ \(context.paint(ids[t.id] ?? String(t.id.prefix(8)), .dim))  \(context.paint(t.title, .dimStrike))")
            }
        }
    }

    /// Quotes for a shell when needed (`'Shopping list'`).
    static func shellQuote(_ s: String) -> String {
        if !s.isEmpty && s.allSatisfy({ $0.isLetter || $0.isNumber || "-_./".contains($0) }) { return s }
        return "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
