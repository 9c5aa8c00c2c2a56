import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Plays WAV bytes through the first of `pw-play`, `paplay`, `aplay` found on `PATH` (docs/sounds.md "Playback").
///
/// Playback never fails its caller and never blocks longer than the sound lasts:
/// - no player on `PATH`, a temp file that cannot be written, or a spawn that fails → `.skipped`;
/// - the player is started with `posix_spawn` (an argv, no shell) in its own session, with stdin,
///   stdout and stderr on `/dev/null` (an audio error must not print into a status bar);
/// - the WAV goes to a temp file in `$TMPDIR` (else `/tmp`) that is unlinked at once; the player
///   inherits the open descriptor and reads it as `/dev/fd/3`, so no file is ever left behind and
///   the caller may exit while the player still plays;
/// - `play` then waits for the player at most `maximumWait` seconds (callers pass the sound's length),
///   reaping it if it has finished; otherwise the player plays on, detached.
public enum SoundPlayer {
    /// Player programs in order of preference, with the arguments that come before the file.
    public static let candidates: [(name: String, arguments: [String])] = [
        ("pw-play", []), ("paplay", []), ("aplay", ["-q"]),
    ]

    /// What happened to a playback request.
    public enum Outcome: Hashable, Sendable {
        /// The named player was started.
        case started(player: String)
        /// Nothing was played; the reason is for `sound play` to show (never an error).
        case skipped(reason: Phrase)
    }

    /// The absolute path and argv prefix of the first player found on `PATH` (from `environment`).
    public static func findPlayer(environment: [String: String]) -> (path: String, arguments: [String])? {
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        for candidate in candidates {
            for dir in directories {
                let path = dir + "/" + candidate.name
                var st = stat()
                if stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, access(path, X_OK) == 0 {
                    return (path, candidate.arguments)
                }
            }
        }
        return nil
    }

    /// Plays `wav` (a complete WAV file) without failing; see the type's notes.
    /// - Parameters:
    ///   - environment: gives `PATH` and `TMPDIR`, and is the player's environment (audio servers
    ///     need `XDG_RUNTIME_DIR`, `PULSE_SERVER`…).
    ///   - maximumWait: seconds to wait for the player to finish (the sound's length).
    @discardableResult
    public static func play(wav: [UInt8], environment: [String: String], maximumWait: Double) -> Outcome {
        guard let player = findPlayer(environment: environment) else {
            return .skipped(reason: Phrase(key: .soundSkipNoPlayer, candidates.map(\.name).joined(separator: ", ")))
        }
        let tmp = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array("\(tmp)/tasktile-sound-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return .skipped(reason: Phrase(key: .soundSkipTempFile, tmp, String(cString: strerror(errno)))) }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)   // only the player gets it, through dup2 below
        unlink(String(cString: template.map { $0 }))
        var written = 0
        while written < wav.count {
            let n = wav[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return .skipped(reason: Phrase(key: .soundSkipWriteTemp)) }
            written += n
        }

        // The child sees the sound as fd 3 (dup2 clears close-on-exec); if mkostemp returned 3
        // itself, use 4 so that the dup2 is a real one.
        let childFD: Int32 = fd == 3 ? 4 : 3
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fd, childFD)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))   // own process group (pgroup 0)

        let argv = [player.path] + player.arguments + ["/dev/fd/\(childFD)"]
        let env = environment.map { "\($0.key)=\($0.value)" }
        var cArgv = argv.map { strdup($0) } + [nil]
        var cEnv = env.map { strdup($0) } + [nil]
        defer { for p in cArgv + cEnv { free(p) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, player.path, &actions, &attributes, &cArgv, &cEnv)
        guard rc == 0 else { return .skipped(reason: Phrase(key: .soundSkipCannotStart, player.path, String(cString: strerror(rc)))) }

        let deadline = Date().addingTimeInterval(max(0, maximumWait))
        var status: Int32 = 0
        var reaped = false
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid || (r < 0 && errno != EINTR) { reaped = true; break }
            if Date() >= deadline { break }
            usleep(10_000)
        }
        // A player still running is reaped when it ends, by a thread that only waits for it: an
        // unreaped child stays a zombie for the caller's lifetime (and makes Swift Testing's
        // child monitor spin at exit in the test process).
        let child = pid
        if !reaped { Thread.detachNewThread { var s: Int32 = 0; while waitpid(child, &s, 0) < 0 && errno == EINTR {} } }
        return .started(player: (player.path as NSString).lastPathComponent)
    }

    /// Synthesises and plays `sound` with `gain` (0…1), waiting at most the sound's length.
    @discardableResult
    public static func play(_ sound: CompletionSound, gain: Double = 1, environment: [String: String]) -> Outcome {
        play(wav: SoundSynthesizer.wav(sound, gain: gain), environment: environment, maximumWait: sound.duration)
    }
}
