import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TestSupport

@Suite("notify pending and reminder commands in-process")
struct NotifyCommandTests {
    /// Now is Monday 2027-01-04 12:00 in Tokyo.
    func harness() -> CLIHarness { CLIHarness(now: "2027-01-04T12:00:00+09:00", zone: "Asia/Tokyo") }

    func pending(_ cli: CLIHarness) throws -> [[String: Any]] {
        let r = cli.run("--json", "notify", "pending")
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
    }

    @Test("reminder set weekly mon,wed,fri plans all three days; show and off; off twice exits 1")
    func reminderLifecycle() throws {
        let cli = harness()
        cli.run("list", "add", "Home")
        let set = cli.run("reminder", "set", "Home", "--at", "today 18:00", "--repeat", "weekly", "--on", "mon,wed,fri", "--times", "5")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "Reminder for Home: 18:00 · Mon, Wed, Fri · 5 left · next Mon, Jan 4 18:00\n")
        let plan = try pending(cli)
        #expect(plan.compactMap { $0["fireAt"] as? String } == ["2027-01-04T18:00:00+09:00", "2027-01-06T18:00:00+09:00",
                                                                 "2027-01-08T18:00:00+09:00", "2027-01-11T18:00:00+09:00",
                                                                 "2027-01-13T18:00:00+09:00"])
        #expect(plan.allSatisfy { $0["kind"] as? String == "reminder" && ($0["id"] as? String)?.hasPrefix("list:") == true })
        #expect(cli.run("reminder", "show", "Home").stdout.hasPrefix("Home: 18:00 · Mon, Wed, Fri"))
        #expect(cli.run("reminder", "off", "Home").status == 0)
        #expect(try pending(cli).isEmpty)
        let again = cli.run("reminder", "off", "Home")
        #expect(again.status == 1)
        #expect(again.stderr == "Error: Home has no reminder (nothing to remove)\n")
    }

    @Test("bad reminder input is refused with exit 64 and leaves the store unchanged")
    func badInput() {
        let cli = harness()
        cli.run("list", "add", "Home")
        let before = cli.fingerprint()
        #expect(cli.run("reminder", "set", "Home", "--at", "someday").status == 64)
        #expect(cli.run("reminder", "set", "Home", "--at", "today 18:00", "--repeat", "daily", "--until", "2026-01-01").status == 64)
        #expect(cli.run("reminder", "set", "Home", "--at", "today 18:00", "--on", "mon").status == 64)
        #expect(cli.run("reminder", "set", "Nope", "--at", "today 18:00").status == 1)
        #expect(cli.fingerprint() == before)
        #expect(cli.run("reminder", "show", "Home").stdout.hasPrefix("Home has no reminder."))
    }

    @Test("a date-only --at means that day at notify.defaultTime (09:00)")
    func dateOnlyAt() {
        let cli = harness()
        cli.run("list", "add", "Home")
        #expect(cli.run("reminder", "set", "Home", "--at", "tomorrow").stdout == "Reminder for Home: 2027-01-05 09:00 · next Tue, Jan 5 09:00\n")
    }

    @Test("notify pending lists todos soonest first with ids; --count limits; bad --count is a usage error")
    func pendingText() throws {
        let cli = harness()
        cli.run("list", "add", "Home")
        cli.run("add", "Later", "--list", "Home", "--due", "2027-01-05 08:00")
        cli.run("add", "Soon", "--list", "Home", "--due", "today 13:00")
        cli.run("add", "Daily", "--list", "Home", "--due", "today 20:00", "--repeat", "daily")
        let out = cli.run("notify", "pending", "--count", "3").stdout.split(separator: "\n")
        #expect(out.count == 3)
        #expect(out[0].hasPrefix("2027-01-04 13:00  Soon  [Home]  "))
        #expect(out[1].hasPrefix("2027-01-04 20:00  Daily  [Home]  ") && out[1].hasSuffix("_0"))
        #expect(out[2].hasPrefix("2027-01-05 08:00  Later  [Home]  "))
        #expect(cli.run("notify", "pending", "--count", "0").status == 64)
        // `notify run` is tasktile-notify's (it checks --sink: CLIProcessTests); tasktile hands it over unchanged.
        #expect(cli.run("notify", "run", "--sink", "carrier-pigeon").sibling
                == ["/usr/local/bin/tasktile-notify", "notify", "run", "--sink", "carrier-pigeon"])
    }

    @Test("reminder and notify-pending phrases (once language ternaries) print from the catalogue in both languages",
          arguments: [
              ("en", "Reminder for Home: 18:00 · Daily · next Mon, Jan 4 18:00\n", "Removed the reminder of Home\n",
               "Error: Home has no reminder (nothing to remove)\n",
               "Home has no reminder. Set one with: tasktile reminder set Home --at \"18:00\"\n",
               "No notifications planned.\n", "(list reminder)"),
              ("ja", "Home のリマインダー: 18:00 · 毎日 · 次回 1月4日(月) 18:00\n", "Home のリマインダーを削除しました\n",
               "エラー: Home にリマインダーはありません（削除するものはありません）\n",
               "Home にリマインダーはありません。設定: tasktile reminder set Home --at \"18:00\"\n",
               "予定された通知はありません。\n", "(リストのリマインダー)"),
          ])
    func phrasesInBothLanguages(lang: String, set: String, removed: String, nothingToRemove: String, none: String,
                                nothingPlanned: String, listReminder: String) {
        let cli = harness()
        cli.run("list", "add", "Home")
        #expect(cli.run("--lang", lang, "notify", "pending").stdout == nothingPlanned)
        #expect(cli.run("--lang", lang, "reminder", "set", "Home", "--at", "today 18:00", "--repeat", "daily").stdout == set)
        #expect(cli.run("--lang", lang, "notify", "pending", "--count", "1").stdout.contains("  \(listReminder)  "))
        #expect(cli.run("--lang", lang, "reminder", "off", "Home").stdout == removed)
        #expect(cli.run("--lang", lang, "reminder", "off", "Home").stderr == nothingToRemove)
        #expect(cli.run("--lang", lang, "reminder", "show", "Home").stdout == none)
    }
}
