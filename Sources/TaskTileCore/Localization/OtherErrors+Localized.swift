extension Clock.ClockError {
    /// The message in `localizer`'s language; in English it is `description`.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .badNow(let value): localizer.text(.errorClockBadNow, value)
        }
    }
}

extension RoutineError {
    /// The message in `localizer`'s language; in English it is `description` (a test keeps them equal).
    public func message(_ localizer: Localizer) -> String {
        let l = localizer
        switch self {
        case .notFound(let r, let dirs): return l.text(.routineErrorNotFound, r, dirs.joined(separator: ", "))
        case .alreadyApplied(let n, let list): return l.text(.routineErrorAlreadyApplied, n, list)
        case .notARoutine(let n): return l.text(.routineErrorNotARoutine, n)
        case .holdsOtherTodos(let n, let list, let count): return l.text(.routineErrorHoldsOtherTodos, n, list, count)
        }
    }
}

extension ThemeFileError {
    /// The message in `localizer`'s language: the file, theme name and key stay literal, the
    /// words around them and the reason are translated.
    public func message(_ localizer: Localizer) -> String {
        var location = file
        if let theme { location += localizer.text(.themeErrorTheme, theme) }
        if let key { location += localizer.text(.themeErrorKey, key) }
        return "\(location): \(reason.text(localizer))"
    }
}
