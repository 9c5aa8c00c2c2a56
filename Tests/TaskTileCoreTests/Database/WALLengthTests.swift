import Foundation
import Testing
@testable import TaskTileCore
import TestSupport

/// The kept WAL stays short (docs/store.md "Connections"): a connection that wrote and
/// finds the `-wal` file over `Database.walTruncateBytes` checkpoints and truncates it when it
/// closes; a shorter WAL and a connection that only read are left as they are.
@Suite("Database: a long WAL is truncated by the writer that closes")
struct WALLengthTests {
    static func walSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber)?.intValue ?? -1
    }

    static func connection(_ path: String, create: Bool = false) throws -> Database {
        let db = try Database(path: path, create: create)
        try db.configureForWAL()
        return db
    }

    @Test("over 1 MiB: truncated when the writer closes, not when a reader does; under it: kept")
    func truncatedByWriter() throws {
        let path = CycleFixtures.temporaryDirectory("wal") + "/w.sqlite"
        let setup = try Self.connection(path, create: true)
        try setup.execute("CREATE TABLE blobs (b BLOB)")
        try setup.close()
        #expect(Self.walSize(path) > 0 && Self.walSize(path) < Database.walTruncateBytes, "a small WAL is kept: \(Self.walSize(path))")

        // A writer that stays open writes 2 MiB; a reader opens, reads and closes meanwhile.
        let writer = try Self.connection(path)
        try writer.writeTransaction { try writer.run("INSERT INTO blobs VALUES (zeroblob(2097152))") }
        let long = Self.walSize(path)
        #expect(long > Database.walTruncateBytes)
        let reader = try Self.connection(path)
        #expect(try reader.rows("SELECT length(b) FROM blobs").first?.int(0) == 2_097_152)
        try reader.close()
        #expect(Self.walSize(path) == long, "a reader never checkpoints")
        try writer.close()
        #expect(Self.walSize(path) == 0, "the writer truncated it")

        // Nothing was lost: the rows are in the main file now.
        let again = try Self.connection(path)
        #expect(try again.rows("SELECT count(*) FROM blobs").first?.int(0) == 1)
        try again.close()
    }
}
