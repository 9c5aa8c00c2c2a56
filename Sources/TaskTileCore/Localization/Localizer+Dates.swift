extension Localizer {
    /// A calendar day with its weekday, the year only when it is not `today`'s:
    /// `Tue, Jan 5` / `Tue, Jan 5, 2028`; Japanese `1月5日(火)` / `2028年1月5日(火)`.
    public func weekdayDate(_ d: LocalDate, today: LocalDate) -> String {
        let weekday = text(d.weekday.catalogueKey), month = text("month.\(d.month)")
        return d.year == today.year ? text("date.weekdayMonthDay", weekday, month, d.day)
                                    : text("date.weekdayMonthDayYear", weekday, month, d.day, d.year)
    }

    /// A calendar day without its weekday, the year only when it is not `today`'s:
    /// `Jan 5` / `Jan 5, 2028`; Japanese `1月5日` / `2028年1月5日`.
    public func monthDay(_ d: LocalDate, today: LocalDate) -> String {
        let month = text("month.\(d.month)")
        return d.year == today.year ? text("date.monthDay", month, d.day) : text("date.monthDayYear", month, d.day, d.year)
    }
}
