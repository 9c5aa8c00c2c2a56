import TaskTileCore

/// One clickable rectangle of a rendered widget, in **PNG pixel** coordinates (origin top-left).
public struct HitRegion: Hashable, Sendable {
    /// What a click on the region does (docs/widgets.md "Hit maps").
    public enum Action: Hashable, Sendable {
        /// Complete this todo (pending checkboxes of interactive widgets only).
        case complete(todoID: String)
        /// Open this todo (every row).
        case openTodo(String)
        /// Open this list (the header, and the `+ N more` line).
        case openList(String)
        /// Toggle the check-in of this todo's cycle due on `date` (`YYYY-MM-DD`): a grid cell
        /// (docs/widgets.md "grid"), through `done --on` / `undo --on`.
        case checkIn(todoID: String, date: String)
        /// Open the capture popup adding to this list (the header's "+", docs/widgets.md "Adding from a
        /// widget"); nil = the default list (the `defaultList` setting: a smart list naming no list).
        case add(listID: String?)
    }

    /// What a click does.
    public var action: Action
    /// Left edge, pixels.
    public var x: Int
    /// Top edge, pixels.
    public var y: Int
    /// Width, pixels.
    public var width: Int
    /// Height, pixels.
    public var height: Int

    /// A region from its action and pixel rectangle.
    public init(action: Action, x: Int, y: Int, width: Int, height: Int) {
        self.action = action; self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Whether pixel (`px`, `py`) lies inside (left/top edges inclusive, right/bottom exclusive).
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }

    var isComplete: Bool {
        switch action {
        case .complete, .checkIn: true
        default: false
        }
    }

    /// Whether the region wins over a region beneath it: a checkbox over its row, a grid cell, the "+" over
    /// the header.
    var winsOverRegionsBeneath: Bool {
        if case .add = action { return true }
        return isComplete
    }

    /// `{"action":"complete","todoId":…,"x":…,"y":…,"width":…,"height":…}`; the "+" is
    /// `{"action":"add","listId":…,…}`, without `listId` for the default list.
    public var jsonValue: JSONValue {
        var m: [(String, JSONValue)]
        switch action {
        case .complete(let id): m = [("action", .string("complete")), ("todoId", .string(id))]
        case .openTodo(let id): m = [("action", .string("open")), ("todoId", .string(id))]
        case .openList(let id): m = [("action", .string("open")), ("listId", .string(id))]
        case .checkIn(let id, let date): m = [("action", .string("checkin")), ("todoId", .string(id)), ("date", .string(date))]
        case .add(let id): m = [("action", .string("add"))] + (id.map { [("listId", JSONValue.string($0))] } ?? [])
        }
        m += [("x", .number(Double(x))), ("y", .number(Double(y))),
              ("width", .number(Double(width))), ("height", .number(Double(height)))]
        return .object(m)
    }
}

/// The hit map written beside a widget PNG as `<name>.hits.json` (docs/widgets.md "Hit maps"): every pending
/// checkbox (`complete`), every row (`open` todo), the header (`open` list) and its "+" when drawn (`add`), in PNG pixels.
public struct HitMap: Hashable, Sendable {
    /// The file format version.
    public static let formatVersion = 1
    /// The spec's name.
    public var spec: String
    /// PNG width in pixels.
    public var width: Int
    /// PNG height in pixels.
    public var height: Int
    /// Regions in drawing order: header, the "+" (if drawn), then per row its checkbox (if any) and the row.
    public var regions: [HitRegion]
    /// The digest (`HitMap.digest(of:)`) of the PNG bytes this map was written with, key `png`;
    /// nil for a map not yet written (or written by a build before the key existed). `click`
    /// compares it with the PNG on disk, so a crash between the two renames can never make a click
    /// complete a todo other than the one drawn (docs/widgets.md "Hit maps").
    public var pngDigest: String?

    /// A hit map for the PNG of spec `spec`, `width` × `height` pixels.
    public init(spec: String, width: Int, height: Int, regions: [HitRegion], pngDigest: String? = nil) {
        self.spec = spec; self.width = width; self.height = height; self.regions = regions; self.pngDigest = pngDigest
    }

    /// `fnv1a64:` and the 16 hex digits of the 64-bit FNV-1a hash of `bytes`
    /// (http://www.isthe.com/chongo/tech/comp/fnv/): a content check that a hit map and a PNG were
    /// written together, not a security measure (anyone who can write the PNG can write the map).
    public static func digest(of bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        let hex = String(h, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The region a click at pixel (`x`, `y`) hits: a `complete` region wins over the row beneath
    /// it (only the checkbox completes; a click on the text never does), and the `add` region over the
    /// header beneath it. nil = nothing there.
    public func region(atX x: Int, y: Int) -> HitRegion? {
        regions.first { $0.winsOverRegionsBeneath && $0.contains(x: x, y: y) } ?? regions.first { $0.contains(x: x, y: y) }
    }

    /// `{ "version": 1, "spec": name, "png": "fnv1a64:…", "width": px, "height": px, "regions": [ … ] }`
    /// (`png` only when `pngDigest` is set).
    public var jsonValue: JSONValue {
        var m: [(String, JSONValue)] = [("version", .number(Double(HitMap.formatVersion))), ("spec", .string(spec))]
        if let pngDigest { m.append(("png", .string(pngDigest))) }
        m += [("width", .number(Double(width))), ("height", .number(Double(height))),
              ("regions", .array(regions.map(\.jsonValue)))]
        return .object(m)
    }

    /// Reads a hit map written by `jsonValue` (for `click`). nil when the shape is not a hit map.
    public init?(json: JSONValue) {
        guard json["version"]?.intValue == HitMap.formatVersion, let spec = json["spec"]?.stringValue,
              let w = json["width"]?.intValue, let h = json["height"]?.intValue,
              case .array(let items)? = json["regions"] else { return nil }
        var regions: [HitRegion] = []
        for item in items {
            guard let a = item["action"]?.stringValue, let x = item["x"]?.intValue, let y = item["y"]?.intValue,
                  let rw = item["width"]?.intValue, let rh = item["height"]?.intValue else { return nil }
            let action: HitRegion.Action
            switch (a, item["todoId"]?.stringValue, item["listId"]?.stringValue) {
            case ("complete", let t?, _): action = .complete(todoID: t)
            case ("open", let t?, _): action = .openTodo(t)
            case ("open", nil, let l?): action = .openList(l)
            case ("checkin", let t?, _):
                guard let date = item["date"]?.stringValue else { return nil }
                action = .checkIn(todoID: t, date: date)
            case ("add", nil, let l):
                if item["listId"] != nil && l == nil { return nil }
                action = .add(listID: l)
            default: return nil
            }
            regions.append(HitRegion(action: action, x: x, y: y, width: rw, height: rh))
        }
        var digest: String?
        if let png = json["png"] {
            guard let d = png.stringValue, d.hasPrefix("fnv1a64:") else { return nil }
            digest = d
        }
        self.init(spec: spec, width: w, height: h, regions: regions, pngDigest: digest)
    }
}
