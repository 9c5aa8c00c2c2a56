import Foundation

/// The words of notifications, English and Japanese (docs/notifications.md "What is sent"). Plain text: escaping
/// for a server that reads markup is the sender's job (`escapeMarkup`).
public enum NotificationText {
    /// The body of a todo notification: `<list> · Due <time>` (`<list> · 期限 <time>`). The time is
    /// `HH:MM` when the due is on `now`'s day in `userZone`, else the date too; a date-only due
    /// says `today` / the date. A habit with a target per period adds its `progress`: `<list> · Due today · 2/3`.
    /// A parent adds its subtasks (`steps`: open and all, direct subtasks and theirs): `<list> · Due 18:00 · 3 of 5
    /// steps left` (docs/organize.md "Subtasks").
    public static func todoBody(
        listTitle: String, due: Due, now: Date, userZone: TimeZone, language: Language,
        progress: GoalProgress? = nil, steps: (open: Int, total: Int)? = nil
    ) -> String {
        let l = Localizer(language)
        let today = ZonedClock.wallClock(of: now, in: userZone).date
        let when: String
        switch due {
        case .date(let d):
            when = d == today ? l.text(.notifyDueToday) : d.description
        case .dateTime:
            let wc = ZonedClock.wallClock(of: due.deadline(userZone: userZone), in: userZone)
            when = wc.date == today ? wc.hourMinute : "\(wc.date) \(wc.hourMinute)"
        }
        var body = l.text(.notifyTodoBody, listTitle, when)
        if let progress { body += " · " + l.text(.goalProgress, progress.count, progress.goal) }
        if let steps, steps.total > 0 {
            body += " · " + (steps.open == 0 ? l.text(.notifyStepsDone, steps.total)
                : l.text(.notifyStepsLeft, steps.open, steps.total))
        }
        return body
    }

    /// A list reminder's summary: `<list>: N incomplete tasks` (`<list>: 未完了のタスクがN件あります`).
    public static func reminderSummary(listTitle: String, count: Int, language: Language) -> String {
        Localizer(language).text(.notifyReminderSummary, listTitle, count)
    }

    /// A catch-up summary after downtime: `N missed reminders` (`見逃した通知がN件あります`).
    public static func catchUpSummary(count: Int, language: Language) -> String {
        Localizer(language).text(.notifyCatchUpSummary, count)
    }

    /// A summary of many todos due in the same minute: `N todos due now` (`期限になったタスクがN件あります`).
    public static func dueNowSummary(count: Int, language: Language) -> String {
        Localizer(language).text(.notifyDueNowSummary, count)
    }

    /// Titles joined with `, ` (`、`), at most `limit`, then `+ N more` (`他N件`).
    public static func titleList(_ titles: [String], total: Int? = nil, limit: Int = 5, language: Language) -> String {
        let l = Localizer(language)
        var text = titles.prefix(limit).joined(separator: l.text(.notifyTitleSeparator))
        let rest = (total ?? titles.count) - min(titles.count, limit)
        if rest > 0 { text += " " + l.text(.countMore, rest) }
        return text
    }

    /// Escapes text for a server that reads body markup (docs/notifications.md "What is sent"; freedesktop spec "Markup").
    public static func escapeMarkup(_ s: String) -> String { PangoMarkup.escaped(s) }
}
