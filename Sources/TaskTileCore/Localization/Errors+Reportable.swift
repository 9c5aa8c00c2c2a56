// How each error of the core layer is shown to a person: its exit code (docs/exit-codes.md) and
// message. The messages themselves live beside each error (`*+Localized.swift`).

extension DueParser.ParseError: ReportableError {
    public var exitCode: ExitCode { .usage }
    public var showsUsage: Bool { true }
}

extension RepeatRuleError: ReportableError {
    public var exitCode: ExitCode { .usage }
    public var showsUsage: Bool { true }
}

extension Clock.ClockError: ReportableError {
    public var exitCode: ExitCode { .usage }
}

extension IntentFailure: ReportableError {
    public var exitCode: ExitCode {
        switch self {
        case .ambiguous, .ambiguousID: .ambiguous
        default: .nothingMatched
        }
    }
    /// The intent command prints its own `{"completed": false, …}` object.
    public var printsOwnJSON: Bool { true }
}

extension StoreError: ReportableError {
    public var exitCode: ExitCode {
        switch self {
        case .listNotFound, .todoNotFound, .alreadyCompleted, .alreadyCheckedIn, .notCompleted: .nothingMatched
        case .ambiguousList, .ambiguousTodo: .ambiguous
        case .invalidTitle, .invalidNotes, .badPosition, .invalidSetting, .invalidCycle: .usage
        case .notAStore, .newerStore, .inaccessible, .readOnly, .diskFull, .dataDirectoryMissing, .unsafeDirectory, .foreignOwner: .ioError
        case .busy: .busy
        }
    }
    public var showsUsage: Bool { exitCode == .usage }
}

extension ThemeFileError: ReportableError {
    public var exitCode: ExitCode { .dataError }
}

extension FileError: ReportableError {
    public var exitCode: ExitCode { .ioError }
}

extension DatabaseError: ReportableError {
    public var exitCode: ExitCode { isBusy ? .busy : .ioError }
    /// A damaged store is said plainly. A user never sees SQL text or bound values (issue #21.10):
    /// only the result code and SQLite's generic text for it (`codeText`), since SQLite's own
    /// message can quote a constraint's SQL. `description` keeps the details for developers.
    public func message(_ localizer: Localizer) -> String {
        isNotADatabase ? localizer.text(.errorStoreDamaged, codeText)
            : localizer.text(.errorStoreFailed, "\(extendedResultCode)", codeText)
    }
}
