import Foundation

/// A time of day (local wall-clock, hours and minutes) at which date-only dues notify.
///
/// Read from the setting `notify.defaultTime` (`HH:MM`, 24-hour), 09:00 when unset or unreadable
/// (docs/notifications.md "Planning").
public struct NotifyTime: Hashable, Sendable, CustomStringConvertible {
    /// 0...23
    public var hour: Int
    /// 0...59
    public var minute: Int

    /// The settings key that holds the default notification time.
    public static let settingKey = "notify.defaultTime"
    /// 09:00, the default when the setting is absent.
    public static let standard = NotifyTime(hour: 9, minute: 0)!

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour; self.minute = minute
    }

    /// Parses `HH:MM` or `H:MM` (24-hour); nil otherwise.
    public init?(text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        self.init(hour: h, minute: m)
    }

    /// `HH:MM`.
    public var description: String { "\(pad(hour, 2)):\(pad(minute, 2))" }
}
