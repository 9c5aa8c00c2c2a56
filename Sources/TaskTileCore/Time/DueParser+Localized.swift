extension DueParser.ParseError {
    /// The message in `localizer`'s language: the input as typed, why it was refused, and the
    /// accepted forms (which stay in the English words the parser reads).
    public func message(_ localizer: Localizer) -> String {
        localizer.text(.dueError, input, reason.text(localizer), DueParser.acceptedForms)
    }
}

extension DueParser.ParseError: ReportableError {
    public var exitCode: ExitCode { .usage }
    public var showsUsage: Bool { true }
}
