import Foundation
import TaskTileCore

/// The one log-line format of every tasktile daemon (`watch`, `desktop`, `notify run`), on stderr:
/// `2027-01-05T09:00:00+0900 info tasktile-render: spec=desk [change] wrote desk.png (7.1 ms)`:
/// local wall-clock time with its UTC offset, a level, the program name, the message.
public struct DaemonLog {
    /// How much a line matters; its raw value is the word printed after the time stamp.
    public enum Level: String, Sendable, CaseIterable {
        /// Something happened as it should (a frame drawn, a spec removed, a delivery).
        case info
        /// Something the user should know about that the daemon works around (no layer-shell, a retry).
        case warning
        /// Something failed (a bad file, a store error); the daemon goes on where it can.
        case error
    }

    /// The name after the level, e.g. `tasktile-render`.
    public let program: String
    let zone: TimeZone
    let clock: () -> Date
    let write: (String) -> Void

    /// - Parameters:
    ///   - program: printed in each line.
    ///   - zone: the user's zone for the time stamp.
    ///   - clock: the daemon's "now" (UTC instant); the system clock by default.
    ///   - write: receives each line with its newline and must flush it.
    public init(program: String, zone: TimeZone, clock: @escaping () -> Date = { Date() },
                write: @escaping (String) -> Void) {
        self.program = program; self.zone = zone; self.clock = clock; self.write = write
    }

    /// The line for `message` at `level`, newline included.
    public func line(_ level: Level, _ message: String) -> String {
        let now = clock()
        let offset = ZonedClock.offsetText(zone.secondsFromGMT(for: now)).replacingOccurrences(of: ":", with: "")
        return "\(ZonedClock.wallClock(of: now, in: zone))\(offset) \(level.rawValue) \(program): \(message)\n"
    }

    /// Writes the line for `message` at `level`.
    public func callAsFunction(_ level: Level, _ message: String) { write(line(level, message)) }

    public func info(_ message: String) { self(.info, message) }
    public func warning(_ message: String) { self(.warning, message) }
    public func error(_ message: String) { self(.error, message) }
}
