import Foundation
import TaskTileCore

/// A fresh temporary data directory with an open store, for one test. Removed by `remove()`.
public final class RenderFixture {
    /// The data directory (`/tmp/tasktile-render-test-XXXXXX`).
    public let dataDirectory: DataDirectory
    /// The store, opened with a fixed clock (2027-01-05 09:00 Asia/Tokyo).
    public let store: Store

    /// The fixed "now" of fixtures: 2027-01-05T09:00:00+09:00.
    public static let now = Date(timeIntervalSince1970: 1_799_107_200)
    public static let clock = Clock(now: now, timeZone: TimeZone(identifier: "Asia/Tokyo")!)

    /// Creates the directory and store. - Throws: `StoreError`, `FileError`.
    public init() throws {
        var template = Array((NSTemporaryDirectory() + "/tasktile-render-test-XXXXXX").utf8CString)
        guard let p = mkdtemp(&template) else { throw FileError.system(call: "mkdtemp", path: NSTemporaryDirectory(), errno: errno) }
        dataDirectory = DataDirectory(path: String(cString: p))
        store = try Store.open(dataDirectory, clock: RenderFixture.clock)
    }

    /// Adds a list with pending todos `titles` and completed todos `completed` (completed in order).
    @discardableResult
    public func list(_ title: String, _ titles: [String], completed: [String] = []) throws -> (list: TodoList, todos: [Todo]) {
        let list = try store.addList(title: title)
        var todos: [Todo] = []
        for t in titles + completed { todos.append(try store.addTodo(title: t, list: list.id)) }
        for t in todos.suffix(completed.count) { try store.complete(todoID: t.id, source: .cli) }
        return (list, todos)
    }

    /// Writes a spec file `widgets/<name>.json` with `json` and returns its path.
    public func writeSpec(_ name: String, _ json: String) throws -> String {
        try FileManager.default.createDirectory(atPath: dataDirectory.widgetsPath, withIntermediateDirectories: true)
        let path = dataDirectory.widgetsPath + "/" + name + ".json"
        try AtomicFile.write(json, to: path)
        return path
    }

    /// Copies `file` into `$TASKTILE_RENDER_KEEP` (when set) as `name`, so a person can look at test output.
    public func keep(_ file: String, as name: String) {
        guard let dir = ProcessInfo.processInfo.environment["TASKTILE_RENDER_KEEP"], !dir.isEmpty else { return }
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: dir + "/" + name)
        try? FileManager.default.copyItem(atPath: file, toPath: dir + "/" + name)
    }

    /// Deletes the directory.
    public func remove() {
        try? store.database.close()
        try? FileManager.default.removeItem(atPath: dataDirectory.path)
    }

    deinit { try? FileManager.default.removeItem(atPath: dataDirectory.path) }
}
