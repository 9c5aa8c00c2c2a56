import CSystem
import Foundation
import TaskTileCore
#if canImport(Glibc)
import Glibc
#endif

/// Everything that can make a widget, a status line or a desktop surface out of date, as one
/// event stream: the one change source of `tasktile-render watch`, `tasktile-render desktop` and
/// `tasktile status --follow` (docs/live-updates.md).
///
/// It combines, in one epoll(7) set that a caller can also hand to another loop
/// (`fileDescriptor`, e.g. with `g_unix_fd_add`):
/// - **inotify** on the data directory (and `widgets/`): a commit by any process shows up as a
///   write to `tasktile.sqlite-wal`; `themes.json` and specs are replaced by rename;
/// - **`PRAGMA data_version`** on a connection of its own, which changes exactly when another
///   connection committed (https://sqlite.org/pragma.html#pragma_data_version); checkpoints and
///   reads touch the files too and are filtered out by it;
/// - **list revisions**: `lists.revision`, bumped by triggers on every change to a list's todos,
///   title or flashes (migration `v4-list-revisions`), so a commit is reported as the set of
///   lists it changed;
/// - **ticks**: a timerfd armed for the next wall-clock minute boundary (labels such as
///   Today → Overdue, cycle boundaries, which fall on whole minutes), local midnight, and any
///   wake-up asked for with `wake(at:)`. Nothing else wakes the process: idle means idle;
/// - **signals**: SIGTERM/SIGINT through `TerminationSource`'s signalfd.
///
/// Bursts are debounced: after the first file event it waits until `quietPeriod` passes without
/// another (at most `maximumDelay`), then reads the store once.
///
/// "Now" is the system clock, or with `TASKTILE_NOW` set, that instant advancing with real time
/// from the moment the source was made (so a test can start a follower just before a due and see
/// the minute pass). Not thread-safe: one thread calls `next`.
public final class ChangeSource {
    /// What to watch.
    public struct Options: Sendable {
        /// Also watch `<data dir>/widgets/` for spec files (renderers); default true.
        public var watchWidgets = true
        /// Report wall-clock minute boundaries and midnight; default true.
        public var minuteTicks = true
        /// Seconds of silence that end a burst of file events (default 0.005).
        public var quietPeriod = 0.005
        /// Longest wait after the first event of a burst, seconds (default 0.05).
        public var maximumDelay = 0.05
        public init() {}
    }

    /// What changed since the previous `next` (all false/empty: nothing, the wait timed out).
    public struct Changes: Equatable, Sendable {
        /// Ids of lists whose title, todos or flashes changed, or that were added or removed.
        public var lists: Set<String> = []
        /// The store appeared, disappeared, was replaced, or cannot tell which lists changed: redraw all.
        public var everything = false
        /// A setting changed (language, sound, …).
        public var settings = false
        /// `themes.json` was written, replaced or removed.
        public var themes = false
        /// Absolute paths of `widgets/*.json` files added, changed or removed.
        public var specs: Set<String> = []
        /// A wall-clock minute boundary passed (by this source's clock).
        public var minute = false
        /// Local midnight passed (the day changed in the user's zone).
        public var day = false
        /// A wake-up asked for with `wake(at:)` came due.
        public var timer = false
        /// SIGTERM or SIGINT arrived.
        public var terminate = false
        /// The reader of a descriptor given to `watchHangUp(of:)` went away (a bar that quit).
        public var hangUp = false

        public init() {}

        /// True when nothing at all is reported.
        public var isEmpty: Bool { self == Changes() }

        /// True when the store's content (any list, or everything) changed.
        public var store: Bool { everything || !lists.isEmpty || settings }
    }

    /// The data directory watched.
    public let directory: DataDirectory
    public let options: Options
    /// The user's zone (`TZ`), for midnight.
    public let zone: TimeZone
    private let clockOffset: TimeInterval
    private let epoll: Int32
    private let timer: Int32
    private let terminationFD: Int32
    private let watcher: DirectoryWatcher
    private var connection: Database?
    private var storeIdentity: (dev: UInt64, ino: UInt64)?
    private var lastDataVersion: Int?
    private var lastRevisions: [String: Int]?
    private var lastSettings: String?
    private var nextMinute: Date
    private var currentDay: String
    private var wakeups: [Date] = []
    /// Re-reads of the store after a WAL write that showed no commit yet (see `classify`).
    private var rechecks: [Date] = []
    private var lastArmed: Date?
    private var hangUpDescriptors: Set<Int32> = []
    /// Set once `init` has taken its first reading: from then on, a reading without a previous one
    /// to compare (the first one failed, or the store came back) reports `everything`.
    private var baselineRead = false

    /// Starts watching. The store is read once here (the baseline); a store that does not exist yet
    /// is reported as `everything` when it appears.
    /// - Parameter environment: `TASKTILE_NOW`, `TZ`.
    /// - Throws: `FileError` naming the failing call (`inotify_init1`, `epoll_create1`,
    ///   `timerfd_create`), `Clock.ClockError.badNow` for an unreadable `TASKTILE_NOW`.
    public init(directory: DataDirectory, environment: [String: String], options: Options = .init()) throws {
        self.directory = directory
        self.options = options
        let clock = try Clock.fromEnvironment(environment)
        zone = clock.timeZone
        clockOffset = environment["TASKTILE_NOW"].map { $0.isEmpty ? 0 : clock.now.timeIntervalSinceNow } ?? 0
        terminationFD = TerminationSource.install()
        watcher = try DirectoryWatcher()
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        if epoll < 0 { throw FileError.system(call: "epoll_create1", path: "", errno: errno) }
        timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        if timer < 0 { close(epoll); throw FileError.system(call: "timerfd_create", path: "", errno: errno) }
        let start = Date().addingTimeInterval(clockOffset)
        nextMinute = ChangeSource.minuteBoundary(after: start)
        currentDay = ZonedClock.wallClock(of: start, in: clock.timeZone).date.description
        for fd in [watcher.fileDescriptor, timer, terminationFD, TerminationSource.fallbackDescriptor] where fd >= 0 {
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            event.data.fd = fd
            epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
        }
        addWatches()
        _ = readStore()
        baselineRead = true
    }

    deinit {
        close(timer)
        close(epoll)
    }

    /// One descriptor that is readable (POLLIN) whenever `next(timeout: 0)` may have news, for a
    /// caller's own poll loop or GLib main loop. The timer is armed by `next`, so call `next`
    /// after each wake-up.
    public var fileDescriptor: Int32 {
        armTimer()
        return epoll
    }

    /// This source's "now" (UTC instant): the system clock shifted by `TASKTILE_NOW` when set.
    public var now: Date { Date().addingTimeInterval(clockOffset) }

    /// Also wakes when the reader of `fd` (a pipe's write end, e.g. standard output under a status
    /// bar) closes its end: reported as `hangUp`. Descriptors epoll cannot watch (regular files,
    /// some terminals) are ignored: there a hang-up shows only as EPIPE on the next write.
    public func watchHangUp(of fd: Int32) {
        var event = epoll_event()
        event.events = 0 // EPOLLERR and EPOLLHUP are always reported
        event.data.fd = fd
        if epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) == 0 { hangUpDescriptors.insert(fd) }
    }

    /// Asks for a wake-up at `date` (this source's clock), reported as `timer`.
    public func wake(at date: Date) {
        wakeups.append(date)
        armTimer()
    }

    /// Waits up to `timeout` seconds (nil: until something happens) and returns what changed.
    /// File events that change nothing (a checkpoint, this process's own reads) do not end the wait.
    public func next(timeout: Double?) -> Changes {
        // Whatever it returns, the timer is armed for the next deadline afterwards, so a caller
        // that only waits on `fileDescriptor` (a GLib loop) is woken for it even when the timer
        // fired a hair early and this call found nothing to report.
        defer { armTimer() }
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        while true {
            armTimer()
            let remaining = deadline.map { max(0, $0.timeIntervalSinceNow) }
            var events = [epoll_event](repeating: epoll_event(), count: 8)
            let ms = remaining.map { Int32(min($0 * 1000, 86_400_000).rounded(.up)) } ?? -1
            let n = epoll_wait(epoll, &events, Int32(events.count), ms)
            var changes = Changes()
            if TerminationSource.requested { changes.terminate = true; return changes }
            var fileEvents = false
            if n > 0 {
                for e in events.prefix(Int(n)) where e.data.fd == watcher.fileDescriptor { fileEvents = true }
                if events.prefix(Int(n)).contains(where: { hangUpDescriptors.contains($0.data.fd) }) {
                    changes.hangUp = true
                    return changes
                }
                if events.prefix(Int(n)).contains(where: { $0.data.fd == timer }) {
                    var expirations: UInt64 = 0
                    _ = read(timer, &expirations, 8)
                    lastArmed = nil // fired (perhaps a hair early): arm again for whatever is next
                }
            }
            if fileEvents {
                var batch = watcher.drain()
                let start = Date()
                while Date().timeIntervalSince(start) < options.maximumDelay, watcher.wait(timeout: options.quietPeriod) {
                    batch += watcher.drain()
                }
                classify(batch, into: &changes)
            }
            tick(into: &changes)
            if !changes.isEmpty { return changes }
            if let deadline, Date() >= deadline { return changes }
        }
    }

    // MARK: - Files

    private func addWatches() {
        if !watcher.isWatching(directory.path) { try? watcher.watch(directory: directory.path) }
        if options.watchWidgets, !watcher.isWatching(directory.widgetsPath) { try? watcher.watch(directory: directory.widgetsPath) }
    }

    private func classify(_ batch: [DirectoryWatcher.Change], into changes: inout Changes) {
        var storeTouched = false
        var rewatch = false
        for change in batch {
            if change.directoryGone { rewatch = true; storeTouched = storeTouched || change.directory == directory.path; continue }
            if change.directory == directory.widgetsPath {
                if DataDirectory.isSpecFileName(change.name) {
                    changes.specs.insert(directory.widgetsPath + "/" + change.name)
                }
            } else if change.name == ThemeStore.fileName {
                changes.themes = true
            } else if change.name == "widgets" && options.watchWidgets {
                rewatch = true
                for file in directory.specFiles { changes.specs.insert(file) }
            } else if change.name.hasPrefix("tasktile.sqlite") {
                storeTouched = true
            }
        }
        if rewatch { addWatches() }
        if storeTouched {
            let reading = readStore()
            merge(reading, into: &changes)
            // A writer appends to the WAL (the inotify event), syncs it, and only then publishes the
            // commit in the wal-index header in `-shm`, a shared-memory write no inotify event
            // reports. So the last commit of a burst may be published after this reading, with
            // its file event already drained: read again a moment later, and a little later still.
            scheduleRechecks()
        }
    }

    private func scheduleRechecks() {
        let t = now
        rechecks = Self.recheckDelays.map { t.addingTimeInterval($0) }
    }

    /// Seconds after a batch of WAL writes at which the store is read again (see `classify`).
    static let recheckDelays: [Double] = [0.01, 0.05, 0.25, 1.0]

    // MARK: - Store

    private struct StoreReading {
        var everything = false
        var lists: Set<String> = []
        var settings = false
    }

    private func merge(_ reading: StoreReading, into changes: inout Changes) {
        changes.everything = changes.everything || reading.everything
        changes.lists.formUnion(reading.lists)
        changes.settings = changes.settings || reading.settings
    }

    /// Reads `data_version`, the list revisions and the settings; reports what differs from the last reading.
    private func readStore() -> StoreReading {
        var reading = StoreReading()
        var st = stat()
        let exists = stat(directory.storePath, &st) == 0
        let identity = exists ? (UInt64(st.st_dev), UInt64(st.st_ino)) : nil
        if identity?.0 != storeIdentity?.dev || identity?.1 != storeIdentity?.ino {
            // Missing, appeared or replaced (a restore, a sync tool): a fresh connection, redraw all.
            connection = nil
            lastDataVersion = nil; lastRevisions = nil; lastSettings = nil
            storeIdentity = identity.map { (dev: $0.0, ino: $0.1) }
            reading.everything = true
        }
        guard exists else { return reading }
        if connection == nil {
            connection = try? Database(path: directory.storePath, create: false, busyTimeout: 1)
        }
        guard let db = connection else { reading.everything = true; return reading }
        do {
            let version = try db.dataVersion()
            if version == lastDataVersion { return reading }
            var revisions: [String: Int] = [:]
            var settings = ""
            try db.execute("BEGIN")
            defer { try? db.execute("COMMIT") }
            for row in try db.rows("SELECT id, revision FROM lists") {
                if let id = row.text(0) { revisions[id] = row.int(1) ?? 0 }
            }
            for row in try db.rows("SELECT key, value FROM settings ORDER BY key") {
                settings += (row.text(0) ?? "") + "=" + (row.text(1) ?? "") + "\n"
            }
            // A saved view's filter (docs/organize.md) decides what its widgets show, as a setting does.
            for row in try db.rows("SELECT name, filter FROM views ORDER BY name") {
                settings += "@" + (row.text(0) ?? "") + "=" + (row.text(1) ?? "") + "\n"
            }
            if let last = lastRevisions {
                for (id, revision) in revisions where last[id] != revision { reading.lists.insert(id) }
                for id in last.keys where revisions[id] == nil { reading.lists.insert(id) }
            } else if baselineRead {
                reading.everything = true
            }
            if let lastSettings, lastSettings != settings { reading.settings = true }
            lastDataVersion = version
            lastRevisions = revisions
            lastSettings = settings
        } catch {
            // Not a store (yet), an old schema without revisions, busy past the timeout: the
            // reader cannot tell what changed, so everything did; try again on the next event.
            try? db.execute("ROLLBACK")
            lastDataVersion = nil; lastRevisions = nil
            connection = nil
            reading.everything = true
        }
        return reading
    }

    // MARK: - Time

    private func tick(into changes: inout Changes) {
        let t = now
        if options.minuteTicks && t >= nextMinute {
            changes.minute = true
            nextMinute = ChangeSource.minuteBoundary(after: t)
            let day = ZonedClock.wallClock(of: t, in: zone).date.description
            if day != currentDay { currentDay = day; changes.day = true }
        }
        if rechecks.contains(where: { $0 <= t }) {
            rechecks.removeAll { $0 <= t }
            let reading = readStore()
            merge(reading, into: &changes)
            // A commit published late: there may be more behind it.
            if !reading.lists.isEmpty || reading.settings { scheduleRechecks() }
        }
        let due = wakeups.filter { $0 <= t }
        if !due.isEmpty {
            wakeups.removeAll { $0 <= t }
            changes.timer = true
        }
        // While the data directory (or widgets/) is missing, look for it again once a second.
        if !watcher.isWatching(directory.path) || (options.watchWidgets && !watcher.isWatching(directory.widgetsPath)) {
            let before = watcher.isWatching(directory.path)
            addWatches()
            if !before && watcher.isWatching(directory.path) { merge(readStore(), into: &changes) }
        }
    }

    private var nextDeadline: Date? {
        var candidates = wakeups + rechecks
        if options.minuteTicks { candidates.append(nextMinute) }
        if !watcher.isWatching(directory.path) || (options.watchWidgets && !watcher.isWatching(directory.widgetsPath)) {
            candidates.append(now.addingTimeInterval(1))
        }
        return candidates.min()
    }

    /// Arms the timerfd (monotonic, relative) for the earliest deadline of this source's clock.
    private func armTimer() {
        guard let deadline = nextDeadline else {
            var off = itimerspec()
            timerfd_settime(timer, 0, &off, nil)
            lastArmed = nil
            return
        }
        if deadline == lastArmed { return }
        lastArmed = deadline
        let seconds = max(0.000_001, deadline.timeIntervalSince(now))
        var spec = itimerspec()
        spec.it_value.tv_sec = Int(seconds)
        spec.it_value.tv_nsec = Int((seconds - Double(Int(seconds))) * 1e9)
        if spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0 { spec.it_value.tv_nsec = 1 }
        timerfd_settime(timer, 0, &spec, nil)
    }

    /// The first whole minute (UTC seconds divisible by 60, which is a local minute boundary in
    /// every zone with a whole-minute offset) after `date`.
    static func minuteBoundary(after date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60)
    }
}
