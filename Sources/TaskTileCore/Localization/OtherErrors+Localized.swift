extension Clock.ClockError {
    /// The message in `localizer`'s language; in English it is `description`.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .badNow(let value): localizer.text("error.clock.badNow", value)
        }
    }
}

extension RoutineError {
    /// The message in `localizer`'s language; in English it is `description` (a test keeps them equal).
    public func message(_ localizer: Localizer) -> String {
        let l = localizer
        switch self {
        case .notFound(let r, let dirs): return l.text("routine.error.notFound", r, dirs.joined(separator: ", "))
        case .alreadyApplied(let n, let list): return l.text("routine.error.alreadyApplied", n, list)
        case .notARoutine(let n): return l.text("routine.error.notARoutine", n)
        case .holdsOtherTodos(let n, let list, let count): return l.text("routine.error.holdsOtherTodos", n, list, count)
        }
    }
}

extension ThemeFileError {
    /// The message in `localizer`'s language: the file, theme name and key stay literal, the
    /// words around them and the reason are translated.
    public func message(_ localizer: Localizer) -> String {
        var location = file
        if let theme { location += localizer.text("theme.error.theme", theme) }
        if let key { location += localizer.text("theme.error.key", key) }
        return "\(location): \(reason.text(localizer))"
    }
}
