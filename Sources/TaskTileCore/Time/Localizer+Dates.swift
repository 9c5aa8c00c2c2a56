extension Localizer {
    /// A calendar day with its weekday, the year only when it is not `today`'s:
    /// `Tue, Jan 5` / `Tue, Jan 5, 2028`; Japanese `1月5日(火)` / `2028年1月5日(火)`.
    public func weekdayDate(_ d: LocalDate, today: LocalDate) -> String {
        let weekday = text(d.weekday.catalogueKey), month = text(Localizer.monthKeys[d.month - 1])
        return d.year == today.year ? text(.dateWeekdayMonthDay, weekday, month, d.day)
                                    : text(.dateWeekdayMonthDayYear, weekday, month, d.day, d.year)
    }

    /// A calendar day without its weekday, the year only when it is not `today`'s:
    /// `Jan 5` / `Jan 5, 2028`; Japanese `1月5日` / `2028年1月5日`.
    public func monthDay(_ d: LocalDate, today: LocalDate) -> String {
        let month = text(Localizer.monthKeys[d.month - 1])
        return d.year == today.year ? text(.dateMonthDay, month, d.day) : text(.dateMonthDayYear, month, d.day, d.year)
    }

    /// `month.1` … `month.12`: the short month name (`Jan`, `1月`), January first.
    static let monthKeys: [StringKey] = [.month1, .month2, .month3, .month4, .month5, .month6,
                                         .month7, .month8, .month9, .month10, .month11, .month12]
}
