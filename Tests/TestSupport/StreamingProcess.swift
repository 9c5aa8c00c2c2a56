import Foundation
import Synchronization

/// A long-running child (`status --follow`, a bar) whose standard output is read line by line
/// as it arrives, for tests that wait for the next update. Killed on deinit.
public final class StreamingProcess: Sendable {
    public let process: Process
    private let state = Mutex<(lines: [String], partial: Data, stderr: Data)>(([], Data(), Data()))
    private let outPipe = Pipe(), errPipe = Pipe()

    /// Starts `executable` with `environment` added to this process's; stdin is /dev/null.
    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outPipe
        process.standardError = errPipe
        outPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.state.withLock { s in
                s.partial.append(data)
                while let nl = s.partial.firstIndex(of: 0x0A) {
                    s.lines.append(String(decoding: s.partial[s.partial.startIndex..<nl], as: UTF8.self))
                    s.partial = Data(s.partial[s.partial.index(after: nl)...])
                }
            }
        }
        errPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.state.withLock { $0.stderr.append(data) }
        }
        try process.run()
    }

    deinit {
        if process.isRunning { _ = terminate() }
        outPipe.fileHandleForReading.readabilityHandler = nil
        errPipe.fileHandleForReading.readabilityHandler = nil
    }

    /// Every complete line so far.
    public var lines: [String] { state.withLock { $0.lines } }

    /// Standard error so far.
    public var stderr: String { state.withLock { String(decoding: $0.stderr, as: UTF8.self) } }

    /// Waits up to `timeout` seconds until there are at least `count` lines; returns them all.
    @discardableResult
    public func waitForLines(_ count: Int, timeout: Double) -> [String] {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            let now = lines
            if now.count >= count { return now }
            usleep(10_000)
        }
        return lines
    }

    /// Waits up to `timeout` seconds for a line satisfying `match`.
    public func waitForLine(timeout: Double, _ match: (String) -> Bool) -> String? {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if let hit = lines.first(where: match) { return hit }
            usleep(10_000)
        }
        return nil
    }

    /// Sends SIGTERM and waits (SIGKILL after 3 s: i3blocks, for one, ignores SIGTERM); returns the exit status.
    public func terminate() -> Int32 {
        process.terminate()
        let end = Date().addingTimeInterval(3)
        while process.isRunning && Date() < end { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        usleep(50_000) // let the readers see the last bytes
        return process.terminationStatus
    }
}
