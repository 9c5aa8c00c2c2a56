import Foundation

/// Forward-only schema migrations, registered by identifier and recorded in the store
/// (table `tasktile_migrations`), after GRDB's `DatabaseMigrator`.
///
/// The registry is append-only: never edit or remove a shipped migration. A store that records an
/// identifier this build does not know was written by a newer version and is refused untouched.
public struct Migrator: Sendable {
    public struct Migration: Sendable {
        public var identifier: String
        public var sql: String
        /// Swift work that SQL cannot do (e.g. filling a column with Unicode-normalised text), run
        /// after `sql` in the same transaction, so the migration applies completely or not at all.
        public var then: (@Sendable (Database) throws -> Void)? = nil
    }

    public private(set) var migrations: [Migration] = []

    public init() {}

    /// Appends a migration. Identifiers must be unique (a programmer error otherwise).
    /// `then`, when given, runs after `sql` inside the migration's transaction.
    public mutating func register(_ identifier: String, sql: String, then: (@Sendable (Database) throws -> Void)? = nil) {
        precondition(!migrations.contains { $0.identifier == identifier }, "duplicate migration \(identifier)")
        migrations.append(Migration(identifier: identifier, sql: sql, then: then))
    }

    /// Identifiers already applied to `db` (empty for a new database). Reads only, through the
    /// statement cache: every store open asks this three times.
    public func appliedIdentifiers(in db: Database) throws -> [String] {
        let exists = try db.cachedStatement("SELECT count(*) FROM sqlite_master WHERE type='table' AND name='tasktile_migrations'")
            .rows().first?.int(0) ?? 0
        guard exists > 0 else { return [] }
        return try db.cachedStatement("SELECT identifier FROM tasktile_migrations ORDER BY rowid").rows().compactMap { $0.text(0) }
    }

    /// Identifiers recorded in `db` that this build does not know (non-empty = a newer store). Reads only.
    public func unknownIdentifiers(in db: Database) throws -> [String] {
        let known = Set(migrations.map(\.identifier))
        return try appliedIdentifiers(in: db).filter { !known.contains($0) }
    }

    /// Whether the database has tables but none of ours (a foreign SQLite file). Reads only.
    public func isForeign(_ db: Database) throws -> Bool {
        let tables = try db.cachedStatement("SELECT count(*) FROM sqlite_master WHERE type='table'").rows().first?.int(0) ?? 0
        let applied = try appliedIdentifiers(in: db)
        return tables > 0 && applied.isEmpty
    }

    /// Applies every pending migration, each in its own `BEGIN IMMEDIATE` with its bookkeeping row.
    /// Re-checks inside the transaction, so two processes migrating at once apply each migration once.
    /// Applying twice is a no-op, and an up-to-date store is only *read*: no write lock is taken, so
    /// a process that opens the store every second (a status bar) never waits for or blocks a writer.
    /// - Returns: the identifiers applied now.
    public func migrate(_ db: Database, now: Date) throws -> [String] {
        let recorded = Set(try appliedIdentifiers(in: db))
        if migrations.allSatisfy({ recorded.contains($0.identifier) }) { return [] }
        var applied: [String] = []
        for migration in migrations where !recorded.contains(migration.identifier) {
            let did = try db.writeTransaction { () -> Bool in
                try db.execute("CREATE TABLE IF NOT EXISTS tasktile_migrations (identifier TEXT PRIMARY KEY NOT NULL, applied_at REAL NOT NULL)")
                let done = try db.scalarInt("SELECT count(*) FROM tasktile_migrations WHERE identifier = ?", [.text(migration.identifier)]) ?? 0
                if done > 0 { return false }
                try db.execute(migration.sql)
                try migration.then?(db)
                try db.run("INSERT INTO tasktile_migrations (identifier, applied_at) VALUES (?, ?)",
                           [.text(migration.identifier), .double(now.timeIntervalSince1970)])
                return true
            }
            if did { applied.append(migration.identifier) }
        }
        return applied
    }
}
