import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The tasktile store: one WAL-mode SQLite database in the data directory, shared by every process
/// (docs/store.md). A `Store` owns one connection; use one per thread.
///
/// Every write method runs one `BEGIN IMMEDIATE` transaction that re-reads what it changes; every
/// multi-query read runs in one read transaction (one snapshot).
public final class Store {
    /// Where the store lives.
    public let directory: DataDirectory
    /// The connection. Exposed for tests and benchmarks; product code uses the methods.
    public let database: Database
    /// "Now" and the user's zone for every operation of this store.
    public var clock: Clock
    /// The transaction this store's connection is in, so nested calls join it.
    var transaction: TransactionKind = .none

    /// The migrations this build knows (append-only).
    static let migrator = Schema.migrator

    private init(directory: DataDirectory, database: Database, clock: Clock) {
        self.directory = directory
        self.database = database
        self.clock = clock
    }

    /// Opens the store in `directory`, creating the directory (0700) and the store (0600) when
    /// missing, refusing a foreign file or a newer store *before* writing anything, then switching
    /// to WAL, applying pending migrations and running the repeat catch-up (`catchUpRepeats()`,
    /// which writes nothing when no repeating todo's current cycle has passed).
    /// - Parameter busyTimeout: seconds to wait for another process's lock (at least 5, docs/store.md "Connections").
    /// - Throws: `StoreError.notAStore`, `.newerStore`, `.inaccessible`, `.busy`; `.unsafeDirectory`
    ///   or `.foreignOwner` for a directory others can write (`DataDirectory.checkStrictModes`).
    public static func open(_ directory: DataDirectory, clock: Clock, busyTimeout: Double = 10) throws -> Store {
        try open(directory, clock: clock, busyTimeout: busyTimeout, waitForCatchUp: true)
    }

    /// `open(_:clock:busyTimeout:)`, choosing whether the catch-up may wait for the write lock.
    /// - Parameter waitForCatchUp: false for readers that must never wait for the write lock (status
    ///   polls): the catch-up is then skipped while another process holds it
    ///   (`catchUpRepeatsWithoutWaiting`).
    public static func open(_ directory: DataDirectory, clock: Clock, busyTimeout: Double = 10,
                            waitForCatchUp: Bool) throws -> Store {
        let path = directory.storePath
        do {
            try directory.ensureExists()
        } catch let e as FileError {
            throw StoreError.inaccessible(path: directory.path, detail: e.description)
        }
        try directory.checkStrictModes()
        if access(path, F_OK) != 0 {
            try createStore(at: path, directory: directory, clock: clock, busyTimeout: busyTimeout)
        } else {
            try refuseUnlessStoreHeader(path)
        }
        let db: Database
        do {
            db = try openConnection(path: path, readOnly: false, busyTimeout: busyTimeout, now: clock.now)
        } catch let e as DatabaseError where e.isAccessProblem && isRegularFile(path) {
            // Read-only media, a read-only data directory, a full disk: the `-shm` file cannot be
            // created, so a read-write WAL connection cannot even read. Reads keep working through
            // a read-only connection (https://www.sqlite.org/wal.html "Read-Only
            // Databases"); writes then fail naming the cause (`writeFailure`).
            do {
                db = try openConnection(path: path, readOnly: true, busyTimeout: busyTimeout, now: clock.now)
            } catch let second as DatabaseError {
                throw accessFailure(second, directory: directory) ?? mapOpenError(e, path: path)
            }
        } catch let e as DatabaseError {
            throw mapOpenError(e, path: path)
        }
        for suffix in ["", "-wal", "-shm"] { _ = chmod(path + suffix, 0o600) }
        let store = Store(directory: directory, database: db, clock: clock)
        // After migrations, so the columns exist; writes only when a cycle boundary has passed.
        // A store the user can only read (a read-only file or directory) still opens for reading:
        // the catch-up is then left to the next process that can write.
        if !waitForCatchUp {
            store.catchUpRepeatsWithoutWaiting(restoring: busyTimeout)
            return store
        }
        do {
            try store.catchUpRepeats()
        } catch let e as DatabaseError where e.isAccessProblem {
            _ = e
        } catch StoreError.readOnly, StoreError.diskFull {
        }
        return store
    }

    /// Creates a new store at `path` whole or not at all: the schema is written to a temporary
    /// file beside it (`tasktile.sqlite.creating-PID-RANDOM`), which is then linked to `path` only if
    /// `path` still does not exist (`link(2)` never replaces). So the store file, whenever it
    /// exists, is a complete store, and an existing file that is not one (empty, truncated,
    /// foreign) is never mistaken for a store still being created and initialised over.
    /// Two processes creating at once: one link wins, the other opens the winner's store.
    /// - Throws: `StoreError.readOnly` / `.diskFull` / `.inaccessible` when the directory
    ///   cannot take the file.
    static func createStore(at path: String, directory: DataDirectory, clock: Clock, busyTimeout: Double) throws {
        let temporary = "\(path).creating-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { _ = unlink(temporary + suffix) } }
        let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0 {
            let code = errno
            if code == EROFS || code == EACCES || code == EPERM { throw StoreError.readOnly(path: directory.path) }
            if code == ENOSPC || code == EDQUOT { throw StoreError.diskFull(path: directory.path) }
            throw StoreError.inaccessible(path: path, detail: String(cString: strerror(code)))
        }
        Glibc.close(fd)
        do {
            let db = try openConnection(path: temporary, readOnly: false, busyTimeout: busyTimeout, now: clock.now)
            try db.close()
        } catch let e as DatabaseError {
            if let failure = accessFailure(e, directory: directory) { throw failure }
            throw mapOpenError(e, path: path)
        }
        if link(temporary, path) != 0 && errno != EEXIST {
            let code = errno
            if code == ENOSPC || code == EDQUOT { throw StoreError.diskFull(path: directory.path) }
            throw StoreError.inaccessible(path: path, detail: String(cString: strerror(code)))
        }
    }

    /// The 16-byte header every SQLite database file starts with
    /// (https://www.sqlite.org/fileformat.html "The Database Header").
    static let sqliteHeader: [UInt8] = Array("SQLite format 3\u{0}".utf8)

    /// Refuses an existing store file that cannot be a store before SQLite sees it: SQLite would
    /// take an empty or very short file (a truncated store, a stray `touch`) for a new empty
    /// database and initialise it, hiding the loss. Such a file is left byte-identical, with no
    /// `-wal`/`-shm` beside it. Unreadable files pass here: opening them names the cause.
    /// - Throws: `StoreError.notAStore` naming the path and why (empty, too short, no SQLite header).
    static func refuseUnlessStoreHeader(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { Glibc.close(fd) }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 100) }
        if info.st_size == 0 {
            throw StoreError.notAStore(path: path, detail: Phrase(key: .errorStoreEmptyFile))
        }
        if count < 100 || Array(header.prefix(16)) != sqliteHeader {
            throw StoreError.notAStore(path: path, detail: Phrase(key: .errorStoreNoHeader, String(info.st_size)))
        }
    }

    /// One connection with the checks of `open`. Read-only: with `-wal` and `-shm` present (a
    /// writer is or was running) SQLite reads them read-only (`readonly_shm`); without them (the
    /// last writer checkpointed and removed them) the file is opened `immutable=1`, which needs no
    /// `-shm` at all. Migrations are then only checked, never applied (a store that needs one
    /// cannot be read by this build until it can be written).
    static func openConnection(path: String, readOnly: Bool, busyTimeout: Double, now: Date) throws -> Database {
        // A `-wal` without frames (empty, as a failed open on a full disk leaves it) holds nothing
        // the main file lacks: immutable then reads exactly what is committed.
        var walInfo = stat()
        let hasWAL = stat(path + "-wal", &walInfo) == 0 && walInfo.st_size > 0 && access(path + "-shm", F_OK) == 0
        let db = try Database(path: path, create: false, readOnly: readOnly, immutable: readOnly && !hasWAL, busyTimeout: busyTimeout)
        do {
            let unknown = try migrator.unknownIdentifiers(in: db)
            if !unknown.isEmpty { throw StoreError.newerStore(path: path, unknown: unknown) }
            if try migrator.isForeign(db) {
                throw StoreError.notAStore(path: path, detail: Phrase(key: .errorStoreForeignDatabase))
            }
            if readOnly {
                let applied = Set(try migrator.appliedIdentifiers(in: db))
                if !migrator.migrations.allSatisfy({ applied.contains($0.identifier) }) {
                    throw StoreError.readOnly(path: PathText.directory(of: path))
                }
            } else {
                try db.configureForWAL()
                _ = try migrator.migrate(db, now: now)
            }
        } catch {
            try? db.close()
            throw error
        }
        return db
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func mapOpenError(_ e: DatabaseError, path: String) -> Error {
        if e.isBusy { return StoreError.busy(detail: e.message) }
        if e.isNotADatabase { return StoreError.notAStore(path: path, detail: Phrase(stringLiteral: e.message)) }
        return StoreError.inaccessible(path: path, detail: e.message)
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction; busy past the timeout becomes `StoreError.busy`.
    /// Inside another write, `body` joins it. Calling it inside a read is a programmer error
    /// (a read snapshot cannot be upgraded without risking `SQLITE_BUSY_SNAPSHOT`).
    public func write<T>(_ body: () throws -> T) throws -> T {
        switch transaction {
        case .write: return try body()
        case .read: preconditionFailure("Store.write called inside Store.read")
        case .none: break
        }
        transaction = .write
        defer { transaction = .none }
        do {
            return try database.writeTransaction {
                let result = try body()
                try refreshCatchUpBoundaries() // the catch-up index stays exact for every write (Store+CatchUp.swift)
                return result
            }
        } catch let e as DatabaseError {
            throw e.isBusy ? StoreError.busy(detail: e.message) : writeFailure(e)
        }
    }

    /// What a failed write is to the user: the disk is full, or the store cannot be
    /// written (read-only file system, a data directory or store file not writable by this user),
    /// naming the data directory; any other SQLite failure as it is.
    func writeFailure(_ e: DatabaseError) -> Error { Store.accessFailure(e, directory: directory) ?? e }

    /// `StoreError.diskFull` or `.readOnly` when `e` is an access problem explained by the file
    /// system (full, mounted read-only) or by permissions; nil otherwise.
    static func accessFailure(_ e: DatabaseError, directory: DataDirectory) -> StoreError? {
        guard e.isAccessProblem else { return nil }
        if e.resultCode == .SQLITE_FULL { return StoreError.diskFull(path: directory.path) }
        var fs = statvfs()
        if statvfs(directory.path, &fs) == 0 {
            if fs.f_flag & UInt(ST_RDONLY) != 0 { return StoreError.readOnly(path: directory.path) }
            if fs.f_bavail == 0 || fs.f_favail == 0 { return StoreError.diskFull(path: directory.path) }
        }
        if e.resultCode == .SQLITE_READONLY || access(directory.path, W_OK) != 0 || access(directory.storePath, W_OK) != 0 {
            return StoreError.readOnly(path: directory.path)
        }
        return nil
    }

    /// Runs `body` in one read transaction (one consistent snapshot); inside another transaction,
    /// `body` joins it.
    public func read<T>(_ body: () throws -> T) throws -> T {
        if transaction != .none { return try body() }
        transaction = .read
        defer { transaction = .none }
        do { return try database.readTransaction(body) } catch let e as DatabaseError {
            throw e.isBusy ? StoreError.busy(detail: e.message) : e
        }
    }

    enum TransactionKind { case none, read, write }

    /// `PRAGMA data_version`: changes when another connection commits.
    public func dataVersion() throws -> Int { try database.dataVersion() }

    /// A new lowercase UUID for a list or todo.
    package static func newID() -> String { UUID().uuidString.lowercased() }

    /// Lowercase hyphenated UUID text, as the store writes ids: 8-4-4-4-12 digits `0-9a-f`.
    /// Checked on the UTF-8 bytes (a backup checks two or three ids per record; `Character`
    /// properties and `UUID(uuidString:)` made it a third of a JSON import).
    public static func isID(_ s: String) -> Bool {
        var count = 0
        for (i, b) in s.utf8.enumerated() {
            count += 1
            guard i < 36 else { return false }
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard b == UInt8(ascii: "-") else { return false }
            } else {
                guard (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f")) else { return false }
            }
        }
        return count == 36
    }
}
