import Foundation
@testable import tasktile
import TaskTileCore
import TestSupport

extension CLIHarness {
    /// Every row of every table in the store (including tables added by later migrations) plus
    /// `themes.json`, for "a refused import changed nothing" checks.
    func fullDump() -> String {
        guard let store = try? Store.open(tmp.dataDirectory, clock: testClock()) else { return "no store" }
        var dump = ""
        let tables = (try? dumpedTables(store.database)) ?? []
        for table in tables {
            let rows = (try? store.database.rows("SELECT * FROM \"\(table)\" ORDER BY rowid")) ?? []
            dump += table + ":\n" + rows.map { "  \($0.values)" }.joined(separator: "\n") + "\n"
        }
        try? store.database.close()
        dump += "themes.json: " + (fileBytes(tmp.dataDirectory.path + "/themes.json").map { String(decoding: $0, as: UTF8.self) } ?? "absent")
        return dump
    }

    /// Writes `text` to a file in this harness's temp directory and returns its path.
    func writeFile(_ name: String, _ text: String) -> String {
        let path = tmp.file(name)
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// Opens this harness's store directly (for setup the CLI has no command for yet).
    func withStore<T>(_ body: (Store) throws -> T) throws -> T {
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        defer { try? store.database.close() }
        return try body(store)
    }
}

/// Path of a fixture file under `Tests/Fixtures/`.
func fixturePath(_ relative: String) -> String {
    repositoryRoot + "/Tests/Fixtures/" + relative
}
