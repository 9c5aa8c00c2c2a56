import Foundation
import TaskTileCore

/// A widget family: the iOS-sized widget shapes (docs/widgets.md "Families and geometry").
public enum WidgetFamily: String, CaseIterable, Sendable {
    case small, medium, large
    /// A challenge's habits × days (docs/widgets.md "grid"); `list` names the challenge.
    case grid

    /// Default size in **points**: small 170 × 170, medium 364 × 170, large 364 × 382, grid 364 × 170.
    public var size: (width: Double, height: Double) {
        switch self {
        case .small: (170, 170)
        case .medium, .grid: (364, 170)
        case .large: (364, 382)
        }
    }

    /// Padding in **points**, horizontal × vertical: small 12 × 12, medium and grid 16 × 12, large 16 × 16.
    public var padding: (horizontal: Double, vertical: Double) {
        switch self {
        case .small: (12, 12)
        case .medium, .grid: (16, 12)
        case .large: (16, 16)
        }
    }
}

/// Whether a widget can complete todos (docs/widgets.md "Interactive and read-only").
public enum WidgetMode: String, CaseIterable, Sendable {
    /// Checkboxes are drawn and the hit map has `complete` regions (default).
    case interactive
    /// No checkboxes, no `complete` regions.
    case readOnly
}

/// The order of a widget's pending rows (spec key `sort`, docs/widgets.md "Specs").
public enum WidgetSort: String, CaseIterable, Sendable {
    /// The list's own order (`sortOrder`), as `tasktile show` prints it (default).
    case manual
    /// Overdue first, then by due (earliest deadline first), undated last; ties keep the list's order.
    case due
}

/// A widget spec file (docs/widgets.md "Specs"): which list, in which theme, drawn how big and where.
///
/// ```json
/// { "version": 1, "name": "desk-shopping", "family": "medium", "list": "Shopping",
///   "theme": "Ocean", "mode": "interactive", "scale": 2, "lang": "ja", "sort": "due",
///   "width": 400, "height": 200, "output": "out/desk-shopping.png",
///   "anchor": "top-right", "margin": [24, 24], "monitor": "eDP-1", "layer": "bottom" }
/// ```
/// `anchor`, `margin`, `monitor` and `layer` place the widget on the desktop (`WidgetPlacement`);
/// PNG output ignores them.
public struct WidgetSpec: Hashable, Sendable {
    /// Every key a spec may have, in the order written in docs.
    public static let keys = ["version", "name", "family", "list", "theme", "mode", "scale", "lang", "sort", "width", "height", "output",
                               "add", "anchor", "margin", "monitor", "layer"]
    /// The file format version this build reads.
    public static let formatVersion = 1
    /// Accepted scales (PNG pixels per point).
    public static let scaleRange: ClosedRange<Double> = 1...4
    /// Accepted `width` / `height` overrides in points.
    public static let sizeRange: ClosedRange<Double> = 100...2000

    /// The spec file's path as given (used in errors and the setup text); empty for specs built in code.
    public var file: String
    /// Widget name: the default output is `<dataDir>/widgets/out/<name>.png`. Defaults to the
    /// file name without `.json`.
    public var name: String
    /// small, medium or large: the default size and padding.
    public var family: WidgetFamily
    /// A list title or id prefix; nil = not configured yet (the widget shows how to set it).
    public var list: String?
    /// A theme name or id; nil = the first theme in `themes.json`.
    public var theme: String?
    /// Default `interactive`.
    public var mode: WidgetMode
    /// PNG pixels per point, 1…4, default 2.
    public var scale: Double
    /// Default `en`.
    public var language: Language
    /// The order of pending rows, default `manual`.
    public var sort: WidgetSort = .manual
    /// Width override in points (default: the family's width).
    public var width: Double?
    /// Height override in points (default: the family's height).
    public var height: Double?
    /// The `output` value as written (nil = default); see `outputPath(dataDirectory:)`.
    public var output: String?
    /// Key `add`: whether an interactive widget draws the "+" in its header (docs/widgets.md "Adding from
    /// a widget"). nil (absent, the default): on the desktop (`tasktile-render desktop`, where a click opens the
    /// capture popup), not in PNG output (`once`, `watch`: a wallpaper cannot be clicked); `true`: in PNG output
    /// too (with its `add` hit-map region, for a script of your own); `false`: nowhere.
    public var add: Bool?
    /// Where `tasktile-render desktop` puts the widget (default: top-right, 24 × 24 points, the
    /// first output, layer `bottom`).
    public var placement: WidgetPlacement

    /// A spec with every default, for code and tests.
    public init(file: String = "", name: String, family: WidgetFamily, list: String?, theme: String? = nil,
                mode: WidgetMode = .interactive, scale: Double = 2, language: Language = .en,
                width: Double? = nil, height: Double? = nil, output: String? = nil,
                placement: WidgetPlacement = WidgetPlacement()) {
        self.file = file; self.name = name; self.family = family; self.list = list; self.theme = theme
        self.mode = mode; self.scale = scale; self.language = language
        self.width = width; self.height = height; self.output = output; self.placement = placement
    }

    /// The stand-in path of the built-in widget (`builtInDefault`) among spec files: not a file.
    public static let builtInDefaultFile = "(built-in @today widget)"

    /// The widget shown while `widgets/` holds no spec (docs/widgets.md "No spec yet"): a large
    /// interactive widget of the `@today` smart list (due today or overdue, in every list), top-right,
    /// named `today` (its PNG `widgets/out/today.png`), in `language`.
    public static func builtInDefault(language: Language) -> WidgetSpec {
        WidgetSpec(name: "today", family: .large, list: "@today", language: language)
    }

    /// Whether the "+" is drawn: only in `interactive` mode, never for the `grid` family; then `add`, or when
    /// absent, `onDesktop` (the desktop host draws it, PNG output does not).
    public func drawsAdd(onDesktop: Bool) -> Bool {
        guard mode == .interactive, family != .grid else { return false }
        return add ?? onDesktop
    }

    /// Size in points: the overrides, else the family's size.
    public var pointSize: (width: Double, height: Double) {
        (width ?? family.size.width, height ?? family.size.height)
    }

    /// Size in PNG pixels: points × scale, rounded.
    public var pixelSize: (width: Int, height: Int) {
        let p = pointSize
        return (Int((p.width * scale).rounded()), Int((p.height * scale).rounded()))
    }

    /// Where the PNG goes: `output` (absolute, or relative to the spec file's directory), else
    /// `<dataDir>/widgets/out/<name>.png`.
    public func outputPath(dataDirectory: DataDirectory) -> String {
        guard let output else { return dataDirectory.widgetsPath + "/out/" + name + ".png" }
        if output.hasPrefix("/") { return output }
        let dir = file.isEmpty ? FileManager.default.currentDirectoryPath : PathText.directory(of: file)
        let base = dir.isEmpty ? FileManager.default.currentDirectoryPath : dir
        let joined = (base.hasPrefix("/") ? base : FileManager.default.currentDirectoryPath + "/" + base) + "/" + output
        return (joined as NSString).standardizingPath
    }

    /// `outputPath(dataDirectory:)`, refused when it leaves its room (docs/widgets.md "Specs"):
    /// the PNG must lie inside the spec file's own directory or inside the data directory's
    /// `widgets/out/`, judged after `..` and the symbolic links of the directories that exist are
    /// resolved. So a spec in `widgets/` can write `out/desk.png` or `wall.png` but not
    /// `/etc/cron.d/x.png` (nor the hit map beside it). A spec built in code (no file) has only
    /// `widgets/out/`.
    /// - Throws: `DataFileError` (key `output`, exit 65) naming the resolved path and both rooms.
    public func checkedOutputPath(dataDirectory: DataDirectory) throws -> String {
        let path = outputPath(dataDirectory: dataDirectory)
        guard output != nil else { return path }
        var rooms = [dataDirectory.widgetsPath + "/out"]
        if !file.isEmpty {
            let dir = PathText.directory(of: file)
            let cwd = FileManager.default.currentDirectoryPath
            rooms.append(dir.isEmpty ? cwd : dir.hasPrefix("/") ? dir : cwd + "/" + dir)
        }
        let resolved = WidgetSpec.resolvingExisting(PathText.directory(of: path))
        for room in rooms {
            let r = WidgetSpec.resolvingExisting(room)
            if resolved == r || resolved.hasPrefix(r.hasSuffix("/") ? r : r + "/") { return path }
        }
        throw DataFileError(widgetSpec: file, key: "output",
                              reason: Phrase(key: .specErrorOutsideRoom, path, rooms.count > 1 ? rooms[1] : rooms[0], rooms[0]))
    }

    /// `path` made absolute and standardized, with the longest prefix that exists resolved by
    /// `realpath(3)` (symbolic links followed) and the rest appended as written.
    static func resolvingExisting(_ path: String) -> String {
        var head = (path as NSString).standardizingPath
        var tail: [String] = []
        while !head.isEmpty && head != "/" {
            if let r = realpath(head, nil) {
                defer { free(r) }
                return ([String(cString: r)] + tail.reversed()).joined(separator: "/").replacingOccurrences(of: "//", with: "/")
            }
            let (d, b) = PathText.split(head)
            tail.append(b)
            head = d
        }
        return "/" + tail.reversed().joined(separator: "/")
    }

    /// The hit map path for a PNG path: `x.png` → `x.hits.json`.
    public static func hitMapPath(forPNG png: String) -> String {
        (png.hasSuffix(".png") ? String(png.dropLast(4)) : png) + ".hits.json"
    }

    /// Reads and decodes a spec file.
    /// - Throws: `FileError` when it cannot be read (`.notRegularFile` for a FIFO or another
    ///   non-regular file, refused without waiting); `DataFileError` for bad content.
    public static func load(path: String) throws -> WidgetSpec {
        let bytes = try Posix.readFile(path, limit: 1 << 20)
        return try decode(bytes, file: path)
    }

    /// Decodes spec file content.
    /// - Throws: `DataFileError` naming `file`, the key, the bad value and what is accepted;
    ///   unknown keys are errors (a typo must not silently do nothing).
    public static func decode(_ bytes: [UInt8], file: String) throws -> WidgetSpec {
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch let e as JSONSyntaxError {
            throw DataFileError(widgetSpec: file, key: nil, reason: Phrase(key: .specErrorNotJSON, e.located))
        }
        return try decode(root, file: file)
    }

    /// How widget specs word the object reader's refusals: `must be a JSON object such as { … },
    /// found array`, `unknown key (accepted keys: version, name, …)`.
    static let wording = JSONObjectReader.Wording(
        notAnObject: { Phrase(key: .specErrorNotObject, "{ \"version\": 1, \"name\": \"desk\", \"family\": \"medium\", \"list\": \"Shopping\" }", $0) },
        unknownKey: { Phrase(key: .specErrorUnknownKey, $0) })

    /// Decodes a parsed spec object. - Throws: `DataFileError` (see `decode(_:file:)`).
    public static func decode(_ root: JSONValue, file: String) throws -> WidgetSpec {
        let reader = try JSONObjectReader(root, file: file, place: .widgetSpec(key: nil), keys: keys, wording: wording,
                                          unknownKeys: .refusedInOrder)
        func fail(_ key: String, _ reason: Phrase) -> DataFileError { reader.fail(key, reason) }
        func number(_ m: JSONMember, in range: ClosedRange<Double>, what: Phrase) throws -> Double {
            let low = JSONValue.number(range.lowerBound).serialized(), high = JSONValue.number(range.upperBound).serialized()
            return try m.number(in: range, accepted: Phrase(key: .specAcceptedRange, what, low, high))
        }

        let defaultName = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        var spec = WidgetSpec(file: file, name: defaultName, family: .medium, list: nil)
        var sawVersion = false, sawFamily = false
        for (key, value) in reader.members {
            let m = try reader.member(key, value)
            switch key {
            case "version":
                guard value.intValue == formatVersion else { throw fail(key, Phrase(key: .specErrorNotSupported, value.shown, "1")) }
                sawVersion = true
            case "name":
                let n = try m.lineText(accepted: Phrase(key: .specAcceptedFileName))
                guard !n.contains("/"), !n.hasPrefix("."), n.utf8.count <= 200 else {
                    throw m.refused(Phrase(key: .specAcceptedFileNameBytes))
                }
                spec.name = n
            case "family": spec.family = try m.choice(WidgetFamily.self); sawFamily = true
            case "list":
                if case .null = value { spec.list = nil } else { spec.list = try m.lineText(accepted: Phrase(key: .specAcceptedList)) }
            case "theme":
                if case .null = value { spec.theme = nil } else { spec.theme = try m.lineText(accepted: Phrase(key: .specAcceptedTheme)) }
            case "mode": spec.mode = try m.choice(WidgetMode.self)
            case "scale": spec.scale = try number(m, in: scaleRange, what: Phrase(key: .specAcceptedPixelsPerPoint))
            case "lang": spec.language = try m.choice(Language.self)
            case "sort":
                guard case .string(let v) = value, let sort = WidgetSort(rawValue: v) else {
                    throw m.refused(Phrase(key: .specAcceptedSort))
                }
                spec.sort = sort
            case "width": spec.width = try number(m, in: sizeRange, what: Phrase(key: .specAcceptedPoints))
            case "height": spec.height = try number(m, in: sizeRange, what: Phrase(key: .specAcceptedPoints))
            case "output":
                let o = try m.lineText(accepted: Phrase(key: .specAcceptedOutput))
                guard o.hasSuffix(".png"), o.count > 4, !o.hasSuffix("/.png") else {
                    throw m.refused(Phrase(key: .specAcceptedOutput))
                }
                spec.output = o
            case "add": spec.add = try m.bool()
            case "anchor": spec.placement.anchor = try m.choice(WidgetAnchor.self)
            case "margin":
                let range = WidgetPlacement.marginRange
                let accepted = Phrase(key: .specAcceptedMargin, JSONValue.number(range.lowerBound).serialized(), JSONValue.number(range.upperBound).serialized())
                guard case .array(let items) = value, items.count == 2,
                      case .number(let x) = items[0], case .number(let y) = items[1],
                      range.contains(x), range.contains(y) else {
                    throw m.refused(accepted)
                }
                spec.placement.margin = (x, y)
            case "monitor":
                if case .null = value { spec.placement.monitor = nil } else {
                    spec.placement.monitor = try m.lineText(accepted: Phrase(key: .specAcceptedMonitor))
                }
            case "layer": spec.placement.layer = try m.choice(WidgetLayer.self)
            default: // `member` refused every key not in `keys`, and each of those has its case.
                preconditionFailure("WidgetSpec.keys has \(key), which decode(_:file:) does not handle")
            }
        }
        if !sawVersion { throw fail("version", Phrase(key: .specErrorRequired, "1")) }
        if !sawFamily { throw fail("family", Phrase(key: .specErrorRequired, WidgetFamily.allCases.map(\.rawValue).joined(separator: ", "))) }
        if spec.name.isEmpty || spec.name.hasPrefix(".") {
            throw fail("name", Phrase(key: .specErrorNameRequired))
        }
        return spec
    }
}
