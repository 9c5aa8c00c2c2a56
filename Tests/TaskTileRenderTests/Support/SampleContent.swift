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
            return Todo(
                id: String(format: "00000000-0000-4000-8000-%012d", n), listId: list.id, title: t, isCompleted: done,
                completedAt: done ? instant : nil, sortOrder: n, createdAt: instant)
        }
        return .list(
            ListContent(
                list: list, pending: pending.map { todo($0, false) }, completed: completed.map { todo($0, true) }))
    }

    /// Renders `content` with `theme` into a `family` widget.
    static func render(
        _ content: WidgetContent, family: WidgetFamily, theme: Theme = .standard, scale: Double = 1,
        language: Language = .en, mode: WidgetMode = .interactive,
        width: Double? = nil, height: Double? = nil, file: String = "", add: Bool? = nil
    ) throws -> RenderedWidget {
        var spec = WidgetSpec(
            file: file, name: "sample", family: family, list: "sample", mode: mode, scale: scale,
            language: language, width: width, height: height)
        spec.add = add
        return try WidgetRenderer(spec: spec, theme: theme, clock: clock).render(content)
    }

    /// The repo's preset themes (`Themes/*.json`), by file name without `.json`, sorted.
    static func presets() throws -> [(file: String, theme: Theme)] {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Themes")
            .standardized.path
        return try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") }.sorted().map {
            name in
            let themes = try ThemeImport.decode(try Posix.readFile(dir + "/" + name), file: dir + "/" + name)
            precondition(themes.count == 1, "\(name) must hold one theme")
            return (String(name.dropLast(5)), themes[0])
        }
    }
}

extension Sample {
    /// One todo of `organized`: title (en, ja), depth below the previous top-level todo, priority,
    /// tags (en, ja), completed.
    struct Item {
        var en: String, ja: String
        var depth = 0
        var priority = Priority.none
        var tags: [String] = [], tagsJa: [String]? = nil
        var done = false
        var due: Due? = nil
    }

    /// A packing list with subtasks (three levels deep under the first todo), every priority and
    /// tags, in English or Japanese; `subtaskProgress` is counted as the store counts it (direct
    /// subtasks, done ones included).
    static let organizedItems: [Item] = [
        Item(en: "Pack for Kyoto", ja: "京都の荷造り", priority: .high, tags: ["travel"], tagsJa: ["旅行"]),
        Item(en: "Passport", ja: "パスポート", depth: 1, done: true),
        Item(en: "Clothes", ja: "服", depth: 1, priority: .medium),
        Item(en: "Wool socks", ja: "ウールの靴下", depth: 2),
        Item(en: "Spare laces", ja: "替えの靴ひも", depth: 3),
        Item(en: "Phone charger", ja: "充電器", depth: 1),
        Item(en: "Book the ryokan", ja: "旅館を予約", priority: .medium, tags: ["travel", "money"], tagsJa: ["旅行", "お金"]),
        Item(en: "Call mom", ja: "母に電話", priority: .low, tags: ["family"], tagsJa: ["家族"]),
        Item(
            en: "Quarterly report for the board", ja: "取締役会向けの四半期報告書",
            tags: ["work", "urgent", "quarterly-review"], tagsJa: ["仕事", "至急", "四半期レビュー"]),
        Item(en: "Draft outline", ja: "構成案", depth: 1),
        Item(en: "Water the plants 🌿", ja: "植物に水やり 🌿"),
    ]

    static func organized(japanese: Bool, items: [Item] = organizedItems) -> WidgetContent {
        let list = TodoList(
            id: "00000000-0000-4000-8000-0000000000cc", title: japanese ? "旅の準備" : "Trip", sortOrder: 0,
            createdAt: instant)
        var todos: [Todo] = []
        var parents: [String] = []  // the open todo at each depth
        for (n, item) in items.enumerated() {
            let id = String(format: "00000000-0000-4000-8000-%012d", n + 1)
            parents = Array(parents.prefix(item.depth))
            let t = Todo(
                id: id, listId: list.id, title: japanese ? item.ja : item.en, isCompleted: item.done,
                completedAt: item.done ? instant : nil, sortOrder: n + 1, createdAt: instant,
                due: item.due, anchor: item.due, parentId: parents.last, priority: item.priority,
                tags: japanese ? (item.tagsJa ?? item.tags) : item.tags
            )
            todos.append(t)
            parents.append(id)
        }
        var content = ListContent(
            list: list, pending: todos.filter { !$0.isCompleted }, completed: todos.filter(\.isCompleted))
        for t in todos {
            guard let p = t.parentId else { continue }
            content.subtaskProgress[p, default: SubtaskProgress(done: 0, total: 0)].total += 1
            if t.isCompleted { content.subtaskProgress[p]!.done += 1 }
        }
        return .list(content)
    }
}
