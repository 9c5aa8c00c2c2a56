extension StringCatalogue {
    /// Japanese strings (SPEC §8 key terms first).
    public static let ja: [String: String] = [
        "section.pending": "未完了",
        "section.completed": "完了",
        "count.left": "残り{0}件",
        "count.done": "{0}件完了",
        "count.more": "他{0}件",
        "state.allDone": "全て完了！",
        "due.overdue": "期限切れ",
        "due.today": "今日",
        "due.todayAt": "今日 {0}",
        "due.tomorrow": "明日",
        "due.tomorrowAt": "明日 {0}",
        "repeat.missed": "未達成",
        "repeat.daily": "毎日",
        "repeat.weekly": "毎週",
        "repeat.monthly": "毎月",
        "repeat.yearly": "毎年",
        "repeat.everyDays": "{0}日ごと",
        "widget.setup": "{0} の \"list\" にリスト名を設定してください",
        "widget.missingList": "リスト「{0}」がありません",
    ]
}
