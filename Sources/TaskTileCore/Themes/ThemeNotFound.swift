/// No theme has that name or id (exit 1): `theme show|set|rm|export|preview`, the message listing
/// the themes there are.
public struct ThemeNotFound: Error, CustomStringConvertible, ReportableError {
    /// The name, id or id prefix that was asked for.
    public var reference: String
    /// Every theme's name, in file order.
    public var names: [String]
    public init(reference: String, names: [String]) { self.reference = reference; self.names = names }
    public var exitCode: ExitCode { .nothingMatched }
    public var description: String { message(Localizer(.en)) }
    public func message(_ l: Localizer) -> String { l.text(.themeNotFound, reference, names.joined(separator: ", ")) }
}
