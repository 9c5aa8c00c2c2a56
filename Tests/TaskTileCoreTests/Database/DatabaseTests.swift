import Foundation
import Testing
@testable import TaskTileCore
import TestSupport

/// The SQLite layer itself: parameter counts, rows by name, the statement cache, `close()`.
/// In-memory connections: nothing here depends on the store's schema or on WAL.
@Suite("Database: statements, rows by name, statement cache, close")
struct DatabaseTests {
    static func memory() throws -> Database { try Database(path: ":memory:", create: true) }

    @Test("giving fewer or more values than the SQL has parameters stops the program, naming the SQL")
    func bindCountMismatch() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let db = try DatabaseTests.memory()
            _ = try db.rows("SELECT ? + ?", [.int(1)])
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("1 value(s) given for 2 parameter(s) of: SELECT ? + ?"), "\(message)")
        await #expect(processExitsWith: .failure) {
            let db = try DatabaseTests.memory()
            _ = try db.rows("SELECT 1", [.int(1)])
        }
    }

    @Test("the parameter count is SQLite's, and a matching bind runs")
    func bindCountMatch() throws {
        let db = try Self.memory()
        let statement = try db.prepare("SELECT ?1 + ?2, ?1")
        #expect(statement.parameterCount == 2)
        #expect(try statement.rows([.int(2), .int(3)]).map(\.values) == [[.int(5), .int(2)]])
        #expect(try db.prepare("SELECT 1").parameterCount == 0)
    }

    @Test("columns are read by name: the AS alias, else the column's name; the leftmost of two equal names")
    func rowsByName() throws {
        let db = try Self.memory()
        try db.execute("CREATE TABLE t (id TEXT, title TEXT, n INTEGER); INSERT INTO t VALUES ('a', 'Milk', 3)")
        let row = try #require(try db.rows("SELECT x.n, x.title, 'other' AS title, x.id AS ident, 2.5 AS r FROM t x").first)
        #expect(row.columnNames == ["n", "title", "title", "ident", "r"])
        #expect(row.text("title") == "Milk")
        #expect(row.int("n") == 3 && row.text("ident") == "a" && row.double("r") == 2.5)
        #expect(row["ident"] == .text("a"))
        #expect(row.text(2) == "other")
    }

    @Test("a missing column name is a programmer error")
    func missingColumnName() async {
        await #expect(processExitsWith: .failure) {
            let db = try DatabaseTests.memory()
            _ = try db.rows("SELECT 1 AS one").first?.int("two")
        }
        // (The message names the column and the SQL: `no column "two" among ["one"] of: SELECT 1 AS one`.)
    }

    @Test("the cache returns the same prepared statement, reset and cleared of bindings")
    func statementCache() throws {
        let db = try Self.memory()
        let sql = "SELECT ? UNION ALL SELECT 'second'"
        let first = try db.cachedStatement(sql)
        try first.bind([.text("bound")])
        #expect(try first.step())
        #expect(first.row().values == [.text("bound")]) // mid-way: one row read, one left
        let again = try db.cachedStatement(sql)
        #expect(again === first)
        // Reset (the first row again) and cleared (the parameter is NULL, not "bound").
        #expect(try again.step())
        #expect(again.row().values == [.null])
        #expect(try again.step())
        #expect(again.row().values == [.text("second")])
        #expect(try !again.step())
        #expect(try db.cachedStatement("SELECT 1") !== first)
    }

    @Test("close() refuses while a statement is alive, naming its SQL; the connection stays usable")
    func closeWithLiveStatement() throws {
        let db = try Self.memory()
        var held: Statement? = try db.prepare("SELECT 42 AS answer")
        _ = try db.cachedStatement("SELECT 'cached'") // the cache is finalized by close(), not reported
        #expect(db.liveStatementSQL == ["SELECT 'cached'", "SELECT 42 AS answer"].sorted())
        let error = try #require(throws: DatabaseError.self) { try db.close() }
        #expect(error.resultCode == .SQLITE_BUSY)
        #expect(error.message.contains("1 statement(s) not finalized: \"SELECT 42 AS answer\""), "\(error)")
        #expect(error.sql == "SELECT 42 AS answer")
        #expect(try held?.rows().first?.int("answer") == 42)
        held = nil
        #expect(db.liveStatementSQL.isEmpty)
        try db.close()
        try db.close() // twice is harmless
    }

    @Test("a statement that outlives its connection is finalized with it")
    func statementOutlivesDatabase() async {
        await #expect(processExitsWith: .failure) {
            var db: Database? = try DatabaseTests.memory()
            let statement = try db!.prepare("SELECT 1")
            db = nil
            _ = try statement.rows()
        }
    }

    @Test("result codes are named after SQLite's constants; errors keep the primary and the extended code")
    func resultCodes() throws {
        #expect(ResultCode.SQLITE_BUSY.rawValue == 5 && ResultCode.SQLITE_READONLY.rawValue == 8)
        #expect(ResultCode.SQLITE_BUSY_SNAPSHOT.rawValue == 517 && ResultCode.SQLITE_BUSY_SNAPSHOT.primary == .SQLITE_BUSY)
        let db = try Self.memory()
        try db.execute("CREATE TABLE t (id TEXT PRIMARY KEY)")
        try db.run("INSERT INTO t VALUES (?)", [.text("a")])
        let error = try #require(throws: DatabaseError.self) { try db.run("INSERT INTO t VALUES (?)", [.text("a")]) }
        #expect(error.resultCode == .SQLITE_CONSTRAINT)
        #expect(error.extendedResultCode.primary == .SQLITE_CONSTRAINT && error.extendedResultCode != .SQLITE_CONSTRAINT)
        #expect(error.sql == "INSERT INTO t VALUES (?)")
        #expect(!error.description.contains("\"a\""), "bound values never appear")
    }

    @Test("a read-only connection refuses writes with SQLITE_READONLY")
    func readOnly() throws {
        let tmp = TemporaryDirectory("readonly")
        let path = tmp.path + "/ro.db"
        let writer = try Database(path: path, create: true)
        try writer.execute("CREATE TABLE t (x)")
        try writer.close()
        let reader = try Database(path: path, create: false, readOnly: true)
        let error = try #require(throws: DatabaseError.self) { try reader.run("INSERT INTO t VALUES (1)") }
        #expect(error.resultCode == .SQLITE_READONLY)
    }
}
