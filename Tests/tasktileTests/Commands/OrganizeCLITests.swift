import Foundation
import TaskTileCore
import Testing

/// `edit --untag`, `view add` refusals and `--json` failures of the organize commands (docs/organize.md).
@Suite("Organize CLI: refusals say what was wrong, change nothing, and are JSON under --json")
struct OrganizeCLITests {
    @Test("edit --untag of a tag the todo does not have: exit 1, the tags it has, nothing changed")
    func untagMissing() throws {
        let cli = CLIHarness()
        #expect(cli.run("add", "Milk", "--tag", "home", "--tag", "Café").status == 0)
        #expect(cli.run("add", "Eggs").status == 0)
        let before = cli.fingerprint()
        let r = cli.run("edit", "Milk", "--untag", "work", "--title", "Oat milk")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(
            r.stderr.contains("\"Milk\" has no tag #work (its tags: #home #Café): nothing was changed"), "\(r.stderr)")
        let none = cli.run("edit", "Eggs", "--untag", "#work")
        #expect(none.status == 1)
        #expect(none.stderr.contains("\"Eggs\" has no tags"), "\(none.stderr)")
        #expect(cli.fingerprint() == before)
        // Case-insensitive, as tags match: this one is removed.
        #expect(cli.run("edit", "Milk", "--untag", "CAFÉ").status == 0)
        #expect(!cli.fingerprint().contains("Café"))
    }

    @Test("edit with nothing to change: exit 64 naming every option that changes a todo, the organize ones too")
    func editNothingToChange() throws {
        let cli = CLIHarness()
        #expect(cli.run("add", "Milk").status == 0)
        let before = cli.fingerprint()
        let r = cli.run("edit", "Milk")
        #expect(r.status == 64, "\(r.stderr)")
        for option in ["--title", "--due", "--no-due", "--repeat", "--notes", "--parent", "--no-parent", "--priority",
                       "--tag", "--untag", "--start", "--no-start", "--move"] {
            #expect(r.stderr.contains(option), "\(option) is not named: \(r.stderr)")
        }
        let message = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(message.hasPrefix("Error: nothing to change (give one of --title, --due"), "\(message)")
        #expect(!message.contains("--list"), "--list finds the todo, it changes nothing: \(message)")
        let ja = cli.run("--lang", "ja", "edit", "Milk")
        #expect(ja.status == 64 && ja.stderr.contains("変更する内容がありません") && ja.stderr.contains("--priority"))
        #expect(cli.fingerprint() == before)
    }

    @Test("view add: an existing name is refused unless --replace; an unclosed quote is refused with its position")
    func viewAdd() throws {
        let cli = CLIHarness()
        #expect(cli.run("view", "add", "Focus", "#work !high").status == 0)
        func stored() throws -> String? {
            let ls = try JSONValue.parse(cli.run("--json", "view", "ls").stdout)
            guard case .array(let views) = ls else { return nil }
            return views.first { $0["name"] == .string("@Focus") }?["filter"]?.stringValue
        }
        let again = cli.run("view", "add", "focus", "due<=0d")
        #expect(again.status == 64)
        #expect(
            again.stderr.contains("a view named @Focus exists (filter: #work !high): give --replace"), "\(again.stderr)"
        )
        #expect(try stored() == "#work !high")
        let open = cli.run("view", "add", "Shop", "^\"Big list due<=0d")
        #expect(open.status == 64)
        #expect(open.stderr.contains("the double quote at character 2 of the filter is never closed"), "\(open.stderr)")
        #expect(!cli.run("--json", "view", "ls").stdout.contains("Shop"))
        let replaced = cli.run("view", "add", "focus", "due<=0d", "--replace")
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try stored() == "due<=0d")
        #expect(cli.run("view", "add", "Shop", "^\"Big list\" due<=0d").status == 0)
    }

    @Test(
        "with --json every failure before or while parsing is the JSON error object too",
        arguments: [
            ["add", "x", "--json", "--bogus"], ["show", "--json", "--bogus"], ["edit", "Milk", "--json", "--bogus"],
            ["tag", "ls", "--json", "--bogus"], ["view", "add", "X", "--json", "--bogus"],
            ["--json", "--lang", "xx", "show"],
            ["--json", "--data-dir"], ["--json", "edit", "Milk", "--untag", "work"],
            ["--json", "view", "add", "X", "\"a"],
        ])
    func jsonFailures(_ arguments: [String]) throws {
        let cli = CLIHarness()
        #expect(cli.run("add", "Milk").status == 0)
        let r = cli.run(arguments)
        #expect(r.status != 0)
        let value = try JSONValue.parse(r.stdout)
        #expect(value["error"]?["exitCode"] == .number(Double(r.status)), "\(r.stdout)")
        #expect(r.stderr.hasPrefix("Error: "))
    }

    @Test("--json as an option's value is the value, not the flag: no JSON on a later parse failure")
    func jsonAsValue() throws {
        let cli = CLIHarness()
        #expect(cli.run("add", "Milk").status == 0)
        let r = cli.run("edit", "Milk", "--notes", "--json", "--bogus")
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty, "\(r.stdout)")
    }
}
