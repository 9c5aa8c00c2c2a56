import CSystem
import Foundation
import TaskTileCore
#if canImport(Glibc)
import Glibc
#endif

/// Why a configured command could not be split into words or started.
public enum SpawnError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The command text is empty or only white space.
    case empty
    /// `wordexp(3)` refused the text; `reason` says why (a shell operator, `$(…)`, unbalanced quotes).
    case cannotSplit(command: String, reason: String)
    /// `posix_spawnp(3)` failed for `program` with `errno`.
    case cannotStart(program: String, errno: Int32)

    public var description: String {
        switch self {
        case .empty: "the command is empty"
        case .cannotSplit(let command, let reason): "cannot split the command '\(command)' into words: \(reason)"
        case .cannotStart(let program, let code): "cannot run \(program): \(String(cString: strerror(code)))"
        }
    }
}

/// Splits configured command text into an argv the way a shell would split words, without a shell:
/// `wordexp(3)` with `WRDE_NOCMD`, so quotes, backslashes, `~` and `$VAR` work (a path with spaces
/// is written `'/opt/my tools/open' --x`), while command substitution and the shell operators
/// `| & ; < > ( ) { }` are refused. Used for `notify.openCommand`, `widget.openCommand`, the
/// `exec:` notification sink and `--on-render`.
public enum CommandWords {
    /// - Throws: `SpawnError.empty`, `.cannotSplit`.
    public static func split(_ command: String) throws -> [String] {
        if command.allSatisfy({ $0 == " " || $0 == "\t" }) { throw SpawnError.empty }
        var words = wordexp_t()
        let rc = wordexp(command, &words, Int32(WRDE_NOCMD))
        defer { if rc == 0 || rc == Int32(WRDE_NOSPACE) { wordfree(&words) } }
        guard rc == 0 else {
            let reason: String
            switch rc {
            case Int32(WRDE_BADCHAR): reason = "it contains a shell operator (| & ; < > ( ) { } or a newline); quote it"
            case Int32(WRDE_CMDSUB): reason = "command substitution $(…) or `…` is not allowed"
            case Int32(WRDE_SYNTAX): reason = "unbalanced quotes or a syntax error"
            case Int32(WRDE_BADVAL): reason = "an undefined variable"
            default: reason = "wordexp error \(rc)"
            }
            throw SpawnError.cannotSplit(command: command, reason: reason)
        }
        var argv: [String] = []
        for i in 0..<Int(words.we_wordc) {
            if let w = words.we_wordv[i] { argv.append(String(cString: w)) }
        }
        if argv.isEmpty { throw SpawnError.empty }
        return argv
    }
}

/// Starts child processes with `posix_spawnp(3)` (PATH search included, no shell), the one
/// spawner of the daemons; each child is reaped when it ends by a thread that waits for it.
public final class ProcessSpawner {
    public init() {}

    /// Starts `argv` with the current environment plus `extraEnvironment` (which wins).
    /// Standard input is `/dev/null`; standard output and error are inherited.
    /// - Parameters:
    ///   - environment: the child's whole environment instead of the current one (then
    ///     `extraEnvironment` is added to it).
    ///   - silent: standard output and error go to `/dev/null` too (a sound player must not print
    ///     into a status bar).
    ///   - descriptor: an open descriptor the child gets as `as` (close-on-exec on ours is fine).
    ///   - ownProcessGroup: the child leads a process group of its own, so a terminal's signals to
    ///     the caller's group do not reach it.
    ///   - onExit: called on a background thread with the child's wait status (`waitpid(2)`) when
    ///     it ends; the spawner always reaps its children itself.
    /// - Returns: the child's pid.
    /// - Throws: `SpawnError.empty`, `.cannotStart` (no such program, not executable).
    @discardableResult
    public func spawn(_ argv: [String], environment: [String: String]? = nil, extraEnvironment: [String: String] = [:],
                      silent: Bool = false, passing descriptor: (Int32, as: Int32)? = nil,
                      ownProcessGroup: Bool = false, onExit: (@Sendable (Int32) -> Void)? = nil) throws -> pid_t {
        guard let program = argv.first, !program.isEmpty else { throw SpawnError.empty }
        var env: [String: String] = environment ?? [:]
        var e = environ
        while environment == nil, let entry = e.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") { env[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
            e += 1
        }
        for (k, v) in extraEnvironment { env[k] = v }
        let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let cEnv: [UnsafeMutablePointer<CChar>?] = env.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if silent {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        if let (fd, childFD) = descriptor { posix_spawn_file_actions_adddup2(&actions, fd, childFD) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with an empty signal mask and default handlers: a daemon blocks
        // SIGTERM for its signalfd, and a child must not inherit that.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGTERM, SIGINT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
                                                    | (ownProcessGroup ? POSIX_SPAWN_SETPGROUP : 0)))
        var pid = pid_t()
        let rc = posix_spawnp(&pid, program, &actions, &attributes, cArgs, cEnv)
        guard rc == 0 else { throw SpawnError.cannotStart(program: program, errno: rc) }
        // Each child is reaped when it ends, by a thread that only waits for it, so none stays
        // a zombie however long the caller runs (a watcher, the daemon, the test process).
        let child = pid
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            onExit?(status)
        }
        return pid
    }
}

extension SpawnError: ReportableError {
    /// A command that cannot be split is a usage mistake; one that cannot start is unavailable.
    public var exitCode: ExitCode {
        switch self {
        case .empty, .cannotSplit: .usage
        case .cannotStart: .unavailable
        }
    }
    public func message(_ localizer: Localizer) -> String { description }
}
