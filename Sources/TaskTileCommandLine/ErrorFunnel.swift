import TaskTileCore

/// The one place an error becomes what a person sees (docs/exit-codes.md): `Error: <message>` on
/// stderr in the user's language, for usage mistakes the usage line and "See '<command> --help'",
/// and the exit code the error carries (`ReportableError`). The same layout and codes in
/// `tasktile` and `tasktile-render`. An error that does not describe itself is a bug: it is
/// reported as `Error: internal error: …` with exit 70 (EX_SOFTWARE), never as another failure.
public struct ErrorFunnel: Sendable {
    /// The program name (for messages that name it).
    public var program: String

    public init(program: String) { self.program = program }

    /// The exit code, the message in `localizer`'s language and whether the usage line follows.
    public func classify(_ error: Error, _ localizer: Localizer = Localizer(.en)) -> (code: ExitCode, message: String, showsUsage: Bool) {
        if let e = error as? ReportableError { return (e.exitCode, e.message(localizer), e.showsUsage) }
        return (.software, localizer.text(.errorInternal, "\(error)"), false)
    }

    /// Writes the error to `stderr` and returns its exit code. `spec` is the command being run,
    /// whose usage line is shown under usage mistakes (a `UsageError` may name another).
    @discardableResult
    public func report(_ error: Error, to stderr: OutputSink, spec: CommandSpec? = nil, localizer: Localizer) -> Int32 {
        let (code, message, showUsage) = classify(error, localizer)
        var text = localizer.text(.errorPrefix, message) + "\n"
        if showUsage, let spec = (error as? UsageError)?.spec ?? spec {
            text += localizer.text(.errorUsageLine, spec.usage) + "\n" + localizer.text(.errorSeeHelp, spec.commandName) + "\n"
        }
        stderr.write(text)
        return code.rawValue
    }

    /// `{"error": {"exitCode": N, "message": "…"}}` (English message) for `--json` callers.
    public func jsonObject(for error: Error) -> JSONValue {
        let (code, message, _) = classify(error)
        return .object([("error", .object([("exitCode", .number(Double(code.rawValue))), ("message", .string(message))]))])
    }
}

/// A command's refusal with a catalogue message and an exit code, thrown (never written to stderr
/// by the command itself) so the funnel prints it — and, under `--json`, the `{"error": …}` object
/// on stdout, the same for every command.
public struct CommandFailure: Error, CustomStringConvertible, ReportableError {
    public var exitCode: ExitCode
    public var reason: Phrase
    public init(_ exitCode: ExitCode, _ reason: Phrase) { self.exitCode = exitCode; self.reason = reason }
    public var description: String { message(Localizer(.en)) }
    public func message(_ l: Localizer) -> String { reason.text(l) }
}

