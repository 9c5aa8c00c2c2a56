import Foundation
import Testing
@testable import TaskTileCore

/// Wall-clock kept across DST (docs/cycles.md "Daylight saving time"): the engine keeps the time of day; `ZonedClock` resolves a
/// spring-gap time forward by the gap for that one occurrence and an autumn-overlap time to the
/// first instant. Expected instants were worked out by hand from the zone rules and agree with
/// Python's zoneinfo (`fold=0`).
@Suite struct RecurrenceEngineDSTTests {
    struct DSTCase: CustomTestStringConvertible, Sendable {
        let zoneID: String
        /// The anchor: the day before the transition, at the wall-clock time under test.
        let anchor: String
        /// Instants of occurrences 0, 1, 2 (the day before, the transition day, the day after).
        let instants: [String]
        let note: String
        var testDescription: String { "\(zoneID) \(anchor): \(note)" }
    }

    static let cases: [DSTCase] = [
        // Europe/Berlin 2027-03-28: 02:00 CET → 03:00 CEST.
        DSTCase(zoneID: "Europe/Berlin", anchor: "2027-03-27T02:30",
                instants: ["2027-03-27T01:30:00Z", "2027-03-28T01:30:00Z", "2027-03-29T00:30:00Z"],
                note: "spring gap: 02:30 → 03:30 CEST that day only"),
        // Europe/Berlin 2027-10-31: 03:00 CEST → 02:00 CET; 02:00–02:59 happen twice.
        DSTCase(zoneID: "Europe/Berlin", anchor: "2027-10-30T02:30",
                instants: ["2027-10-30T00:30:00Z", "2027-10-31T00:30:00Z", "2027-11-01T01:30:00Z"],
                note: "autumn overlap: first 02:30 (CEST)"),
        DSTCase(zoneID: "Europe/Berlin", anchor: "2027-10-30T01:30",
                instants: ["2027-10-29T23:30:00Z", "2027-10-30T23:30:00Z", "2027-11-01T00:30:00Z"],
                note: "01:30 is unambiguous in Berlin"),
        // America/New_York 2027-03-14: 02:00 EST → 03:00 EDT.
        DSTCase(zoneID: "America/New_York", anchor: "2027-03-13T02:30",
                instants: ["2027-03-13T07:30:00Z", "2027-03-14T07:30:00Z", "2027-03-15T06:30:00Z"],
                note: "spring gap: 02:30 → 03:30 EDT that day only"),
        // America/New_York 2027-11-07: 02:00 EDT → 01:00 EST; 01:00–01:59 happen twice.
        DSTCase(zoneID: "America/New_York", anchor: "2027-11-06T01:30",
                instants: ["2027-11-06T05:30:00Z", "2027-11-07T05:30:00Z", "2027-11-08T06:30:00Z"],
                note: "autumn overlap: first 01:30 (EDT)"),
        // Australia/Lord_Howe 2027-10-03: 02:00 (+10:30) → 02:30 (+11), a 30-minute gap.
        DSTCase(zoneID: "Australia/Lord_Howe", anchor: "2027-10-02T02:15",
                instants: ["2027-10-01T15:45:00Z", "2027-10-02T15:45:00Z", "2027-10-03T15:15:00Z"],
                note: "30-minute spring gap: 02:15 → 02:45"),
        DSTCase(zoneID: "Australia/Lord_Howe", anchor: "2027-10-02T02:30",
                instants: ["2027-10-01T16:00:00Z", "2027-10-02T15:30:00Z", "2027-10-03T15:30:00Z"],
                note: "02:30 is the first valid time after the gap"),
        // Australia/Lord_Howe 2027-04-04: 02:00 (+11) → 01:30 (+10:30); 01:30–01:59 happen twice.
        DSTCase(zoneID: "Australia/Lord_Howe", anchor: "2027-04-03T01:30",
                instants: ["2027-04-02T14:30:00Z", "2027-04-03T14:30:00Z", "2027-04-04T15:00:00Z"],
                note: "30-minute autumn overlap: first 01:30 (+11)"),
        DSTCase(zoneID: "Australia/Lord_Howe", anchor: "2027-04-03T02:30",
                instants: ["2027-04-02T15:30:00Z", "2027-04-03T16:00:00Z", "2027-04-04T16:00:00Z"],
                note: "02:30 is after the overlap"),
    ]

    @Test(arguments: cases)
    func dailyKeepsWallClockAcrossDST(_ c: DSTCase) {
        let anchorTime = wallClock(c.anchor)
        let rule = RepeatRule(frequency: .daily)
        let dues = RecurrenceEngine.occurrences(of: rule, anchor: .dateTime(anchorTime, zoneID: c.zoneID), count: 3)
        #expect(dues.count == 3)
        for (k, due) in dues.enumerated() {
            guard case .dateTime(let wc, let zoneID) = due else {
                Issue.record("expected a timed occurrence"); continue
            }
            // The engine keeps the wall-clock time; resolution is ZonedClock's.
            #expect(wc == LocalDateTime(date: anchorTime.date.adding(days: k), hour: anchorTime.hour,
                                        minute: anchorTime.minute))
            #expect(zoneID == c.zoneID)
            // The deadline does not depend on the user's zone for a timed due.
            #expect(utcText(due.deadline(userZone: zone("Pacific/Kiritimati"))) == c.instants[k], "k=\(k)")
            #expect(utcText(ZonedClock.instant(of: wc, in: zone(c.zoneID))) == c.instants[k], "k=\(k)")
        }
    }

    /// Computing from the anchor means a gap day shifts only itself: a week later it is 02:30 again.
    @Test func gapShiftDoesNotCarryOver() {
        let rule = RepeatRule(frequency: .weekly, weekdays: [.sunday])
        let anchor = Due.dateTime(wallClock("2027-03-21T02:30"), zoneID: "Europe/Berlin")
        let berlin = zone("Europe/Berlin")
        let shown = RecurrenceEngine.occurrences(of: rule, anchor: anchor, count: 3).map {
            ZonedClock.wallClock(of: $0.deadline(userZone: berlin), in: berlin).description
        }
        #expect(shown == ["2027-03-21T02:30:00", "2027-03-28T03:30:00", "2027-04-04T02:30:00"])
    }

    // MARK: Date-only dues

    struct FloatingCase: CustomTestStringConvertible, Sendable {
        let userZone: String
        let date: String
        /// The end of that local day: the start of the next day in the user's zone.
        let deadline: String
        var testDescription: String { "\(date) in \(userZone)" }
    }

    @Test(arguments: [
        FloatingCase(userZone: "America/Los_Angeles", date: "2027-07-20", deadline: "2027-07-21T07:00:00Z"),
        FloatingCase(userZone: "America/Los_Angeles", date: "2027-01-20", deadline: "2027-01-21T08:00:00Z"),
        FloatingCase(userZone: "America/Los_Angeles", date: "2027-03-13", deadline: "2027-03-14T08:00:00Z"),
        FloatingCase(userZone: "America/Los_Angeles", date: "2027-03-14", deadline: "2027-03-15T07:00:00Z"),
        FloatingCase(userZone: "Pacific/Kiritimati", date: "2027-07-20", deadline: "2027-07-20T10:00:00Z"),
        FloatingCase(userZone: "Pacific/Kiritimati", date: "2027-12-31", deadline: "2027-12-31T10:00:00Z"),
    ])
    func dateOnlyDeadlineIsTheEndOfThatLocalDay(_ c: FloatingCase) {
        let userZone = zone(c.userZone)
        let rule = RepeatRule(frequency: .daily)
        guard let due = RecurrenceEngine.occurrence(0, of: rule, anchor: .date(date(c.date))) else {
            Issue.record("no occurrence"); return
        }
        #expect(due == .date(date(c.date)))
        let deadline = due.deadline(userZone: userZone)
        #expect(utcText(deadline) == c.deadline)
        // The last second before the deadline is still that day locally, never the day before.
        #expect(ZonedClock.wallClock(of: deadline.addingTimeInterval(-1), in: userZone).description
                == "\(c.date)T23:59:59")
        // A date-only series is still current late that evening and moves on at midnight.
        let lateEvening = deadline.addingTimeInterval(-60)
        let next = RecurrenceEngine.firstOccurrenceIndex(after: lateEvening, of: rule, anchor: due, userZone: userZone)
        #expect(next == 0)
        #expect(RecurrenceEngine.firstOccurrenceIndex(after: deadline, of: rule, anchor: due, userZone: userZone) == 1)
    }
}
