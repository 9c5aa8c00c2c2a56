extension Clock.ClockError {
    /// The message in `localizer`'s language; in English it is `description`.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .badNow(let value): localizer.text(.errorClockBadNow, value)
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
