/// How many terminal columns text takes: East Asian wide and fullwidth characters and emoji take
/// two, everything else one per grapheme cluster (after Unicode UAX #11 East Asian Width, by
/// block ranges; enough for aligning columns of titles).
public enum TerminalWidth {
    /// Columns `text` occupies in a monospaced terminal.
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
    }

    /// `text` padded with spaces on the right to `columns` columns (unchanged when already wider).
    public static func padded(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - of(text)))
    }

    static func isWide(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        if c.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return true } // emoji presentation
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F1E6...0x1F1FF, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
