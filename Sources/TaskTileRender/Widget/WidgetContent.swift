import TaskTileCore

/// What a widget shows, decided before drawing.
public enum WidgetContent: Sendable {
    /// The spec has no `list`: the widget says how to set it.
    case setup
    /// The spec names a list that does not exist: the widget says so (never shows another list).
    case missingList(String)
    /// The list's todos, read in one snapshot.
    case list(ListContent)
    /// A challenge's grid (the `grid` family): its habits × days at "now".
    case grid(ChallengeReport)

    /// The content for `spec` from `store` (`Store.widgetContent(list:)`, one read transaction;
    /// for the `grid` family `Store.challengeReport` of the challenge `list` names, running or
    /// finished — an archived or unknown one is a missing list).
    /// - Throws: `StoreError` (`.busy` past the timeout, I/O).
    public static func read(for spec: WidgetSpec, from store: Store) throws -> WidgetContent {
        guard let reference = spec.list else { return .setup }
        if spec.family == .grid {
            return try store.read {
                guard let c = try? store.challenge(reference, preferring: [.running, .finished]),
                    c.state(today: store.clock.today) != .archived
                else { return .missingList(reference) }
                return .grid(try store.challengeReport(c))
            }
        }
        if let content = try store.widgetContent(list: reference) { return .list(content) }
        return .missingList(reference)
    }
}

/// One drawn row, for tests and diagnostics. Frames are in **points**.
public struct RenderedRow: Hashable, Sendable {
    /// A pending todo, a completed todo (struck through), or the `+ N more` line.
    public enum Kind: Hashable, Sendable { case pending, completed, more }
    /// Which kind of row.
    public var kind: Kind
    /// The todo drawn (nil for the `+ N more` line).
    public var todoID: String?
    /// The text drawn (the full title; Pango may show it shortened).
    public var text: String
    /// The row slot.
    public var frame: Rect
    /// Where the text layout was placed (its logical box).
    public var textFrame: Rect
    /// Pango line count of the title layout (always 1).
    public var lineCount: Int
    /// Whether Pango shortened the title with "…".
    public var isEllipsized: Bool
    /// The indent level drawn: 0 top level, 1 a subtask, 2 a subtask's subtask or deeper
    /// (docs/widgets.md "Subtasks, priority and tags").
    public var level: Int = 0
    /// The priority mark's logical box (`!`…`!!!`), or nil when none is drawn.
    public var priorityMark: Rect?
    /// The tag chips drawn after the title, left to right (a shortened one ends in "…").
    public var tagChips: [Rect] = []
    /// A parent's progress bar under its title (large widgets), or nil.
    public var progressBar: Rect?
}

/// A drawn widget: the surface, its hit map and what was drawn where.
public struct RenderedWidget {
    /// The image, `spec.pixelSize` pixels.
    public var surface: Surface
    /// Clickable regions in pixels.
    public var hitMap: HitMap
    /// The rows drawn, top to bottom (pending section, then completed section).
    public var rows: [RenderedRow]
    /// Rows that fit in the pending area (`WidgetLayout.slots(in:rowHeight:)`: 0 when not even a line fits).
    public var pendingSlots: Int
    /// Rows that fit in the completed area (0 when no completed section is drawn).
    public var completedSlots: Int
}
