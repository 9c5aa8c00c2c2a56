import Foundation
import TaskTileCore
#if canImport(Glibc)
import Glibc
#endif

/// Plays WAV bytes through the first of `pw-play`, `paplay`, `aplay` found on `PATH` (docs/sounds.md "Playback").
///
/// Playback never fails its caller and never blocks longer than the sound lasts:
/// - no player on `PATH`, a temp file that cannot be written, or a spawn that fails → `.skipped`;
/// - the player is started by the `ProcessSpawner` (an argv, no shell) in its own process group,
///   with stdin, stdout and stderr on `/dev/null` (an audio error must not print into a status bar);
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

        // The child sees the sound as fd 3 (dup2 clears close-on-exec); if mkstemp returned 3
        // itself, use 4 so that the dup2 is a real one.
        let childFD: Int32 = fd == 3 ? 4 : 3
        let argv = [player.path] + player.arguments + ["/dev/fd/\(childFD)"]
        let finished = DispatchSemaphore(value: 0)
        do {
            try ProcessSpawner().spawn(argv, environment: environment, silent: true, passing: (fd, as: childFD),
                                       ownProcessGroup: true, onExit: { _ in finished.signal() })
        } catch SpawnError.cannotStart(_, let code) {
            return .skipped(reason: Phrase(key: .soundSkipCannotStart, player.path, String(cString: strerror(code))))
        } catch {
            return .skipped(reason: Phrase(key: .soundSkipCannotStart, player.path, "\(error)"))
        }
        // The spawner reaps the player whenever it ends; a player still running after the wait
        // plays on, detached.
        _ = finished.wait(timeout: .now() + max(0, maximumWait))
        return .started(player: (player.path as NSString).lastPathComponent)
    }

    /// Synthesises and plays `sound` with `gain` (0…1), waiting at most the sound's length.
    @discardableResult
    public static func play(_ sound: CompletionSound, gain: Double = 1, environment: [String: String]) -> Outcome {
        play(wav: SoundSynthesizer.wav(sound, gain: gain), environment: environment, maximumWait: sound.duration)
    }
}
