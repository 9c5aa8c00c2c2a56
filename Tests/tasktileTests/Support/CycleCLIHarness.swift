import Foundation
import TaskTileCore
import TestSupport
@testable import tasktile
import TaskTileCommandLine

/// Runs `tasktile` in-process against one data directory, at a fixed "now" in Europe/Berlin.
struct CycleCLI {
    let directory = CycleFixtures.dataDirectory("cli")
    var now = "2027-01-04T08:00:00+01:00"
    var zone = "Europe/Berlin"

    struct Outcome {
        var code: Int32
        var stdout: String
        var stderr: String
    }

    /// `tasktile ARGS…` with `TASKTILE_DATA_DIR`, `TASKTILE_NOW` and `TZ` set; never a terminal.
    @discardableResult
    func run(_ arguments: String...) -> Outcome { run(arguments: arguments) }

    /// `run(_:)` with the arguments as an array.
    @discardableResult
    func run(arguments: [String]) -> Outcome {
        let out = StringSink(), err = StringSink()
        let code = CLI.main(arguments: arguments,
                            environment: ["TASKTILE_DATA_DIR": directory.path, "TASKTILE_NOW": now, "TZ": zone],
                            stdout: out, stderr: err, readLine: { nil }, stdinIsTerminal: false,
                            stdoutIsTerminal: false, executablePath: "/usr/bin/tasktile",
                            runSibling: { _, _, _ in ENOENT }) // never replace the test runner
        return Outcome(code: code, stdout: out.text, stderr: err.text)
    }

    /// The same CLI at another "now" (a later process).
    func at(_ now: String) -> CycleCLI {
        var copy = self
        copy.now = now
        return copy
    }
}
