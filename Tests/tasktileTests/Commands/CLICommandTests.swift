import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TestSupport

@Suite("CLI commands in-process: output and exit codes")
struct CLICommandTests {
    @Test("empty states tell you what to do next")
    func emptyStates() {
        let cli = CLIHarness()
        let show = cli.run("show")
        #expect(show.status == 0)
        #expect(show.stdout == "No lists yet. Add one with: tasktile list add \"Shopping\"\n")
        #expect(cli.run("list", "ls").stdout.contains("No lists yet"))
        cli.run("list", "add", "Shopping")
        let empty = cli.run("show", "Shopping")
        #expect(empty.stdout == "Shopping\n  No todos yet. Add one with: tasktile add \"…\" --list Shopping\n")
    }

    @Test("show prints Pending and Completed sections with due labels")
    func showSections() throws {
        let cli = CLIHarness()
        cli.run("list", "add", "Work")
        #expect(cli.run("add", "Report", "--list", "Work", "--due", "2027-01-04").status == 0)   // yesterday: overdue
        #expect(cli.run("add", "Call", "--list", "Work", "--due", "today 18:00").status == 0)
        #expect(cli.run("add", "Plan", "--list", "Work", "--due", "2027-01-20 09:30").status == 0)
        #expect(cli.run("add", "Done one", "--list", "Work").status == 0)
        #expect(cli.run("done", "Done one", "--list", "Work").status == 0)
        let out = cli.run("show", "Work").stdout
        let lines = out.split(separator: "\n").map { String($0) }
        #expect(lines[0] == "Work")
        #expect(lines[1] == "  Pending (3)")
        #expect(lines[2].hasSuffix("Report  · Overdue · Mon, Jan 4"))
        #expect(lines[3].hasSuffix("Call  · Today at 18:00"))
        #expect(lines[4].hasSuffix("Plan  · Wed, Jan 20 09:30"))
        #expect(lines[5] == "  Completed (1)")
        #expect(lines[6].hasPrefix("    ✓ ") && lines[6].hasSuffix("Done one"))
        #expect(!out.contains("\u{1B}["), "no colour when not a terminal")
    }

    @Test("--json gives the documented field names")
    func json() throws {
        let cli = CLIHarness()
        cli.run("list", "add", "Work")
        cli.run("add", "Call", "--list", "Work", "--due", "2027-01-06 18:00")
        cli.run("add", "Buy", "--list", "Work", "--due", "2027-07-20")
        let value = try JSONValue.parse(cli.run("--json", "show").stdout)
        guard case .array(let lists)? = value["lists"], let work = lists.first else { Issue.record("no lists"); return }
        for key in ["id", "title", "sortOrder", "pendingCount", "completedCount", "pending", "completed"] {
            #expect(work[key] != nil, "list.\(key)")
        }
        guard case .array(let pending)? = work["pending"] else { Issue.record("no pending"); return }
        #expect(pending[0]["due"] == .string("2027-01-06T18:00:00+01:00"))
        #expect(pending[0]["timeZone"] == .string("Europe/Berlin"))
        #expect(pending[1]["due"] == .string("2027-07-20"))
        #expect(pending[1]["timeZone"] == .null)
        for key in ["id", "listId", "list", "title", "isCompleted", "completedAt", "sortOrder", "due", "timeZone",
                    "repeat", "missedCount", "occurrenceCount"] {
            #expect(pending[0][key] != nil, "todo.\(key)")
        }
        let ls = try JSONValue.parse(cli.run("list", "ls", "--json").stdout)
        #expect(ls == .array([.object([("id", work["id"]!), ("title", .string("Work")), ("sortOrder", .number(0)),
                                        ("createdAt", .string("2027-01-05T08:00:00Z")),
                                        ("pendingCount", .number(2)), ("completedCount", .number(0))])]))
    }

    @Test("list rename, move and rm (rm asks unless --yes)")
    func listCommands() {
        let cli = CLIHarness()
        cli.run("list", "add", "A"); cli.run("list", "add", "B")
        #expect(cli.run("list", "rename", "A", "Alpha").status == 0)
        #expect(cli.run("list", "move", "B", "--to", "0").status == 0)
        #expect(cli.run("list", "ls").stdout.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces) }
                    .map { $0.components(separatedBy: "  ")[0] } == ["B", "Alpha"])
        let refused = cli.run("list", "rm", "B")
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("pass --yes"))
        let declined = cli.run("list", "rm", "B", input: ["n"], terminal: true)
        #expect(declined.status == 1)
        #expect(cli.run("list", "rm", "B", input: ["y"], terminal: true).status == 0)
        #expect(cli.run("list", "rm", "Alpha", "--yes").status == 0)
        #expect(cli.run("list", "ls").stdout.contains("No lists yet"))
    }

    @Test("done, undo, rm, move and edit by title and by id prefix")
    func todoCommands() throws {
        let cli = CLIHarness()
        cli.run("list", "add", "L")
        let added = try JSONValue.parse(cli.run("--json", "add", "First", "--list", "L").stdout)
        let id = added["id"]!.stringValue!
        cli.run("add", "Second", "--list", "L")
        #expect(cli.run("done", String(id.prefix(6))).status == 0)
        #expect(cli.run("done", String(id.prefix(6))).status == 1) // already completed: nothing to do
        #expect(cli.run("undo", "First", "--list", "L").status == 0)
        #expect(cli.run("undo", "First", "--list", "L").status == 1)
        #expect(cli.run("move", "Second", "--list", "L", "--to", "0").status == 0)
        #expect(cli.run("edit", "Second", "--list", "L", "--title", "Zweite", "--due", "tomorrow").status == 0)
        let show = cli.run("show", "L").stdout
        #expect(show.contains("Zweite  · Tomorrow"))
        #expect(show.range(of: "Zweite")!.lowerBound < show.range(of: "First")!.lowerBound)
        #expect(cli.run("rm", "Zweite", "--list", "L").status == 0)
        #expect(!cli.run("show", "L").stdout.contains("Zweite"))
    }

    @Test("rm then undo: the todo comes back with its subtasks (from the trash, in a later process)")
    func removeThenUndo() throws {
        let cli = CLIHarness()
        cli.run("list", "add", "Home")
        let parent = try JSONValue.parse(cli.run("--json", "add", "Weekly review", "--list", "Home").stdout)
        let id = parent["id"]!.stringValue!
        cli.run("add", "Inbox zero", "--list", "Home", "--parent", "Weekly review")
        cli.run("add", "Plan week", "--list", "Home", "--parent", "Weekly review")
        cli.run("done", "Plan week", "--list", "Home")
        let before = cli.run("show", "Home").stdout
        let rm = cli.run("rm", "Weekly review", "--list", "Home")
        #expect(rm.status == 0)
        #expect(rm.stdout
            == "Deleted \"Weekly review\" and its 2 subtasks from Home (undo: tasktile undo \(id.prefix(8)))\n")
        #expect(!cli.run("show", "Home").stdout.contains("Inbox zero"))
        let undo = cli.run("undo", String(id.prefix(8)))
        #expect(undo.status == 0)
        #expect(undo.stdout == "Restored \"Weekly review\" and its 2 subtasks to Home\n")
        #expect(cli.run("show", "Home").stdout == before)
        // Restored: a second undo is about the live todo again (pending: nothing to undo).
        #expect(cli.run("undo", "Weekly review", "--list", "Home").status == 1)
        let json = try JSONValue.parse(cli.run("--json", "rm", "Inbox zero", "--list", "Home").stdout)
        #expect(json["deleted"] == .bool(true) && json["subtasks"] == .number(0))
        let back = try JSONValue.parse(cli.run("--json", "undo", "Inbox zero", "--list", "Home").stdout)
        #expect(back["restored"] == .bool(true) && back["parentId"] == .string(id))
        let none = cli.run("undo", "Never there", "--list", "Home")
        #expect(none.status == 1 && none.stderr.contains("no todo \"Never there\" in list \"Home\""))
        // The same title deleted twice: each undo brings one back, the newest first.
        cli.run("add", "Milk", "--list", "Home", "--notes", "older")
        cli.run("rm", "Milk", "--list", "Home")
        cli.run("add", "Milk", "--list", "Home", "--notes", "newer")
        cli.run("rm", "Milk", "--list", "Home")
        #expect(cli.run("undo", "Milk", "--list", "Home").status == 0)
        #expect(cli.run("undo", "Milk", "--list", "Home").status == 0, "the live Milk is pending: the trash's")
        let milks = try JSONValue.parse(cli.run("--json", "show", "Home").stdout)
        guard case .array(let lists)? = milks["lists"], case .array(let pending)? = lists.first?["pending"] else {
            Issue.record("\(milks)")
            return
        }
        #expect(pending.filter { $0["title"] == .string("Milk") }.compactMap { $0["notes"]?.stringValue }.sorted()
                == ["newer", "older"])
        // Two live, pending Milks now: which one is meant is asked (exit 3), the trash is empty anyway.
        #expect(cli.run("undo", "Milk", "--list", "Home").status == 3)
    }

    @Test("intent complete: success, exit 1 reasons, exit 3 with candidates, --first, --json")
    func intent() throws {
        let cli = CLIHarness()
        cli.run("list", "add", "Shopping"); cli.run("list", "add", "Shopping")
        let lists = try JSONValue.parse(cli.run("--json", "list", "ls").stdout)
        guard case .array(let items) = lists, items.count == 2 else { Issue.record("list ls: \(lists)"); return }
        let first = items[0]["id"]!.stringValue!, second = items[1]["id"]!.stringValue!
        cli.run("add", "Milk", "--list", String(first.prefix(8)))
        cli.run("add", "Milk", "--list", String(second.prefix(8)))
        let before = cli.fingerprint()
        let ambiguous = cli.run("intent", "complete", "--list", "Shopping", "--todo", "Milk")
        #expect(ambiguous.status == 3)
        #expect(ambiguous.stderr.components(separatedBy: "Milk  (Shopping)").count == 3) // two candidates listed with ids
        #expect(cli.fingerprint() == before)
        let missingList = cli.run("intent", "complete", "--list", "Hardware", "--todo", "Milk")
        #expect(missingList.status == 1 && missingList.stderr.contains("no list titled \"Hardware\""))
        let missingTodo = cli.run("intent", "complete", "--list", "Shopping", "--todo", "Eggs")
        #expect(missingTodo.status == 1 && missingTodo.stderr.contains("has no todo titled \"Eggs\""))
        #expect(cli.fingerprint() == before)
        let done = cli.run("--json", "intent", "complete", "--list", "Shopping", "--todo", "Milk", "--first")
        #expect(done.status == 0)
        let result = try JSONValue.parse(done.stdout)
        #expect(result["completed"] == .bool(true))
        #expect(result["todo"]?["listId"] == .string(first))
        #expect(cli.run("intent", "complete", "--list", "Shopping", "--todo", "Milk").status == 0) // the one left
        let again = cli.run("intent", "complete", "--list", "Shopping", "--todo", "Milk")
        #expect(again.status == 1 && again.stderr.contains("already completed"))
    }

    @Test("theme ls and show create themes.json with the Default theme")
    func themes() throws {
        let cli = CLIHarness()
        let ls = cli.run("theme", "ls")
        #expect(ls.status == 0 && ls.stdout.hasPrefix("Default"))
        let theme = try JSONValue.parse(cli.run("theme", "show", "Default").stdout)
        #expect(theme["accent"] == .string("#007AFF"))
        #expect(theme["checkboxStyle"] == .string("circleDotted"))
        #expect(theme["appearance"] == .string("light"))
        #expect(cli.run("theme", "show", "Nope").status == 1)
    }
}

@Suite("CLI usage errors and bad input: clear message, documented exit code, nothing changed")
struct CLIBadInputTests {
    @Test("usage errors print Error:, the usage line and where to get help", arguments: [
        (["list", "move", "L"], "missing '--to <position>'"),
        (["add", "--list", "L"], "missing <title>"),
        (["add", "x", "--list", "L", "--bogus"], "unknown option '--bogus'"),
        (["add", "x", "--lsit", "L"], "did you mean '--list'"),
        (["add", "x", "--list", "L", "--repeat", "hourly"], "'hourly' is not a valid value for '--repeat' (values: daily, weekly, monthly, yearly)"),
        (["list", "move", "L", "--to", "-1"], "is not a position"),
        (["intent", "complete", "--list", "L"], "give '--list <title>' and '--todo <title>', or '--id <id>'"),
        (["add", "x", "--list", "L", "--due"], "missing value for '--due <when>'"),
    ])
    func usageErrors(args: [String], fragment: String) {
        let cli = CLIHarness()
        cli.run("list", "add", "L")
        let before = cli.fingerprint()
        let r = cli.run(args)
        #expect(r.status == 64, "\(args)")
        #expect(r.stderr.hasPrefix("Error: "), "\(r.stderr)")
        #expect(r.stderr.contains(fragment), "\(r.stderr)")
        #expect(r.stderr.contains("Usage: tasktile"), "\(r.stderr)")
        #expect(r.stderr.contains("--help'"), "\(r.stderr)")
        #expect(cli.fingerprint() == before)
    }

    @Test("bad values are refused with what is accepted, and the store is unchanged", arguments: [
        (["add", "", "--list", "L"], Int32(64), "it is empty"),
        (["add", "   ", "--list", "L"], 64, "it is empty"),
        (["add", "line\nbreak", "--list", "L"], 64, "control character U+000A"),
        (["add", "nul\u{0}byte", "--list", "L"], 64, "control character U+0000"),
        (["add", String(repeating: "x", count: 1001), "--list", "L"], 64, "at most 1000"),
        (["add", "x", "--list", "Nope"], 1, "no list matches \"Nope\""),
        (["add", "x", "--list", "L", "--due", "feb 30"], 64, "is not a date"),
        (["add", "x", "--list", "L", "--due", "2027-02-30"], 64, "2027-02-30 does not exist"),
        (["add", "x", "--list", "L", "--due", "someday"], 64, "accepted: 2027-01-31"),
        (["add", "x", "--list", "L", "--due", "25:00"], 64, "not a recognised form"),
        (["add", "x", "--list", "L", "--due", "+99999999d"], 64, "0…36500"),
        (["list", "add", ""], 64, "it is empty"),
        (["done", "nothing-like-this"], 1, "no todo matches"),
        (["show", "Nope"], 1, "no list matches"),
    ])
    func badValues(args: [String], code: Int32, fragment: String) {
        let cli = CLIHarness()
        cli.run("list", "add", "L")
        let before = cli.fingerprint()
        let r = cli.run(args)
        #expect(r.status == code, "\(args.map { $0.prefix(30) }): \(r.stderr)")
        #expect(r.stderr.contains(fragment), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(cli.fingerprint() == before)
    }

    @Test("a corrupt store file: exit 74, message names the file, file untouched")
    func corruptStore() throws {
        let cli = CLIHarness()
        try cli.tmp.dataDirectory.ensureExists()
        let junk = Array("definitely not sqlite".utf8) + [UInt8](repeating: 1, count: 5000)
        try AtomicFile.write(junk, to: cli.tmp.dataDirectory.storePath)
        let r = cli.run("show")
        #expect(r.status == 74)
        #expect(r.stderr.contains("is not a tasktile store"))
        #expect(r.stderr.contains(cli.tmp.dataDirectory.storePath))
        #expect(fileBytes(cli.tmp.dataDirectory.storePath) == junk)
    }

    @Test("bad TASKTILE_NOW is a usage error naming the variable")
    func badNow() {
        var cli = CLIHarness()
        cli.environment["TASKTILE_NOW"] = "yesterday-ish"
        let r = cli.run("show")
        #expect(r.status == 64 && r.stderr.contains("TASKTILE_NOW=yesterday-ish"))
    }

    @Test("help: -h, --help and help <cmd> print the same text; unknown commands suggest")
    func help() {
        let cli = CLIHarness()
        let a = cli.run("add", "-h"), b = cli.run("add", "--help"), c = cli.run("help", "add")
        #expect(a.status == 0 && a.stdout == b.stdout && b.stdout == c.stdout)
        for section in ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:"] { #expect(a.stdout.contains(section)) }
        #expect(a.stdout.contains("(values: daily, weekly, monthly, yearly)"))
        let top = cli.run("--help")
        #expect(top.status == 0 && top.stdout.contains("SUBCOMMANDS:") && top.stdout.contains("intent complete"))
        let typo = cli.run("shwo")
        #expect(typo.status == 64 && typo.stderr.contains("did you mean 'show'?"))
        #expect(cli.run("--version").stdout == "tasktile 0.1.0\n")
        #expect(cli.run("list").status == 64)
    }
}

@Suite("--json failures")
struct JSONFailureTests {
    @Test("with --json a failure is also a JSON object on stdout, with the exit code")
    func jsonFailure() throws {
        let cli = CLIHarness()
        let r = cli.run("--json", "done", "nothing-like-this")
        #expect(r.status == 1)
        let value = try JSONValue.parse(r.stdout)
        #expect(value["error"]?["exitCode"] == .number(1))
        #expect(value["error"]?["message"]?.stringValue?.contains("no todo matches") == true)
        #expect(r.stderr.hasPrefix("Error: "))
    }

    @Test("a global option's spelling as an option value is the value: edit X --notes -h stores the notes \"-h\"")
    func globalOptionSpellingAsValue() throws {
        let cli = CLIHarness()
        #expect(cli.run("list", "add", "Home").status == 0)
        #expect(cli.run("add", "Milk", "--list", "Home").status == 0)
        let edit = cli.run("edit", "Milk", "--notes", "-h")
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(!edit.stdout.contains("OVERVIEW"))
        let shown = cli.run("--json", "show", "Home")
        #expect(shown.stdout.contains(#""notes":"-h""#) || shown.stdout.contains(#""notes": "-h""#), "\(shown.stdout)")
        #expect(cli.run("edit", "Milk", "--notes", "--json").status == 0)
        #expect(cli.run("--json", "show", "Home").stdout.contains("--json"))
    }

    @Test("'tasktile list --help' is the group's help (exit 0); '--json frob' is a JSON error on stdout")
    func groupHelpAndJSONUnknownCommand() throws {
        let cli = CLIHarness()
        for flag in ["--help", "-h"] {
            let r = cli.run("list", flag)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("tasktile list add"))
            #expect(r.stdout == cli.run("help", "list").stdout)
        }
        let json = cli.run("--json", "frob")
        #expect(json.status == 64)
        let value = try JSONValue.parse(json.stdout)
        #expect(value["error"]?["exitCode"] == .number(64))
        #expect(value["error"]?["message"]?.stringValue?.contains("frob") == true)
    }
}
