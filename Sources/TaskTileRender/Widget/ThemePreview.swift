import Foundation
import TaskTileCore

/// `tasktile theme preview`: one theme drawn in every family with sample todos built in memory,
/// so a preview never reads or touches the user's store.
public enum ThemePreview {
    /// The fixed instant of preview todos (their `createdAt` / `completedAt`): 2027-01-05 09:00 JST.
    static let sampleInstant = Date(timeIntervalSince1970: 1_799_107_200)

    /// A sample list in `language`: pending todos with emoji, a ZWJ family and a flag, one title too
    /// long for any widget, every priority, a tag and a subtask (so the theme's `priorityColor`,
    /// `tagBackground` and `tagText` show), and two completed todos (so the large widget's
    /// completed section shows when the theme says so).
    public static func sampleContent(language: Language) -> WidgetContent {
        let l = Localizer(language)
        let title = l.text(.themePreviewList)
        let pending = [
            StringKey.themePreviewPending1, .themePreviewPending2, .themePreviewPending3, .themePreviewPending4,
            .themePreviewPending5, .themePreviewPending6, .themePreviewPending7, .themePreviewPending8,
        ].map { l.text($0) }
        let completed = [l.text(.themePreviewCompleted1), l.text(.themePreviewCompleted2)]
        let list = TodoList(
            id: "00000000-0000-4000-8000-00000000a001", title: title, sortOrder: 0, createdAt: sampleInstant)
        var order = 0
        func todo(_ t: String, done: Bool) -> Todo {
            order += 1
            return Todo(
                id: String(format: "00000000-0000-4000-8000-%012d", order), listId: list.id, title: t,
                isCompleted: done, completedAt: done ? sampleInstant : nil, sortOrder: order, createdAt: sampleInstant)
        }
        var open = pending.map { todo($0, done: false) }
        open[0].priority = .high
        open[0].tags = [l.text(.themePreviewTag)]
        open[1].priority = .low
        open[2].priority = .medium
        var subtask = todo(l.text(.themePreviewSubtask), done: false)
        subtask.parentId = open[3].id
        open.append(subtask)
        var content = ListContent(list: list, pending: open, completed: completed.map { todo($0, done: true) })
        content.subtaskProgress[open[3].id] = SubtaskProgress(done: 0, total: 1)
        return .list(content)
    }

    /// Renders `theme` in every family (small, medium, large) and both languages (en, ja) into
    /// `directory` as `<family>-<lang>.png` at `scale` (PNG pixels per point, default 2); each file is
    /// written atomically, no hit maps.
    /// - Returns: the paths written, small-en first.
    /// - Throws: `OutputError` when the directory or a file cannot be created, `CairoError`.
    public static func render(_ theme: Theme, to directory: String, scale: Double = 2, clock: Clock) throws -> [String]
    {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: directory, detail: (error as NSError).localizedDescription)
        }
        var written: [String] = []
        for language in Language.spoken {
            for family in WidgetFamily.allCases where family != .grid {  // the grid draws a challenge, not a list
                let name = "\(family.rawValue)-\(language.rawValue)"
                let spec = WidgetSpec(
                    name: name, family: family, list: "sample", theme: theme.name, scale: scale, language: language)
                let widget = try WidgetRenderer(spec: spec, theme: theme, clock: clock).render(
                    sampleContent(language: language))
                let path = directory + "/" + name + ".png"
                do {
                    try AtomicFile.write(try PNGEncoder.encode(widget.surface), to: path, mode: 0o644)
                } catch let e as FileError {
                    throw OutputError(path: path, detail: e.description)
                }
                written.append(path)
            }
        }
        return written
    }
}
