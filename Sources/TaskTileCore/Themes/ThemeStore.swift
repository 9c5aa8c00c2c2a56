import Foundation

/// The theme file of a data directory, `themes.json`: `{ "version": 1, "themes": [ … ] }` (docs/themes.md "The theme file").
///
/// Created with the Default theme on first use. Every write replaces the file atomically
/// (`AtomicFile`), so the renderer never reads half a file; a refused edit leaves it untouched.
public struct ThemeStore: Sendable {
    /// The file format version this build reads and writes.
    public static let formatVersion = 1
    /// File name inside the data directory.
    public static let fileName = "themes.json"

    /// Absolute path of `themes.json`.
    public let path: String

    public init(dataDirectory: DataDirectory) {
        path = dataDirectory.path + "/" + ThemeStore.fileName
    }

    public init(path: String) { self.path = path }

    /// Loads every theme in file order, creating the file with the Default theme when it is missing.
    /// - Throws: `DataFileError` (exit 65) for bad content (also two themes with one id or one
    ///   name, naming both positions, and an empty list), `FileError` for I/O failures
    ///   (`.notRegularFile`, exit 74, for a FIFO or another non-regular file: never waited on).
    public func load() throws -> [Theme] {
        let bytes: [UInt8]
        do {
            bytes = try Posix.readFile(path)
        } catch let error as FileError where error.errnoValue == ENOENT {
            let themes = [Theme.standard]
            try save(themes)
            return themes
        }
        return try ThemeStore.decodeFile(bytes, file: path)
    }

    /// The most themes `themes.json` holds (and `theme new`/`theme import` write): 1,000 — far more
    /// than anyone picks from, and a bound that keeps every theme command linear and instant.
    public static let maxThemes = 1000

    /// Decodes the content of a theme file, in time linear in its size (ids checked with a set).
    /// - Throws: `DataFileError` naming the file, the theme and the key; more than `maxThemes`.
    public static func decodeFile(_ bytes: [UInt8], file: String) throws -> [Theme] {
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch let e as JSONSyntaxError {
            throw DataFileError(file: file, theme: nil, key: nil, reason: Phrase(key: .themeErrorNotJSON, e.located))
        }
        guard case .object(let members) = root else {
            throw DataFileError(file: file, theme: nil, key: nil, reason: Phrase(key: .themeErrorFileNotAnObject))
        }
        for (key, _) in members where key != "version" && key != "themes" {
            throw DataFileError(file: file, theme: nil, key: key, reason: Phrase(key: .themeErrorUnknownKey, "version, themes"))
        }
        guard let version = root["version"] else {
            throw DataFileError(file: file, theme: nil, key: "version", reason: Phrase(key: .themeErrorVersionRequired))
        }
        guard version.intValue == formatVersion else {
            throw DataFileError(file: file, theme: nil, key: "version",
                                reason: Phrase(key: .themeErrorBadVersion, version.serialized(pretty: false)))
        }
        guard case .array(let items)? = root["themes"] else {
            throw DataFileError(file: file, theme: nil, key: "themes", reason: Phrase(key: .themeErrorThemesNotArray))
        }
        // An empty list would leave specs without a theme and every later edit without a first
        // theme to keep: refused, naming the key.
        guard !items.isEmpty else {
            throw DataFileError(file: file, theme: nil, key: "themes", reason: Phrase(key: .themeErrorEmptyList))
        }
        // A cap, so a huge or hostile file is refused at once instead of read for minutes.
        guard items.count <= maxThemes else {
            throw DataFileError(file: file, theme: nil, key: "themes", reason: Phrase(key: .themeErrorTooMany, items.count, maxThemes))
        }
        var themes: [Theme] = []
        // First position of each id and name (dictionaries: linear in the number of themes).
        var idAt: [String: Int] = [:], nameAt: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            let theme = try Theme.decode(item, file: file, label: "themes[\(i)]")
            if let first = idAt[theme.id] {
                throw DataFileError(file: file, theme: theme.name, key: "id",
                                     reason: Phrase(key: .themeErrorDuplicateIDAt, theme.id, "themes[\(first)]", "themes[\(i)]"))
            }
            if let first = nameAt[theme.name] {
                throw DataFileError(file: file, theme: theme.name, key: "name",
                                     reason: Phrase(key: .themeErrorDuplicateNameAt, theme.name, "themes[\(first)]", "themes[\(i)]"))
            }
            idAt[theme.id] = i
            nameAt[theme.name] = i
            themes.append(theme)
        }
        return themes
    }

    /// Writes all themes atomically (temp file, fsync, rename), mode 0600, after removing the temp
    /// files a crashed writer left beside it (`AtomicFile.removeStaleTemporaries(in:)`).
    /// - Throws: `DataFileError` (more than `maxThemes`; nothing written), `FileError`.
    public func save(_ themes: [Theme]) throws {
        guard themes.count <= ThemeStore.maxThemes else {
            throw DataFileError(file: path, theme: nil, key: "themes", reason: Phrase(key: .themeErrorTooMany, themes.count, ThemeStore.maxThemes))
        }
        AtomicFile.removeStaleTemporaries(in: PathText.directory(of: path))
        let root = JSONValue.object([("version", .number(Double(ThemeStore.formatVersion))),
                                     ("themes", .array(themes.map(\.jsonValue)))])
        try AtomicFile.write(root.serialized() + "\n", to: path)
    }

    /// Finds a theme by exact name, then by id or unique id prefix (≥ 6 characters).
    /// `nil` reference = the first theme.
    public static func find(_ reference: String?, in themes: [Theme]) -> Theme? {
        guard let reference else { return themes.first }
        if let byName = themes.first(where: { $0.name == reference }) { return byName }
        let lower = reference.lowercased()
        if let exact = themes.first(where: { $0.id == lower }) { return exact }
        guard lower.count >= 6 else { return nil }
        let matches = themes.filter { $0.id.hasPrefix(lower) }
        return matches.count == 1 ? matches[0] : nil
    }
}
