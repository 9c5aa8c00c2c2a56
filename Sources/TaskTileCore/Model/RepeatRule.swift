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
        /// Through this calendar day inclusive, in the todo's zone.
        case until(LocalDate)
    }

    /// Allowed interval range: every 1…999 units.
    public static let intervalRange = 1...999

    public var frequency: Frequency
    /// Every N units, `intervalRange`.
    public var interval: Int
    /// Weekly only: the selected weekdays (non-empty for weekly, empty otherwise).
    public var weekdays: Set<Weekday>
    public var end: End

    public init(frequency: Frequency, interval: Int = 1, weekdays: Set<Weekday> = [], end: End = .never) {
        self.frequency = frequency
        self.interval = interval
        self.weekdays = weekdays
        self.end = end
    }
}
