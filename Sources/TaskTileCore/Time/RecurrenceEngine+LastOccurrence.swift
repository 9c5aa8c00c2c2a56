extension RecurrenceEngine {
    /// The index of the last occurrence of `rule` from `anchor` at or after `start`, or nil when
    /// occurrence `start` itself does not exist.
    ///
    /// Catch-up (docs/cycles.md "Cycle semantics") needs it when a series has ended while the todo sat on an earlier cycle:
    /// the todo moves to the last cycle, which stays current (pending and overdue, or completed).
    /// A series that "never" ends still ends at year 9999, so there is always an answer.
    ///
    /// Existence is a prefix (`occurrence(k)` exists ⇒ every smaller index does), so this bisects
    /// `start...maxOccurrenceIndex`: at most 22 occurrence computations (⌈log2 3,652,059⌉), and
    /// `afterCount(n)` is answered without searching. Every probe moves a bound strictly.
    public static func lastOccurrenceIndex(atOrAfter start: Int, of rule: RepeatRule, anchor: Due) -> Int? {
        guard occurrence(start, of: rule, anchor: anchor) != nil else { return nil }
        var lo = start                       // exists
        var hi = maxOccurrenceIndex + 1      // does not exist
        if case .afterCount(let n) = rule.end { hi = min(hi, n) }
        if hi - 1 > lo, occurrence(hi - 1, of: rule, anchor: anchor) != nil { return hi - 1 }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if occurrence(mid, of: rule, anchor: anchor) != nil { lo = mid } else { hi = mid }
        }
        return lo
    }
}
