import Foundation

extension Theme {
    /// Every key a theme object may have, in the order written to files.
    public static let keys = [
        "id", "name", "accent", "background", "text", "warning", "overdue",
        "priorityColor", "tagBackground", "tagText", "addColor", "appearance", "fontFamily",
        "fontSize", "rowHeight", "checkboxStyle", "checkboxPosition",
        "showRemainingCount", "showCompletedCount", "showCompleted", "showDue", "cornerRadius",
    ]

    /// How themes files word the object reader's refusals: `a theme must be a JSON object, found
    /// array`, `unknown key (accepted keys: id, name, …)`.
    static let wording = JSONObjectReader.Wording(
        notAnObject: { Phrase(key: .themeErrorNotAnObject, $0) },
        unknownKey: { Phrase(key: .themeErrorUnknownKey, $0) })

    /// Decodes one theme object (docs/themes.md "Keys"). Absent keys take their defaults; `name` is required.
    /// - Parameters:
    ///   - file: the path named in errors.
    ///   - label: how to name this theme in errors before its name is known (`themes[2]`).
    /// - Throws: `DataFileError` naming file, theme, key and the bad value; unknown keys are errors,
    ///   in file order with the others (`set(_:to:file:)` refuses them).
    public static func decode(_ value: JSONValue, file: String, label: String) throws -> Theme {
        let reader = try JSONObjectReader(value, file: file, place: .theme(label, key: nil), keys: keys,
                                          wording: wording, unknownKeys: .refusedInOrder)
        guard let nameValue = value["name"] else { throw reader.fail("name", Phrase(key: .themeErrorNameRequired)) }
        guard case .string(let themeName) = nameValue, !themeName.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw reader.fail("name", Phrase(key: .themeErrorNonEmptyString))
        }
        var theme = Theme(name: themeName)
        var hasID = false
        for (key, v) in reader.members {
            if key == "id" { hasID = true }
            try theme.set(key, to: v, file: file)
        }
        if !hasID { theme.id = UUID().uuidString.lowercased() }
        return theme
    }

    /// Sets one key from a JSON value, validating it.
    /// - Throws: `DataFileError` for an unknown key or a bad value.
    public mutating func set(_ key: String, to value: JSONValue, file: String) throws {
        let reader = JSONObjectReader(
            file: file, place: .theme(name, key: nil), keys: Theme.keys, wording: Theme.wording)
        let member = try reader.member(key, value)
        func fail(_ reason: Phrase) -> DataFileError { member.fail(reason) }
        func shown(_ v: JSONValue) -> String { v.shown }
        func color() throws -> ThemeColor {
            guard case .string(let s) = value, let c = ThemeColor(hex: s) else {
                throw fail(Phrase(key: .themeErrorNotAColour, shown(value)))
            }
            return c
        }
        func optionalColor() throws -> ThemeColor? {
            if case .null = value { return nil }
            return try color()
        }
        func choice<E: RawRepresentable & CaseIterable>(_ type: E.Type) throws -> E where E.RawValue == String {
            try member.choice(type)
        }
        func bool() throws -> Bool { try member.bool() }
        switch key {
        case "id":
            guard case .string(let s) = value, let uuid = UUID(uuidString: s) else {
                throw fail(Phrase(key: .themeErrorNotAUUID, shown(value)))
            }
            id = uuid.uuidString.lowercased()
        case "name":
            guard case .string(let s) = value, !s.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail(Phrase(key: .themeErrorNonEmptyString))
            }
            // Names are shown in one-line listings and matched by `theme set NAME`: no tabs or newlines.
            guard !s.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw fail(Phrase(key: .themeErrorNameControl))
            }
            name = s
        case "accent": accent = try color()
        case "background": background = try optionalColor()
        case "text": text = try optionalColor()
        case "warning": warning = try optionalColor()
        case "overdue": overdue = try optionalColor()
        case "priorityColor": priorityColor = try optionalColor()
        case "tagBackground": tagBackground = try optionalColor()
        case "tagText": tagText = try optionalColor()
        case "addColor": addColor = try optionalColor()
        case "appearance": appearance = try choice(Appearance.self)
        case "fontFamily":
            guard case .string(let s) = value, !s.isEmpty,
                !s.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                throw fail(Phrase(key: .themeErrorNotAFontFamily, shown(value)))
            }
            fontFamily = s
        case "fontSize":
            switch value {
            case .string(let s) where ["small", "medium", "large"].contains(s):
                fontSize = s == "small" ? .small : s == "medium" ? .medium : .large
            case .number(let n) where FontSize.customRange.contains(n):
                fontSize = .points(n)
            default:
                throw fail(Phrase(key: .themeErrorNotAFontSize, shown(value)))
            }
        case "rowHeight": rowHeight = try choice(RowHeight.self)
        case "checkboxStyle": checkboxStyle = try choice(CheckboxStyle.self)
        case "checkboxPosition": checkboxPosition = try choice(CheckboxPosition.self)
        case "showRemainingCount": showRemainingCount = try bool()
        case "showCompletedCount": showCompletedCount = try bool()
        case "showCompleted": showCompleted = try bool()
        case "showDue": showDue = try choice(ShowDue.self)
        case "cornerRadius":
            guard let n = value.bounded(0...200) else {
                throw fail(Phrase(key: .themeErrorNotACornerRadius, shown(value)))
            }
            cornerRadius = n
        default:
            // `member` refused every key not in `Theme.keys`, and each of those has its case.
            preconditionFailure("Theme.keys has \(key), which set(_:to:file:) does not handle")
        }
    }

    /// The theme as a JSON object with keys in `Theme.keys` order; absent colours (`background`,
    /// `text`, `warning`, `overdue`, `priorityColor`, `tagBackground`, `tagText`, `addColor`) and the default
    /// `showDue` (`auto`) are omitted, so files written before those keys existed read back byte for byte.
    public var jsonValue: JSONValue {
        var m: [(String, JSONValue)] = [
            ("id", .string(id)), ("name", .string(name)), ("accent", .string(accent.description)),
        ]
        if let background { m.append(("background", .string(background.description))) }
        if let text { m.append(("text", .string(text.description))) }
        if let warning { m.append(("warning", .string(warning.description))) }
        if let overdue { m.append(("overdue", .string(overdue.description))) }
        if let priorityColor { m.append(("priorityColor", .string(priorityColor.description))) }
        if let tagBackground { m.append(("tagBackground", .string(tagBackground.description))) }
        if let tagText { m.append(("tagText", .string(tagText.description))) }
        if let addColor { m.append(("addColor", .string(addColor.description))) }
        m.append(("appearance", .string(appearance.rawValue)))
        m.append(("fontFamily", .string(fontFamily)))
        switch fontSize {
        case .small: m.append(("fontSize", .string("small")))
        case .medium: m.append(("fontSize", .string("medium")))
        case .large: m.append(("fontSize", .string("large")))
        case .points(let p): m.append(("fontSize", .number(p)))
        }
        m.append(("rowHeight", .string(rowHeight.rawValue)))
        m.append(("checkboxStyle", .string(checkboxStyle.rawValue)))
        m.append(("checkboxPosition", .string(checkboxPosition.rawValue)))
        m.append(("showRemainingCount", .bool(showRemainingCount)))
        m.append(("showCompletedCount", .bool(showCompletedCount)))
        m.append(("showCompleted", .bool(showCompleted)))
        // Written only when not the default, so theme files written before the key existed
        // read back byte for byte.
        if showDue != .auto { m.append(("showDue", .string(showDue.rawValue))) }
        m.append(("cornerRadius", .number(cornerRadius)))
        return .object(m)
    }
}
