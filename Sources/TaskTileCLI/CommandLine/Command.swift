import TaskTileCore

/// A CLI command: its spec (for parsing and help), validation in `init`, and `run`.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    /// Validates the parsed arguments. - Throws: `UsageError` (exit 64) or a domain error.
    init(_ arguments: ParsedArguments, context: CommandContext) throws
    /// Does the work and returns the exit code; writes only to the context's streams.
    func run(_ context: CommandContext) throws -> ExitCode
}

extension Command {
    /// Parses and validates into an existential (a static factory keeps call sites simple).
    static func make(_ arguments: ParsedArguments, context: CommandContext) throws -> any Command {
        try Self(arguments, context: context)
    }

    /// Runs the command; a forwarding helper so callers holding `any Command` need no opening.
    func execute(_ context: CommandContext) throws -> ExitCode { try run(context) }

    /// A usage error that shows this command's usage line.
    static func usage(_ message: Phrase) -> UsageError { UsageError(message: message, spec: spec) }
}
