import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TestSupport

/// A todo without a list goes to the default list (docs/settings.md `defaultList`, docs/lists-and-todos.md
/// "The default list"): `Inbox` until changed, created on first use, as every peer's inbox is.
@Suite("add without --list: the default list")
struct DefaultListCLITests {
    @Test("a first add on a fresh store creates Inbox and puts the todo there; later adds reuse it")
    func inboxOnFirstUse() throws {
        let cli = CLIHarness()
        let first = cli.run("add", "Buy milk")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Inbox"), "\(first.stdout)")
        #expect(cli.run("add", "Call mom", "--due", "2027-01-06").status == 0)
        let lists = try JSONValue.parse(cli.run("list", "ls", "--json").stdout)
        guard case .array(let items) = lists else { Issue.record("list ls --json: \(lists)"); return }
        #expect(items.count == 1, "\(lists)")
        let show = cli.run("show", "Inbox")
        #expect(show.stdout.contains("Buy milk") && show.stdout.contains("Call mom"), "\(show.stdout)")
    }

    @Test("defaultList names another list: it is used, created when missing, matched by title as --list would")
    func changedDefault() {
        let cli = CLIHarness()
        #expect(cli.run("settings", "set", "defaultList", "  Errands ").status == 0)
        #expect(cli.run("settings", "get", "defaultList").stdout.contains("Errands"))
        #expect(cli.run("add", "Post the letter").status == 0)
        #expect(cli.run("show", "Errands").stdout.contains("Post the letter"))
        #expect(cli.run("show", "Inbox").status == 1) // never created
        cli.run("list", "add", "買い物")
        #expect(cli.run("settings", "set", "defaultList", "買い物").status == 0)
        #expect(cli.run("add", "牛乳").stdout.contains("買い物"))
    }

    @Test("a defaultList value no list title may have is refused with 64, nothing changed",
          arguments: ["", "   ", "a\u{1}b", String(repeating: "x", count: 1001)])
    func refusedValue(value: String) {
        let cli = CLIHarness()
        let before = cli.run("settings", "get", "defaultList").stdout
        let r = cli.run("settings", "set", "defaultList", value)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("a list title (1 to 1000 characters, no control characters)"), "\(r.stderr)")
        #expect(cli.run("settings", "get", "defaultList").stdout == before)
    }

    @Test("two lists with the default list's title: add without --list is ambiguous (3), nothing added")
    func ambiguousDefault() throws {
        let cli = CLIHarness()
        let store = try Store.open(cli.tmp.dataDirectory, clock: testClock())
        try store.addList(title: "Inbox")
        try store.addList(title: "Inbox")
        let r = cli.run("add", "x")
        #expect(r.status == 3, "\(r.stderr)")
        #expect(try store.read { try store.database.scalarInt("SELECT count(*) FROM todos") } == 0)
    }
}
