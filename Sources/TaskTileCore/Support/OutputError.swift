/// An output file that could not be created or written, or may not be replaced (exit 73,
/// docs/exit-codes.md): `export --out`, `sound export`, `theme export`, `theme preview`, a widget
/// PNG, its hit map or their directory. One type from the renderer to the command line, so the
/// reason of a refusal reaches the person unchanged.
public struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed: making the file (or its directory) or writing it.
    public enum Operation: Hashable, Sendable {
        /// A widget output or a preview: `cannot create PATH: DETAIL`.
        case create
        /// A file a command writes on request: the catalogue's `cannot write PATH: DETAIL`.
        case write
    }

    /// The file or directory that could not be created.
    public var path: String
    /// Why (the failing call and the system's message), English.
    public var detail: String
    /// A refusal of ours (not a system error), in either language; nil for system errors.
    public var reason: Phrase?
    public var operation: Operation

    /// An error for `path` with the system's `detail` (or our `reason`).
    public init(path: String, detail: String, reason: Phrase? = nil, operation: Operation = .create) {
        self.path = path; self.detail = detail; self.reason = reason; self.operation = operation
    }

    /// A system error writing `path` (`cannot write PATH: DETAIL`).
    public static func cannotWrite(_ path: String, detail: String) -> OutputError {
        OutputError(path: path, detail: detail, operation: .write)
    }

    /// The refusal, or what could not be done to `path` and why, in `localizer`'s language.
    public func message(_ localizer: Localizer) -> String {
        if let reason { return reason.text(localizer) }
        switch operation {
        case .create: return localizer.text(.errorCannotCreate, path, detail)
        case .write: return localizer.text(.errorCannotWrite, path, detail)
        }
    }

    /// The message in English.
    public var description: String { message(Localizer(.en)) }
}

extension OutputError: ReportableError {
    public var exitCode: ExitCode { .cannotCreate }
}
