import TaskTileCore

extension WidgetSpec {
    /// The error for this spec when another of `specs` (every spec being rendered) claims its
    /// `name` or its PNG path (docs/widgets.md "Output files"): two specs must never silently share
    /// one PNG. **Neither is rendered** — each is refused (exit 65) naming both files, and the PNG
    /// and hit map already there stay as they were, so a spec added by mistake never overwrites
    /// the widget another spec drew, whatever the file names' order. The same file given twice is
    /// not a conflict.
    public func outputConflict(among specs: [WidgetSpec], dataDirectory: DataDirectory) -> DataFileError? {
        let path = outputPath(dataDirectory: dataDirectory)
        guard let other = specs.first(where: { $0.file != file && ($0.name == name || $0.outputPath(dataDirectory: dataDirectory) == path) }) else {
            return nil
        }
        let key = other.name == name ? "name" : "output"
        return DataFileError(widgetSpec: file, key: key, reason: Phrase(key: .renderErrorSameOutput, other.file, file, path))
    }
}
