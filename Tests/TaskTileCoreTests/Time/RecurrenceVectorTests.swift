import Foundation
import Testing
@testable import TaskTileCore

/// Differential test: the engine against python-dateutil's `rrule`, an independent RFC 5545
/// implementation (docs/cycles.md "iCalendar forms"), over 2,000 random rules plus 600 Nth-weekday rules × 4 zones in
/// `Vectors/recurrence-vectors.json`, then 200 monthly (29th–31st) and yearly (Feb 29) rules both skipping short
/// months and clamping × 4 zones, then 240 timed rules ending at an RFC 5545 UNTIL moment, each in one zone.
///
/// Regenerate the vectors from the repository root with
/// `/usr/bin/python3 Tests/TaskTileCoreTests/Time/Vectors/generate_vectors.py` (Debian python3-dateutil).
///
/// Where our semantics deliberately differ from RFC 5545 §3.3.10, and how the vectors encode ours:
/// - **Month-end clamping.** The RFC drops impossible dates (`FREQ=MONTHLY` from Jan 31 skips
///   February); we clamp to the month's last day (docs/cycles.md "Computing cycles"). The generator states the anchor day
///   in the forms docs/cycles.md "iCalendar forms" gives: day 31 → `BYMONTHDAY=-1`, day 30 → `BYMONTHDAY=28,29,30;BYSETPOS=-1`,
///   day 29 → `BYMONTHDAY=28,29;BYSETPOS=-1`, yearly Feb 29 → `BYMONTH=2;BYMONTHDAY=-1`.
/// - **`until` covers its whole calendar day** in the todo's zone; RFC `UNTIL` is an instant. The
///   vectors use `UNTIL` = that day at 23:59:59 local wall-clock.
/// - **Weekly occurrence 0** is the first selected weekday on or after the anchor, and every-N weeks
///   count from its ISO week; the vectors set DTSTART to that day with `WKST=MO` (the RFC counts
///   from DTSTART's week, and dateutil does not emit a DTSTART that does not match BYDAY).
/// - **Nth weekday** (`BYDAY=3TH`, `-1FR`; yearly with `BYMONTH` = the anchor's month): occurrence 0 is the first such
///   day on or after the anchor and every-N months count from its month; the vectors set DTSTART to that day (the RFC
///   counts from DTSTART's month). Months without a 5th weekday are skipped in both (RFC 5545 §3.3.10).
/// - **Skipping short months** (`RepeatRule.skipsShortMonths`, the RFC meaning an imported rule keeps): the plain
///   `FREQ=MONTHLY` / `FREQ=YEARLY` from the anchor, which dateutil expands by dropping the months without the day;
///   each such rule has a clamping twin in the month-end forms.
/// - **UNTIL moments** (`End.untilTime`): a UTC UNTIL compared with zone-aware occurrences as instants, a floating one
///   with naive wall-clock times; the vector names the one zone it was expanded in.
/// - Gap and overlap resolution is ours in both: dateutil expands naive wall-clock times and the
///   generator resolves them with zoneinfo `fold=0` (gap → offset before it; overlap → first).
/// Each vector also records the RRULE text the generator gave dateutil, shown with any mismatch.
@Suite struct RecurrenceVectorTests {
    struct File: Decodable {
        let seed: Int
        let occurrences: Int
        let zones: [String]
        let tzdata: String
        let vectors: [Vector]
    }

    struct Vector: Decodable {
        /// `YYYY-MM-DD` (date-only) or `YYYY-MM-DDTHH:MM:SS` (wall-clock).
        let anchor: String
        let freq: String
        let interval: Int
        let weekdays: [String]
        /// `afterCount`, when present.
        let count: Int?
        /// `until`, when present.
        let until: String?
        /// The Nth weekday (−5…5 and `mon` … `sun`) of a monthly or yearly rule, when present.
        let nthOrdinal: Int?
        let nthWeekday: String?
        /// The RFC meaning for months without the anchor's day, when true.
        let skipShortMonths: Bool?
        /// An RFC 5545 UNTIL moment, `YYYY-MM-DDTHH:MM:SS` with `Z` for UTC, when present.
        let untilTime: String?
        /// The one zone the vector was expanded in (UNTIL moments); absent: every zone of the file.
        let zone: String?
        /// What dateutil was given (for the failure report).
        let rrule: String
        let dtstart: String
        /// Occurrences 0… as local dates or wall-clock times (at most `occurrences`).
        let local: [String]
        /// Per zone id, the instant of each occurrence in epoch seconds: the timed due's instant, or
        /// for a date-only due its deadline (the start of the next day in that zone).
        let utc: [String: [Int]]
    }

    static func loadVectors() throws -> File {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Vectors/recurrence-vectors.json")
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
    }

    /// The rule a vector describes, or nil (recorded as an issue) when the file is malformed.
    static func rule(of v: Vector) -> RepeatRule? {
        guard let frequency = RepeatRule.Frequency(rawValue: v.freq) else { return nil }
        var weekdays: Set<Weekday> = []
        for name in v.weekdays {
            guard let day = Weekday(name: name) else { return nil }
            weekdays.insert(day)
        }
        var end = RepeatRule.End.never
        if let n = v.count { end = .afterCount(n) }
        if let text = v.until {
            guard let until = LocalDate(iso: text) else { return nil }
            end = .until(until)
        }
        if let text = v.untilTime {
            let isUTC = text.hasSuffix("Z")
            guard let until = LocalDateTime(iso: isUTC ? text.dropLast() : Substring(text)) else { return nil }
            end = .untilTime(until, isUTC: isUTC)
        }
        var nth: RepeatRule.NthWeekday?
        if let ordinal = v.nthOrdinal {
            guard let name = v.nthWeekday, let day = Weekday(name: name) else { return nil }
            nth = RepeatRule.NthWeekday(ordinal, day)
        }
        return RepeatRule(frequency: frequency, interval: v.interval, weekdays: weekdays, end: end, nthWeekday: nth,
                          skipsShortMonths: v.skipShortMonths ?? false)
    }

    static func anchor(of v: Vector, zoneID: String) -> Due? {
        if v.anchor.count == 10 {
            return LocalDate(iso: v.anchor).map(Due.date)
        }
        return LocalDateTime(iso: v.anchor).map { .dateTime($0, zoneID: zoneID) }
    }

    static func text(of due: Due) -> String {
        switch due {
        case .date(let d): d.description
        case .dateTime(let wc, _): wc.description
        }
    }

    @Test func engineMatchesDateutil() throws {
        let file = try Self.loadVectors()
        // Guard against a truncated or emptied file passing vacuously.
        #expect(file.vectors.count >= 3240)
        #expect(file.vectors.filter { $0.nthOrdinal != nil }.count >= 600)
        #expect(file.vectors.filter { $0.skipShortMonths == true }.count >= 200)
        #expect(file.vectors.filter { $0.untilTime != nil }.count >= 240)
        // Some skipping rules really differ from their clamping twins, and some UNTIL moments really cut a last day.
        #expect(file.vectors.indices.contains { i in
            file.vectors[i].skipShortMonths == true && i + 1 < file.vectors.count && file.vectors[i].local != file.vectors[i + 1].local
        })
        #expect(Set(file.vectors.compactMap(\.nthOrdinal)) == [1, 2, 3, 4, 5, -1, -2, -4, -5])
        #expect(file.zones.count >= 4)
        var mismatches: [String] = []
        var checkedInstants = 0
        var searchesChecked = 0

        for (index, v) in file.vectors.enumerated() {
            guard let rule = Self.rule(of: v) else {
                mismatches.append("#\(index): cannot read rule \(v.freq) \(v.weekdays)"); continue
            }
            let wanted = file.occurrences
            for (zoneNumber, zoneID) in (v.zone.map { [$0] } ?? file.zones).enumerated() {
                guard let userZone = TimeZone(identifier: zoneID), let anchor = Self.anchor(of: v, zoneID: zoneID),
                      let expectedInstants = v.utc[zoneID] else {
                    mismatches.append("#\(index): cannot read anchor \(v.anchor) or zone \(zoneID)"); continue
                }
                let dues = RecurrenceEngine.occurrences(of: rule, anchor: anchor, count: wanted)
                let got = dues.map(Self.text(of:))
                // The date-only/timed shape of the answer follows the anchor.
                let shapesMatch = dues.allSatisfy { ($0.zoneID == nil) == (v.anchor.count == 10) }
                let instants = dues.map { Int($0.deadline(userZone: userZone).timeIntervalSince1970) }
                checkedInstants += instants.count
                if got != v.local || instants != expectedInstants || !shapesMatch {
                    let firstBad = zip(got, v.local).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                        ?? zip(instants, expectedInstants).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                        ?? min(got.count, v.local.count)
                    func at<T>(_ a: [T], _ i: Int) -> String { i < a.count ? "\(a[i])" : "none" }
                    mismatches.append("""
                        #\(index) \(zoneID) anchor \(v.anchor) rule \(v.freq)/\(v.interval) \(v.weekdays) \
                        nth \(v.nthOrdinal.map(String.init) ?? "-")\(v.nthWeekday ?? "") \
                        skip \(v.skipShortMonths == true) \
                        count \(v.count.map(String.init) ?? "-") until \(v.until ?? v.untilTime ?? "-") \
                        [dateutil DTSTART=\(v.dtstart) RRULE:\(v.rrule)]: \
                        first difference at k=\(firstBad): engine \(at(got, firstBad)) @ \(at(instants, firstBad)), \
                        dateutil \(at(v.local, firstBad)) @ \(at(expectedInstants, firstBad)); \
                        counts \(got.count) vs \(v.local.count)
                        """)
                    continue
                }
                // The current-cycle search agrees with the vector at one boundary per vector and zone:
                // a second before occurrence j's deadline the current cycle is j.
                if !expectedInstants.isEmpty {
                    let j = (index + zoneNumber) % expectedInstants.count
                    let now = Date(timeIntervalSince1970: TimeInterval(expectedInstants[j] - 1))
                    let found = RecurrenceEngine.firstOccurrenceIndex(after: now, of: rule, anchor: anchor,
                                                                      userZone: userZone)
                    searchesChecked += 1
                    if found != j {
                        mismatches.append("#\(index) \(zoneID): current cycle a second before k=\(j) is \(String(describing: found))")
                    }
                }
            }
        }
        #expect(checkedInstants > 100_000)
        #expect(searchesChecked > 9_000)
        #expect(mismatches.isEmpty, """
            \(mismatches.count) mismatches against dateutil (tzdata \(file.tzdata), seed \(file.seed)); first ones:
            \(mismatches.prefix(20).joined(separator: "\n"))
            """)
    }
}
