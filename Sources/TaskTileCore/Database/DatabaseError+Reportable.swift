// How a database error is shown to a person (docs/exit-codes.md).

extension DatabaseError: ReportableError {
    public var exitCode: ExitCode { isBusy ? .busy : .ioError }
    /// A damaged store is said plainly. A user never sees SQL text or bound values:
    /// only the result code and SQLite's generic text for it (`codeText`), since SQLite's own
    /// message can quote a constraint's SQL. `description` keeps the details for developers.
    public func message(_ localizer: Localizer) -> String {
        isNotADatabase ? localizer.text(.errorStoreDamaged, codeText)
            : localizer.text(.errorStoreFailed, "\(extendedResultCode)", codeText)
    }
}
