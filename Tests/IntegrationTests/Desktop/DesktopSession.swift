import Foundation
import Testing
import TaskTileCore
import TaskTileRender
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What the desktop tests share: the unprivileged user, tools, a data directory with two lists of
/// todos, the built binaries, screenshots read back as pixels, and hit maps from `once`.
///
/// sway refuses to run as root, and CI runs as root: then the compositor, the desktop host and
/// every CLI call run as the user `tasktile-test` (created with `useradd` when missing) through
/// `runuser`, with a clean environment and a temp directory owned by that user. The store is only
/// ever opened as that user, so no root-owned `-wal`/`-shm` file can lock it out.
final class DesktopSession: @unchecked Sendable {
    static let userName = "tasktile-test"

    let tmp = TemporaryDirectory("desktop")
    let asUser: Bool
    let tasktile: String
    let render: String
    /// The environment every program gets (plus its own), no matter who runs it.
    var baseEnvironment: [String: String]
    var dir: DataDirectory { tmp.dataDirectory }
    private(set) var started: [Background] = []

    /// Finds the binaries and, when root, the unprivileged user.
    /// - Throws: when a binary is not built or the user cannot be created (recorded as failures).
    init() throws {
        tasktile = try #require(builtProduct("tasktile"), "build first: swift build --build-tests")
        render = try #require(builtProduct("tasktile-render"), "build first: swift build --build-tests")
        asUser = getuid() == 0
        baseEnvironment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": tmp.path, "TZ": "UTC", "LANG": "C.UTF-8",
                           "TASKTILE_DATA_DIR": tmp.dataDirectory.path]
        if asUser {
            if (try? runProcess("/usr/bin/id", ["-u", Self.userName]))?.status != 0 {
                let r = try runProcess("/usr/sbin/useradd", ["--system", "--no-create-home", "--home-dir", "/nonexistent",
                                                              "--shell", "/usr/sbin/nologin", Self.userName])
                try #require(r.status == 0, "useradd \(Self.userName) failed: \(r.stderr)")
            }
            print("desktop tests: running as root, so the compositor and tasktile-render desktop run as the unprivileged user \(Self.userName) (sway refuses to run as root)")
        }
        try FileManager.default.createDirectory(atPath: tmp.file("run"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        chownToUser(tmp.path)
    }

    deinit { stopAll() }

    /// Gives `path` (recursively) to the test user, so programs running as it can write there.
    func chownToUser(_ path: String) {
        guard asUser else { return }
        _ = try? runProcess("/bin/chown", ["-R", "\(Self.userName):", path])
    }

    /// `executable arguments` as the test user (when root) with exactly `baseEnvironment` + `environment`.
    func wrapped(_ executable: String, _ arguments: [String], environment: [String: String]) -> (String, [String]) {
        let env = baseEnvironment.merging(environment) { _, new in new }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        if asUser { return ("/usr/sbin/runuser", ["-u", Self.userName, "--", "/usr/bin/env", "-i"] + env + [executable] + arguments) }
        return ("/usr/bin/env", ["-i"] + env + [executable] + arguments)
    }

    @discardableResult
    func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        let (exe, args) = wrapped(executable, arguments, environment: environment)
        return try runProcess(exe, args)
    }

    /// A program started in the background with standard output and error appended to `log`.
    final class Background: @unchecked Sendable {
        let process: Process
        let log: String
        /// Standard input, kept open until `closeInput()` (helpers run until their input ends).
        let input: Pipe
        init(process: Process, log: String, input: Pipe) { self.process = process; self.log = log; self.input = input }
        var output: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        func closeInput() { try? input.fileHandleForWriting.close() }
        /// Waits up to `timeout` seconds for the exit; nil when still running.
        func exitStatus(within timeout: Double) -> Int32? {
            let end = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < end { usleep(20_000) }
            return process.isRunning ? nil : process.terminationStatus
        }
    }

    /// Starts `executable` as the test user with its output going to `<tmp>/<logName>`.
    func start(_ executable: String, _ arguments: [String], environment: [String: String] = [:], logName: String) throws -> Background {
        let (exe, args) = wrapped(executable, arguments, environment: environment)
        let log = tmp.file(logName)
        FileManager.default.createFile(atPath: log, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        p.standardOutput = handle
        p.standardError = handle
        let input = Pipe()
        p.standardInput = input
        try p.run()
        let b = Background(process: p, log: log, input: input)
        started.append(b)
        return b
    }

    /// Ends everything this session started, newest first (SIGTERM, then SIGKILL after 3 s).
    func stopAll() {
        for b in started.reversed() where b.process.isRunning {
            b.closeInput()
            b.process.terminate()
            if b.exitStatus(within: 3) == nil { kill(b.process.processIdentifier, SIGKILL) }
        }
        started.removeAll()
    }

    /// `tasktile ARGS` as the test user; throws when it fails.
    @discardableResult
    func cli(_ arguments: String...) throws -> String {
        let r = try run(tasktile, arguments)
        try #require(r.status == 0, "tasktile \(arguments.joined(separator: " ")) exited \(r.status): \(r.stderr)")
        return r.stdout
    }

    /// Adds a todo, returns its id.
    func add(_ title: String, list: String) throws -> String {
        let json = try JSONValue.parse(Array(try cli("--json", "add", title, "--list", list).utf8))
        return try #require(json["id"]?.stringValue)
    }

    /// The ids of the pending and the completed todos of `list`, per `tasktile show --json`.
    func todoState(list: String) throws -> (pending: [String], completed: [String]) {
        let json = try JSONValue.parse(Array(try cli("--json", "show", list).utf8))
        guard case .array(let lists)? = json["lists"], let first = lists.first else { return ([], []) }
        func ids(_ key: String) -> [String] {
            guard case .array(let items)? = first[key] else { return [] }
            return items.compactMap { $0["id"]?.stringValue }
        }
        return (ids("pending"), ids("completed"))
    }

    /// Writes `widgets/<name>.json` (owned by the test user).
    func writeSpec(_ name: String, _ json: String) throws {
        try FileManager.default.createDirectory(atPath: dir.widgetsPath, withIntermediateDirectories: true)
        try AtomicFile.write(json, to: dir.widgetsPath + "/\(name).json", mode: 0o644)
        chownToUser(dir.path)
    }

    /// The hit map of `spec` drawn at scale 1 (regions in points relative to the widget's top-left
    /// corner), from `tasktile-render once` on a copy of the spec, as the desktop host lays it out.
    /// `extra` keys replace the spec's own in the copy (`"add": true` puts the header's "+" in the PNG's map,
    /// where the desktop draws it).
    func hitMapInPoints(_ name: String, extra: [(String, JSONValue)] = []) throws -> HitMap {
        let probe = tmp.file("probe-\(name)")
        try FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
        var spec = try JSONValue.parse(try Posix.readFile(dir.widgetsPath + "/\(name).json"))
        guard case .object(var members) = spec else { throw DataFileError(widgetSpec: name, key: nil, reason: "not an object") }
        members.removeAll { m in m.0 == "scale" || m.0 == "output" || extra.contains { $0.0 == m.0 } }
        members += [("scale", .number(1)), ("output", .string("probe.png"))] + extra
        spec = .object(members)
        try AtomicFile.write(spec.serialized(pretty: false), to: probe + "/\(name).json")
        chownToUser(probe)
        let r = try run(render, ["once", probe + "/\(name).json"])
        try #require(r.status == 0, "once failed: \(r.stderr)")
        return try #require(HitMap(json: try JSONValue.parse(try Posix.readFile(probe + "/probe.hits.json"))))
    }

    /// Fails the test when `tool` is not installed, naming the Debian package (never a silent pass).
    static func require(_ tools: [(name: String, package: String)]) -> Bool {
        var ok = true
        for (name, package) in tools {
            let found = ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
            if !found {
                Issue.record("\(name) is not installed: the desktop tests need the Debian package \(package) (make deps installs it)")
                ok = false
            }
        }
        return ok
    }

    /// The pid the desktop host wrote into its lock file (the host itself, not `runuser`).
    func desktopPID(display: String) -> pid_t? {
        let path = dir.path + "/desktop-\(display).lock"
        guard let bytes = try? Posix.readFile(path) else { return nil }
        return pid_t(String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// One screenshot, read back with Cairo; coordinates in the image's pixels.
struct Screenshot {
    let surface: Surface
    /// The PNG file (in the test's temporary directory).
    let path: String

    init(path: String) throws {
        surface = try Surface.decodePNG(path: path)
        self.path = path
    }

    var width: Int { surface.width }
    var height: Int { surface.height }

    func pixel(_ x: Int, _ y: Int) -> Pixel { surface.pixel(x: x, y: y) }

    /// How many pixels of the rectangle satisfy `predicate` (the rectangle is clipped to the image).
    func count(x: Int, y: Int, width: Int, height: Int, _ predicate: (Pixel) -> Bool) -> Int {
        var n = 0
        for yy in max(0, y)..<min(self.height, y + height) {
            for xx in max(0, x)..<min(self.width, x + width) where predicate(pixel(xx, yy)) { n += 1 }
        }
        return n
    }
}

extension Pixel {
    /// Within `tolerance` of (r, g, b) on every channel.
    func near(_ r: Int, _ g: Int, _ b: Int, tolerance: Int = 12) -> Bool {
        abs(Int(red) - r) <= tolerance && abs(Int(green) - g) <= tolerance && abs(Int(blue) - b) <= tolerance
    }
    /// Strongly blue: the default theme's accent #007AFF and its antialiased edges.
    var isAccentBlue: Bool { Int(blue) - Int(red) > 90 && blue > 150 }
    /// Strongly orange: the Midnight theme's accent #FF9F0A.
    var isAccentOrange: Bool { Int(red) - Int(blue) > 120 && red > 180 }
    /// A neutral grey, darker than white (the completed glyph and strike line on white).
    var isGreyInk: Bool { abs(Int(red) - Int(green)) < 12 && abs(Int(green) - Int(blue)) < 12 && red < 200 }
}
