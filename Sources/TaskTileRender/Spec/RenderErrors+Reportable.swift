import TaskTileCore

// How the renderer's errors are shown (docs/exit-codes.md).

extension CairoError: ReportableError {
    /// A surface that cannot be created is an output that cannot be created.
    public var exitCode: ExitCode { .cannotCreate }
}

