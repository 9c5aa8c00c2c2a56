import Foundation
import TaskTileCore

/// Where a command writes text. `FileSink` for the real streams, `StringSink` in tests.
public protocol OutputSink: AnyObject {
    func write(_ text: String)
    func flush()
}

/// Buffers text and writes it to a file descriptor on `flush()` (or when the buffer grows large).
public final class FileSink: OutputSink {
    private let fd: Int32
    private var buffer: [UInt8] = []
    /// Set when a write failed with EPIPE (the reader went away), e.g. a status bar that quit.
    public private(set) var brokenPipe = false
    public init(fd: Int32) { self.fd = fd }
    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count > 1 << 16 { flush() }
    }
    public func flush() {
        var offset = 0
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; if errno == EPIPE { brokenPipe = true }; break }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
    deinit { flush() }
}

/// Collects text in memory (tests).
public final class StringSink: OutputSink {
    public private(set) var text = ""
    public init() {}
    public func write(_ s: String) { text += s }
    public func flush() {}
}

/// Hands each write to a closure (in-process callers that collect text their own way).
public final class ClosureSink: OutputSink {
    private let body: (String) -> Void
    public init(_ body: @escaping (String) -> Void) { self.body = body }
    public func write(_ s: String) { body(s) }
    public func flush() {}
}

/// Everything a command needs from outside: options that apply to all commands, the environment,
/// the streams and the store. Injected so tests run commands in-process.
public final class CommandContext {
    public let environment: [String: String]
    public let dataDirectory: DataDirectory
    /// The language of messages, decided once by `LanguagePreference` (flag, environment, stored setting, English).
    public let language: Language
    /// The `--lang` value when given (a long-running command re-resolves the language with it).
    public var languageFlag: Language?
    public let json: Bool
    /// ANSI colours: only on a terminal, never with `NO_COLOR`, `--no-color` or `TERM=dumb` (`Program.usesColor`).
    public let color: Bool
    public let stdout: OutputSink
    public let stderr: OutputSink
    /// Reads one line of standard input (for confirmations); nil at end of input.
    public let readLine: () -> String?
    public let stdinIsTerminal: Bool
    /// Absolute path of the running `tasktile` binary (for status-bar actions).
    public let executablePath: String
    private var openedStore: Store?

    public init(environment: [String: String], dataDirectory: DataDirectory, language: Language, json: Bool, color: Bool,
         stdout: OutputSink, stderr: OutputSink, readLine: @escaping () -> String?, stdinIsTerminal: Bool,
         executablePath: String) {
        self.environment = environment; self.dataDirectory = dataDirectory; self.language = language
        self.json = json; self.color = color; self.stdout = stdout; self.stderr = stderr
        self.readLine = readLine; self.stdinIsTerminal = stdinIsTerminal; self.executablePath = executablePath
    }

    /// "Now" and the zone (`TASKTILE_NOW`, `TZ`). - Throws: `Clock.ClockError`.
    public func clock() throws -> Clock { try Clock.fromEnvironment(environment) }

    /// The store, opened once per command.
    public func store() throws -> Store {
        if let openedStore { return openedStore }
        let s = try Store.open(dataDirectory, clock: try clock())
        openedStore = s
        return s
    }

    /// Strings in the user's language.
    public var localizer: Localizer { Localizer(language) }

    public func out(_ line: String = "") { stdout.write(line + "\n") }

    public func printJSON(_ value: JSONValue) { stdout.write(value.serialized() + "\n") }

    /// Wraps `text` in an ANSI SGR sequence when colour is on.
    public func paint(_ text: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    public enum Style: String {
        case red = "31", orange = "33", dim = "2", dimStrike = "2;9", bold = "1", green = "32"
    }
}
