#if canImport(Glibc)
import Glibc
#endif

/// How many terminal columns text takes, the way glibc's `wcwidth(3)` counts them (Unicode's East
/// Asian Width and zero-width tables, as a terminal on this system uses them), per grapheme cluster.
///
/// The rule, for each grapheme cluster (a user-perceived character):
/// - its width is the widest `wcwidth` of its scalars, asked under glibc's built-in `C.UTF-8`
///   locale whatever the user's locale is: kana, kanji, Hangul and fullwidth forms take 2, Latin
///   letters with combining marks 1 (the mark itself 0), halfwidth katakana 1;
/// - a cluster with emoji presentation takes 2: one with U+FE0F (VARIATION SELECTOR-16, "❤️"),
///   or a flag (two regional indicators), even where `wcwidth` says 1 for the base;
/// - non-printable scalars (`wcwidth` −1: control characters) count 0; titles never hold them.
/// If the `C.UTF-8` locale or `wcwidth` is unavailable, every cluster counts 1 (2 with emoji
/// presentation).
public enum TerminalWidth {
    /// Columns `text` occupies in a monospaced terminal (see the rule above).
    public static func of(_ text: String) -> Int {
        withUTF8Locale { text.reduce(0) { $0 + clusterWidth($1) } }
    }

    /// `text` padded with spaces on the right to `columns` columns (unchanged when already wider).
    public static func padded(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - of(text)))
    }

    /// Columns of one grapheme cluster; call inside `withUTF8Locale`.
    static func clusterWidth(_ c: Character) -> Int {
        var widest = 0, regionalIndicators = 0
        for scalar in c.unicodeScalars {
            if scalar.value == 0xFE0F { return 2 } // emoji presentation
            if (0x1F1E6...0x1F1FF).contains(scalar.value) { regionalIndicators += 1 }
            if let wcwidth, utf8Locale != nil {
                widest = max(widest, Int(wcwidth(wchar_t(scalar.value))))
            } else {
                widest = 1
            }
        }
        return regionalIndicators >= 2 ? 2 : widest
    }

    /// glibc's `wcwidth`, looked up once at run time: `<wchar.h>` declares it only under
    /// `_XOPEN_SOURCE`, which Swift's Glibc module is built without, so it cannot be imported.
    private static let wcwidth: (@convention(c) (wchar_t) -> Int32)? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "wcwidth") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
    }()

    /// glibc's built-in UTF-8 character-type locale, made once and never freed (it is immutable,
    /// and `uselocale` installs it per thread only for the duration of a call).
    nonisolated(unsafe) private static let utf8Locale: locale_t? = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)

    /// Runs `body` with `C.UTF-8` as this thread's character-type locale, restoring the previous one.
    private static func withUTF8Locale<T>(_ body: () -> T) -> T {
        guard let utf8Locale else { return body() }
        let previous = uselocale(utf8Locale)
        defer { uselocale(previous) }
        return body()
    }
}
