import Foundation
import Testing
import TaskTileCore
import TestSupport
@testable import TaskTileInterchange

/// The VTIMEZONEs the exporter and sync write for IANA zones (RFC 5545 §3.6.5, `VTimeZoneWriter`): read back by our
/// own VTIMEZONE reader, they give tzdata's offsets and changes.
@Suite("VTIMEZONE generation from tzdata")
struct VTimeZoneWriterTests {
    static func rules(_ lines: [String]) throws -> VTimeZoneRules {
        let text = (["BEGIN:VCALENDAR"] + lines + ["END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
        let content = try ICalendarText.contentLines(Array(text.utf8), file: "test")
        let component = try #require(try ICalendarText.components(content, file: "test").first?.children.first)
        return try #require(VTimeZoneRules(component))
    }

    @Test("Europe/Berlin: one DAYLIGHT and one STANDARD with open yearly rules, as Thunderbird writes them")
    func berlin() throws {
        let lines = try #require(VTimeZoneWriter.component("Europe/Berlin", years: 2026...2037))
        #expect(lines.first == "BEGIN:VTIMEZONE" && lines.last == "END:VTIMEZONE")
        #expect(lines.contains("TZID:Europe/Berlin") && lines.contains("X-LIC-LOCATION:Europe/Berlin"))
        #expect(
            lines.filter { $0 == "BEGIN:DAYLIGHT" }.count == 1 && lines.filter { $0 == "BEGIN:STANDARD" }.count == 1,
            "\(lines)")
        #expect(
            lines.contains("DTSTART:20260329T020000") && lines.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"),
            "\(lines)")
        #expect(
            lines.contains("DTSTART:20261025T030000") && lines.contains("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"),
            "\(lines)")
        #expect(lines.contains("TZOFFSETFROM:+0100") && lines.contains("TZOFFSETTO:+0200"))
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        #expect(try Self.rules(lines).agrees(with: zone, over: 2027...2037))
    }

    @Test("America/New_York over 2005–2010: the rule of 2006 ends with an UNTIL, the rule of 2007 is open")
    func newYorkRuleChange() throws {
        let lines = try #require(VTimeZoneWriter.component("America/New_York", years: 2005...2010))
        #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z"), "\(lines)")
        #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z"), "\(lines)")
        #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"), "\(lines)")
        #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU"), "\(lines)")
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        #expect(try Self.rules(lines).agrees(with: zone, over: 2006...2010))
    }

    @Test("a zone without changes is one STANDARD from 1970 with its offset")
    func tokyo() throws {
        let lines = try #require(VTimeZoneWriter.component("Asia/Tokyo", years: 2026...2037))
        #expect(
            lines == [
                "BEGIN:VTIMEZONE", "TZID:Asia/Tokyo", "X-LIC-LOCATION:Asia/Tokyo", "BEGIN:STANDARD",
                "DTSTART:19700101T000000", "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900",
            ] + lines.filter { $0.hasPrefix("TZNAME:") } + ["END:STANDARD", "END:VTIMEZONE"], "\(lines)")
        #expect(VTimeZoneWriter.component("No/Such_Zone", years: 2026...2037) == nil)
    }

    @Test("every zone of the tz database: the VTIMEZONE written for 2026–2040 agrees with the zone over 2027–2040")
    func everyZoneAgrees() throws {
        var failed: [String] = []
        for id in SystemZones.identifiers {
            guard let zone = TimeZone(identifier: id), let lines = VTimeZoneWriter.component(id, years: 2026...2040),
                let rules = try? Self.rules(lines), rules.agrees(with: zone, over: 2027...2040)
            else { failed.append(id); continue }
        }
        #expect(SystemZones.identifiers.count > 300)
        #expect(failed.isEmpty, "\(failed)")
    }

    @Test(
        "zones and years of content lines: the year before the first to ten after the last; no UTC, no unknown TZID"
    )
    func zoneYears() {
        let years = VTimeZoneWriter.zoneYears([
            "DTSTART;TZID=Europe/Berlin:20270105T090000", "DUE;TZID=Europe/Berlin:20290105T090000",
            "X-TASKTILE-ANCHOR;TZID=Europe/Berlin:20250105T090000", "DUE:20270105T090000Z",
            "DUE;TZID=\"(UTC+01:00) Amsterdam, Berlin\":20270105T090000", "DUE;TZID=Etc/UTC:20270105T090000",
            "SUMMARY:TZID=Asia/Tokyo",
        ])
        #expect(years == ["Europe/Berlin": 2024...2039], "\(years)")
    }

    @Test(
        "a missing VTIMEZONE is added, a wrong one replaced, one that agrees kept byte for byte"
    )
    func ensuring() throws {
        func calendar(_ zone: [String]) -> String {
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//EN"] + zone + [
                "BEGIN:VTODO", "UID:a", "DUE;TZID=Europe/Berlin:20270720T090000", "END:VTODO", "END:VCALENDAR",
            ]).map { $0 + "\r\n" }.joined()
        }
        let added = VTimeZoneWriter.ensuringZones(in: calendar([]), for: ["Europe/Berlin"])
        #expect(added.contains("PRODID:-//x//EN\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"), "\(added)")
        #expect(added.components(separatedBy: "BEGIN:VTIMEZONE").count == 2)
        // Thunderbird's own (1970 and yearly rules) agrees: kept as it is, with its odd spelling.
        let thunderbird = [
            "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "X-THUNDERBIRD:kept", "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100",
            "TZOFFSETTO:+0200", "TZNAME:CEST", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
            "END:DAYLIGHT", "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET",
            "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD", "END:VTIMEZONE",
        ]
        #expect(
            VTimeZoneWriter.ensuringZones(in: calendar(thunderbird), for: ["Europe/Berlin"]) == calendar(thunderbird))
        // A wrong one (no DST) under the IANA name: replaced by tzdata's.
        let wrong = [
            "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0100",
            "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
        ]
        let fixed = VTimeZoneWriter.ensuringZones(in: calendar(wrong), for: ["Europe/Berlin"])
        #expect(
            fixed.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU")
                && fixed.components(separatedBy: "BEGIN:VTIMEZONE").count == 2, "\(fixed)")
        // Not asked for that zone: nothing changes.
        #expect(VTimeZoneWriter.ensuringZones(in: calendar(wrong), for: ["Asia/Tokyo"]) == calendar(wrong))
    }

    @Test("a new sync resource carries the VTIMEZONE of its due's zone before the VTODO; UTC and dates none")
    func renderedResource() throws {
        let created = Date(timeIntervalSince1970: 1_798_000_000)
        var todo = Todo(
            id: "0a000000-0000-4000-8000-000000000001", listId: "l", title: "Report", sortOrder: 0, createdAt: created)
        todo.due = .dateTime(
            LocalDateTime(date: LocalDate(year: 2027, month: 3, day: 27)!, hour: 9, minute: 0)!, zoneID: "Europe/Berlin"
        )
        let text = ICalendarResource.render(todo, uid: todo.id, now: created)
        let zoneAt = try #require(text.range(of: "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"))
        let todoAt = try #require(text.range(of: "BEGIN:VTODO"))
        #expect(zoneAt.lowerBound < todoAt.lowerBound)
        todo.due = .dateTime(
            LocalDateTime(date: LocalDate(year: 2027, month: 3, day: 27)!, hour: 9, minute: 0)!, zoneID: "UTC")
        #expect(!ICalendarResource.render(todo, uid: todo.id, now: created).contains("VTIMEZONE"))
        todo.due = .date(LocalDate(year: 2027, month: 3, day: 27)!)
        #expect(!ICalendarResource.render(todo, uid: todo.id, now: created).contains("VTIMEZONE"))
    }
}
