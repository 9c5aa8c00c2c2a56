import Foundation
import Testing
import TaskTileCore
import TestSupport

/// `notify run` without a desktop: the stdout and exec sinks, and catch-up after downtime.
@Suite("notify run with the stdout and exec sinks")
struct NotifySinkTests {
    let tasktile: String

    init() throws {
        tasktile = try #require(builtProduct("tasktile"), "build the products first (swift build; make test does)")
    }

    func env(_ tmp: TemporaryDirectory) -> [String: String] {
        ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "UTC", "LANG": "C", "NO_COLOR": "1", "TASKTILE_NOW": ""]
    }

    /// `YYYY-MM-DD HH:MM:SS` (UTC) `seconds` from the real now.
    func at(_ seconds: Double) -> String {
        let wc = ZonedClock.wallClock(of: Date().addingTimeInterval(seconds), in: TimeZone(identifier: "UTC")!)
        return "\(wc)".replacingOccurrences(of: "T", with: " ")
    }

    /// Runs the daemon until `done(stdout so far)` holds (or 6 s), then SIGTERM; returns its result.
    func runDaemon(_ args: [String], _ e: [String: String], seconds: Double = 1.5) throws -> ProcessResult {
        let p = try startProcess(tasktile, ["notify", "run"] + args, environment: e)
        usleep(useconds_t(seconds * 1_000_000))
        p.process.terminate()
        return p.wait()
    }

    @Test("after downtime, several missed items come as ONE catch-up notification; a just-due one on its own")
    func catchUp() throws {
        let tmp = TemporaryDirectory("notify-catchup")
        let e = env(tmp)
        var past = e
        past["TASKTILE_NOW"] = ZonedClock.iso8601(Date().addingTimeInterval(-3 * 3600), in: TimeZone(identifier: "UTC")!)
        #expect(try runProcess(tasktile, ["list", "add", "Home"], environment: past).status == 0)
        for (title, ago) in [("Laundry", 7200.0), ("Dishes", 5400), ("Plants", 3600)] {
            #expect(try runProcess(tasktile, ["add", title, "--list", "Home", "--due", at(-ago)], environment: past).status == 0)
        }
        #expect(try runProcess(tasktile, ["add", "Tea", "--list", "Home", "--due", at(-10)], environment: past).status == 0)
        #expect(try runProcess(tasktile, ["add", "Added late", "--list", "Home", "--due", at(-1800)], environment: e).status == 0)

        let r = try runDaemon(["--sink", "stdout"], e)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count == 2, "\(r.stdout)")
        let summary = try #require(lines.first { $0["kind"] as? String == "catchup" })
        #expect(summary["title"] as? String == "3 missed reminders")
        #expect(summary["body"] as? String == "Laundry, Dishes, Plants")
        let tea = try #require(lines.first { $0["kind"] as? String == "todo" })
        #expect(tea["title"] as? String == "Tea")
        // "Added late" was created after its due passed: never missed by a daemon, so never shown.
        #expect(!r.stdout.contains("Added late"))

        // A restart shows nothing again.
        let again = try runDaemon(["--sink", "stdout"], e, seconds: 1)
        #expect(again.status == 0)
        #expect(again.stdout.isEmpty, "\(again.stdout)")
    }

    @Test("--sink exec:CMD runs the command without a shell, the fields in TASKTILE_NOTIFY_* variables")
    func execSink() throws {
        let tmp = TemporaryDirectory("notify-exec")
        let e = env(tmp)
        #expect(try runProcess(tasktile, ["list", "add", "Home & Garden"], environment: e).status == 0)
        let add = try runProcess(tasktile, ["--json", "add", "Water $HOME; rm -rf", "--list", "Home & Garden", "--due", at(1)], environment: e)
        let id = try #require((try JSONSerialization.jsonObject(with: Data(add.stdout.utf8)) as? [String: Any])?["id"] as? String)
        // /usr/bin/env prints its environment to the daemon's standard output.
        let r = try runDaemon(["--sink", "exec:/usr/bin/env"], e, seconds: 2.5)
        #expect(r.status == 0, "\(r.stderr)")
        let vars = r.stdout.split(separator: "\n").filter { $0.hasPrefix("TASKTILE_NOTIFY_") }.sorted()
        #expect(vars.contains("TASKTILE_NOTIFY_TITLE=Water $HOME; rm -rf"))
        #expect(vars.contains("TASKTILE_NOTIFY_TODO_ID=\(id)"))
        #expect(vars.contains("TASKTILE_NOTIFY_ID=\(id)"))
        #expect(vars.contains("TASKTILE_NOTIFY_LIST=Home & Garden"))
        #expect(vars.contains { $0.hasPrefix("TASKTILE_NOTIFY_BODY=Home & Garden · Due ") })
    }

    @Test("more than five todos due in the same minute come as ONE summary with the list; five or fewer one each")
    func dueNowSummary() throws {
        let tmp = TemporaryDirectory("notify-due-now")
        let e = env(tmp)
        #expect(try runProcess(tasktile, ["list", "add", "Home"], environment: e).status == 0)
        // Two whole minutes within the last 5 minutes (on time, not a catch-up): a dozen todos due at
        // the start of the first, three at the start of the next. They were added before their dues.
        let utc = TimeZone(identifier: "UTC")!
        let minute = (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 - 180
        var before = e
        before["TASKTILE_NOW"] = ZonedClock.iso8601(Date(timeIntervalSince1970: minute - 600), in: utc)
        func text(_ t: Double) -> String { "\(ZonedClock.wallClock(of: Date(timeIntervalSince1970: t), in: utc))".replacingOccurrences(of: "T", with: " ") }
        for i in 1...12 { #expect(try runProcess(tasktile, ["add", "Chore \(i)", "--list", "Home", "--due", text(minute)], environment: before).status == 0) }
        for i in 1...3 { #expect(try runProcess(tasktile, ["add", "Later \(i)", "--list", "Home", "--due", text(minute + 60)], environment: before).status == 0) }
        let r = try runDaemon(["--sink", "stdout"], e, seconds: 2)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.count == 4, "\(r.stdout)")
        let summary = try #require(lines.first)
        #expect(summary["kind"] as? String == "summary")
        #expect(summary["title"] as? String == "12 todos due now")
        #expect((summary["body"] as? String)?.hasPrefix("Chore ") == true && (summary["body"] as? String)?.hasSuffix("+ 7 more") == true,
                "\(summary["body"] ?? "")")
        #expect(lines.dropFirst().compactMap { $0["title"] as? String }.sorted() == ["Later 1", "Later 2", "Later 3"])
        // Every chore was claimed once, by the summary.
        let store = try Store.open(tmp.dataDirectory, clock: Clock(now: Date(), timeZone: utc))
        #expect(try store.database.scalarInt("SELECT count(*) FROM notification_deliveries WHERE outcome = 'summary'") == 12)
    }
}
