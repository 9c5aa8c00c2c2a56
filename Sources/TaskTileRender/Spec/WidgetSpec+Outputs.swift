import TaskTileCore

extension WidgetSpec {
    /// The error for `spec` when a spec before it (`earlier`, in the order they are rendered:
    /// sorted file paths) already claims its `name` or its PNG path (docs/widgets.md "Output
    /// files"): two specs must never silently share one PNG. The first claim wins; the later spec
    /// is refused (exit 65) naming both files. The same file given twice is not a conflict.
    public func outputConflict(with earlier: [WidgetSpec], dataDirectory: DataDirectory) -> WidgetSpecError? {
        let path = outputPath(dataDirectory: dataDirectory)
        guard let other = earlier.first(where: { $0.file != file && ($0.name == name || $0.outputPath(dataDirectory: dataDirectory) == path) }) else {
            return nil
        }
        let key = other.name == name ? "name" : "output"
        return WidgetSpecError(file: file, key: key, reason: Phrase(key: .renderErrorSameOutput, other.file, file, path))
    }
}
