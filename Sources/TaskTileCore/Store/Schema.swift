/// The store's migrations, in order. Append only: a shipped migration is never edited or removed.
enum Schema {
    static var migrator: Migrator {
        var m = Migrator()
        m.register("v1-lists-todos-history-settings-flashes", sql: """
        CREATE TABLE lists (
            id          TEXT PRIMARY KEY NOT NULL,
            title       TEXT NOT NULL CHECK (length(trim(title)) > 0),
            sort_order  INTEGER NOT NULL,
            created_at  REAL NOT NULL
        );
        CREATE TABLE todos (
            id               TEXT PRIMARY KEY NOT NULL,
            list_id          TEXT NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
            title            TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 4000),
            is_completed     INTEGER NOT NULL DEFAULT 0 CHECK (is_completed IN (0, 1)),
            completed_at     REAL,
            sort_order       INTEGER NOT NULL,
            created_at       REAL NOT NULL,
            due_local        TEXT,     -- 'YYYY-MM-DD' (floating date) or 'YYYY-MM-DDTHH:MM:SS' (wall clock)
            due_zone         TEXT,     -- IANA zone id of a timed due; NULL for a floating date
            due_utc          REAL,     -- instant of a timed due, seconds since 1970 UTC; NULL for a date
            anchor_local     TEXT,     -- first due of a repeating series, same encoding as due_local
            anchor_zone      TEXT,
            repeat_frequency TEXT CHECK (repeat_frequency IN ('daily', 'weekly', 'monthly', 'yearly')),
            repeat_interval  INTEGER,
            repeat_weekdays  TEXT,     -- 'mon,wed,fri'
            repeat_end_count INTEGER,
            repeat_end_date  TEXT,
            missed_count     INTEGER NOT NULL DEFAULT 0,
            occurrence_count INTEGER NOT NULL DEFAULT 0,
            notes            TEXT
        );
        CREATE INDEX todos_by_list ON todos(list_id, is_completed, sort_order);
        CREATE TABLE completions (
            id            INTEGER PRIMARY KEY,
            todo_id       TEXT NOT NULL,
            list_id       TEXT NOT NULL,
            title         TEXT NOT NULL,
            cycle_index   INTEGER NOT NULL,
            cycle_due     TEXT,
            completed_at  REAL NOT NULL,
            source        TEXT NOT NULL,
            undone_at     REAL
        );
        CREATE INDEX completions_by_todo ON completions(todo_id, completed_at);
        CREATE TABLE settings (
            key   TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        );
        CREATE TABLE flashes (
            todo_id  TEXT NOT NULL,
            list_id  TEXT NOT NULL,
            at       REAL NOT NULL
        );
        CREATE INDEX flashes_by_list ON flashes(list_id, at);
        """)
        // Search (docs/lists-and-todos.md "Search"): a folded key per title (`SearchKey.fold`), filled here for existing rows
        // in the same transaction and kept by the Store on insert, rename and edit. A title changed
        // by any other path (a hand-run UPDATE, a later feature that forgets the key) has its key
        // reset to NULL by the triggers, and search folds NULL-key rows on the fly, so a stale key
        // can never hide a match.
        m.register("v2-search-keys", sql: """
        ALTER TABLE lists ADD COLUMN search_key TEXT;
        ALTER TABLE todos ADD COLUMN search_key TEXT;
        CREATE TRIGGER lists_search_key_stale AFTER UPDATE OF title ON lists
            WHEN NEW.title IS NOT OLD.title AND NEW.search_key IS OLD.search_key
            BEGIN UPDATE lists SET search_key = NULL WHERE id = NEW.id; END;
        CREATE TRIGGER todos_search_key_stale AFTER UPDATE OF title ON todos
            WHEN NEW.title IS NOT OLD.title AND NEW.search_key IS OLD.search_key
            BEGIN UPDATE todos SET search_key = NULL WHERE id = NEW.id; END;
        """, then: { db in
            for table in ["lists", "todos"] {
                let update = try db.prepare("UPDATE \(table) SET search_key = ? WHERE id = ?")
                for row in try db.rows("SELECT id, title FROM \(table)") {
                    try update.bind([.text(SearchKey.fold(row.text(1) ?? "")), .text(row.text(0) ?? "")])
                    while try update.step() {}
                }
            }
        })
        m.register("routine-lists", sql: Schema.routineListsSQL)
        // Notification delivery log and list reminders (docs/notifications.md). A distinctive identifier:
        // other v2 migrations may be registered by other features.
        m.register("v2-deliveries-reminders", sql: """
        CREATE TABLE notification_deliveries (
            id           INTEGER PRIMARY KEY,
            delivery_key TEXT NOT NULL UNIQUE, -- '<identifier>@<due>': claimed once, ever
            identifier   TEXT NOT NULL,        -- '<todo id>', '<todo id>_<i>', 'list:<list id>_<i>'
            kind         TEXT NOT NULL,        -- 'todo', 'reminder'
            todo_id      TEXT,
            list_id      TEXT NOT NULL,
            item_index   INTEGER,              -- cycle (todo) or occurrence (reminder); NULL one-off
            fire_at      REAL NOT NULL,        -- planned instant, seconds since 1970 UTC
            claimed_at   REAL NOT NULL,
            outcome      TEXT NOT NULL,        -- 'shown', 'catch-up', 'empty' (reminder, 0 incomplete)
            pid          INTEGER NOT NULL,     -- the daemon that claimed it
            bus_id       INTEGER,              -- the notification server's id while shown
            closed_at    REAL
        );
        CREATE INDEX notification_deliveries_by_fire ON notification_deliveries(fire_at);
        CREATE TABLE list_reminders (
            list_id          TEXT PRIMARY KEY NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
            anchor_local     TEXT NOT NULL,    -- 'YYYY-MM-DDTHH:MM:SS' wall clock of occurrence 0
            anchor_zone      TEXT NOT NULL,    -- IANA zone id
            repeat_frequency TEXT CHECK (repeat_frequency IN ('daily', 'weekly', 'monthly', 'yearly')),
            repeat_interval  INTEGER,
            repeat_weekdays  TEXT,
            repeat_end_count INTEGER,          -- counts deliveries (reminders shown), docs/notifications.md
            repeat_end_date  TEXT,
            deliveries       INTEGER NOT NULL DEFAULT 0,
            created_at       REAL NOT NULL
        );
        """)
        // Reads that run on every open or every status-bar poll seek instead of scanning:
        // the catch-up check (Store+CatchUp.swift) reads only repeating todos whose due has passed
        // (two partial indexes: timed dues by instant, date-only dues by date), and `status`
        // counts pending, completed and overdue todos and finds the next due (Store+Status.swift).
        m.register("v3-due-indexes", sql: """
        CREATE INDEX todos_repeating_timed ON todos(due_utc) WHERE repeat_frequency IS NOT NULL AND due_zone IS NOT NULL;
        CREATE INDEX todos_repeating_dated ON todos(due_local) WHERE repeat_frequency IS NOT NULL AND due_zone IS NULL;
        CREATE INDEX todos_by_due ON todos(is_completed, due_utc, due_local);
        """)
        // Live updates (docs/live-updates.md): every change to a list's todos, title, order or
        // flashes bumps `lists.revision`, whichever process and code path made it, so a change
        // source that sees a commit (`PRAGMA data_version`) can tell which lists it touched.
        m.register("v4-list-revisions", sql: """
        ALTER TABLE lists ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
        CREATE TRIGGER lists_revision_todo_insert AFTER INSERT ON todos
            BEGIN UPDATE lists SET revision = revision + 1 WHERE id = NEW.list_id; END;
        CREATE TRIGGER lists_revision_todo_update AFTER UPDATE ON todos
            BEGIN UPDATE lists SET revision = revision + 1 WHERE id IN (OLD.list_id, NEW.list_id); END;
        CREATE TRIGGER lists_revision_todo_delete AFTER DELETE ON todos
            BEGIN UPDATE lists SET revision = revision + 1 WHERE id = OLD.list_id; END;
        CREATE TRIGGER lists_revision_list_update AFTER UPDATE OF title, sort_order ON lists
            BEGIN UPDATE lists SET revision = revision + 1 WHERE id = NEW.id; END;
        CREATE TRIGGER lists_revision_flash_insert AFTER INSERT ON flashes
            BEGIN UPDATE lists SET revision = revision + 1 WHERE id = NEW.list_id; END;
        """)
        // Search index (docs/lists-and-todos.md "Search"): an FTS5 table with the trigram tokenizer
        // (https://www.sqlite.org/fts5.html#the_trigram_tokenizer, case-sensitive because the keys
        // are already folded) over the todos' folded keys, so a query of three or more characters
        // seeks instead of testing every title. Its rowids come from `todo_search_rows`, whose
        // INTEGER PRIMARY KEY survives VACUUM (a table's implicit rowid may not). Triggers keep it
        // in step with `todos.search_key` whichever path writes it; a NULL key has no index row
        // and is found through `todos_search_key_missing` and folded on the fly, as before.
        m.register("v5-search-index", sql: """
        CREATE TABLE todo_search_rows (rowid INTEGER PRIMARY KEY, todo_id TEXT NOT NULL UNIQUE);
        CREATE VIRTUAL TABLE todo_search USING fts5(key, tokenize = 'trigram case_sensitive 1');
        CREATE INDEX todos_search_key_missing ON todos(id) WHERE search_key IS NULL;
        INSERT INTO todo_search_rows (todo_id) SELECT id FROM todos WHERE search_key IS NOT NULL;
        INSERT INTO todo_search (rowid, key)
            SELECT r.rowid, t.search_key FROM todo_search_rows r JOIN todos t ON t.id = r.todo_id;
        CREATE TRIGGER todo_search_insert AFTER INSERT ON todos WHEN NEW.search_key IS NOT NULL BEGIN
            INSERT INTO todo_search_rows (todo_id) VALUES (NEW.id);
            INSERT INTO todo_search (rowid, key) VALUES ((SELECT rowid FROM todo_search_rows WHERE todo_id = NEW.id), NEW.search_key);
        END;
        CREATE TRIGGER todo_search_update AFTER UPDATE OF search_key ON todos
            WHEN NEW.search_key IS NOT OLD.search_key BEGIN
            DELETE FROM todo_search WHERE rowid = (SELECT rowid FROM todo_search_rows WHERE todo_id = OLD.id);
            DELETE FROM todo_search_rows WHERE todo_id = OLD.id;
            INSERT INTO todo_search_rows (todo_id) SELECT NEW.id WHERE NEW.search_key IS NOT NULL;
            INSERT INTO todo_search (rowid, key)
                SELECT rowid, NEW.search_key FROM todo_search_rows WHERE todo_id = NEW.id AND NEW.search_key IS NOT NULL;
        END;
        CREATE TRIGGER todo_search_delete AFTER DELETE ON todos BEGIN
            DELETE FROM todo_search WHERE rowid = (SELECT rowid FROM todo_search_rows WHERE todo_id = OLD.id);
            DELETE FROM todo_search_rows WHERE todo_id = OLD.id;
        END;
        """)
        // Habits (docs/cycles.md "Cycle semantics", "A wrong clock"): the instant the cached cycle
        // columns of repeating todos were last computed for, so a process whose clock reads earlier
        // recomputes them from the anchor and the completion history; and a note per check-in.
        m.register("v5-habits-cycle-clock-notes", sql: """
        CREATE TABLE cycle_clock (
            id  INTEGER PRIMARY KEY CHECK (id = 1),
            at  REAL NOT NULL
        );
        ALTER TABLE completions ADD COLUMN note TEXT;
        CREATE INDEX completions_by_cycle ON completions(todo_id, cycle_index);
        """)
        // Challenges (docs/challenges.md): a list of daily habits that ends after a number of days.
        // The row outlives its list: archiving deletes the list and its todos (the completion
        // history stays, it has no foreign key) and keeps the totals here.
        m.register("v5-challenges", sql: """
        CREATE TABLE challenges (
            id            TEXT PRIMARY KEY NOT NULL,
            list_id       TEXT NOT NULL,
            title         TEXT NOT NULL,
            start_date    TEXT NOT NULL,    -- 'YYYY-MM-DD', day 1, in the user's zone
            days          INTEGER NOT NULL CHECK (days BETWEEN 1 AND 3650),
            remind        TEXT,             -- 'HH:MM' daily list reminder, or NULL
            routine       TEXT,             -- the routine pack it was started from, or NULL
            habits        TEXT NOT NULL,    -- JSON array of habit titles, in order
            created_at    REAL NOT NULL,
            ended_at      REAL,             -- 'challenge end' before its last day
            archived_at   REAL,
            checked_in    INTEGER,          -- totals kept at archive time
            best_streak   INTEGER
        );
        CREATE INDEX challenges_by_list ON challenges(list_id);
        """)
        // Sync (docs/sync.md): the change journal and the per-account sync state. The journal is
        // written by triggers, so every write path (CLI, widget click, notification action,
        // catch-up, import) records its change in the same transaction as the change itself.
        // `at` is the commit's wall time (seconds since 1970 UTC): the local LAST-MODIFIED of a merge.
        // Without a sync account nothing is journaled (a first sync compares everything anyway).
        m.register("v5-sync-journal", sql: """
        CREATE TABLE sync_journal (
            seq      INTEGER PRIMARY KEY AUTOINCREMENT,
            kind     TEXT NOT NULL CHECK (kind IN ('todo', 'list')),
            item_id  TEXT NOT NULL,
            list_id  TEXT NOT NULL,
            op       TEXT NOT NULL CHECK (op IN ('insert', 'update', 'delete')),
            at       REAL NOT NULL
        );
        CREATE INDEX sync_journal_by_item ON sync_journal(item_id, seq);
        CREATE TRIGGER sync_journal_todo_insert AFTER INSERT ON todos
            WHEN EXISTS (SELECT 1 FROM sync_accounts) BEGIN
            INSERT INTO sync_journal (kind, item_id, list_id, op, at)
            VALUES ('todo', NEW.id, NEW.list_id, 'insert', (julianday('now') - 2440587.5) * 86400.0); END;
        CREATE TRIGGER sync_journal_todo_update AFTER UPDATE ON todos
            WHEN EXISTS (SELECT 1 FROM sync_accounts) BEGIN
            INSERT INTO sync_journal (kind, item_id, list_id, op, at)
            VALUES ('todo', NEW.id, NEW.list_id, 'update', (julianday('now') - 2440587.5) * 86400.0); END;
        CREATE TRIGGER sync_journal_todo_delete AFTER DELETE ON todos
            WHEN EXISTS (SELECT 1 FROM sync_accounts) BEGIN
            INSERT INTO sync_journal (kind, item_id, list_id, op, at)
            VALUES ('todo', OLD.id, OLD.list_id, 'delete', (julianday('now') - 2440587.5) * 86400.0); END;
        CREATE TRIGGER sync_journal_list_insert AFTER INSERT ON lists
            WHEN EXISTS (SELECT 1 FROM sync_accounts) BEGIN
            INSERT INTO sync_journal (kind, item_id, list_id, op, at)
            VALUES ('list', NEW.id, NEW.id, 'insert', (julianday('now') - 2440587.5) * 86400.0); END;
        CREATE TRIGGER sync_journal_list_update AFTER UPDATE OF title ON lists
            WHEN EXISTS (SELECT 1 FROM sync_accounts) BEGIN
            INSERT INTO sync_journal (kind, item_id, list_id, op, at)
            VALUES ('list', NEW.id, NEW.id, 'update', (julianday('now') - 2440587.5) * 86400.0); END;
        CREATE TRIGGER sync_journal_list_delete AFTER DELETE ON lists
            WHEN EXISTS (SELECT 1 FROM sync_accounts) BEGIN
            INSERT INTO sync_journal (kind, item_id, list_id, op, at)
            VALUES ('list', OLD.id, OLD.id, 'delete', (julianday('now') - 2440587.5) * 86400.0); END;
        CREATE TABLE sync_accounts (
            name             TEXT PRIMARY KEY NOT NULL,
            kind             TEXT NOT NULL CHECK (kind IN ('caldav', 'vdir')),
            url              TEXT NOT NULL,      -- the server URL, or the vdir's directory
            user             TEXT,
            password_command TEXT,               -- run each sync; the password itself is never stored
            journal_seq      INTEGER NOT NULL DEFAULT 0, -- journal entries up to here are synced
            last_sync_at     REAL,
            created_at       REAL NOT NULL
        );
        CREATE TABLE sync_collections (
            account      TEXT NOT NULL REFERENCES sync_accounts(name) ON DELETE CASCADE,
            list_id      TEXT NOT NULL,
            href         TEXT NOT NULL,          -- collection URL path (or vdir subdirectory)
            sync_token   TEXT,                   -- RFC 6578 token after the last sync
            displayname  TEXT,                   -- the collection's title as last synced (rename merge base)
            PRIMARY KEY (account, list_id),
            UNIQUE (account, href)
        );
        CREATE TABLE sync_items (
            account  TEXT NOT NULL REFERENCES sync_accounts(name) ON DELETE CASCADE,
            todo_id  TEXT NOT NULL,
            list_id  TEXT NOT NULL,
            href     TEXT NOT NULL,              -- resource URL path (or file path in the vdir)
            etag     TEXT,                       -- server ETag (or file mtime+size) of `base`
            base     TEXT NOT NULL,              -- the item as last synced: the three-way merge's base
            PRIMARY KEY (account, todo_id),
            UNIQUE (account, href)
        );
        """)
        // Foreign UIDs (docs/interchange.md "iCalendar"): the UID an imported VTODO had when it is
        // not the todo's id (Thunderbird's, Apple's), so export and sync write it back unchanged.
        m.register("v5-todo-uids", sql: """
        CREATE TABLE todo_uids (
            todo_id TEXT PRIMARY KEY NOT NULL REFERENCES todos(id) ON DELETE CASCADE,
            uid     TEXT NOT NULL
        );
        """)
        // Monthly and yearly repeats on the Nth weekday (docs/cycles.md "Repeat rules"): the RFC 5545 §3.3.10
        // `weekdaynum` (`3TH`, `-1FR`), NULL for every other rule, so existing rows keep their meaning.
        m.register("v6-repeat-by-day", sql: """
        ALTER TABLE todos ADD COLUMN repeat_by_day TEXT;
        ALTER TABLE list_reminders ADD COLUMN repeat_by_day TEXT;
        """)
        // A wrong clock (docs/cycles.md "A wrong clock"): the earliest completion the cached cycle
        // columns could not count because it was recorded after the instant they were computed for
        // (seconds since 1970 UTC); NULL when there is none. A catch-up whose now reaches it
        // recomputes every repeating todo from its history. An existing row gets what its cache
        // could not have counted: every cache write sets `at` to the now it counted history up to.
        m.register("v6-cycle-clock-unseen-history", sql: """
        ALTER TABLE cycle_clock ADD COLUMN unseen_from REAL;
        UPDATE cycle_clock SET unseen_from = (
            SELECT min(completed_at) FROM completions
            WHERE undone_at IS NULL AND completed_at > cycle_clock.at
              AND todo_id IN (SELECT id FROM todos WHERE repeat_frequency IS NOT NULL));
        """)
        // The CalDAV calendar home found by discovery (docs/sync.md "Lists ↔ collections"), kept
        // so a pass starts at the home; NULL until the first pass, found again (and replaced at
        // the end of that pass) when the kept one stops answering.
        m.register("sync-calendar-home", sql: """
        ALTER TABLE sync_accounts ADD COLUMN calendar_home TEXT;
        """)
        // Catch-up boundaries (docs/cycles.md "Catch-up cost"): per repeating todo, the
        // instant (a timed due's deadline, UTC seconds) or the date (a date-only due, 'YYYY-MM-DD',
        // whose day ends in the user's zone) at which its cached cycle next moves — its own due
        // when it is completed, the next cycle's due when it is not — so the check every open runs
        // is two range seeks that find only the todos that move, not every overdue repeating todo.
        // No row: the series has ended, nothing moves it. `catch_up_stale` lists the todos whose
        // cycle, due or rule changed since their boundary was written, by any path (the triggers
        // fire for the sqlite3 CLI too); catch-up treats them as candidates, and every
        // `Store.write` (and the next catch-up) computes their boundary again. Existing repeating
        // todos start stale; writes to these tables bump no list revision.
        m.register("v7-catch-up-boundaries", sql: """
        CREATE TABLE catch_up_boundaries (
            todo_id        TEXT PRIMARY KEY NOT NULL,
            boundary_utc   REAL,
            boundary_local TEXT
        );
        CREATE INDEX catch_up_by_instant ON catch_up_boundaries(boundary_utc) WHERE boundary_utc IS NOT NULL;
        CREATE INDEX catch_up_by_date ON catch_up_boundaries(boundary_local) WHERE boundary_local IS NOT NULL;
        CREATE TABLE catch_up_stale (todo_id TEXT PRIMARY KEY NOT NULL);
        INSERT INTO catch_up_stale (todo_id) SELECT id FROM todos WHERE repeat_frequency IS NOT NULL;
        CREATE TRIGGER catch_up_stale_insert AFTER INSERT ON todos WHEN NEW.repeat_frequency IS NOT NULL
            BEGIN INSERT OR IGNORE INTO catch_up_stale (todo_id) VALUES (NEW.id); END;
        CREATE TRIGGER catch_up_stale_update AFTER UPDATE OF id, is_completed, due_local, due_zone, due_utc,
            anchor_local, anchor_zone, repeat_frequency, repeat_interval, repeat_weekdays, repeat_end_count,
            repeat_end_date, repeat_by_day, occurrence_count ON todos
            WHEN NEW.repeat_frequency IS NOT NULL OR OLD.repeat_frequency IS NOT NULL BEGIN
            INSERT OR IGNORE INTO catch_up_stale (todo_id) VALUES (NEW.id);
            DELETE FROM catch_up_boundaries WHERE todo_id = OLD.id AND OLD.id IS NOT NEW.id;
        END;
        CREATE TRIGGER catch_up_delete AFTER DELETE ON todos WHEN OLD.repeat_frequency IS NOT NULL BEGIN
            DELETE FROM catch_up_boundaries WHERE todo_id = OLD.id;
            DELETE FROM catch_up_stale WHERE todo_id = OLD.id;
        END;
        """)
        // Foreign repeats keep their RFC 5545 meaning (docs/cycles.md "iCalendar forms"): whether a monthly or yearly
        // rule skips the months (years) without its day instead of clamping to the month end. 0 for every existing row,
        // which keeps tasktile's clamping. The catch-up staleness trigger is made again with the new column, so a
        // change of meaning alone moves the cycle. (An RFC UNTIL time needs no column: `repeat_end_date` holds it as
        // `YYYY-MM-DDTHH:MM:SS`, with a trailing `Z` for UTC, beside the plain dates of `--until`.)
        m.register("v8-repeat-skips-short-months", sql: """
        ALTER TABLE todos ADD COLUMN repeat_skips_short_months INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE list_reminders ADD COLUMN repeat_skips_short_months INTEGER NOT NULL DEFAULT 0;
        DROP TRIGGER catch_up_stale_update;
        CREATE TRIGGER catch_up_stale_update AFTER UPDATE OF id, is_completed, due_local, due_zone, due_utc,
            anchor_local, anchor_zone, repeat_frequency, repeat_interval, repeat_weekdays, repeat_end_count,
            repeat_end_date, repeat_by_day, repeat_skips_short_months, occurrence_count ON todos
            WHEN NEW.repeat_frequency IS NOT NULL OR OLD.repeat_frequency IS NOT NULL BEGIN
            INSERT OR IGNORE INTO catch_up_stale (todo_id) VALUES (NEW.id);
            DELETE FROM catch_up_boundaries WHERE todo_id = OLD.id AND OLD.id IS NOT NEW.id;
        END;
        """)
        // The overdue window of a date-only cycle now ends at 00:00 of the next cycle's date, not at
        // the end of that day (shared/SPEC.md §3.4, docs/cycles.md "Cycle semantics"), so the
        // catch-up boundary of an incomplete date-only todo moved a day earlier. The cycle state
        // follows from anchor, history and now: nothing is rewritten here, no history row is
        // touched; the date-only repeating todos are only marked stale, so the next catch-up
        // re-derives their cycle and writes their boundary again.
        m.register("v9-date-only-windows", sql: """
        INSERT OR IGNORE INTO catch_up_stale (todo_id)
            SELECT id FROM todos WHERE repeat_frequency IS NOT NULL AND anchor_local IS NOT NULL AND anchor_zone IS NULL;
        """)
        // Habits with a target per period (docs/cycles.md "Habits with a target", `--goal N`): the check-ins a weekly
        // or monthly period needs on distinct days, NULL for every other rule (so every existing row keeps its
        // meaning). On list_reminders too, always NULL there, so both tables share one rule encoding. The catch-up
        // staleness trigger is made again with the new column, so a change of target alone re-derives the cycle.
        m.register("v10-repeat-goal", sql: """
        ALTER TABLE todos ADD COLUMN repeat_goal INTEGER;
        ALTER TABLE list_reminders ADD COLUMN repeat_goal INTEGER;
        DROP TRIGGER catch_up_stale_update;
        CREATE TRIGGER catch_up_stale_update AFTER UPDATE OF id, is_completed, due_local, due_zone, due_utc,
            anchor_local, anchor_zone, repeat_frequency, repeat_interval, repeat_weekdays, repeat_end_count,
            repeat_end_date, repeat_by_day, repeat_skips_short_months, repeat_goal, occurrence_count ON todos
            WHEN NEW.repeat_frequency IS NOT NULL OR OLD.repeat_frequency IS NOT NULL BEGIN
            INSERT OR IGNORE INTO catch_up_stale (todo_id) VALUES (NEW.id);
            DELETE FROM catch_up_boundaries WHERE todo_id = OLD.id AND OLD.id IS NOT NEW.id;
        END;
        """)
        // Repeat from completion (docs/cycles.md "Repeat from completion", `--after-completion`): 1 when completing
        // sets the next due one interval after the completion instead of the anchor's next cycle; 0 for every existing
        // row, which keeps its meaning. On list_reminders too (always 0 there), for one shared rule encoding.
        m.register("v11-repeat-from-completion", sql: """
        ALTER TABLE todos ADD COLUMN repeat_from_completion INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE list_reminders ADD COLUMN repeat_from_completion INTEGER NOT NULL DEFAULT 0;
        """)
        // Organize (docs/organize.md): a parent (a subtask's todo in the same list; deleting a parent deletes its
        // subtasks), a priority 0…3 (none, low, medium, high), tags (their spellings between U+001F, and their
        // case-insensitive keys between and around U+001F so one `instr` finds a whole key), a start ("hidden until",
        // encoded as a due: local text, zone, UTC instant for a timed one), on a check-in the parent whose completion
        // completed it with it (`cascade_of`, so one undo of the parent reopens exactly those), and saved views (smart lists). Every
        // existing row keeps its meaning: no parent, no priority, no tags, always started.
        m.register("v12-organize", sql: """
        ALTER TABLE todos ADD COLUMN parent_id TEXT REFERENCES todos(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED;
        ALTER TABLE todos ADD COLUMN priority INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 3);
        ALTER TABLE todos ADD COLUMN tags TEXT;
        ALTER TABLE todos ADD COLUMN tag_keys TEXT;
        ALTER TABLE todos ADD COLUMN start_local TEXT;
        ALTER TABLE todos ADD COLUMN start_zone TEXT;
        ALTER TABLE todos ADD COLUMN start_utc REAL;
        CREATE INDEX todos_by_parent ON todos(parent_id) WHERE parent_id IS NOT NULL;
        ALTER TABLE completions ADD COLUMN cascade_of TEXT;
        CREATE TABLE views (
            name        TEXT PRIMARY KEY NOT NULL COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 100),
            filter      TEXT NOT NULL CHECK (length(filter) BETWEEN 1 AND 1000),
            created_at  REAL NOT NULL
        );
        """)
        // Sync merges parent, priority, tags and start (docs/sync.md "Merging"): an item synced
        // before (organized = 0) has a base whose RELATED-TO, PRIORITY, CATEGORIES and DTSTART this
        // store never read. The next pass first takes them from that base, so the defaults here do
        // not read as a local change that would erase them on the server.
        m.register("v13-sync-organize-groups", sql: """
        ALTER TABLE sync_items ADD COLUMN organized INTEGER NOT NULL DEFAULT 0;
        """)
        // Snooze (docs/notifications.md "Snooze"): at most one per todo, the instant its reminder moved to and the
        // cycle it is for (NULL for a one-off todo). The due is not touched; deleting the todo deletes its snooze, and
        // completing it deletes it in the one completion function. A new table: every existing row keeps its meaning.
        m.register("v14-snoozes", sql: """
        CREATE TABLE snoozes (
            todo_id     TEXT PRIMARY KEY NOT NULL REFERENCES todos(id) ON DELETE CASCADE,
            until_utc   REAL NOT NULL,
            cycle_index INTEGER,
            created_at  REAL NOT NULL
        );
        """)
        // The todos with a start, for the status counts (Store+Status.swift): the few whose start has not come are
        // subtracted from index-only counts instead of every counted row being read. Covering, partial: only rows
        // with a start are in it. An index only: every row keeps its meaning.
        m.register("v15-start-index", sql: """
        CREATE INDEX todos_by_start ON todos(is_completed, start_local, start_utc, due_utc, due_local)
            WHERE start_local IS NOT NULL;
        """)
        // The trash (docs/store.md "Deleted todos"): `rm` moves a todo and its subtasks here, every column
        // of `Store.todoColumns` as it was, so `undo` can put them back with their ids, order and parents.
        // `position` 0 is the deleted todo, then its subtasks in `descendants(of:)` order. Rows older than
        // `Store.trashRetention` are pruned on each delete; a deleted list takes its trash with it.
        m.register("v16-deleted-todos", sql: """
        CREATE TABLE deleted_todos (
            deletion_id TEXT NOT NULL,
            deleted_at  REAL NOT NULL,    -- seconds since 1970 UTC
            position    INTEGER NOT NULL,
            id TEXT NOT NULL, list_id TEXT NOT NULL REFERENCES lists(id) ON DELETE CASCADE, title TEXT NOT NULL,
            is_completed INTEGER NOT NULL, completed_at REAL, sort_order INTEGER NOT NULL, created_at REAL NOT NULL,
            due_local TEXT, due_zone TEXT, anchor_local TEXT, anchor_zone TEXT, repeat_frequency TEXT,
            repeat_interval INTEGER, repeat_weekdays TEXT, repeat_end_count INTEGER, repeat_end_date TEXT,
            repeat_by_day TEXT, repeat_skips_short_months INTEGER NOT NULL, repeat_goal INTEGER,
            repeat_from_completion INTEGER NOT NULL, missed_count INTEGER NOT NULL, occurrence_count INTEGER NOT NULL,
            notes TEXT, parent_id TEXT, priority INTEGER NOT NULL, tags TEXT, start_local TEXT, start_zone TEXT,
            PRIMARY KEY (deletion_id, position)
        );
        CREATE INDEX deleted_todos_by_title ON deleted_todos(title) WHERE position = 0;
        CREATE INDEX deleted_todos_by_time ON deleted_todos(deleted_at);
        """)
        return m
    }
}
