import Foundation
import Synchronization
@testable import tasktile
import TaskTileCommandLine
import TaskTileCore
import TestSupport

/// Runs `tasktile` in-process against a private data directory with a fixed clock.
struct CLIHarness {
    let tmp = TemporaryDirectory("cli")
    var environment: [String: String]

    init(now: String = "2027-01-05T09:00:00+01:00", zone: String = "Europe/Berlin") {
        environment = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TASKTILE_NOW": now, "TZ": zone, "LANG": "C"]
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The executable and arguments a command handed over to a sibling (`SiblingCommand`), which
        /// in-process is recorded instead of started; nil when none was.
        var sibling: [String]? = nil
    }

    /// Runs one command line; `input` answers confirmations.
    @discardableResult
    func run(_ args: String..., input: [String] = [], terminal: Bool = false) -> Result {
        run(args, input: input, terminal: terminal)
    }

    @discardableResult
    func run(_ args: [String], input: [String] = [], terminal: Bool = false) -> Result {
        let out = StringSink(), err = StringSink()
        var lines = input[...]
        let sibling = Mutex<[String]?>(nil)
        let status = CLI.main(arguments: args, environment: environment, stdout: out, stderr: err,
                              readLine: { lines.popFirst() }, stdinIsTerminal: terminal, stdoutIsTerminal: false,
                              executablePath: "/usr/local/bin/tasktile",
                              runSibling: { path, arguments, _ in sibling.withLock { $0 = [path] + arguments }; return ENOENT })
        return Result(status: status, stdout: out.text, stderr: err.text, sibling: sibling.withLock { $0 })
    }

    /// The store file's bytes plus a dump of every table, for "nothing changed" checks.
    func fingerprint() -> String {
        guard let store = try? Store.open(tmp.dataDirectory, clock: testClock()) else { return "no store" }
        var dump = ""
        for table in ["lists", "todos", "completions", "settings", "flashes"] {
            let rows = (try? store.database.rows("SELECT * FROM \(table) ORDER BY rowid")) ?? []
            dump += table + ":" + rows.map { "\($0.values)" }.joined(separator: "\n") + "\n"
        }
        return dump
    }
}
