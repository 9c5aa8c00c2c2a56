import Foundation
import Synchronization
import Testing
import TaskTileCore
import TestSupport

/// A real client: Debian's `i3blocks` runs the shipped block `Examples/i3blocks/tasktile.conf`
/// headless and prints the i3bar JSON protocol (a header line, `[`, then one array per update).
/// The block's `tasktile` and `tasktile-pick` are the built binary and the shipped picker, found
/// through `PATH`; a click event on stdin completes a todo through the picker.
@Suite(.serialized) struct I3blocksClientTests {
    static let i3blocks = ["/usr/bin/i3blocks", "/usr/local/bin/i3blocks"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Collects a child's stdout lines as they arrive.
    final class Lines: Sendable {
        private let state = Mutex((lines: [String](), partial: Data()))
        func append(_ data: Data) {
            state.withLock { s in
                s.partial.append(data)
                while let nl = s.partial.firstIndex(of: 0x0A) {
                    s.lines.append(String(decoding: s.partial[s.partial.startIndex..<nl], as: UTF8.self))
                    s.partial = Data(s.partial[s.partial.index(after: nl)...])
                }
            }
        }
        var all: [String] { state.withLock { $0.lines } }

        /// Waits up to `timeout` seconds for a line satisfying `match`.
        func wait(timeout: Double, _ match: (String) -> Bool) -> String? {
            let end = Date().addingTimeInterval(timeout)
            while Date() < end {
                if let hit = all.first(where: match) { return hit }
                usleep(20_000)
            }
            return nil
        }
    }

    @Test func blockShowsStatusAndAClickCompletes() throws {
        let i3blocks = try #require(Self.i3blocks, "i3blocks is not installed: make deps installs it (Debian: i3blocks)")
        let tasktile = try #require(StatusFixtures.builtBinary(),
                                    "\(StatusFixtures.repositoryRoot())/.build/debug/tasktile is missing: build the products first (make test does)")
        let root = StatusFixtures.repositoryRoot()
        let dir = StatusFixtures.dataDirectory("i3blocks")
        let store = try StatusFixtures.open(dir)
        try store.addList(title: "Errands")
        let fish = try store.addTodo(title: "Fish & Chips", list: "Errands", due: .date(LocalDate(iso: "2027-01-04")!))
        try store.addTodo(title: "a | b", list: "Errands")

        // PATH gives the block the built binary as `tasktile` and the shipped picker as `tasktile-pick`.
        let work = StatusFixtures.temporaryDirectory("i3blocks-bin")
        try FileManager.default.createSymbolicLink(atPath: work + "/tasktile", withDestinationPath: tasktile)
        try FileManager.default.createSymbolicLink(atPath: work + "/tasktile-pick", withDestinationPath: root + "/Examples/tasktile-pick.sh")
        let config = root + "/Examples/i3blocks/tasktile-polled.conf"

        let process = Process()
        // i3blocks writes with stdio, fully buffered on a pipe; stdbuf makes it line-buffered so
        // each update arrives as i3bar would read it.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/stdbuf")
        process.arguments = ["-oL", i3blocks, "-c", config]
        var env = StatusFixtures.environment(dir)
        env["PATH"] = work + ":/usr/bin:/bin"
        env["TASKTILE_MENU"] = "head -n 1" // the "menu" picks the first pending todo
        env["TASKTILE_PICK_REFRESH"] = "" // i3blocks re-runs the block after a click itself; never signal other bars
        process.environment = env
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        let errPath = work + "/i3blocks.err"
        FileManager.default.createFile(atPath: errPath, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let lines = Lines()
        try process.run()
        let reader = stdout.fileHandleForReading
        Thread.detachNewThread {
            while true {
                let data = reader.availableData
                if data.isEmpty { break }
                lines.append(data)
            }
        }
        defer {
            process.terminate() // i3blocks runs until killed; the reader thread ends at EOF
            process.waitUntilExit()
        }

        let first = lines.wait(timeout: 5) { $0.contains("\"name\":\"tasktile\"") }
        let output = lines.all
        #expect(output.first.map { (try? JSONValue.parse($0))?["version"] == .number(1) } == true, "header: \(output)")
        #expect(output.dropFirst().first?.hasPrefix("[") == true)
        let line = try #require(first, "no status line from i3blocks: \(output); stderr: \((try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")")
        // Each update after the first is `,[ … ]`: one JSON array of blocks.
        let blocks = try JSONValue.parse(String(line.drop { $0 == "," }))
        guard case .array(let items) = blocks else { Issue.record("not an array: \(line)"); return }
        let block = try #require(items.first { $0["name"] == .string("tasktile") })
        #expect(block["full_text"] == .string("2 left · 1 overdue"))
        #expect(block["short_text"] == .string("2 left · 1 overdue"))
        #expect(block["color"] == .string("#FF5555"))
        #expect(block["urgent"] == .bool(true), "--urgent exits 33 while something is overdue")

        // A left click (i3bar click protocol on stdin) runs the picker, which completes the first
        // pending todo; i3blocks then re-runs the block.
        stdin.fileHandleForWriting.write(Data("[\n{\"name\":\"tasktile\",\"button\":1,\"x\":5,\"y\":5}\n".utf8))
        let after = lines.wait(timeout: 10) { $0.contains("\"full_text\":\"1 left\"") }
        #expect(after != nil, "the click did not complete a todo: \(lines.all.suffix(3))")
        let source = try store.database.scalarText("SELECT source FROM completions WHERE todo_id = ?", [.text(fish.id)])
        #expect(source == "intent")
    }
}
