import Foundation
import Testing
import TaskTileCore
import TestSupport

/// A list name from a file that no list title may have (blank, a control character, too long):
/// every importer puts the todo in Inbox and reports the value (docs/interchange.md "Lists on
/// import"); before, a blank one reached the store's CHECK constraint and printed
/// "SQLite error 275: constraint failed" with exit 74, and a bad CATEGORIES value went to Inbox
/// without a word.
@Suite("Imported list names")
struct ImportedListTitleTests {
    static let env = ["TZ": "UTC", "LANG": "C", "TASKTILE_NOW": "2027-01-05T09:00:00Z"]

    /// A calendar of one VTODO with these content lines.
    static func ics(_ lines: String...) -> String {
        let calendar = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//t//EN"] + lines + ["END:VCALENDAR", ""]
        return calendar.joined(separator: "\r\n")
    }

    /// A Taskwarrior export of one pending task "Buy milk" with these extra members (JSON text).
    static func task(_ members: String) -> String {
        #"[{"uuid":"5f1a3e2c-0b7d-4c1e-9a51-6c7d8e9f0a1b","description":"Buy milk","status":"pending","#
            + #""entry":"20270101T090000Z","# + members + "}]"
    }

    struct Case: Sendable, CustomStringConvertible {
        var name: String, format: String, file: String, text: String, fragment: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "todo.txt +_", format: "todotxt", file: "todo.txt", text: "Buy milk +_\n", fragment: "list name “ ”"),
        Case(
            name: "todo.txt +__", format: "todotxt", file: "todo.txt", text: "Buy milk +__\n",
            fragment: "list name “  ”"),
        Case(
            name: "Taskwarrior project of spaces", format: "taskwarrior", file: "tw.json",
            text:
                task(#""project":"   ""#),
            fragment: "list name “   ”"),
        Case(
            name: "ICS X-WR-CALNAME of a space", format: "ics", file: "cal.ics",
            text:
                ics("X-WR-CALNAME: ", "BEGIN:VTODO", "UID:a1", "SUMMARY:Buy milk", "END:VTODO"),
            fragment: "list name “ ”"),
        Case(
            name: "ICS CATEGORIES with an escaped newline", format: "ics", file: "cal.ics",
            text:
                ics("BEGIN:VTODO", "UID:a2", "SUMMARY:Buy milk", "CATEGORIES:Sho\\npping", "END:VTODO"),
            fragment: "U+000A"),
        Case(
            name: "ICS CATEGORIES over the title limit", format: "ics", file: "cal.ics",
            text:
                ics("BEGIN:VTODO", "UID:a3", "SUMMARY:Buy milk", "CATEGORIES:" + String(repeating: "x", count: 1001),
                    "END:VTODO"),
            fragment: "1001 characters long"),
    ]

    @Test(
        "the todo goes to Inbox, the value is reported, and the store can be backed up and restored", arguments: cases)
    func toInbox(_ c: Case) throws {
        let tasktile = try #require(builtProduct("tasktile"), "build the products first (make test does)")
        let tmp = TemporaryDirectory("listname")
        let file = tmp.file(c.file)
        try AtomicFile.write(c.text, to: file)
        let r = try runProcess(
            tasktile, ["--data-dir", tmp.dataDirectory.path, "import", "--format", c.format, file],
            environment: Self.env)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        let report = r.stdout + r.stderr
        #expect(report.contains(c.fragment) && report.contains("Inbox"), "\(report)")
        #expect(!report.contains("SQLite"), "\(report)")
        let show = try runProcess(
            tasktile, ["--data-dir", tmp.dataDirectory.path, "show", "--json"], environment: Self.env)
        #expect(show.stdout.contains("\"Inbox\"") && show.stdout.contains("Buy milk"), "\(show.stdout)")
        try expectBackupRestores(tasktile, tmp, environment: Self.env)
    }

    @Test(
        "notes from a file lose the control characters the notes rule refuses, reported, so the backup restores",
        arguments: [
            (
                "taskwarrior", "tw.json",
                task(#""annotations":[{"entry":"20270102T090000Z","description":"a\u0001b\u2028c"}]"#),
                "annotations"
            ),
            (
                "ics", "cal.ics",
                ics("BEGIN:VTODO", "UID:a4", "SUMMARY:Buy milk", "DESCRIPTION:a\u{01}b\u{2028}c", "END:VTODO"),
                "DESCRIPTION"
            ),
        ])
    func notesCleaned(format: String, name: String, text: String, field: String) throws {
        let tasktile = try #require(builtProduct("tasktile"), "build the products first (make test does)")
        let tmp = TemporaryDirectory("importnotes")
        let file = tmp.file(name)
        try AtomicFile.write(text, to: file)
        let r = try runProcess(
            tasktile, ["--data-dir", tmp.dataDirectory.path, "import", "--format", format, file], environment: Self.env)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        #expect((r.stdout + r.stderr).contains("control characters in \(field) removed"), "\(r.stdout) \(r.stderr)")
        try expectBackupRestores(tasktile, tmp, environment: Self.env)
    }
}
