import TaskTileCore

/// Why `tasktile-render desktop` cannot run (each with its exit code, docs/exit-codes.md).
public enum DesktopError: Error, Hashable, Sendable, CustomStringConvertible, ReportableError {
    /// Neither `WAYLAND_DISPLAY` nor `DISPLAY` names a display we can connect to (exit 69).
    case noDisplay(wayland: String?, x11: String?)
    /// The compositor or X server went away while we ran (exit 69, so a unit restarts us).
    case displayLost(String)
    /// Another `desktop` holds this data directory on this display (exit 75).
    case alreadyRunning(dataDirectory: String, display: String)

    /// One sentence naming what failed, in `l`'s language.
    public func message(_ l: Localizer) -> String {
        switch self {
        case .noDisplay(let w, let x):
            func shown(_ name: String, _ v: String?) -> String {
                guard let v, !v.isEmpty else { return l.text(.desktopErrorUnset, name) }
                return l.text(.desktopErrorUnreachable, name, v)
            }
            return l.text(.desktopErrorNoDisplay, shown("WAYLAND_DISPLAY", w), shown("DISPLAY", x))
        case .displayLost(let name): return l.text(.desktopErrorDisplayLost, name)
        case .alreadyRunning(let dir, let display): return l.text(.desktopErrorAlreadyRunning, dir, display)
        }
    }

    /// The sentence in English.
    public var description: String { message(Localizer(.en)) }

    /// 69 (unavailable) for display problems, 75 (temporary failure) for a second instance.
    public var exitCode: ExitCode {
        switch self {
        case .noDisplay, .displayLost: .unavailable
        case .alreadyRunning: .busy
        }
    }
}
