import Foundation
import TaskTileCommandLine
import TaskTileCore

/// Loads, edits and saves `themes.json` for the theme commands. Every edit is checked in memory
/// first and saved with `ThemeStore.save` (temp file, fsync, rename), so a refused edit leaves the
/// file byte-identical and the renderer never reads half a file.
struct ThemeFile {
    let store: ThemeStore
    var themes: [Theme]

    /// Loads `themes.json` of the data directory (created with the Default theme when missing).
    /// - Throws: `DataFileError` (65) for a bad file, `FileError` (74).
    init(_ context: CommandContext) throws {
        try context.dataDirectory.ensureExists()
        store = ThemeStore(dataDirectory: context.dataDirectory)
        themes = try store.load()
    }

    /// The index of the theme `reference` names (name, id or id prefix).
    /// - Throws: `ThemeNotFound` (exit 1) listing the themes.
    func index(of reference: String) throws -> Int {
        if let t = ThemeStore.find(reference, in: themes), let i = themes.firstIndex(where: { $0.id == t.id }) { return i }
        throw ThemeNotFound(reference: reference, names: themes.map(\.name))
    }

    /// Refuses two themes with one name or one id (specs find themes by either).
    /// - Throws: `DataFileError` naming themes.json, the theme and the key.
    func checkUnique() throws {
        var names = Set<String>(), ids = Set<String>()
        for t in themes {
            guard names.insert(t.name).inserted else {
                throw DataFileError(file: store.path, theme: t.name, key: "name",
                                     reason: Phrase(key: .themeErrorDuplicateName, t.name))
            }
            guard ids.insert(t.id).inserted else {
                throw DataFileError(file: store.path, theme: t.name, key: "id", reason: Phrase(key: .themeErrorDuplicateID, t.id))
            }
        }
    }

    /// Checks and writes atomically. - Throws: `DataFileError`, `FileError`.
    func save() throws {
        try checkUnique()
        try store.save(themes)
    }
}


/// `tasktile theme new NAME [--from NAME]`: adds a theme with every default, or a copy of another.
struct ThemeNewCommand: Command {
    static let spec = CommandSpec(
        path: ["theme", "new"], abstract: "Add a theme to themes.json.",
        discussion: "The new theme has every default (README, \"Themes\": accent #007AFF, light, circleDotted…), or copies --from with a new id.",
        arguments: [ArgumentSpec(name: "name", help: "The new theme's name (unique).")],
        options: [fromOption.spec])
    static let fromOption = Option.value("--from", valueName: "name", help: "Copy this theme's settings (a theme name or id).")
    let name: String, from: String?
    init(_ a: ParsedArguments, context: CommandContext) throws {
        name = a.positionals[0]; from = a[Self.fromOption]
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        var file = try ThemeFile(context)
        var theme = Theme(name: name)
        if let from { theme = file.themes[try file.index(of: from)]; theme.id = UUID().uuidString.lowercased() }
        theme.name = name // so an error below names the theme being made, not a placeholder or --from
        try theme.set("name", to: .string(name), file: file.store.path)
        file.themes.append(theme)
        try file.save()
        if context.json { context.printJSON(theme.jsonValue) } else {
            context.out(from.map { context.localizer.text(.themeAddedFrom, theme.name, theme.id.prefix(8), $0) }
                        ?? context.localizer.text(.themeAdded, theme.name, theme.id.prefix(8)))
        }
        return .success
    }
}

/// `tasktile theme set NAME KEY VALUE`: changes one key, validated like the file itself.
struct ThemeSetCommand: Command {
    static let spec = CommandSpec(
        path: ["theme", "set"], abstract: "Change one key of a theme.",
        discussion: """
            VALUE is read as JSON when it is valid JSON (18, true, null, "text"), else as text: \
            `theme set Ocean fontSize 18`, `theme set Ocean accent '#0A84FF'`, `theme set Ocean background null` \
            (null returns a colour to the appearance's default). Keys: \(Theme.keys.joined(separator: ", ")). \
            A bad value exits 65 and leaves themes.json unchanged.
            """,
        arguments: [ArgumentSpec(name: "name", help: "A theme name or id."),
                    ArgumentSpec(name: "key", help: "A theme key (README, \"Themes\")."),
                    ArgumentSpec(name: "value", help: "The new value (JSON, or text).")])
    let name: String, key: String, value: JSONValue
    init(_ a: ParsedArguments, context: CommandContext) throws {
        name = a.positionals[0]; key = a.positionals[1]
        value = ThemeSetCommand.parseValue(a.positionals[2])
    }

    /// `18` → number, `true` → bool, `null` → null, `"x"` → string; anything not valid JSON → the text itself.
    static func parseValue(_ text: String) -> JSONValue {
        (try? JSONValue.parse(text)) ?? .string(text)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        var file = try ThemeFile(context)
        let i = try file.index(of: name)
        try file.themes[i].set(key, to: value, file: file.store.path)
        try file.save()
        if context.json { context.printJSON(file.themes[i].jsonValue) } else {
            let shown = file.themes[i].jsonValue[key]?.serialized(pretty: false) ?? context.localizer.text(.themeAbsent)
            context.out(context.localizer.text(.themeChanged, file.themes[i].name, key, shown))
        }
        return .success
    }
}

/// `tasktile theme rm NAME`: removes a theme; the last one is kept (themes.json always has one).
struct ThemeRemoveCommand: Command {
    static let spec = CommandSpec(
        path: ["theme", "rm"], abstract: "Remove a theme from themes.json.",
        discussion: "The last theme cannot be removed: widgets without a \"theme\" use the first one. Specs that name the removed theme fail with exit 65 until they name another.",
        arguments: [ArgumentSpec(name: "name", help: "A theme name or id.")])
    let name: String
    init(_ a: ParsedArguments, context: CommandContext) throws { name = a.positionals[0] }

    func run(_ context: CommandContext) throws -> ExitCode {
        var file = try ThemeFile(context)
        let i = try file.index(of: name)
        guard file.themes.count > 1 else {
            throw CommandFailure(.nothingMatched, Phrase(key: .themeOnlyOne, file.themes[i].name))
        }
        let removed = file.themes.remove(at: i)
        try file.save()
        if !context.json { context.out(context.localizer.text(.themeRemoved, removed.name)) }
        var naming: [String] = []
        for specFile in context.dataDirectory.specFiles {
            // Only the spec's `theme` key (a spec that does not parse is reported by the renderer,
            // not here): `tasktile` links no renderer.
            if let bytes = try? Posix.readFile(specFile, limit: 1 << 20), let root = try? JSONValue.parse(bytes),
               case .string(let named)? = root["theme"], named == removed.name || named == removed.id {
                context.stderr.write(context.localizer.text(.themeSpecNote, specFile, named) + "\n")
                naming.append(specFile)
            }
        }
        // --json: the result, as every other command prints one.
        if context.json {
            context.printJSON(.object([("removed", .object([("id", .string(removed.id)), ("name", .string(removed.name))])),
                                       ("specsNamingIt", .array(naming.map(JSONValue.string)))]))
        }
        return .success
    }
}

/// `tasktile theme import FILE [--replace]`: adds the themes of a preset, an export or a TaskTune export.
struct ThemeImportCommand: Command {
    static let spec = CommandSpec(
        path: ["theme", "import"], abstract: "Add the themes of a theme file to themes.json.",
        discussion: """
            FILE may be a { "version": 1, "themes": [ … ] } file (Themes/*.json presets, theme export), one theme \
            object, or TaskTune's theme export (colour objects {red, green, blue, opacity}, customFontSizePoints, \
            TaskTune checkbox style names). Every theme is checked before anything is written; a bad one exits 65 \
            naming the file, the theme, the key and the value, and themes.json stays unchanged. A theme whose name \
            or id is already in themes.json is refused unless --replace is given.
            """,
        arguments: [ArgumentSpec(name: "file", help: "The theme file to read.")],
        options: [replaceOption.spec])
    static let replaceOption = Option.flag("--replace", help: "Replace themes with the same name or id instead of refusing.")
    let path: String, replace: Bool
    init(_ a: ParsedArguments, context: CommandContext) throws {
        path = a.positionals[0]; replace = a[Self.replaceOption]
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let incoming = try ThemeImport.decode(try Posix.readFile(path, limit: 4 << 20), file: path)
        var file = try ThemeFile(context)
        // The cap of themes.json, checked before the merge (which compares each incoming theme
        // with the file's, ≤ maxThemes²).
        guard file.themes.count + incoming.count <= ThemeStore.maxThemes || (replace && incoming.count <= ThemeStore.maxThemes) else {
            throw DataFileError(file: path, theme: nil, key: "themes",
                                 reason: Phrase(key: .themeErrorTooMany, file.themes.count + incoming.count, ThemeStore.maxThemes))
        }
        for theme in incoming {
            let clashes = file.themes.indices.filter { file.themes[$0].name == theme.name || file.themes[$0].id == theme.id }
            if clashes.isEmpty { file.themes.append(theme); continue }
            guard replace else {
                throw DataFileError(file: path, theme: theme.name, key: "name",
                                     reason: Phrase(key: .themeErrorAlreadyInStore, file.store.path))
            }
            file.themes[clashes[0]] = theme
            for j in clashes.dropFirst().reversed() { file.themes.remove(at: j) }
        }
        try file.save()
        if context.json { context.printJSON(.array(incoming.map(\.jsonValue))) } else {
            for t in incoming { context.out(context.localizer.text(.themeImported, t.name, t.id.prefix(8))) }
        }
        return .success
    }
}

/// `tasktile theme export NAME [FILE]`: one theme as `{ "version": 1, "themes": [ … ] }`, importable again.
struct ThemeExportCommand: Command {
    static let spec = CommandSpec(
        path: ["theme", "export"], abstract: "Write one theme as a theme file.",
        discussion: "Writes { \"version\": 1, \"themes\": [ THEME ] } to standard output, or to FILE (replaced atomically).",
        arguments: [ArgumentSpec(name: "name", help: "A theme name or id."),
                    ArgumentSpec(name: "file", help: "The file to write (default: standard output).", optional: true)])
    let name: String, path: String?
    init(_ a: ParsedArguments, context: CommandContext) throws {
        name = a.positionals[0]; path = a.positionals.count > 1 ? a.positionals[1] : nil
        if path?.isEmpty == true { throw Self.usage(Phrase(key: .themeErrorEmptyFileName)) }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let file = try ThemeFile(context)
        let theme = file.themes[try file.index(of: name)]
        let text = JSONValue.object([("version", .number(Double(ThemeStore.formatVersion))),
                                     ("themes", .array([theme.jsonValue]))]).serialized() + "\n"
        guard let path else { context.stdout.write(text); return .success }
        do { try AtomicFile.write(text, to: path, mode: 0o644) } catch let e as FileError {
            throw OutputError.cannotWrite(path, detail: e.description)
        }
        if context.json {
            context.printJSON(.object([("theme", .object([("id", .string(theme.id)), ("name", .string(theme.name))])),
                                       ("file", .string(path))]))
        } else {
            context.out(context.localizer.text(.themeWrote, theme.name, path))
        }
        return .success
    }
}

