import Foundation
import TaskTileRuntime

/// Where a `WidgetSession` reads "now" and asks to be woken: the host's `ChangeSource` in the
/// programs (whose `next` then reports the wake-up as `timer`), a hand-set clock in tests.
public protocol WidgetSessionClock: AnyObject {
    /// "Now", a UTC instant.
    var now: Date { get }
    /// The user's zone (`TZ`), for due labels and the day.
    var zone: TimeZone { get }
    /// Asks for a wake-up at `date` (this clock's time); the host hands what it reports to
    /// `WidgetSession.apply(_:)`.
    func wake(at date: Date)
}

/// The change source is the clock of both hosts: `TASKTILE_NOW` advancing with real time, the
/// zone of `TZ`, and wake-ups through its timerfd (docs/live-updates.md).
extension ChangeSource: WidgetSessionClock {}
