import Foundation

/// How urgent a todo is (docs/organize.md "Priority"): four levels, as Apple Reminders, Tasks.org
/// and Taskwarrior have them. Stored as 0…3 in `todos.priority`.
public enum Priority: Int, CaseIterable, Comparable, Hashable, Sendable {
    case none = 0, low = 1, medium = 2, high = 3

    /// The name on the command line and in JSON: `none`, `low`, `medium`, `high`.
    public var name: String {
        switch self {
        case .none: "none"
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        }
    }

    /// A priority from its name or a peer's spelling: `none|low|medium|high`, their first letters
    /// (`h`, Taskwarrior's `H/M/L`), `!`…`!!!`, or 0…3; case-insensitive. Nil for anything else.
    public init?(name: String) {
        switch name.lowercased() {
        case "none", "n", "0": self = .none
        case "low", "l", "1", "!": self = .low
        case "medium", "med", "m", "2", "!!": self = .medium
        case "high", "h", "3", "!!!": self = .high
        default: return nil
        }
    }

    /// The accepted names, for messages.
    public static let accepted = "none, low, medium, high, n, l, m, h, !, !!, !!!"

    /// The RFC 5545 §3.8.1.9 `PRIORITY` value: 1 (high), 5 (medium), 9 (low), 0 (undefined).
    public var icalendarValue: Int {
        switch self {
        case .none: 0
        case .low: 9
        case .medium: 5
        case .high: 1
        }
    }

    /// A priority from an RFC 5545 `PRIORITY` (0…9): 1–4 high, 5 medium, 6–9 low, 0 none (the
    /// three-level mapping of RFC 5545 §3.8.1.9). Nil outside 0…9.
    public init?(icalendarValue: Int) {
        switch icalendarValue {
        case 0: self = .none
        case 1...4: self = .high
        case 5: self = .medium
        case 6...9: self = .low
        default: return nil
        }
    }

    public static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
}
