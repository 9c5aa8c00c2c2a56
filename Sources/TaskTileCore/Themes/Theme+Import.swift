import Foundation

/// Reading theme files that come from outside `themes.json`: presets, exports and TaskTune exports
/// (`tasktile theme import FILE`, docs/themes.md "Importing").
///
/// Accepted shapes, detected from the content:
/// - our theme file `{ "version": 1, "themes": [ … ] }` (what `theme export` writes, and what the
///   `Themes/*.json` presets are);
/// - one of our theme objects `{ "name": …, "accent": "#RRGGBB", … }`;
/// - TaskTune's export: one theme object, an array of them, or `{ "themes": [ … ] }` without a
///   version, with colour objects `{ "red", "green", "blue", "opacity" }` (components 0…1) and
///   `customFontSizePoints` (see `Theme.decodeTaskTune(_:file:label:)` for its keys).
public enum ThemeImport {
    /// Decodes every theme in an import file.
    /// - Parameter file: the path named in errors.
    /// - Returns: the themes in file order; each without an `id` gets a new one.
    /// - Throws: `DataFileError` naming the file, the theme, the key and the bad value (exit 65);
    ///   an empty file or an empty theme list is an error too (nothing to import).
    public static func decode(_ bytes: [UInt8], file: String) throws -> [Theme] {
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch let e as JSONSyntaxError {
            throw DataFileError(file: file, theme: nil, key: nil, reason: Phrase(key: .themeErrorNotJSON, e.located))
        }
        let themes: [Theme]
        switch root {
        case .object where root["version"] != nil:
            // An empty list imports nothing: said as such (a themes.json with one is refused too,
            // with the reason that fits a file in use).
            if case .array(let items)? = root["themes"], items.isEmpty {
                throw DataFileError(file: file, theme: nil, key: "themes", reason: Phrase(key: .themeErrorNoTheme))
            }
            themes = try ThemeStore.decodeFile(bytes, file: file)
        case .object(let members) where members.count == 1 && root["themes"] != nil:
            guard case .array(let items)? = root["themes"] else {
                throw DataFileError(file: file, theme: nil, key: "themes", reason: Phrase(key: .themeErrorThemesNotArray))
            }
            themes = try items.enumerated().map { try decodeItem($0.element, file: file, label: "themes[\($0.offset)]") }
        case .object:
            themes = [try decodeItem(root, file: file, label: "theme")]
        case .array(let items):
            themes = try items.enumerated().map { try decodeItem($0.element, file: file, label: "[\($0.offset)]") }
        default:
            throw DataFileError(file: file, theme: nil, key: nil,
                                 reason: Phrase(key: .themeErrorNotAThemeFile, root.kindName))
        }
        guard !themes.isEmpty else {
            throw DataFileError(file: file, theme: nil, key: "themes", reason: Phrase(key: .themeErrorNoTheme))
        }
        var seen = Set<String>()
        for t in themes {
            guard seen.insert(t.name).inserted else {
                throw DataFileError(file: file, theme: t.name, key: "name", reason: Phrase(key: .themeErrorDuplicateNameInFile, t.name))
            }
        }
        return themes
    }

    /// One theme object, ours or TaskTune's.
    static func decodeItem(_ value: JSONValue, file: String, label: String) throws -> Theme {
        isTaskTune(value) ? try Theme.decodeTaskTune(value, file: file, label: label)
                          : try Theme.decode(value, file: file, label: label)
    }

    /// Whether an object looks like TaskTune's export: a TaskTune-only key, or a colour given as an object.
    static func isTaskTune(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value else { return false }
        return members.contains { key, v in
            if Theme.taskTuneOnlyKeys.contains(key) { return true }
            if case .object = v { return true }
            return false
        }
    }
}

extension Theme {
    /// Keys only TaskTune's export has; any of them (or a colour object) selects the TaskTune reader.
    static let taskTuneOnlyKeys: Set<String> = ["accentColor", "backgroundColor", "textColor", "customFontSizePoints",
                                                "showCompletedTodos", "fontName", "colorScheme"]

    /// Every key TaskTune's theme export may have.
    public static let taskTuneKeys = ["id", "name", "accentColor", "backgroundColor", "textColor", "colorScheme", "fontName",
                                      "fontSize", "customFontSizePoints", "rowHeight", "checkboxStyle", "checkboxPosition",
                                      "showRemainingCount", "showCompletedCount", "showCompletedTodos", "cornerRadius"]

    /// TaskTune's checkbox style raw names → ours (docs/widgets.md "Checkbox styles"). TaskTune writes the Swift enum case
    /// names of its `CheckboxStyle`; a few older builds wrote the SF Symbol names, accepted too.
    /// Our own names are accepted as they are.
    public static let taskTuneCheckboxStyles: [String: CheckboxStyle] = {
        var m: [String: CheckboxStyle] = [
            "dottedCircle": .circleDotted, "circle.dotted": .circleDotted, "dotted": .circleDotted,
            "circle": .circle, "square": .square, "roundedSquare": .roundedSquare, "squircle": .roundedSquare,
            "app": .roundedSquare, "diamond": .diamond, "seal": .seal, "rosette": .seal, "checkmark.seal": .seal,
            "bubble": .bubble, "speechBubble": .bubble, "bubble.left": .bubble, "message": .bubble,
            "heart": .heart, "star": .star, "bookmark": .bookmark,
        ]
        for s in CheckboxStyle.allCases { m[s.rawValue] = s }
        return m
    }()

    /// Decodes one theme of TaskTune's export shape.
    ///
    /// Keys: `id`, `name` (required), `accentColor` / `backgroundColor` / `textColor` (colour objects
    /// `{ "red", "green", "blue", "opacity" }`, components 0…1, `opacity` default 1; background and
    /// text may be null), `colorScheme` (`light` / `dark`), `fontName`, `fontSize` (`small`, `medium`,
    /// `large` or `custom`), `customFontSizePoints` (8…32, used when `fontSize` is `custom` or absent),
    /// `rowHeight`, `checkboxStyle` (TaskTune names, `taskTuneCheckboxStyles`), `checkboxPosition`,
    /// `showRemainingCount`, `showCompletedCount`, `showCompletedTodos`, `cornerRadius`.
    /// - Throws: `DataFileError` naming the file, the theme, the TaskTune key and the value; an
    ///   unknown key is an error (importing never silently drops a setting).
    public static func decodeTaskTune(_ value: JSONValue, file: String, label: String) throws -> Theme {
        guard case .object(let members) = value else {
            throw DataFileError(file: file, theme: label, key: nil, reason: Phrase(key: .themeErrorNotAnObject, value.kindName))
        }
        guard case .string(let name)? = value["name"], !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw DataFileError(file: file, theme: label, key: "name", reason: Phrase(key: .themeErrorNameRequired))
        }
        var theme = Theme(name: name)
        func fail(_ key: String, _ reason: Phrase) -> DataFileError {
            DataFileError(file: file, theme: name, key: key, reason: reason)
        }
        func shown(_ v: JSONValue) -> String { v.serialized(pretty: false) }
        func color(_ key: String, _ v: JSONValue) throws -> ThemeColor {
            let accepted = Phrase(key: .themeErrorTaskTuneColour)
            guard case .object(let parts) = v else { throw fail(key, Phrase(key: .dataErrorNotAccepted, shown(v), accepted)) }
            var c: [String: Double] = ["opacity": 1]
            for (k, p) in parts {
                guard ["red", "green", "blue", "opacity"].contains(k) else {
                    throw fail(key, Phrase(key: .themeErrorUnknownComponent, shown(v), k, accepted))
                }
                guard case .number(let n) = p, (0...1).contains(n) else {
                    throw fail(key, Phrase(key: .themeErrorComponentNotNumber, shown(v), k, accepted))
                }
                c[k] = n
            }
            guard let r = c["red"], let g = c["green"], let b = c["blue"] else {
                throw fail(key, Phrase(key: .themeErrorComponentsRequired, shown(v), accepted))
            }
            return ThemeColor(red: r, green: g, blue: b, alpha: c["opacity"]!)
        }
        // Our own setter validates every value that has the same meaning in both shapes.
        func ours(_ ourKey: String, _ taskTuneKey: String, _ v: JSONValue) throws {
            do { try theme.set(ourKey, to: v, file: file) } catch var e as DataFileError {
                e.key = taskTuneKey
                throw e
            }
        }
        var namedSize: String?
        var customPoints: JSONValue?
        for (key, v) in members {
            switch key {
            case "name": break
            case "id": try ours("id", key, v)
            case "accentColor": theme.accent = try color(key, v)
            case "backgroundColor": theme.background = v == .null ? nil : try color(key, v)
            case "textColor": theme.text = v == .null ? nil : try color(key, v)
            case "colorScheme": try ours("appearance", key, v)
            case "fontName": try ours("fontFamily", key, v)
            case "fontSize":
                guard case .string(let s) = v, ["small", "medium", "large", "custom"].contains(s) else {
                    throw fail(key, Phrase(key: .dataErrorNotAccepted, shown(v), "small, medium, large, custom"))
                }
                namedSize = s
            case "customFontSizePoints": customPoints = v
            case "rowHeight", "checkboxPosition", "showRemainingCount", "showCompletedCount", "cornerRadius":
                try ours(key, key, v)
            case "showCompletedTodos": try ours("showCompleted", key, v)
            case "checkboxStyle":
                guard case .string(let s) = v, let style = taskTuneCheckboxStyles[s] else {
                    let accepted = taskTuneCheckboxStyles.keys.sorted().joined(separator: ", ")
                    throw fail(key, Phrase(key: .themeErrorUnknownCheckboxStyle, shown(v), accepted))
                }
                theme.checkboxStyle = style
            default:
                throw fail(key, Phrase(key: .themeErrorUnknownTaskTuneKey, taskTuneKeys.joined(separator: ", ")))
            }
        }
        switch (namedSize, customPoints) {
        case ("custom", nil):
            throw fail("customFontSizePoints", Phrase(key: .themeErrorCustomSizeRequired))
        case ("custom", let p?), (nil, let p?):
            try ours("fontSize", "customFontSizePoints", p)
        case (let s?, _):
            try ours("fontSize", "fontSize", .string(s)) // a named size wins over a leftover custom value
        case (nil, nil): break
        }
        return theme
    }
}
