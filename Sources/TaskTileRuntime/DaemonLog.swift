import Foundation
import TaskTileCore

/// The one log-line format of every tasktile daemon (`watch`, `desktop`, `notify run`), on stderr:
/// `2027-01-05T09:00:00+0900 info tasktile-render: spec=desk [change] wrote desk.png (7.1 ms)`:
/// local wall-clock time with its UTC offset, a level, the program name, the message.
public struct DaemonLog {
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

    /// The line for `message` at `level` (`info`, `warning`, `error`), newline included.
    public func line(_ level: String, _ message: String) -> String {
        let now = clock()
        let offset = ZonedClock.offsetText(zone.secondsFromGMT(for: now)).replacingOccurrences(of: ":", with: "")
        return "\(ZonedClock.wallClock(of: now, in: zone))\(offset) \(level) \(program): \(message)\n"
    }

    public func info(_ message: String) { write(line("info", message)) }
    public func warning(_ message: String) { write(line("warning", message)) }
    public func error(_ message: String) { write(line("error", message)) }
}
