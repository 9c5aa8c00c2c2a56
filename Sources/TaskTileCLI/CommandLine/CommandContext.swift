import Foundation
import TaskTileCore

/// Where a command writes text. `FileSink` for the real streams, `StringSink` in tests.
protocol OutputSink: AnyObject {
    func write(_ text: String)
    func flush()
}

/// Buffers text and writes it to a file descriptor on `flush()` (or when the buffer grows large).
final class FileSink: OutputSink {
    private let fd: Int32
    private var buffer: [UInt8] = []
    init(fd: Int32) { self.fd = fd }
    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count > 1 << 16 { flush() }
    }
    func flush() {
        var offset = 0
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; break }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
    deinit { flush() }
}

/// Collects text in memory (tests).
final class StringSink: OutputSink {
    private(set) var text = ""
    func write(_ s: String) { text += s }
    func flush() {}
}

/// Everything a command needs from outside: options that apply to all commands, the environment,
/// the streams and the store. Injected so tests run commands in-process.
final class CommandContext {
    let environment: [String: String]
    let dataDirectory: DataDirectory
    /// The language of messages, decided once by `LanguagePreference`.
    let language: Language
    let json: Bool
    /// ANSI colours: only on a terminal, never with `NO_COLOR` or `--no-color`.
    let color: Bool
    let stdout: OutputSink
    let stderr: OutputSink
    /// Reads one line of standard input (for confirmations); nil at end of input.
    let readLine: () -> String?
    let stdinIsTerminal: Bool
    /// Absolute path of the running `tasktile` binary (for status-bar actions).
    let executablePath: String
    private var openedStore: Store?

    init(environment: [String: String], dataDirectory: DataDirectory, language: Language, json: Bool, color: Bool,
         stdout: OutputSink, stderr: OutputSink, readLine: @escaping () -> String?, stdinIsTerminal: Bool,
         executablePath: String) {
        self.environment = environment; self.dataDirectory = dataDirectory; self.language = language
        self.json = json; self.color = color; self.stdout = stdout; self.stderr = stderr
        self.readLine = readLine; self.stdinIsTerminal = stdinIsTerminal; self.executablePath = executablePath
    }

    /// "Now" and the zone (`TASKTILE_NOW`, `TZ`). - Throws: `Clock.ClockError`.
    func clock() throws -> Clock { try Clock.fromEnvironment(environment) }

    /// The store, opened once per command.
    func store() throws -> Store {
        if let openedStore { return openedStore }
        let s = try Store.open(dataDirectory, clock: try clock())
        openedStore = s
        return s
    }

    /// `init` with the language as a code, kept only for `CLI.swift` (being rewritten elsewhere);
    /// an unknown code is English, as before.
    @available(*, deprecated, message: "pass a Language")
    convenience init(environment: [String: String], dataDirectory: DataDirectory, language: String, json: Bool, color: Bool,
                     stdout: OutputSink, stderr: OutputSink, readLine: @escaping () -> String?, stdinIsTerminal: Bool,
                     executablePath: String) {
        self.init(environment: environment, dataDirectory: dataDirectory, language: Language(rawValue: language) ?? .en,
                  json: json, color: color, stdout: stdout, stderr: stderr, readLine: readLine,
                  stdinIsTerminal: stdinIsTerminal, executablePath: executablePath)
    }

    /// Strings in the user's language.
    var localizer: Localizer { Localizer(language) }

    func out(_ line: String = "") { stdout.write(line + "\n") }

    func printJSON(_ value: JSONValue) { stdout.write(value.serialized() + "\n") }

    /// Wraps `text` in an ANSI SGR sequence when colour is on.
    func paint(_ text: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    enum Style: String {
        case red = "31", orange = "33", dim = "2", dimStrike = "2;9", bold = "1", green = "32"
    }
}
