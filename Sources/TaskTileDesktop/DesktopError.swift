import TaskTileCore

/// Why `tasktile-render desktop` cannot run (each with its exit code, docs/exit-codes.md).
public enum DesktopError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Neither `WAYLAND_DISPLAY` nor `DISPLAY` names a display we can connect to (exit 69).
    case noDisplay(wayland: String?, x11: String?)
    /// The compositor or X server went away while we ran (exit 69, so a unit restarts us).
    case displayLost(String)
    /// Another `desktop` holds this data directory on this display (exit 75).
    case alreadyRunning(dataDirectory: String, display: String)

    /// One sentence naming what failed.
    public var description: String {
        switch self {
        case .noDisplay(let w, let x):
            func shown(_ name: String, _ v: String?) -> String {
                guard let v, !v.isEmpty else { return "\(name) is not set" }
                return "\(name)=\(v) cannot be reached"
            }
            return "no display: \(shown("WAYLAND_DISPLAY", w)) and \(shown("DISPLAY", x)) (run inside a Wayland or X11 session, or set one of them)"
        case .displayLost(let name): return "lost the connection to the display \(name) (the compositor or X server stopped)"
        case .alreadyRunning(let dir, let display):
            return "another tasktile-render desktop is running for \(dir) on display \(display)"
        }
    }

    /// 69 (unavailable) for display problems, 75 (temporary failure) for a second instance.
    public var exitCode: ExitCode {
        switch self {
        case .noDisplay, .displayLost: .unavailable
        case .alreadyRunning: .busy
        }
    }
}
