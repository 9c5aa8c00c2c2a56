/// The output formats of `tasktile status --format …` (docs/status-bars.md "Formats").
public enum StatusFormat: String, CaseIterable, Hashable, Sendable {
    case plain, json, waybar, i3blocks, polybar, xbar

    /// Whether a status bar runs this format: then every outcome, errors included, prints a valid
    /// line with exit 0, because bars blank or hide a module on a non-zero exit (docs/status-bars.md "Never blank").
    public var isBar: Bool { self != .plain && self != .json }
}

/// Turns a `StatusSnapshot` into each status bar's own text (docs/status-bars.md "Formats").
/// Pure: no I/O, no clock; one function per format, each returning the whole output including the
/// final newline.
///
/// Escaping, per format:
/// - waybar: `text` and `tooltip` are Pango markup, so `& < > ' "` become entities.
/// - polybar: `%{` starts a formatting or action tag and there is no literal escape, so every `%{`
///   is printed as `% {` (a space between the two characters).
/// - i3blocks: printed as is (the shipped block does not set `markup=pango`; titles hold no newlines).
/// - xbar/SwiftBar/Argos: `|` starts the parameters, so a `|` in a title becomes `¦` (U+00A6);
///   menu lines start with `○ ` so a title beginning with `--` or `---` is not read as a submenu or a
///   separator; `emojize=false ansi=false useMarkup=false unescape=false` on every line turn off
///   `:name:` emoji, ANSI colours, Argos's Pango markup and its `\n` expansion.
///
/// Titles are cut to whole characters (grapheme clusters) with `…`: `barTitleLength` in one-line
/// bar text, `menuTitleLength` in tooltips and menus.
public struct StatusFormatter: Sendable {
    /// The words, in the user's language.
    public var strings: StatusStrings
    /// Absolute path of the `tasktile` binary that xbar menu actions run.
    public var executablePath: String
    /// The data directory the actions pass as `--data-dir`, so a click completes in the store the
    /// status came from (an action does not inherit the plugin script's environment).
    public var dataDirectory: String

    /// At most this many titles in a waybar tooltip (then `… and N more`).
    public static let tooltipItems = 10
    /// Characters of a title in one-line bar text (polybar, i3blocks `full_text`).
    public static let barTitleLength = 40
    /// Characters of a title in a tooltip or menu line.
    public static let menuTitleLength = 80
    /// i3blocks colour of an overdue or error block.
    public static let alertColour = "#FF5555"

    public init(strings: StatusStrings = .english, executablePath: String, dataDirectory: String) {
        self.strings = strings; self.executablePath = executablePath; self.dataDirectory = dataDirectory
    }

    /// The output of `format` for `snapshot`.
    public func format(_ snapshot: StatusSnapshot, as format: StatusFormat) -> String {
        switch format {
        case .plain: plain(snapshot)
        case .json: json(snapshot)
        case .waybar: waybar(snapshot)
        case .i3blocks: i3blocks(snapshot)
        case .polybar: polybar(snapshot)
        case .xbar: xbar(snapshot)
        }
    }

    // MARK: - Shared text

    /// `3 left · 1 overdue`, or `All done`.
    public func summary(_ s: StatusSnapshot) -> String {
        guard s.pendingCount > 0 else { return strings.allDone }
        var text = strings.count(strings.left, s.pendingCount)
        if s.overdueCount > 0 { text += " · " + strings.count(strings.overdueCount, s.overdueCount) }
        return text
    }

    /// `next: Title (Today 18:00)`, or nil when no pending todo has a due still ahead.
    func nextText(_ s: StatusSnapshot, titleLength: Int) -> String? {
        guard let next = s.nextDue, let label = next.dueLabel else { return nil }
        return "\(strings.next) \(StatusFormatter.cut(next.title, titleLength)) (\(strings.dueText(label, today: s.today)))"
    }

    /// `Title (Today 18:00)`, `Title (Overdue · Jan 5)`, or the title.
    func itemText(_ item: StatusSnapshot.Item, today: LocalDate, titleLength: Int) -> String {
        let title = StatusFormatter.cut(item.title, titleLength)
        guard let label = item.dueLabel else { return title }
        let due = strings.dueText(label, today: today)
        return item.isOverdue ? "\(title) (\(strings.overdue) · \(due))" : "\(title) (\(due))"
    }

    /// `… and N more` when the snapshot (or `shown`) lists fewer titles than are pending.
    func moreText(_ s: StatusSnapshot, shown: Int) -> String? {
        let hidden = s.pendingCount - shown
        return hidden > 0 ? strings.count(strings.more, hidden) : nil
    }

    /// The first `length` characters of `title` (grapheme clusters, never a split character), with
    /// `…` when cut.
    public static func cut(_ title: String, _ length: Int) -> String {
        title.count <= length ? title : String(title.prefix(length - 1)) + "…"
    }

    // MARK: - plain

    /// For people and simple scripts: a summary line, then one line per listed pending todo
    /// (`○ <short id>  <title> (<due>)`), then `… and N more` when truncated.
    public func plain(_ s: StatusSnapshot) -> String {
        var head = [summary(s)]
        if let next = nextText(s, titleLength: StatusFormatter.menuTitleLength) { head.append(next) }
        if s.pendingCount + s.completedCount > 0 { head.append(strings.count(strings.done, s.percentage)) }
        var lines = [head.joined(separator: " · ")]
        for item in s.pending {
            lines.append("○ \(item.shortID)  " + itemText(item, today: s.today, titleLength: .max))
        }
        if let more = moreText(s, shown: s.pending.count) { lines.append(more) }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - json

    /// The snapshot as JSON (stable field names, docs/status-bars.md "Formats"), two-space indented like every `--json` output:
    /// `{ list, class, pendingCount, completedCount, overdueCount, percentage, nextDue, pending,
    /// unlistedCount, streaks }`; items are `{ id, title, list, due, overdue, priority, tags, parentId }` (priority by
    /// name, `none` without one; parentId the parent todo's id or null), streaks
    /// `{ id, title, list, current, best, rate, window }` (docs/cycles.md "Streaks").
    public func json(_ s: StatusSnapshot) -> String {
        func item(_ i: StatusSnapshot.Item) -> JSONValue {
            .object([
                ("id", .string(i.id)), ("title", .string(i.title)), ("list", .string(i.listTitle)),
                ("due", i.due.map { .string($0.jsonText) } ?? .null), ("overdue", .bool(i.isOverdue)),
                ("priority", .string(i.priority.name)), ("tags", .array(i.tags.map(JSONValue.string))),
                ("parentId", i.parentId.map(JSONValue.string) ?? .null),
            ])
        }
        let value = JSONValue.object([
            ("list", s.listTitle.map(JSONValue.string) ?? .null),
            ("class", .string(s.state.rawValue)),
            ("pendingCount", .number(Double(s.pendingCount))),
            ("completedCount", .number(Double(s.completedCount))),
            ("overdueCount", .number(Double(s.overdueCount))),
            ("percentage", .number(Double(s.percentage))),
            ("nextDue", s.nextDue.map(item) ?? .null),
            ("pending", .array(s.pending.map(item))),
            ("unlistedCount", .number(Double(s.unlistedCount))),
            ("streaks", .array(s.streaks.map { i in
                var members: [(String, JSONValue)] = [
                    ("id", .string(i.id)), ("title", .string(i.title)), ("list", .string(i.listTitle)),
                    ("current", .number(Double(i.streak.current))), ("best", .number(Double(i.streak.best))),
                    ("rate", i.streak.rate.map(JSONValue.number) ?? .null), ("window", .number(Double(i.streak.window)))]
                // A habit with a target per period: check-ins so far in the current period, and the target.
                if let p = i.progress { members += [("checkIns", .number(Double(p.count))), ("goal", .number(Double(p.goal)))] }
                return .object(members)
            })),
        ])
        return value.serialized() + "\n"
    }

    /// The same object as `json` on one line (JSON Lines, https://jsonlines.org): one update of
    /// `status --format json --follow`.
    public func jsonLine(_ s: StatusSnapshot) -> String {
        ((try? JSONValue.parse(Array(json(s).utf8))) ?? .null).serialized(pretty: false) + "\n"
    }

    // MARK: - waybar

    /// One JSON line for a waybar `custom` module with `"return-type": "json"`: `text` (the summary),
    /// `tooltip` (summary with the done ratio, the next due, up to `tooltipItems` titles), `class`
    /// and `alt` (`empty`, `pending`, `overdue`), `percentage` (0…100). Text and tooltip are
    /// Pango-escaped.
    public func waybar(_ s: StatusSnapshot) -> String {
        var tooltip: [String] = []
        if s.pendingCount > 0 {
            tooltip.append(summary(s) + " · " + strings.count(strings.done, s.percentage))
            if let next = nextText(s, titleLength: StatusFormatter.menuTitleLength) { tooltip.append(next) }
            let shown = s.pending.prefix(StatusFormatter.tooltipItems)
            for item in shown { tooltip.append("○ " + itemText(item, today: s.today, titleLength: StatusFormatter.menuTitleLength)) }
            if let more = moreText(s, shown: shown.count) { tooltip.append(more) }
        } else {
            tooltip.append(strings.allDone)
        }
        return waybarLine(text: summary(s), tooltip: tooltip.joined(separator: "\n"), state: s.state, percentage: s.percentage)
    }

    func waybarLine(text: String, tooltip: String, state: StatusSnapshot.State, percentage: Int) -> String {
        JSONValue.object([
            ("text", .string(StatusFormatter.pangoEscaped(text))),
            ("tooltip", .string(StatusFormatter.pangoEscaped(tooltip))),
            ("class", .string(state.rawValue)),
            ("percentage", .number(Double(percentage))),
            ("alt", .string(state.rawValue)),
        ]).serialized(pretty: false) + "\n"
    }

    /// `text` escaped for waybar's Pango markup (`PangoMarkup.escaped`).
    public static func pangoEscaped(_ text: String) -> String { PangoMarkup.escaped(text) }

    // MARK: - polybar

    /// One line for a polybar `custom/script` module: the summary and the next due, with every
    /// `%{` printed as `% {`.
    public func polybar(_ s: StatusSnapshot) -> String {
        var parts = [summary(s)]
        if let next = nextText(s, titleLength: StatusFormatter.barTitleLength) { parts.append(next) }
        return StatusFormatter.polybarSafe(parts.joined(separator: " · ")) + "\n"
    }

    /// One line with no polybar tag in it: newlines become spaces, `%{` becomes `% {`.
    public static func polybarSafe(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "%{", with: "% {")
    }

    // MARK: - i3blocks

    /// The i3blocks plain protocol: line 1 `full_text` (summary and next due), line 2 `short_text`
    /// (the summary), line 3 the colour, only when something is overdue. The urgent exit code (33)
    /// is the command's business (`--urgent`).
    public func i3blocks(_ s: StatusSnapshot) -> String {
        var full = [summary(s)]
        if let next = nextText(s, titleLength: StatusFormatter.barTitleLength) { full.append(next) }
        var lines = [StatusFormatter.oneLine(full.joined(separator: " · ")), summary(s)]
        if s.state == .overdue { lines.append(StatusFormatter.alertColour) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One update of `status --format i3blocks --follow`: the i3blocks JSON block format (a block
    /// with `interval=persist` and `format=json` reads one object per line): `full_text`,
    /// `short_text`, and while something is overdue `color` and `urgent`. i3blocks 1.4 keeps only
    /// string and number values of a block's JSON and prints them raw to i3bar, so `urgent` is the
    /// string `"true"` (i3bar then reads the boolean `true`); a JSON `true` would be dropped.
    public func i3blocksJSONLine(_ s: StatusSnapshot) -> String {
        var full = [summary(s)]
        if let next = nextText(s, titleLength: StatusFormatter.barTitleLength) { full.append(next) }
        var fields: [(String, JSONValue)] = [("full_text", .string(StatusFormatter.oneLine(full.joined(separator: " · ")))),
                                             ("short_text", .string(summary(s)))]
        if s.state == .overdue {
            fields.append(("color", .string(StatusFormatter.alertColour)))
            fields.append(("urgent", .string("true")))
        }
        return JSONValue.object(fields).serialized(pretty: false) + "\n"
    }

    /// The error update of `status --format i3blocks --follow` (see `i3blocksJSONLine`).
    public func i3blocksJSONErrorLine(_ message: String) -> String {
        let word = strings.error
        return JSONValue.object([
            ("full_text", .string(StatusFormatter.oneLine("\(word): " + StatusFormatter.cut(message, StatusFormatter.menuTitleLength)))),
            ("short_text", .string(word)), ("color", .string(StatusFormatter.alertColour)),
        ]).serialized(pretty: false) + "\n"
    }

    static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ")
    }

    // MARK: - xbar / SwiftBar / Argos

    /// Parameters on every xbar line: no emoji codes, no ANSI, no Argos markup, no `\n` expansion.
    public static let xbarTextParameters = "emojize=false ansi=false useMarkup=false unescape=false"

    /// The BitBar line protocol (xbar, SwiftBar, Argos): the summary in the bar, `---`, the next due,
    /// one line per listed pending todo whose action runs
    /// `<tasktile> intent complete --id <id> --data-dir <dir>` (as `shell=`/`bash=` and `paramN=`,
    /// no shell string), `… and N more`, `---`, `Refresh`.
    public func xbar(_ s: StatusSnapshot) -> String {
        let text = StatusFormatter.xbarTextParameters
        let alert = s.state == .overdue ? " color=\(StatusFormatter.alertColour)" : ""
        var lines = ["\(StatusFormatter.xbarSafe(summary(s))) |\(alert) \(text)", "---"]
        if let next = nextText(s, titleLength: StatusFormatter.menuTitleLength) {
            lines.append("\(StatusFormatter.xbarSafe(next)) | \(text)")
        }
        for item in s.pending {
            let label = "○ " + itemText(item, today: s.today, titleLength: StatusFormatter.menuTitleLength)
            let colour = item.isOverdue ? " color=\(StatusFormatter.alertColour)" : ""
            lines.append("\(StatusFormatter.xbarSafe(label)) | \(completeAction(id: item.id))\(colour) \(text)")
        }
        if let more = moreText(s, shown: s.pending.count) { lines.append("\(StatusFormatter.xbarSafe(more)) | \(text)") }
        lines += ["---", "\(strings.refresh) | refresh=true \(text)"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `shell=<tasktile> param1=intent param2=complete param3=--id param4=<id> param5=--data-dir
    /// param6=<dir> terminal=false refresh=true bash=<tasktile>`.
    ///
    /// `bash=` repeats the path for Argos, which runs only `bash=` (appending the shell-quoted
    /// `paramN`); xbar and SwiftBar read `shell` and `bash` as one and the same action.
    func completeAction(id: String) -> String {
        let words = ["intent", "complete", "--id", id, "--data-dir", dataDirectory]
        let path = StatusFormatter.xbarValue(executablePath)
        let params = words.enumerated().map { "param\($0.offset + 1)=\(StatusFormatter.xbarValue($0.element))" }
        return (["shell=\(path)"] + params + ["terminal=false", "refresh=true", "bash=\(path)"]).joined(separator: " ")
    }

    /// Menu text with no parameter separator: `|` becomes `¦`, newlines become spaces.
    public static func xbarSafe(_ text: String) -> String {
        oneLine(text).replacingOccurrences(of: "|", with: "¦")
    }

    /// A parameter value: as is when it has no space, quote or backslash, else in double quotes with
    /// `\` and `"` backslash-escaped (the quoting xbar and SwiftBar parse).
    public static func xbarValue(_ value: String) -> String {
        guard value.contains(where: { $0 == " " || $0 == "\"" || $0 == "'" || $0 == "\\" || $0 == "|" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    // MARK: - Errors

    /// A valid line in a bar format when the snapshot could not be read: the bar text `Error`, the
    /// message in the tooltip (waybar), the `full_text` (i3blocks), the line (polybar) or the menu
    /// (xbar), with the `error` class or the alert colour. For `plain` and `json` the command reports
    /// errors through the CLI's error funnel instead; this returns the message as a line.
    public func error(_ message: String, as format: StatusFormat) -> String {
        let word = strings.error
        switch format {
        case .waybar:
            return waybarLine(text: word, tooltip: message, state: .error, percentage: 0)
        case .polybar:
            return StatusFormatter.polybarSafe("\(word): " + StatusFormatter.cut(StatusFormatter.oneLine(message), StatusFormatter.menuTitleLength)) + "\n"
        case .i3blocks:
            return [StatusFormatter.oneLine("\(word): " + StatusFormatter.cut(message, StatusFormatter.menuTitleLength)), word,
                    StatusFormatter.alertColour].joined(separator: "\n") + "\n"
        case .xbar:
            let text = StatusFormatter.xbarTextParameters
            var lines = ["\(word) | color=\(StatusFormatter.alertColour) \(text)", "---"]
            for line in message.split(separator: "\n", omittingEmptySubsequences: true) {
                lines.append("\(StatusFormatter.xbarSafe(String(line))) | \(text)")
            }
            lines += ["---", "\(strings.refresh) | refresh=true \(text)"]
            return lines.joined(separator: "\n") + "\n"
        case .plain, .json:
            return "\(word): \(message)\n"
        }
    }
}
