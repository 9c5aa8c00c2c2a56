/// Escaping for Pango markup, the markup both waybar labels and freedesktop notification bodies
/// read (https://docs.gtk.org/Pango/pango_markup.html).
public enum PangoMarkup {
    /// `text` with the five reserved characters (`& < > ' "`) replaced by entities.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "'": out += "&apos;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
