import Foundation
import Synchronization
import Testing
import TaskTileCore
@testable import TaskTileCommandLine

/// Commands another executable runs: listed in the help, handed over with the arguments unchanged,
/// and a clear exit 69 when the sibling cannot be started.
@Suite struct SiblingCommandTests {
    struct Local: Command {
        static let spec = CommandSpec(program: "demo", path: ["sync", "ls"], abstract: "List accounts here.")
        init(_ a: ParsedArguments, context: CommandContext) throws {}
        func run(_ context: CommandContext) throws -> ExitCode { context.out("local"); return .success }
    }

    static let japanese = ["help.sync.abstract": "同期します。", "help.sync.ls.abstract": "ここで一覧。"]

    static let program = Program(name: "demo", version: "9", commands: [Local.self],
                                 globals: [Program.dataDirOption, Program.langOption],
                                 translations: { $0 == .ja ? Self.japanese : [:] },
                                 siblings: [SiblingCommand(path: ["sync"], abstract: "Sync with a server.", executable: "demo-sync")],
                                 overview: { _ in "A demo." })

    /// Runs `program` in-process with a runner that records what it was asked to start.
    func run(_ args: [String], runnerError: Int32 = ENOENT) -> (code: Int32, out: String, err: String, started: [String]?) {
        let out = StringSink(), err = StringSink()
        let started = Mutex<[String]?>(nil)
        let code = Self.program.main(arguments: args, environment: ["LANG": "C"], stdout: out, stderr: err,
                                     readLine: { nil }, stdinIsTerminal: false, stdoutIsTerminal: false,
                                     executablePath: "/opt/demo/bin/demo",
                                     runSibling: { path, arguments, _ in started.withLock { $0 = [path] + arguments }; return runnerError })
        return (code, out.text, err.text, started.withLock { $0 })
    }

    @Test func theSiblingGetsEveryArgumentUnchangedIncludingGlobals() {
        let r = run(["--lang", "ja", "sync", "personal", "--dry-run", "--data-dir", "/d"])
        #expect(r.started == ["/opt/demo/bin/demo-sync", "--lang", "ja", "sync", "personal", "--dry-run", "--data-dir", "/d"])
        // `help sync` is the sibling's to answer, too.
        #expect(run(["help", "sync"]).started == ["/opt/demo/bin/demo-sync", "help", "sync"])
    }

    @Test func aLongerOwnCommandWins() {
        let r = run(["sync", "ls"])
        #expect(r.started == nil)
        #expect(r.out == "local\n")
    }

    @Test func aMissingSiblingExits69NamingItsPath() {
        let r = run(["sync"])
        #expect(r.code == 69)
        #expect(r.err.contains("/opt/demo/bin/demo-sync"), "\(r.err)")
        #expect(r.err.contains("No such file or directory"), "\(r.err)")
    }

    @Test func theHelpListsSiblingsWithTheirAbstractsInBothLanguages() {
        let en = run(["--help"])
        #expect(en.out.contains("sync") && en.out.contains("Sync with a server."), "\(en.out)")
        #expect(en.started == nil)
        let ja = run(["--lang", "ja", "--help"])
        #expect(ja.out.contains("同期します。"), "\(ja.out)")
        #expect(!Self.program.helpTranslationGaps(.ja).missing.contains("help.sync.abstract"))
        var untranslated = Self.program
        untranslated.translations = { $0 == .ja ? Self.japanese.filter { $0.key != "help.sync.abstract" } : [:] }
        #expect(untranslated.helpTranslationGaps(.ja).missing.contains("help.sync.abstract"))
    }

    @Test func theRealRunnerReturnsErrnoWhenTheExecutableIsMissing() {
        // Only the failing case can run in the test process: a successful exec would replace it.
        let missing = Program.execSibling("/nonexistent/demo-sync", [], [:])
        #expect(missing == ENOENT)
    }
}
