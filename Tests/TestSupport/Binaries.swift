import Foundation
import Synchronization
import Testing

/// The repository root, found from this file's path.
public let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Absolute path of a built product (`tasktile`, `tasktile-render`) in `.build/debug`, or nil when
/// it has not been built (`make test` builds it first).
public func builtProduct(_ name: String) -> String? {
    for config in ["debug", "release"] {
        let p = "\(repositoryRoot)/.build/\(config)/\(name)"
        if FileManager.default.isExecutableFile(atPath: p) { return p }
    }
    return nil
}

/// What a finished process left behind.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs `executable` with `arguments` and `environment` added to this process's, waits, and returns
/// its exit status and output. Standard input is /dev/null.
public func runProcess(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                       stdin: String? = nil) throws -> ProcessResult {
    let p = try startProcess(executable, arguments, environment: environment, stdin: stdin)
    return p.wait()
}

/// A started process whose output is being collected.
public final class RunningProcess: Sendable {
    public let process: Process
    let outPipe: Pipe, errPipe: Pipe
    /// What the reader threads collected (stdout, stderr), complete once `group` is done.
    private let output = Mutex((out: Data(), err: Data()))
    private let group = DispatchGroup()

    init(process: Process, outPipe: Pipe, errPipe: Pipe) {
        self.process = process; self.outPipe = outPipe; self.errPipe = errPipe
        group.enter(); group.enter()
        // A thread of its own per stream, not the global queue: a child that runs for the whole
        // test (dbus-daemon, a watcher) would park two of its few workers, and the next process's
        // readers would wait seconds for libdispatch to add threads.
        Thread.detachNewThread {
            let data = outPipe.fileHandleForReading.readDataToEndOfFile()
            self.output.withLock { $0.out = data }
            self.group.leave()
        }
        Thread.detachNewThread {
            let data = errPipe.fileHandleForReading.readDataToEndOfFile()
            self.output.withLock { $0.err = data }
            self.group.leave()
        }
    }

    /// Waits for exit and both streams to close.
    public func wait() -> ProcessResult {
        process.waitUntilExit()
        group.wait()
        let (out, err) = output.withLock { ($0.out, $0.err) }
        return ProcessResult(status: process.terminationStatus,
                             stdout: String(decoding: out, as: UTF8.self),
                             stderr: String(decoding: err, as: UTF8.self))
    }
}

/// Starts a process without waiting (for two-processes-at-once tests).
public func startProcess(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                         stdin: String? = nil) throws -> RunningProcess {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    p.environment = env
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    if let stdin {
        let inPipe = Pipe()
        p.standardInput = inPipe
        try p.run()
        inPipe.fileHandleForWriting.write(stdin.data(using: .utf8)!)
        try inPipe.fileHandleForWriting.close()
    } else {
        p.standardInput = FileHandle.nullDevice
        try p.run()
    }
    return RunningProcess(process: p, outPipe: out, errPipe: err)
}

/// `path` when it is an executable, else a recorded failure naming the Debian `package` that
/// `make deps` installs (a test whose tool is missing fails, it never passes silently).
public func requiredTool(_ path: String, package: String) throws -> String {
    try #require(FileManager.default.isExecutableFile(atPath: path), "\(path) is missing: make deps installs it (Debian: \(package))")
    return path
}
