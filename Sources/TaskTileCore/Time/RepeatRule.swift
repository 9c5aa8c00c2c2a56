/// How a todo repeats (docs/cycles.md "Repeat rules"). Occurrences are computed from the anchor (the first due) by the
/// recurrence engine in `Time/`, never from the previous occurrence.
public struct RepeatRule: Hashable, Sendable {
    public enum Frequency: String, CaseIterable, Hashable, Sendable {
        case daily, weekly, monthly, yearly
    }

    /// When the series ends.
    public enum End: Hashable, Sendable {
        case never
        /// After this many occurrences in all, counting the first (1...).
        case afterCount(Int)
        /// Through this calendar day inclusive, in the todo's zone (tasktile's own `--until DATE`, docs/cycles.md
        /// "Repeat rules").
        case until(LocalDate)
        /// Through this moment inclusive: RFC 5545 §3.3.10 `UNTIL` with a time, as an imported or synced rule carries it
        /// (docs/cycles.md "iCalendar forms"). An occurrence that starts later does not exist, so a series whose UNTIL
        /// falls earlier in its last day than the occurrence time has no occurrence that day. `isUTC`: an instant
        /// (`UNTIL=…Z`) compared with each occurrence's instant; else a floating wall-clock time compared with each
        /// occurrence's wall-clock time. A date-only series compares calendar dates.
        case untilTime(LocalDateTime, isUTC: Bool)
    }

    /// Allowed interval range: every 1…999 units.
    public static let intervalRange = 1...999

    public var frequency: Frequency
    /// Every N units, `intervalRange`.
    public var interval: Int
    /// Weekly only: the selected weekdays (non-empty for weekly, empty otherwise).
    public var weekdays: Set<Weekday>
    public var end: End
    /// Monthly and yearly only: repeat on the Nth weekday of the month ("the 3rd Thursday", "the last Friday") instead of
    /// the anchor's day of month; nil for the day-of-month rules (RFC 5545 §3.3.10, `BYDAY` with an ordinal).
    public var nthWeekday: NthWeekday?
    /// Monthly and yearly day-of-month rules only: what a month without the anchor's day does (docs/cycles.md "Computing
    /// cycles"). False (tasktile's own `--repeat monthly`): the occurrence moves to the month's last day — from Jan 31:
    /// Feb 28, Mar 31, Apr 30 …; from Feb 29 yearly: Feb 28 in common years. True (RFC 5545 §3.3.10, an imported or synced
    /// `FREQ=MONTHLY` from a 29th–31st DTSTART, `add --skip-short-months`): that month, or common year, has no
    /// occurrence — Jan 31, Mar 31, May 31 …; Feb 29 only in leap years. It changes nothing for an anchor on the 1st–28th
    /// or (yearly) any day but Feb 29.
    public var skipsShortMonths: Bool
    /// Weekly and monthly only: a **target per period** (`--goal N`, docs/cycles.md "Habits with a target"): each cycle
    /// is a whole period — the ISO week (Monday first) or the calendar month, every `interval` of them — and needs
    /// this many check-ins on distinct days; nil for an ordinary rule. Cycle k is due at the end of its period (its
    /// last day, date-only) and begins on its first day, so a period short of its target is missed when the next one
    /// begins. `weekdays` and the anchor's day of month mean nothing then.
    public var goal: Int?
    /// Repeat from completion (`--after-completion`, Tasks.org's "after completion", docs/cycles.md "Repeat from
    /// completion"): completing sets the next due to the completion's day (a date-only due) or wall-clock time (a
    /// timed one, in the due's zone) plus one interval, instead of the anchor's next cycle. There are no missed cycles:
    /// the todo is simply overdue until done. iCalendar: the plain RRULE plus `X-TASKTILE-REPEAT-FROM:COMPLETION`.
    public var fromCompletion: Bool

    /// Accepted targets: at least 1, at most the days of the shortest period (7 per week, 28 per month).
    public func goalRange() -> ClosedRange<Int> {
        1...(frequency == .weekly ? 7 : 28) * max(1, interval)
    }

    /// A rule from its parts; `validate()` checks them.
    public init(frequency: Frequency, interval: Int = 1, weekdays: Set<Weekday> = [], end: End = .never,
                nthWeekday: NthWeekday? = nil, skipsShortMonths: Bool = false, goal: Int? = nil, fromCompletion: Bool = false) {
        self.goal = goal
        self.fromCompletion = fromCompletion
        self.frequency = frequency
        self.interval = interval
        self.weekdays = weekdays
        self.end = end
        self.nthWeekday = nthWeekday
        self.skipsShortMonths = skipsShortMonths
    }

    /// Whether `skipsShortMonths` makes a difference from `anchor`: a monthly day-of-month rule from the 29th–31st, or a
    /// yearly one from Feb 29, that skips.
    public func skipsMonths(from anchor: LocalDate) -> Bool {
        guard skipsShortMonths, nthWeekday == nil else { return false }
        switch frequency {
        case .monthly: return anchor.day > 28
        case .yearly: return anchor.month == 2 && anchor.day == 29
        case .daily, .weekly: return false
        }
    }
}

extension RepeatRule {
    /// "The Nth weekday of the month" (docs/cycles.md "Repeat rules"): RFC 5545 §3.3.10 `BYDAY` with an ordinal, such as
    /// `3TH` (the third Thursday) or `-1FR` (the last Friday), inside `FREQ=MONTHLY` or `FREQ=YEARLY;BYMONTH=m`.
    ///
    /// A month that has no such day (a 5th Thursday in a month with four) has no occurrence: it is skipped, as the RFC
    /// and python-dateutil do, rather than clamped.
    public struct NthWeekday: Hashable, Sendable {
        /// Accepted ordinals: 1…5 count from the first day of the month, −1…−5 from the last (−1 = the last).
        public static let ordinalRange = -5...5

        /// 1…5 from the start of the month, −1…−5 from its end; never 0 in a valid rule.
        public var ordinal: Int
        /// The weekday.
        public var weekday: Weekday

        /// The `ordinal`-th `weekday` of a month; `RepeatRule.validate()` checks the ordinal.
        public init(_ ordinal: Int, _ weekday: Weekday) {
            self.ordinal = ordinal
            self.weekday = weekday
        }

        /// RFC 5545 §3.3.10 `weekdaynum` codes, Monday first.
        static let dayCodes: [(Weekday, String)] = [(.monday, "MO"), (.tuesday, "TU"), (.wednesday, "WE"), (.thursday, "TH"),
                                                    (.friday, "FR"), (.saturday, "SA"), (.sunday, "SU")]

        /// The RFC 5545 §3.3.10 `weekdaynum` form: `3TH`, `-1FR` (the store's `repeat_by_day` column, the RRULE's BYDAY).
        public var byDayValue: String {
            "\(ordinal)" + (Self.dayCodes.first { $0.0 == weekday }?.1 ?? "MO")
        }

        /// Reads a `weekdaynum` with an ordinal (`3TH`, `+3TH`, `-1FR`, any case); nil for anything else, including a
        /// weekday without an ordinal (`TH`: every Thursday) and ordinals outside −5…5 or 0 (`validate()` would refuse
        /// them; callers that must say why check `ordinalRange` themselves).
        public init?(byDay text: some StringProtocol) {
            let upper = text.uppercased()
            guard upper.count >= 3, let code = Self.dayCodes.first(where: { upper.hasSuffix($0.1) }) else { return nil }
            let number = upper.dropLast(2)
            guard number.allSatisfy({ "+-0123456789".contains($0) }), let n = Int(number),
                  n != 0, Self.ordinalRange.contains(n) else { return nil }
            self.init(n, code.0)
        }

        /// Whether every month has this day: ordinals −4…−1 and 1…4 (every month has at least four of each weekday).
        public var occursEveryMonth: Bool { (1...4).contains(abs(ordinal)) }

        /// The day in `year`-`month`, or nil when that month has none (a 5th weekday in a month with four).
        public func date(year: Int, month: Int) -> LocalDate? {
            guard (1...9999).contains(year), (1...12).contains(month),
                  ordinal != 0, Self.ordinalRange.contains(ordinal) else { return nil }
            let length = LocalDate.daysInMonth(year: year, month: month)
            let firstDayNumber = LocalDate(year: year, month: month, day: 1)!.dayNumber
            let day: Int
            if ordinal > 0 {
                let firstWeekday = LocalDate(dayNumber: firstDayNumber).weekday.isoNumber
                day = 1 + (weekday.isoNumber - firstWeekday + 7) % 7 + (ordinal - 1) * 7
            } else {
                let lastWeekday = LocalDate(dayNumber: firstDayNumber + length - 1).weekday.isoNumber
                day = length - (lastWeekday - weekday.isoNumber + 7) % 7 - (-ordinal - 1) * 7
            }
            guard (1...length).contains(day) else { return nil }
            return LocalDate(dayNumber: firstDayNumber + day - 1)
        }
    }
}
