import Foundation
import TaskTileCore

/// Why a sync pass failed (docs/sync.md "Exit codes"; docs/exit-codes.md).
public enum DAVError: Error, Sendable, CustomStringConvertible {
    /// No connection: refused, DNS, timeout, TLS (exit 69). Nothing was changed locally.
    case unreachable(url: String, detail: String)
    /// 401, or 403 before any collection was reached: the user or password was refused (exit 77).
    case authRefused(url: String, user: String, status: Int)
    /// An answer the protocol does not allow here (exit 69): `method` on `url` gave `status`.
    case unexpected(url: String, method: String, status: Int, detail: String)
    /// A body that is not the XML expected (exit 69).
    case badXML(String)
    /// `--password-command` could not be split or started, exited non-zero or printed nothing
    /// (exit 77: the credentials are the problem, not the network — a timer that treats 69 as
    /// "offline" must not hide it).
    case passwordCommand(String)
    /// A server URL that is not http(s)://host… (exit 64).
    case badURL(String)
    /// The vdir cannot be read or written (exit 74).
    case vdir(path: String, detail: String)
    /// Server items that could not be read: reported one by one, the rest synced (exit 65).
    case unreadableItems(Int)
    /// Lists the server refused a calendar collection for (MKCALENDAR): reported one by one, kept
    /// here only, tried again next pass; the rest synced (exit 65).
    case listsNotCreated(Int)
    /// `cause` came after the pass had already applied something (here or on the server): those
    /// changes are kept and counted, so the message never says "nothing was changed"; the exit
    /// code is the cause's.
    /// List names that are ambiguous between here and the server (exit 65).
    case ambiguousNames(Int)
    indirect case stoppedMidway(DAVError, up: Int, down: Int, deletedHere: Int, deletedThere: Int)

    public var description: String { message(Localizer(.en)) }

    /// The message of a failure that interrupted a pass, without the "nothing was changed" that
    /// the first request's failure says.
    func causeMessage(_ l: Localizer) -> String {
        if case .unreachable(let url, let detail) = self { return l.text(.syncErrorConnectionLost, url, detail) }
        return message(l)
    }
}

extension DAVError: ReportableError {
    public var exitCode: ExitCode {
        switch self {
        case .unreachable, .unexpected, .badXML: .unavailable
        case .authRefused, .passwordCommand: .noPermission
        case .badURL: .usage
        case .vdir: .ioError
        case .unreadableItems, .listsNotCreated, .ambiguousNames: .dataError
        case .stoppedMidway(let cause, _, _, _, _): cause.exitCode
        }
    }

    public func message(_ l: Localizer) -> String {
        switch self {
        case .unreachable(let url, let detail): l.text(.syncErrorUnreachable, url, detail)
        case .authRefused(let url, let user, let status): l.text(.syncErrorAuth, url, user, status)
        case .unexpected(let url, let method, let status, let detail): l.text(.syncErrorProtocol, url, status, method, detail)
        case .badXML(let detail): l.text(.syncErrorProtocol, "-", "XML", "-", detail)
        case .passwordCommand(let detail): l.text(.syncErrorPasswordCommand, detail)
        case .badURL(let url): l.text(.syncErrorBadURL, url)
        case .vdir(let path, let detail): l.text(.syncErrorVdir, path, detail)
        case .unreadableItems(let n): l.text(.syncErrorUnreadable, n)
        case .listsNotCreated(let n): l.text(.syncErrorListsNotCreated, n)
        case .ambiguousNames(let n): l.text(.syncErrorAmbiguousNames, n)
        case .stoppedMidway(let cause, let up, let down, let here, let there):
            l.text(.syncErrorStoppedMidway, cause.causeMessage(l), up, down, here, there)
        }
    }
}
