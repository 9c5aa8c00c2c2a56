import Foundation
import TaskTileCore
@testable import TaskTileRender

/// Widget content built in memory (no store), with fixed ids and instants, for pixel and layout tests.
enum Sample {
    static let instant = Date(timeIntervalSince1970: 1_799_107_200)
    static let clock = Clock(now: instant, timeZone: TimeZone(identifier: "Asia/Tokyo")!)

    /// A list titled `title` with `pending` and `completed` todos, in that order.
    static func content(_ title: String, _ pending: [String], completed: [String] = []) -> WidgetContent {
        let list = TodoList(id: "00000000-0000-4000-8000-0000000000aa", title: title, sortOrder: 0, createdAt: instant)
        var n = 0
        func todo(_ t: String, _ done: Bool) -> Todo {
            n += 1
            return Todo(id: String(format: "00000000-0000-4000-8000-%012d", n), listId: list.id, title: t, isCompleted: done,
                        completedAt: done ? instant : nil, sortOrder: n, createdAt: instant)
        }
        return .list(ListContent(list: list, pending: pending.map { todo($0, false) }, completed: completed.map { todo($0, true) }))
    }

    /// Renders `content` with `theme` into a `family` widget.
    static func render(_ content: WidgetContent, family: WidgetFamily, theme: Theme = .standard, scale: Double = 1,
                       language: Language = .en, mode: WidgetMode = .interactive,
                       width: Double? = nil, height: Double? = nil, file: String = "") throws -> RenderedWidget {
        let spec = WidgetSpec(file: file, name: "sample", family: family, list: "sample", mode: mode, scale: scale,
                              language: language, width: width, height: height)
        return try WidgetRenderer(spec: spec, theme: theme, clock: clock).render(content)
    }

    /// The repo's preset themes (`Themes/*.json`), by file name without `.json`, sorted.
    static func presets() throws -> [(file: String, theme: Theme)] {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Themes").standardized.path
        return try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") }.sorted().map { name in
            let themes = try ThemeImport.decode(try Posix.readFile(dir + "/" + name), file: dir + "/" + name)
            precondition(themes.count == 1, "\(name) must hold one theme")
            return (String(name.dropLast(5)), themes[0])
        }
    }
}
