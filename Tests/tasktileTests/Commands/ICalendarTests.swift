import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TaskTileInterchange
import TestSupport

/// Whether `/usr/bin/python3` can import dateutil (the RRULE oracle).
let pythonDateutilAvailable: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
        let r = try? runProcess("/usr/bin/python3", ["-c", "import dateutil.rrule"])
    else { return false }
    return r.status == 0
}()

@Suite("iCalendar VTODO export and import")
struct ICalendarTests {
    static func todos(_ cli: CLIHarness) throws -> [JSONValue] {
        guard case .array(let lists)? = try JSONValue.parse(cli.run("--json", "show", "--all").stdout)["lists"] else {
            return []
        }
        return lists.flatMap { l -> [JSONValue] in
            var all: [JSONValue] = []
            if case .array(let p)? = l["pending"] { all += p }
            if case .array(let c)? = l["completed"] { all += c }
            return all
        }
    }

    /// `Tests/Scripts/rrule_expand.py` (python-dateutil) on the iCalendar file at `path`: todo id →
    /// its next `cycles` occurrences from DTSTART, space-separated wall-clock times or dates.
    static func dateutilExpansion(of path: String, cycles: Int) throws -> [String: String] {
        let result = try runProcess(
            "/usr/bin/python3", [repositoryRoot + "/Tests/Scripts/rrule_expand.py", path, String(cycles)])
        #expect(result.status == 0, "\(result.stderr)")
        var oracle: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            oracle[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return oracle
    }

    /// The engine's next `cycles` occurrences of a repeating `todo` from its current cycle, in the
    /// form `dateutilExpansion` prints.
    /// A todo whose current cycle is completed is exported as the series at its next cycle
    /// (`ICalendarExporter.wireForm`), so the expansion starts there.
    static func engineExpansion(_ exported: Todo, cycles: Int) -> String {
        let todo = ICalendarExporter.wireForm(exported)
        guard let rule = todo.repeatRule, let anchor = todo.anchor else { return "" }
        var ours: [String] = []
        var k = todo.occurrenceCount
        while ours.count < cycles, let due = RecurrenceEngine.occurrence(k, of: rule, anchor: anchor) {
            switch due {
            case .date(let d): ours.append(d.description)
            case .dateTime(let wc, _): ours.append(wc.description)
            }
            k += 1
        }
        return ours.joined(separator: " ")
    }

    @Test("our export parsed back gives the same todos")
    func roundTrip() throws {
        let source = try JSONBackupTests.richHarness()
        let ics = source.run("export", "--format", "ics")
        #expect(ics.status == 0, "\(ics.stderr)")
        #expect(ics.stderr.isEmpty)
        let target = CLIHarness()
        let r = target.run("import", "--format", "ics", source.writeFile("all.ics", ics.stdout))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "nothing of ours is lost: \(r.stderr)")
        let a = try Self.todos(source), b = try Self.todos(target)
        #expect(a.count == 10)
        // A repeating todo whose current cycle is completed goes out as the series at its next
        // cycle (never STATUS:COMPLETED beside an RRULE), so it comes back pending there.
        let moved = try source.withStore { try $0.backup() }.todos.filter { $0.repeatRule != nil && $0.isCompleted }
        let movedIDs = Set(moved.map(\.id))
        func kept(_ v: JSONValue) -> Bool {
            if case .string(let id)? = v["id"] { return !movedIDs.contains(id) }; return true
        }
        #expect(a.filter(kept) == b.filter(kept))
        let back = try target.withStore { try $0.backup() }.todos
        for t in moved {
            let got = back.first { $0.id == t.id }
            #expect(
                got?.due == ICalendarExporter.wireForm(t).due && got?.isCompleted == false,
                "\(t.title): \(String(describing: got))")
        }
    }

    @Test("lines are CRLF, folded at 75 octets without splitting UTF-8, TEXT escaped")
    func folding() throws {
        let cli = CLIHarness()
        cli.run("list", "add", "日本語")
        let title = String(repeating: "あいうえお😀é", count: 12) + "; a, b \\ c"
        #expect(cli.run("add", title, "--list", "日本語", "--notes", "line 1\nline 2").status == 0)
        let text = cli.run("export", "--format", "ics").stdout
        let bytes = Array(text.utf8)
        #expect(!bytes.isEmpty)
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A {
                lines.append(current); current = []; i += 2; continue
            }
            #expect(bytes[i] != 0x0A, "no bare LF")
            current.append(bytes[i]); i += 1
        }
        #expect(current.isEmpty, "ends with CRLF")
        for line in lines {
            #expect(line.count <= 75)
            #expect(String(validating: line, as: UTF8.self) != nil, "each physical line is whole UTF-8")
        }
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(
            unfolded.contains(
                "SUMMARY:"
                    + title.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: ";", with: "\\;").replacingOccurrences(of: ",", with: "\\,")))
        #expect(unfolded.contains("DESCRIPTION:line 1\\nline 2"))
    }

    @Test("Thunderbird: VTIMEZONE, byte-folded Japanese SUMMARY, weekly BYDAY=MO,WE;COUNT=10, VALARM reported")
    func thunderbird() throws {
        let cli = CLIHarness()
        let r = cli.run("--json", "import", "--format", "ics", fixturePath("ics/thunderbird.ics"))
        #expect(r.status == 0, "\(r.stderr)")
        let todos = try Self.todos(cli)
        let weekly = try #require(todos.first { $0["title"]?.stringValue?.hasPrefix("週次") == true })
        #expect(weekly["title"] == .string("週次ミーティングの資料を準備して、チームの全員に共有する（折り返しのテスト）"))
        #expect(weekly["list"] == .string("仕事"))
        #expect(weekly["timeZone"] == .string("Asia/Tokyo"))
        #expect(weekly["due"] == .string("2027-01-11T10:00:00+09:00"))
        #expect(weekly["repeat"]?["frequency"] == .string("weekly"))
        #expect(weekly["repeat"]?["weekdays"] == .array([.string("mon"), .string("wed")]))
        #expect(weekly["repeat"]?["endCount"] == .number(10))
        let done = try #require(todos.first { $0["title"] == .string("Submit report") })
        #expect(done["isCompleted"] == .bool(true))
        #expect(done["completedAt"] == .string("2027-01-04T08:00:00Z"))
        let notes = "\(try JSONValue.parse(r.stdout)["notImported"] ?? .null)"
        #expect(notes.contains("VALARM (TRIGGER -PT15M)"))
        #expect(notes.contains("X-MOZ-GENERATION"))
    }

    @Test("Nextcloud: floating times, DATE dues, escaped commas, COMPLETED without STATUS, month end")
    func nextcloud() throws {
        let cli = CLIHarness()
        let r = cli.run("import", "--format", "ics", fixturePath("ics/nextcloud.ics"))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "the second category is a tag, PRIORITY a priority: \(r.stderr)")
        let todos = try Self.todos(cli)
        let milk = try #require(todos.first { $0["title"] == .string("Buy milk, eggs; bread") })
        #expect(milk["tags"] == .array([.string("Errands")]))
        #expect(milk["priority"] == .string("medium"))
        #expect(milk["due"] == .string("2027-01-15"))
        #expect(milk["notes"] == .string("From the shop on\nthe corner"))
        #expect(milk["list"] == .string("Shopping"))
        let finished = try #require(todos.first { $0["title"] == .string("Finished thing") })
        #expect(finished["isCompleted"] == .bool(true))
        let bills = try #require(todos.first { $0["title"] == .string("Pay the bills") })
        #expect(bills["timeZone"] == .string("Europe/Berlin"), "floating time read in the user's zone")
        #expect(bills["repeat"]?["frequency"] == .string("monthly"))
        // The month-end rule clamps like RFC BYMONTHDAY=-1.
        let stored = try #require(try cli.withStore { try $0.backup() }.todos.first { $0.title == "Pay the bills" })
        let second = RecurrenceEngine.occurrence(
            1, of: try #require(stored.repeatRule), anchor: try #require(stored.anchor))
        #expect(second == .dateTime(LocalDateTime(iso: "2027-02-28T18:30:00")!, zoneID: "Europe/Berlin"))
        // Importing again updates nothing and adds nothing (stable ids from non-UUID UIDs).
        let again = try JSONValue.parse(
            cli.run("--json", "import", "--format", "ics", fixturePath("ics/nextcloud.ics")).stdout)
        #expect(again["added"]?["todos"] == .number(0))
        #expect(again["skipped"]?["todos"] == .number(3))
    }

    @Test("Apple: calendar name as the list, UTC due, PERCENT-COMPLETE alone marks done, yearly Feb 29")
    func apple() throws {
        let cli = CLIHarness()
        let r = cli.run("import", "--format", "ics", fixturePath("ics/apple.ics"))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        let todos = try Self.todos(cli)
        #expect(Set(todos.compactMap { $0["list"]?.stringValue }) == ["Reminders"])
        let call = try #require(todos.first { $0["title"] == .string("Call Mum") })
        #expect(call["isCompleted"] == .bool(true))
        #expect(call["due"] == .string("2027-01-10T09:00:00+00:00"))
        #expect(call["id"] == .string("0b7f3a2e-9c1d-4e5f-8a6b-7c8d9e0f1a2b"), "a UUID UID is the id")
        let leap = try #require(todos.first { $0["title"] == .string("Leap day party") })
        #expect(leap["repeat"]?["frequency"] == .string("yearly"))
        #expect(leap["repeat"]?["endCount"] == .number(3))
        let rent = try #require(todos.first { $0["title"] == .string("Pay rent") })
        #expect(rent["repeat"]?["frequency"] == .string("monthly"))
    }

    @Test(
        "a repeating VTODO imported with its cycle completed stays completed when the due passes, and the next cycle is pending"
    )
    func importedCompletedCycleHasHistory() throws {
        let ics = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:stretch-1\r\nSUMMARY:Stretch\r\n\
            DTSTART;TZID=Asia/Tokyo:20270105T090000\r\nDUE;TZID=Asia/Tokyo:20270105T090000\r\nRRULE:FREQ=DAILY\r\n\
            STATUS:COMPLETED\r\nCOMPLETED:20270104T230000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n
            """
        var cli = CLIHarness(now: "2027-01-05T08:30:00+09:00", zone: "Asia/Tokyo")
        let file = cli.writeFile("stretch.ics", ics)
        #expect(cli.run("import", file).status == 0)
        // The cycle columns are a cache of the completion history: without a history row for the
        // imported completion, the catch-up after 09:00 brought cycle 0 back as overdue.
        cli.environment["TASKTILE_NOW"] = "2027-01-05T10:00:00+09:00"
        let todo = try #require(try Self.todos(cli).first)
        #expect(todo["due"] == .string("2027-01-06T09:00:00+09:00"))
        #expect(todo["isCompleted"] == .bool(false))
        #expect(todo["missedCount"] == .number(0))
        // Importing the same file again adds no second history row for that cycle.
        cli.environment["TASKTILE_NOW"] = "2027-01-05T08:30:00+09:00"
        #expect(cli.run("import", file).status == 0)
        cli.environment["TASKTILE_NOW"] = "2027-01-05T10:00:00+09:00"
        let store = try Store.open(cli.tmp.dataDirectory, clock: testClock())
        #expect(try store.database.scalarInt("SELECT count(*) FROM completions WHERE source = 'import'") == 1)
    }

    @Test("what cannot be represented is reported, never silently dropped")
    func unsupportedIsReported() throws {
        let cli = CLIHarness()
        let r = cli.run("--json", "import", "--format", "ics", fixturePath("ics/unsupported.ics"))
        #expect(r.status == 0, "\(r.stderr)")
        let report = try JSONValue.parse(r.stdout)
        let notes = "\(report["notImported"] ?? .null)"
        for expected in [
            "VEVENT", "BYHOUR", "BYSETPOS", "RDATE", "EXDATE", "VALARM (TRIGGER -P1D)", "PERCENT-COMPLETE:50",
            "X-SOMETHING-ELSE",
        ] {
            #expect(notes.contains(expected), "missing note about \(expected): \(notes)")
        }
        #expect(report["added"]?["todos"] == .number(3))
        let water = try #require(try Self.todos(cli).first { $0["title"] == .string("Drink water") })
        // A Windows zone name maps through the CLDR table (ICalendarPeersTests).
        #expect(water["timeZone"] == .string("Asia/Tokyo"), "Outlook's \"Tokyo Standard Time\" is Asia/Tokyo")
        #expect(!notes.contains("is unknown"), "\(notes)")
    }

    @Test(
        "bad files exit 65 with the line and leave the store unchanged",
        arguments: [
            ("truncated.ics", ":3:"), ("begin-without-end.ics", ":8:"), ("invalid-date.ics", ":6:"),
            ("not-a-content-line.ics", ":5:"),
        ])
    func badFixtures(_ name: String, _ line: String) throws {
        let cli = try JSONBackupTests.richHarness()
        let before = cli.fullDump()
        let r = cli.run("import", "--format", "ics", fixturePath("ics/" + name))
        #expect(r.status == 65)
        #expect(r.stderr.contains(name + line), "\(r.stderr)")
        #expect(cli.fullDump() == before)
    }

    @Test("binary data and a 50 MB file exit 65 and leave the store unchanged")
    func binaryAndHuge() throws {
        let cli = try JSONBackupTests.richHarness()
        let before = cli.fullDump()
        var binary = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n".utf8)
        var g = SystemRandomNumberGenerator()
        // Random bytes, but no line break among them and an invalid UTF-8 byte first (not a space
        // or tab, which would fold the line into line 2): the whole rest is line 3 (random CR/LF
        // and folds made the reported line vary, 2 runs in 256).
        binary +=
            [0xFF]
            + (0..<4096).map { _ -> UInt8 in
                let b = UInt8.random(in: 0...255, using: &g)
                return b == 0x0A || b == 0x0D ? 0xFE : b
            } + [0, 0xFF, 0xFE]
        let binPath = cli.tmp.file("binary.ics")
        FileManager.default.createFile(atPath: binPath, contents: Data(binary))
        let b = cli.run("import", "--format", "ics", binPath)
        #expect(b.status == 65)
        #expect(b.stderr.contains("binary.ics:3:"), "\(b.stderr)")
        let hugePath = cli.tmp.file("huge.ics")
        FileManager.default.createFile(atPath: hugePath, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: hugePath))
        let chunk = Data(String(repeating: "BEGIN:VTODO\r\nSUMMARY:x\r\nEND:VTODO\r\n", count: 30_000).utf8)
        while (try handle.offset()) < 50_000_000 { handle.write(chunk) }
        try handle.close()
        let h = cli.run("import", "--format", "ics", hugePath)
        #expect(h.status == 65)
        #expect(h.stderr.contains("MiB"), "\(h.stderr)")
        #expect(cli.fullDump() == before)
    }

    @Test("python-dateutil expands every exported RRULE to the engine's next 12 cycles")
    func dateutilAgrees() throws {
        try #require(
            pythonDateutilAvailable,
            "python3-dateutil is not installed for /usr/bin/python3: make deps installs it (Debian: python3-dateutil)")
        let cli = try JSONBackupTests.richHarness()
        // More month-end and Feb 29 shapes, timed across DST.
        cli.run("add", "29th", "--list", "Routine", "--due", "2027-01-29 08:00", "--repeat", "monthly", "--every", "1")
        cli.run(
            "add", "30th bimonthly", "--list", "Routine", "--due", "2027-01-30", "--repeat", "monthly", "--every", "2")
        cli.run("add", "Leap timed", "--list", "Routine", "--due", "2028-02-29 12:00", "--repeat", "yearly")
        cli.run(
            "add", "DST daily", "--list", "Routine", "--due", "2027-03-25 02:30", "--repeat", "daily", "--until",
            "2027-04-03")
        cli.run(
            "add", "Weekdays", "--list", "Routine", "--due", "2027-01-07 07:15", "--repeat", "weekly", "--every", "3",
            "--on", "mon,thu,sat", "--times", "20")
        let path = cli.writeFile("diff.ics", cli.run("export", "--format", "ics").stdout)
        let oracle = try Self.dateutilExpansion(of: path, cycles: 12)
        let backup = try cli.withStore { try $0.backup() }
        let repeating = backup.todos.filter { $0.repeatRule != nil }
        #expect(repeating.count >= 10)
        for todo in repeating {
            #expect(oracle[todo.id] == Self.engineExpansion(todo, cycles: 12), "\(todo.title): RRULE expansion differs")
        }
    }
}
