import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// Today's cell of a challenge grid (docs/challenges.md, docs/widgets.md "grid"): open until the habit's
/// due time passes, then overdue (not missed) until the day is over, missed the day after; a
/// date-only habit is open all day. On a real WAL store in Berlin.
@Suite("Challenge grid: today's cell")
struct ChallengeGridStateTests {
    static let berlin = CycleFixtures.zone("Europe/Berlin")

    static func at(_ local: String) -> Date { ZonedClock.instant(of: LocalDateTime(iso: local)!, in: berlin) }

    /// The first three cells of each habit at Berlin wall-clock `now`, as `ChallengeJSON`'s letters.
    static func cells(_ dir: DataDirectory, _ now: String) throws -> [String] {
        let store = try CycleFixtures.open(dir, now: at(now), zone: berlin)
        let marks: [ChallengeCell: Character] = [.done: "x", .missed: "-", .open: "o", .future: ".", .off: " ",
                                                 .partial: "+", .overdue: "!"]
        let report = try store.challengeReport(try store.challenge("Week"))
        return report.habits.map { String($0.cells.prefix(3).map { marks[$0]! }) }
    }

    @Test("a habit due at 08:00: open at 07:59, overdue at 08:00 and through the evening, missed the next day")
    func overdueBeforeMissed() throws {
        let dir = CycleFixtures.dataDirectory("grid-overdue")
        let store = try CycleFixtures.open(dir, now: Self.at("2027-03-01T07:00"), zone: Self.berlin)
        try store.startChallenge(title: "Week", days: 7,
                                 habits: [.init(title: "Pill", time: (8, 0)), .init(title: "Stretch")])
        #expect(try Self.cells(dir, "2027-03-01T07:59") == ["o..", "o.."])
        #expect(try Self.cells(dir, "2027-03-01T08:00") == ["!..", "o.."])
        #expect(try Self.cells(dir, "2027-03-01T23:59") == ["!..", "o.."])
        #expect(try Self.cells(dir, "2027-03-02T08:30") == ["-!.", "-o."])
        // A check-in of an overdue day makes it done like any other.
        let later = try CycleFixtures.open(dir, now: Self.at("2027-03-02T09:00"), zone: Self.berlin)
        try later.complete("Pill", list: "Week", source: .cli)
        #expect(try Self.cells(dir, "2027-03-02T09:01") == ["-x.", "-o."])
    }
}
