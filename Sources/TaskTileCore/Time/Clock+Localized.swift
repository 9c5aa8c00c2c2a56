extension Clock.ClockError {
    /// The message in `localizer`'s language; in English it is `description`.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .badNow(let value): localizer.text(.errorClockBadNow, value)
        }
    }
}

extension Clock.ClockError: ReportableError {
    public var exitCode: ExitCode { .usage }
}
