// How the store's errors are shown to a person: their exit codes (docs/exit-codes.md). The
// messages live beside each error (`*+Localized.swift`); every other error of the core layer has
// its conformance beside its declaration.

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
        case .listNotFound, .todoNotFound, .alreadyCompleted, .alreadyCheckedIn, .notCheckedIn,
             .notCompleted, .todoExists, .viewNotFound, .tagNotOnTodo: .nothingMatched
        case .ambiguousList, .ambiguousTodo: .ambiguous
        case .invalidTitle, .invalidNotes, .badPosition, .invalidSetting, .invalidCycle, .invalidTag, .invalidParent,
             .invalidView, .invalidSnooze, .invalidStart: .usage
        case .notAStore, .newerStore, .inaccessible, .readOnly, .diskFull, .dataDirectoryMissing, .unsafeDirectory,
             .foreignOwner: .ioError
        case .busy: .busy
        }
    }
    public var showsUsage: Bool { exitCode == .usage }
}
