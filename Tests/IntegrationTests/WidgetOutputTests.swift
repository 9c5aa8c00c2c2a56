import Foundation
import Testing
import TaskTileCore
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What a person sees of the widget files: no flash
/// frame left on disk, specs that recover, one PNG per spec, files that stay in their room and
/// are never someone else's. Real binaries against real data directories; `TASKTILE_NOW` is fixed
/// wherever the flash window matters, so nothing depends on how fast the machine is.
@Suite("widget files: steady frames, recovery, output rules", .serialized)
struct WidgetOutputTests {
    /// A fixture whose clock stands still at 2027-01-05 09:00 UTC: every completion stays inside
    /// its 5 s flash window for the whole test.
    static func frozen() throws -> LiveFixture {
        var f = try LiveFixture()
        f.env["TASKTILE_NOW"] = "2027-01-05T09:00:00Z"
        return f
    }

    func once(_ f: LiveFixture, _ args: String...) throws -> ProcessResult {
        try runProcess(f.render, ["once"] + args, environment: f.env)
    }

    @Test("once right after a completion draws the steady state: the completed todo is gone, not a flash frame")
    func onceNeverDrawsAFlashFrame() throws {
        let f = try Self.frozen()
        try f.cli("list", "add", "Home")
        for t in ["Dishes", "Laundry"] { try f.cli("add", t, "--list", "Home") }
        for (name, family) in [("s", "small"), ("m", "medium"), ("l", "large")] { try f.spec(name, family: family) }
        let dishes = try f.todoIDs(list: "Home").pending[0]
        #expect(try f.cli("intent", "complete", "--list", "Home", "--todo", "Dishes").status == 0)
        #expect(try once(f).status == 0)
        for name in ["s", "m", "l"] {
            // Neither drawn in its pending place (an `open` region) nor completable.
            #expect(!f.regions(name).contains { $0.todoID == dishes }, "\(name): \(f.regions(name))")
            #expect(f.regions(name).filter { $0.action == "complete" }.count == 1, "\(name)")
        }
    }

    @Test("two clicks without a watcher inside one flash window end on the steady frame of both completions")
    func twoClicksEndSteady() throws {
        let f = try Self.frozen()
        try f.cli("list", "add", "Home")
        for t in ["A", "B", "C"] { try f.cli("add", t, "--list", "Home") }
        try f.spec("desk")
        #expect(try once(f).status == 0)
        let spec = f.dir.widgetsPath + "/desk.json"
        var completed: [String] = []
        for _ in 0..<2 {
            let box = try #require(f.regions("desk").first { $0.action == "complete" })
            let r = try runProcess(f.render, ["click", spec, "\(box.x)", "\(box.y)"], environment: f.env)
            #expect(r.status == 0, "\(r.stderr)")
            completed.append(box.todoID!)
        }
        #expect(try f.todoIDs(list: "Home").completed.sorted() == completed.sorted())
        // No region of either completed todo: not drawn in its pending place any more.
        let regions = f.regions("desk")
        #expect(!regions.contains { $0.todoID.map(completed.contains) == true }, "\(regions)")
        #expect(regions.filter { $0.action == "complete" }.count == 1)
        // The picture is the steady one: `once` (which never animates) draws the same bytes.
        let afterClicks = f.hits("desk")?["png"]?.stringValue
        #expect(try once(f).status == 0)
        // (Compared by the digests the hit maps record, so a failure prints two short strings.)
        #expect(f.hits("desk")?["png"]?.stringValue == afterClicks)
        #expect(afterClicks != nil)
    }

    @Test("watch: a spec broken and then restored to its exact previous content renders again on the next commit")
    func restoredSpecRendersAgain() throws {
        let f = try LiveFixture()
        try f.cli("list", "add", "Home")
        try f.cli("add", "Dishes", "--list", "Home")
        try f.spec("desk")
        let path = f.dir.widgetsPath + "/desk.json"
        let good = try #require(fileBytes(path))
        let watch = try StreamingProcess(f.render, ["watch"], environment: f.env)
        #expect(eventually { f.regions("desk").filter { $0.action == "complete" }.count == 1 })
        try AtomicFile.write("{ \"version\": 1, \"family\": ", to: path)
        #expect(eventually { watch.stderr.contains("[spec]") }, "\(watch.stderr)")
        try AtomicFile.write(good, to: path) // an editor's undo: byte for byte what it was
        #expect(eventually { watch.stderr.contains("desk.json is valid again") }, "\(watch.stderr)")
        try f.cli("add", "Laundry", "--list", "Home")
        #expect(eventually { f.regions("desk").filter { $0.action == "complete" }.count == 2 }, "\(watch.stderr)")
        #expect(watch.terminate() == 0)
    }

    @Test("watch removes the PNG and hit map of a spec that is removed; a FIFO spec never blocks it")
    func watchRemovesGoneSpecsAndSkipsFIFOs() throws {
        let f = try LiveFixture()
        try f.cli("list", "add", "Home")
        try f.cli("add", "Dishes", "--list", "Home")
        try f.spec("desk")
        try f.spec("wall", family: "small")
        #expect(mkfifo(f.dir.widgetsPath + "/pipe.json", 0o600) == 0)
        let watch = try StreamingProcess(f.render, ["watch"], environment: f.env)
        let out = f.dir.widgetsPath + "/out/"
        #expect(eventually { f.png("desk") != nil && f.png("wall") != nil && f.hits("wall") != nil }, "\(watch.stderr)")
        #expect(watch.stderr.contains("pipe.json is not a regular file"), "\(watch.stderr)")
        unlink(f.dir.widgetsPath + "/wall.json")
        #expect(eventually { !FileManager.default.fileExists(atPath: out + "wall.png") && !FileManager.default.fileExists(atPath: out + "wall.hits.json") },
                "\(watch.stderr)")
        #expect(f.png("desk") != nil)
        // themes.json replaced by a FIFO (in one rename: a watcher that sees themes.json missing
        // writes the default file, so unlink-then-mkfifo races it): logged, the widgets stay, the
        // watcher goes on.
        #expect(mkfifo(f.dir.path + "/themes.fifo", 0o600) == 0)
        #expect(rename(f.dir.path + "/themes.fifo", f.dir.path + "/themes.json") == 0)
        #expect(eventually { watch.stderr.contains("themes.json is not a regular file") }, "\(watch.stderr)")
        #expect(f.png("desk") != nil)
        // SIGTERM is answered (a watcher stuck opening a FIFO would ignore it until a writer came).
        #expect(watch.terminate() == 0)
    }

    @Test("once --prune removes the files of renamed specs that tasktile wrote, and nothing else")
    func oncePrune() throws {
        let f = try LiveFixture()
        try f.cli("list", "add", "Home")
        try f.cli("add", "Dishes", "--list", "Home")
        try f.spec("old")
        #expect(try once(f).status == 0)
        let out = f.dir.widgetsPath + "/out/"
        try AtomicFile.write("mine", to: out + "notes.png")
        try AtomicFile.write("{ \"mine\": true }", to: out + "mine.hits.json")
        try AtomicFile.write("also mine", to: out + "mine.png")
        #expect(rename(f.dir.widgetsPath + "/old.json", f.dir.widgetsPath + "/new.json") == 0)
        try f.spec("new") // the name follows the file
        let r = try once(f, "--prune")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == out + "new.png\nremoved \(out)old.png\nremoved \(out)old.hits.json\n")
        #expect(!FileManager.default.fileExists(atPath: out + "old.png"))
        for kept in ["new.png", "new.hits.json", "notes.png", "mine.hits.json", "mine.png"] {
            #expect(FileManager.default.fileExists(atPath: out + kept), "\(kept)")
        }
    }

    @Test("two specs with one name: neither renders, both are refused with 65 naming both files, the PNG already there stays")
    func duplicateNames() throws {
        let f = try LiveFixture()
        try f.cli("list", "add", "Home")
        try f.cli("add", "Dishes", "--list", "Home")
        try f.spec("rep")
        #expect(try once(f).status == 0)
        let drawn = try #require(f.png("rep"))
        let hits = try #require(fileBytes(f.dir.widgetsPath + "/out/rep.hits.json"))
        // A new spec that sorts first claims the same name: it must not replace rep's widget.
        try AtomicFile.write(#"{ "version": 1, "name": "rep", "family": "small", "list": "Home" }"#, to: f.dir.widgetsPath + "/aaa.json")
        let r = try once(f)
        #expect(r.status == 65)
        let a = f.dir.widgetsPath + "/aaa.json", b = f.dir.widgetsPath + "/rep.json"
        let out = "\(f.dir.widgetsPath)/out/rep.png"
        #expect(r.stderr.contains("\(b) and \(a) both write \(out)") && r.stderr.contains("\(a) and \(b) both write \(out)"), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "\(r.stdout)")
        #expect(f.png("rep") == drawn && fileBytes(f.dir.widgetsPath + "/out/rep.hits.json") == hits, "rep's widget was replaced")
        // A watcher logs the conflict, naming both, and draws neither.
        let watch = try StreamingProcess(f.render, ["watch"], environment: f.env)
        #expect(eventually { watch.stderr.contains("\(a) and \(b) both write") }, "\(watch.stderr)")
        #expect(try f.cli("add", "Laundry", "--list", "Home").status == 0)
        usleep(1_500_000)
        #expect(watch.terminate() == 0)
        #expect(f.png("rep") == drawn, "the watcher drew a widget two specs claim")
        // Once the mistake is removed, rep renders again; one file named twice is one spec.
        try FileManager.default.removeItem(atPath: a)
        let twice = try once(f, b, b)
        #expect(twice.status == 0, "\(twice.stderr)")
        #expect(twice.stdout == out + "\n")
        #expect(f.png("rep") != drawn, "Laundry is drawn")
    }

    @Test("PNGs and hit maps are 0600; the hit map records its PNG, and click refuses a torn pair with exit 1")
    func modesAndTornPairs() throws {
        let f = try Self.frozen()
        try f.cli("list", "add", "Home")
        for t in ["A", "B"] { try f.cli("add", t, "--list", "Home") }
        try f.spec("desk")
        try f.spec("wall", family: "small")
        #expect(try once(f).status == 0)
        let out = f.dir.widgetsPath + "/out/"
        for file in ["desk.png", "desk.hits.json"] {
            var info = stat()
            #expect(stat(out + file, &info) == 0)
            #expect(info.st_mode & 0o777 == 0o600, "\(file): \(String(info.st_mode & 0o777, radix: 8))")
        }
        #expect(f.hits("desk")?["png"]?.stringValue?.hasPrefix("fnv1a64:") == true)
        // A crash between the two renames: the new PNG (here: another widget's) beside the old map.
        let box = try #require(f.regions("desk").first { $0.action == "complete" })
        try AtomicFile.write(try #require(f.png("wall")), to: out + "desk.png")
        let r = try runProcess(f.render, ["click", f.dir.widgetsPath + "/desk.json", "\(box.x)", "\(box.y)"], environment: f.env)
        #expect(r.status == 1)
        #expect(r.stderr.contains("the widget is being redrawn"), "\(r.stderr)")
        #expect(try f.todoIDs(list: "Home").completed.isEmpty, "nothing completed")
    }

    @Test("temp files of a crashed writer are removed by the next writer; a live writer's are kept")
    func staleTemporaries() throws {
        let f = try LiveFixture()
        try f.cli("list", "add", "Home")
        try f.spec("desk")
        #expect(try once(f).status == 0)
        // A pid that has exited: a child we started and reaped.
        let dead = try runProcessPID("/bin/true")
        let out = f.dir.widgetsPath + "/out/"
        let stale = [out + ".desk.png.tmp-\(dead)-123", out + ".desk.hits.json.tmp-\(dead)-9", f.dir.path + "/.themes.json.tmp-\(dead)-77"]
        let live = out + ".desk.png.tmp-\(getpid())-5"
        // Files that are not of the pattern stay, in both directories.
        let unrelated = [out + "notes.tmp", out + ".notes.tmp", f.dir.path + "/notes.tmp", out + ".desk.png.tmp-\(dead)-x"]
        for p in stale + [live] + unrelated { try AtomicFile.write("partial", to: p) }
        #expect(try once(f).status == 0)
        #expect(try f.cli("theme", "new", "Second").status == 0)
        for p in stale { #expect(!FileManager.default.fileExists(atPath: p), "\(p)") }
        #expect(FileManager.default.fileExists(atPath: live))
        for p in unrelated { #expect(FileManager.default.fileExists(atPath: p), "\(p)") }
    }

    /// Runs `executable` to its end and returns its pid (no longer running, and reaped).
    func runProcessPID(_ executable: String) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }
}
