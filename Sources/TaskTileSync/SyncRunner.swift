import Foundation
import TaskTileCore
import TaskTileRuntime

/// Runs a pass for an account: reads the password, builds the remote and runs `SyncEngine`.
public enum SyncRunner {
    /// One pass. `progress` is called with (items done, items in all) on long passes.
    /// - Throws: `DAVError` (69 unreachable, 77 refused, 65 after the pass when items could not
    ///   be read — the report is still returned through `report`), store errors (74, 75).
    /// `log` receives debug lines (one per HTTP request) when `TASKTILE_SYNC_DEBUG=requests`.
    /// `beforeFirstOverwrite`: a test seam, run once just before the first write over an existing
    /// server item (the tests inject a concurrent edit there: a 412 race); nil in normal use.
    public static func run(store: Store, account: SyncAccount, dryRun: Bool, environment: [String: String],
                           log: ((String) -> Void)? = nil, beforeFirstOverwrite: (() -> Void)? = nil,
                           progress: @escaping (Int, Int) -> Void = { _, _ in }) throws -> SyncReport {
        let remote: SyncRemote
        switch account.kind {
        case .vdir:
            remote = try VdirRemote(root: account.url)
        case .caldav:
            guard let url = URL(string: account.url), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                throw DAVError.badURL(account.url)
            }
            let password = try account.passwordCommand.map { try readPassword(command: $0, environment: environment) } ?? ""
            let dav = CalDAVRemote(url: url, user: account.user ?? "", password: password, knownHome: account.calendarHome)
            if environment["TASKTILE_SYNC_DEBUG"] == "requests", let log { dav.client.log = { log("\(account.name): " + $0) } }
            remote = dav
        }
        let engine = SyncEngine(store: store, account: account, remote: remote, dryRun: dryRun, progress: progress)
        engine.beforeFirstOverwrite = beforeFirstOverwrite
        return try engine.run()
    }

    /// The first line of the password command's standard output (the trailing newline removed).
    /// The command is split into words without a shell (`CommandWords`: `wordexp` with
    /// `WRDE_NOCMD`), looked up on `PATH`, and run with standard input from /dev/null; the
    /// password is never logged, stored or passed on to another program's argv.
    /// - Throws: `DAVError.passwordCommand` (cannot split, cannot start, non-zero exit, no output).
    static func readPassword(command: String, environment: [String: String]) throws -> String {
        let argv: [String]
        do { argv = try CommandWords.split(command) } catch { throw DAVError.passwordCommand("\(error)") }
        let program = argv[0].contains("/") ? argv[0] : (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
            .split(separator: ":").map { "\($0)/\(argv[0])" }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? argv[0]
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = Array(argv.dropFirst())
        p.environment = environment
        let out = Pipe()
        p.standardOutput = out
        p.standardInput = FileHandle.nullDevice
        do { try p.run() } catch { throw DAVError.passwordCommand("cannot run \(argv[0]): \(error.localizedDescription)") }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw DAVError.passwordCommand("\(argv[0]) exited with \(p.terminationStatus)") }
        let text = String(decoding: data, as: UTF8.self)
        let first = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard !first.isEmpty else { throw DAVError.passwordCommand("\(argv[0]) printed no password") }
        return first.hasSuffix("\r") ? String(first.dropLast()) : first
    }
}
