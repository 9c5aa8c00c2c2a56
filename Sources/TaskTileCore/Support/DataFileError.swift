/// A data file that cannot be used (exit 65, docs/exit-codes.md): which file, where in it, and what
/// was wrong with what is accepted (`reason`). One type for every file a person hands us or keeps in
/// the data directory: import files (backups, routine packs, iCalendar, todo.txt, Taskwarrior),
/// themes files and widget specs.
///
/// Raised before anything is written, so a refused file never changes the store or the file.
public struct DataFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the file, as each kind of file names its places in its documentation.
    public enum Place: Hashable, Sendable {
        /// A line and/or a key path (`todos[3].due`) of an import file: `file:line: path: reason`.
        case record(line: Int?, path: String?)
        /// A theme (its name, or `themes[N]`) and a key of a themes file; nil for the whole file.
        case theme(String?, key: String?)
        /// A key of a widget spec; nil for the whole file.
        case widgetSpec(key: String?)
    }

    /// The file as named on the command line or in the data directory (`<argument>` for
    /// command-line input).
    public var file: String
    /// Where in `file`.
    public var place: Place
    /// One sentence: what was wrong and what is accepted, in either language (`message(_:)`);
    /// values quoted from the file stay literal.
    public var reason: Phrase

    /// A problem in an import file, at `line` and/or the key path `path` when it has them.
    public init(file: String, line: Int? = nil, path: String? = nil, reason: Phrase) {
        self.init(file: file, place: .record(line: line, path: path), reason: reason)
    }

    /// A problem in a themes file: in `theme` (nil for the file) at `key` (nil for the whole theme).
    public init(file: String, theme: String?, key: String?, reason: Phrase) {
        self.init(file: file, place: .theme(theme, key: key), reason: reason)
    }

    /// A problem in the widget spec `file` at `key` (nil for the whole file).
    public init(widgetSpec file: String, key: String?, reason: Phrase) {
        self.init(file: file, place: .widgetSpec(key: key), reason: reason)
    }

    public init(file: String, place: Place, reason: Phrase) {
        self.file = file; self.place = place; self.reason = reason
    }

    /// The line of an import file, when the problem has one.
    public var line: Int? {
        if case .record(let line, _) = place { return line }
        return nil
    }

    /// The key path of an import file (`todos[3].due`), when the problem has one.
    public var path: String? {
        if case .record(_, let path) = place { return path }
        return nil
    }

    /// The theme of a themes file, when the problem is in one.
    public var theme: String? {
        if case .theme(let theme, _) = place { return theme }
        return nil
    }

    /// Whether the problem is in a themes file.
    public var isInTheme: Bool {
        if case .theme = place { return true }
        return false
    }

    /// The key (a themes file's or a widget spec's) or the key path (an import file's).
    public var key: String? {
        get {
            switch place {
            case .record(_, let path): path
            case .theme(_, let key), .widgetSpec(let key): key
            }
        }
        set {
            switch place {
            case .record(let line, _): place = .record(line: line, path: newValue)
            case .theme(let theme, _): place = .theme(theme, key: newValue)
            case .widgetSpec: place = .widgetSpec(key: newValue)
            }
        }
    }

    /// The message in `localizer`'s language: the file, line, theme name and key stay literal,
    /// the words around them and the reason are translated.
    public func message(_ localizer: Localizer) -> String {
        switch place {
        case .record(let line, let path):
            var location = file
            if let line { location += ":\(line)" }
            if let path { location += ": \(path)" }
            return "\(location): \(reason.text(localizer))"
        case .theme(let theme, let key):
            var location = file
            if let theme { location += localizer.text(.themeErrorTheme, theme) }
            if let key { location += localizer.text(.themeErrorKey, key) }
            return "\(location): \(reason.text(localizer))"
        case .widgetSpec(let key):
            if let key { return localizer.text(.specErrorAtKey, file, key, reason.text(localizer)) }
            return "\(file): \(reason.text(localizer))"
        }
    }

    /// The message in English (`message(_:)` gives it in either language).
    public var description: String { message(Localizer(.en)) }
}

extension DataFileError: ReportableError {
    public var exitCode: ExitCode { .dataError }
}
