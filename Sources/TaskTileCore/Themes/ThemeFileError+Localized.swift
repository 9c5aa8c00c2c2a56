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

extension ThemeFileError: ReportableError {
    public var exitCode: ExitCode { .dataError }
}
