import Foundation
import Testing
import TaskTileCore
import TestSupport

/// On read-only media and a full disk, reads keep working (SQLite's read-only WAL
/// opening, or `immutable=1` when no `-shm` can be created) and writes fail naming the cause,
/// exit 74, the store untouched. Root ignores permissions, so the media are real: a small tmpfs
/// mounted for the test, remounted read-only, or filled up (tests run as root in CI).
@Suite("Read-only media and a full disk")
struct ReadOnlyMediaTests {
    /// A tmpfs of `kilobytes` at a fresh mount point; unmounted by the returned closure.
    static func mountTmpfs(_ tmp: TemporaryDirectory, kilobytes: Int) throws -> (String, () -> Void) {
        let point = tmp.path + "/media"
        try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
        let r = try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", point])
        try #require(r.status == 0, "mounting a tmpfs needs root (CAP_SYS_ADMIN) and util-linux's mount: \(r.stderr)")
        return (point, { _ = try? runProcess("/bin/umount", ["-l", point]) })
    }

    static func seed(_ tasktile: String, _ env: [String: String]) throws {
        for args in [["list", "add", "L"], ["add", "Milk", "--list", "L"]] {
            let r = try runProcess(tasktile, args, environment: env)
            #expect(r.status == 0, "\(args): \(r.stderr)")
        }
    }

    @Test("read-only media: show, status and --json show read; add and done exit 74 naming read-only")
    func readOnlyMedia() throws {
        let tasktile = try #require(builtProduct("tasktile"), "build the products first (make test does)")
        let tmp = TemporaryDirectory("ro-media")
        let (point, unmount) = try Self.mountTmpfs(tmp, kilobytes: 8192)
        defer { unmount() }
        let dir = DataDirectory(path: point + "/data")
        let env = ["TASKTILE_DATA_DIR": dir.path, "TZ": "UTC", "LANG": "C"]
        try Self.seed(tasktile, env)
        let remount = try runProcess("/bin/mount", ["-o", "remount,ro", point])
        try #require(remount.status == 0, "\(remount.stderr)")
        let before = storeFingerprint(dir)

        let show = try runProcess(tasktile, ["show", "L"], environment: env)
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("Milk"))
        let status = try runProcess(tasktile, ["status", "--format", "waybar"], environment: env)
        #expect((try JSONValue.parse(status.stdout))["class"]?.stringValue == "pending", "\(status.stdout)")
        for args in [["add", "Bread", "--list", "L"], ["done", "Milk", "--list", "L"]] {
            let r = try runProcess(tasktile, args, environment: env)
            #expect(r.status == 74, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("read-only file system") && r.stderr.contains(dir.path), "\(r.stderr)")
        }
        #expect(storeFingerprint(dir) == before)
    }

    @Test("a full disk: reads work, a write exits 74 saying the disk is full, and works again once space is free")
    func fullDisk() throws {
        let tasktile = try #require(builtProduct("tasktile"), "build the products first (make test does)")
        let tmp = TemporaryDirectory("full-disk")
        let (point, unmount) = try Self.mountTmpfs(tmp, kilobytes: 4096)
        defer { unmount() }
        let dir = DataDirectory(path: point + "/data")
        let env = ["TASKTILE_DATA_DIR": dir.path, "TZ": "UTC", "LANG": "C"]
        try Self.seed(tasktile, env)
        // Fill the file system to the last block.
        _ = try runProcess("/bin/dd", ["if=/dev/zero", "of=\(point)/fill", "bs=4k"])
        let before = storeFingerprint(dir)

        let show = try runProcess(tasktile, ["show", "L"], environment: env)
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("Milk"))
        let add = try runProcess(tasktile, ["add", "Bread", "--list", "L"], environment: env)
        #expect(add.status == 74, "\(add.status) \(add.stderr)")
        #expect(add.stderr.contains("the disk is full"), "\(add.stderr)")
        #expect(storeFingerprint(dir)[0] == before[0], "the store file changed")

        try FileManager.default.removeItem(atPath: point + "/fill")
        let again = try runProcess(tasktile, ["add", "Bread", "--list", "L"], environment: env)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try runProcess(tasktile, ["show", "L"], environment: env).stdout.contains("Bread"))
    }

    @Test("the notification daemon on a full disk keeps running and retries; once space is free the reminder comes exactly once")
    func daemonOnAFullDisk() throws {
        let tasktile = try #require(builtProduct("tasktile"), "build the products first (make test does)")
        let tmp = TemporaryDirectory("full-disk-daemon")
        let (point, unmount) = try Self.mountTmpfs(tmp, kilobytes: 4096)
        defer { unmount() }
        let dir = DataDirectory(path: point + "/data")
        let env = ["TASKTILE_DATA_DIR": dir.path, "TZ": "UTC", "LANG": "C", "NO_COLOR": "1", "TASKTILE_NOW": ""]
        #expect(try runProcess(tasktile, ["list", "add", "L"], environment: env).status == 0)
        // Due 3 s from now (wall-clock seconds in UTC).
        let wc = ZonedClock.wallClock(of: Date().addingTimeInterval(3), in: TimeZone(identifier: "UTC")!)
        let due = "\(wc)".replacingOccurrences(of: "T", with: " ")
        #expect(try runProcess(tasktile, ["add", "Tea", "--list", "L", "--due", due], environment: env).status == 0)
        let daemon = try startProcess(tasktile, ["notify", "run", "--sink", "stdout"], environment: env)
        defer { if daemon.process.isRunning { kill(daemon.process.processIdentifier, SIGKILL) } }
        usleep(800_000)
        // The disk fills before the due: the delivery cannot be recorded, so it must not count.
        _ = try runProcess("/bin/dd", ["if=/dev/zero", "of=\(point)/fill", "bs=4k"])
        sleep(5)
        let aliveWhileFull = daemon.process.isRunning
        try FileManager.default.removeItem(atPath: point + "/fill")
        sleep(7) // the full-disk retry comes every 5 s
        let aliveAfter = daemon.process.isRunning
        daemon.process.terminate()
        let r = daemon.wait()
        #expect(aliveWhileFull, "the daemon ended on a full disk: \(r.status) \(r.stderr)")
        #expect(aliveAfter && r.status == 0, "\(r.status) \(r.stderr)")
        let tea = r.stdout.split(separator: "\n").filter { $0.contains("\"Tea\"") }
        #expect(tea.count == 1, "the reminder exactly once after space came back: \(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("disk is full") && r.stderr.contains("retrying"), "the daemon says why and that it retries: \(r.stderr)")
    }
}
