extension StringCatalogue {
    /// English strings (SPEC §8 key terms first).
    public static let en: [String: String] = [
        "section.pending": "Pending",
        "section.completed": "Completed",
        "count.left": "{0} left",
        "count.done": "{0} done",
        "count.more": "+ {0} more",
        "state.allDone": "All done!",
        "due.overdue": "Overdue",
        "due.today": "Today",
        "due.todayAt": "Today at {0}",
        "due.tomorrow": "Tomorrow",
        "due.tomorrowAt": "Tomorrow at {0}",
        "repeat.missed": "Missed",
        "repeat.daily": "Daily",
        "repeat.weekly": "Weekly",
        "repeat.monthly": "Monthly",
        "repeat.yearly": "Yearly",
        "repeat.everyDays": "Every {0} days",
        "widget.setup": "Set \"list\" in {0} to a list title",
        "widget.missingList": "No list named “{0}”",
    ]
}
