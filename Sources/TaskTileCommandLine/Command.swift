import TaskTileCore

/// A CLI command: its spec (for parsing and help), validation in `init`, and `run`.
public protocol Command: Sendable {
    static var spec: CommandSpec { get }
    /// Validates the parsed arguments. - Throws: `UsageError` (exit 64) or a domain error.
    init(_ arguments: ParsedArguments, context: CommandContext) throws
    /// Does the work and returns the exit code; writes only to the context's streams.
    func run(_ context: CommandContext) throws -> ExitCode
}

extension Command {
    /// A usage error that shows this command's usage line.
    public static func usage(_ message: Phrase) -> UsageError { UsageError(message: message, spec: spec) }
}
