import Foundation
import Synchronization
import Testing
@testable import TaskTileRuntime

/// Commands configured by a user (`notify.openCommand`, `widget.openCommand`, `exec:`,
/// `--on-render`) are split like shell words and started without a shell.
@Suite struct CommandWordsTests {
    @Test(arguments: [
        ("notify-send hi", ["notify-send", "hi"]),
        ("'/opt/my tools/open' --x", ["/opt/my tools/open", "--x"]),
        (#""a b" c\ d"#, ["a b", "c d"]),
        ("  spaced   out  ", ["spaced", "out"]),
    ])
    func splitsLikeShellWords(command: String, expected: [String]) throws {
        #expect(try CommandWords.split(command) == expected)
    }

    @Test func shellOperatorsAndCommandSubstitutionAreRefused() {
        for text in ["a; rm -rf ~", "a | b", "a && b", "a > f", "echo $(id)", "echo `id`"] {
            #expect(throws: SpawnError.self, "\(text)") { try CommandWords.split(text) }
        }
        #expect(throws: SpawnError.empty) { try CommandWords.split("   ") }
        #expect(throws: SpawnError.self) { try CommandWords.split("'unbalanced") }
    }
}

@Suite struct ProcessSpawnerTests {
    @Test func startsThroughPATHWithTheExtraEnvironmentAndNoShell() throws {
        let dir = NSTemporaryDirectory() + "tasktile-spawn-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let out = dir + "/out"
        let spawner = ProcessSpawner()
        let ended = DispatchSemaphore(value: 0)
        // `sh -c` only as the program under test's child, to write what it received.
        let pid = try spawner.spawn(["sh", "-c", "printf '%s|%s' \"$1\" \"$TASKTILE_X\" > \"$2\"", "sh", "a; b $HOME", out],
                                    extraEnvironment: ["TASKTILE_X": "x y"], onExit: { _ in ended.signal() })
        _ = pid
        #expect(ended.wait(timeout: .now() + 20) == .success)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "a; b $HOME|x y")
    }

    @Test func aMissingProgramIsCannotStart() {
        #expect(throws: SpawnError.self) { try ProcessSpawner().spawn(["/nonexistent/tasktile-nothing"]) }
        #expect(throws: SpawnError.self) { try ProcessSpawner().spawn(["tasktile-no-such-program-on-path"]) }
    }

    @Test func aChildThatEndsLeavesNoZombie() throws {
        // Nobody calls waitpid here: the spawner reaps the child itself, so its /proc entry goes
        // away (an unreaped child stays a zombie, state Z, for the caller's whole life).
        let pid = try ProcessSpawner().spawn(["true"])
        let end = Date().addingTimeInterval(20)
        while FileManager.default.fileExists(atPath: "/proc/\(pid)") && Date() < end { usleep(10_000) }
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)"),
                "still there: \((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "")")
    }

    @Test func childrenStartWithSIGTERMUnblockedAndDefault() throws {
        TerminationSource.install() // blocks SIGTERM here, as in a daemon
        let spawner = ProcessSpawner()
        let ended = DispatchSemaphore(value: 0)
        let status = Mutex<Int32>(-1)
        let pid = try spawner.spawn(["sleep", "30"], onExit: { s in status.withLock { $0 = s }; ended.signal() })
        usleep(100_000)
        kill(pid, SIGTERM)
        #expect(ended.wait(timeout: .now() + 20) == .success)
        #expect(status.withLock { $0 } & 0x7f == SIGTERM, "the child died by SIGTERM, not by timeout")
    }
}

@Suite struct InstanceLockTests {
    @Test func oneHolderAtATimeWithItsPidWritten() throws {
        let path = NSTemporaryDirectory() + "tasktile-lock-\(UUID().uuidString)"
        let first = try #require(try InstanceLock(path: path))
        #expect(InstanceLock.holder(of: path) == getpid())
        // flock(2) locks belong to the open file description: a second open in the same process
        // conflicts too, as another process would.
        #expect(try InstanceLock(path: path) == nil)
        first.release()
        #expect(try InstanceLock(path: path) != nil)
    }

    @Test func anUnopenableLockFileThrowsNamingIt() {
        #expect(throws: (any Error).self) { try InstanceLock(path: "/nonexistent-dir/x.lock") }
    }
}
