import Foundation
import Testing
@testable import TaskTileCore
import TestSupport

/// Hex code points, for messages about normalisation.
private func scalars(_ s: String) -> String { s.unicodeScalars.map { String(format: "%04X", $0.value) }.joined(separator: " ") }

@Suite("Search: folding rules (SearchKey)")
struct SearchKeyTests {
    @Test("NFKC + case fold on both sides", arguments: [
        ("MILK", "milk"), ("Milk", "mILK"), ("ＡＢＣ", "abc"), ("ｶﾀｶﾅ", "カタカナ"), ("Straße", "STRASSE"),
        ("ΣΑΣ", "σας"), ("①", "1"), ("㍿", "株式会社"),
        ("テ\u{3099}ータ", "データ"),            // NFD input (テ + combining dakuten) = composed
        ("ﾃﾞｰﾀ", "データ"),                     // half-width with half-width dakuten
    ])
    func equalKeys(a: String, b: String) {
        #expect(SearchKey.fold(a) == SearchKey.fold(b), "\(a) [\(scalars(SearchKey.fold(a)))] vs \(b) [\(scalars(SearchKey.fold(b)))]")
    }

    @Test("half-width ﾊﾟ folds to the single code point パ (U+30D1), not ハ + U+309A")
    func halfWidthHandakuten() {
        #expect(SearchKey.fold("ﾊﾟ").unicodeScalars.map(\.value) == [0x30D1])
        #expect(SearchKey.fold("ﾊﾞ").unicodeScalars.map(\.value) == [0x30D0])
    }

    @Test("dakuten and handakuten are never stripped", arguments: [
        ("バス", "パス"), ("パス", "バス"), ("バス", "ハス"), ("ﾊﾞｽ", "ﾊﾟｽ"), ("が", "か"), ("é", "e"),
    ])
    func distinctKeys(a: String, b: String) {
        #expect(SearchKey.fold(a) != SearchKey.fold(b), "\(a) vs \(b)")
    }

    @Test("the key is idempotent")
    func idempotent() {
        for s in ["ﾊﾟｽﾀ", "Straße", "テ\u{3099}ータ", "ＡＢＣ", "İstanbul", "㍿", "ǅ"] {
            #expect(SearchKey.fold(SearchKey.fold(s)) == SearchKey.fold(s), "\(s)")
        }
    }
}

@Suite("Search: Store.search")
struct StoreSearchTests {
    /// A store with one list per entry of `lists`, holding the given todo titles.
    func makeStore(_ tmp: TemporaryDirectory, _ lists: [(String, [String])]) throws -> Store {
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        try store.write {
            for (list, todos) in lists {
                try store.addList(title: list)
                for t in todos { try store.addTodo(title: t, list: list) }
            }
        }
        return store
    }

    func todoTitles(_ store: Store, _ query: String) throws -> [String] { try store.search(query).todos.map(\.todo.title) }

    @Test("case, width and normalisation fold; dakuten do not", arguments: [
        ("MILK", "milk", true), ("milk", "MILK", true), ("Buy ＡＢＣ tea", "abc", true), ("abc", "ＡＢＣ", true),
        ("ｶﾀｶﾅ練習", "カタカナ", true), ("カタカナ", "ｶﾀｶﾅ", true),
        ("データ整理", "テ\u{3099}ータ", true), ("テ\u{3099}ータ整理", "データ", true),
        ("バス停", "パス", false), ("パスタ", "バス", false), ("ﾊﾟｽﾀ", "パス", true), ("ﾊﾟｽﾀ", "バス", false),
        ("パスタ", "ハス", false),
    ])
    func folding(title: String, query: String, matches: Bool) throws {
        let tmp = TemporaryDirectory("search-fold")
        let store = try makeStore(tmp, [("L", [title])])
        #expect(try todoTitles(store, query) == (matches ? [title.precomposedStringWithCanonicalMapping] : []), "\(title) / \(query)")
    }

    @Test("the query is literal text: LIKE, GLOB, FTS and SQL syntax match only themselves", arguments: [
        "50%", "%", "_", "\"", "*", "a*", "a OR b", "'--", "'; DROP TABLE todos; --", "[ab]", "\\",
    ])
    func literal(query: String) throws {
        let tmp = TemporaryDirectory("search-literal")
        let withIt = "x \(query) y"
        let store = try makeStore(tmp, [("L", [withIt, "plain title", "a b ab 50 percent", "aOR b", "tab"])])
        #expect(try todoTitles(store, query) == [withIt])
        #expect(try store.listSummaries().count == 1, "the store is intact")
    }

    @Test("completed todos and list titles are found; order is lists, then pending before completed")
    func completedListsAndOrder() throws {
        let tmp = TemporaryDirectory("search-order")
        let store = try makeStore(tmp, [("Tea shop", ["tea A", "coffee", "tea B"]), ("Home", ["tea C", "tea D"])])
        try store.complete("tea A", list: "Tea shop", source: .cli)
        try store.moveList("Home", to: 0)
        let r = try store.search("TEA")
        #expect(r.lists.map(\.list.title) == ["Tea shop"])
        #expect(r.lists.first?.pendingCount == 2 && r.lists.first?.completedCount == 1)
        #expect(r.todos.map(\.todo.title) == ["tea C", "tea D", "tea B", "tea A"])
        #expect(r.todos.map(\.listTitle) == ["Home", "Home", "Tea shop", "Tea shop"])
        #expect(r.todos.last?.todo.isCompleted == true)
        #expect(try store.search("nothing like it").isEmpty)
        #expect(try store.search("").isEmpty, "an empty key matches nothing")
    }

    @Test("keys follow renames and edits")
    func keysFollowChanges() throws {
        let tmp = TemporaryDirectory("search-edit")
        let store = try makeStore(tmp, [("Old", ["before"])])
        try store.renameList("Old", to: "Ｎｅｗ")
        let t = try store.editTodo("before", list: "Ｎｅｗ", changes: TodoChanges(title: "AFTER"))
        #expect(try store.search("new").lists.map(\.list.title) == ["Ｎｅｗ"])
        #expect(try store.search("old").lists.isEmpty)
        #expect(try todoTitles(store, "after") == ["AFTER"])
        #expect(try todoTitles(store, "before").isEmpty)
        #expect(try store.database.scalarText("SELECT search_key FROM todos WHERE id = ?", [.text(t.id)]) == "after")
    }

    @Test("a title changed behind the Store's back gets a NULL key and is still found")
    func staleKeyFallback() throws {
        let tmp = TemporaryDirectory("search-stale")
        let store = try makeStore(tmp, [("L", ["first"])])
        try store.write { _ = try store.database.run("UPDATE todos SET title = 'ＳＥＣＯＮＤ'") }
        #expect(try store.database.scalarText("SELECT search_key FROM todos") == nil, "trigger reset the key")
        #expect(try todoTitles(store, "second") == ["ＳＥＣＯＮＤ"])
        #expect(try todoTitles(store, "first").isEmpty)
    }

    @Test("migrating a v1 store fills keys for existing rows")
    func migrationFillsKeys() throws {
        let tmp = TemporaryDirectory("search-migrate")
        try tmp.dataDirectory.ensureExists()
        do {
            let db = try Database(path: tmp.dataDirectory.storePath, create: true)
            let v1 = Schema.migrator.migrations[0]
            #expect(v1.identifier.hasPrefix("v1-"))
            var m = Migrator()
            m.register(v1.identifier, sql: v1.sql)
            try db.configureForWAL()
            _ = try m.migrate(db, now: Date())
            try db.run("INSERT INTO lists (id, title, sort_order, created_at) VALUES ('l1', 'ＳＨＯＰ', 0, 0)")
            try db.run("INSERT INTO todos (id, list_id, title, sort_order, created_at) VALUES ('t1', 'l1', 'ﾊﾟﾝ', 0, 0)")
            try db.close()
        }
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        #expect(try store.database.scalarText("SELECT search_key FROM todos WHERE id = 't1'") == "パン")
        #expect(try store.database.scalarText("SELECT search_key FROM lists WHERE id = 'l1'") == "shop")
        #expect(try store.search("パン").todos.map(\.todo.id) == ["t1"])
        #expect(try store.search("shop").lists.map(\.list.id) == ["l1"])
    }

    @Test("short ids of hits equal the store-wide computation: shared 6-byte prefixes, short, non-ASCII and edge-byte ids")
    func shortIDsOfHits() throws {
        let tmp = TemporaryDirectory("search-short-ids")
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        try store.write { try store.addList(title: "L") }
        let listID = try store.read { try store.database.scalarText("SELECT id FROM lists") }!
        var rng = SplitMix(state: 6)
        let hex = Array("0123456789abcdef")
        var ids = ["ab", "abc", "abcde", "abcdef", "abcdef0", "abcdef01", "abcdef012", "abcdeg", "abcde~", "abcde~1",
                   "abcd}~x", "abcd~", "abcdé1", "abcdé2", "abcd\u{7F}zz", "abcd\u{7F}z", "zzzzzz", "zzzzzy9", "~~~~~~", "~~~~~~~",
                   "      ", "     !", "ｂｕｙ123", "牛乳牛乳", "牛乳牛乳x", "e\u{301}abcde", "\u{e9}abcde"]
        for _ in 0..<400 {   // random hex ids, some forced to share 5–8 characters with another
            var id = String((0..<12).map { _ in hex[Int.random(in: 0..<16, using: &rng)] })
            if let other = ids.randomElement(using: &rng), Bool.random(using: &rng), other.utf8.count >= 8 {
                id = String(other.prefix(Int.random(in: 5...8, using: &rng))) + id.prefix(6)
            }
            ids.append(id)
        }
        ids = Array(Set(ids))
        try store.write {
            for (i, id) in ids.enumerated() {
                _ = try store.database.run("INSERT INTO todos (id, list_id, title, sort_order, created_at) VALUES (?, ?, 'x', ?, 0)",
                                       [.text(id), .text(listID), .int(i)])
            }
        }
        let (some, all) = try store.read { (try store.shortTodoIDs(for: ids), try store.todoShortIDs()) }
        for id in ids { #expect(some[id] == all[id], "short id of \(id.debugDescription)") }
    }

    @Test("a 5,000-todo store answers correctly (timing lives in Benchmarks/bench.py)")
    func largeStore() throws {
        let tmp = TemporaryDirectory("search-large")
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        try store.write {
            for l in 0..<5 {
                try store.addList(title: "List \(l)")
                for i in 0..<1000 { try store.addTodo(title: "Task \(l)-\(i) ｶﾀｶﾅ", list: "List \(l)") }
            }
        }
        #expect(try store.search("カタカナ").todos.count == 5000)
        let hits = try store.search("task 3-99")   // 3-99, 3-990 … 3-999
        #expect(hits.todos.map(\.todo.title) == ["Task 3-99 ｶﾀｶﾅ"] + (990...999).map { "Task 3-\($0) ｶﾀｶﾅ" })
        let ids = try store.read { try store.shortTodoIDs(for: hits.todos.map(\.todo.id)) }
        let all = try store.read { try store.todoShortIDs() }
        for h in hits.todos { #expect(ids[h.todo.id] == all[h.todo.id], "neighbour-based short id equals the full computation") }
    }
}

@Suite("Search: the trigram index (migration v5-search-index)")
struct SearchIndexTests {

    /// Pieces titles are made of: English, Japanese (kana with and without dakuten, half width,
    /// kanji), full-width Latin, emoji, combining marks, and every character that means something to
    /// FTS5, LIKE or GLOB syntax.
    static let pieces = ["milk", "Milk", "MILK", "buy ", "tea", "a", "ab", "牛乳", "を", "買う", "パス", "バス", "ハス", "ﾊﾟｽ",
                         "ｶﾀｶﾅ", "カタカナ", "ＡＢＣ", "abc", "🍎", "👨‍👩‍👧", "e\u{301}", "é", "\"", "\"\"", "*", "%", "_", " OR ",
                         "NEAR", "-", "^", "(", ")", ":", "'", " ", "　", "Straße", "ss", "データ", "テ\u{3099}ータ"]

    @Test("search: the trigram index finds exactly what a scan finds (random titles and queries, ja and en)")
    func differential() throws {
        let tmp = TemporaryDirectory("search-diff")
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        var rng = SplitMix(state: 20261201)
        var titles: [String] = []
        try store.write {
            for l in 0..<3 { try store.addList(title: "L\(l)") }
            for i in 0..<600 {
                let n = Int.random(in: 1...5, using: &rng)
                let title = (0..<n).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
                    .trimmingCharacters(in: .whitespaces)
                let t = title.isEmpty ? "x\(i)" : title
                titles.append(t)
                try store.addTodo(title: t, list: "L\(i % 3)")
            }
        }
        // Queries: substrings of stored titles of every length (most hit), and random pieces (many miss).
        var queries: [String] = []
        for _ in 0..<250 {
            let t = Array(titles.randomElement(using: &rng)!)
            let start = Int.random(in: 0..<t.count, using: &rng)
            let length = Int.random(in: 1...min(6, t.count - start), using: &rng)
            queries.append(String(t[start..<(start + length)]))
        }
        for _ in 0..<150 {
            queries.append((0..<Int.random(in: 1...3, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined())
        }
        var indexedQueries = 0
        for q in queries {
            let indexed = try store.search(q), scanned = try store.search(q, strategy: .scan)
            #expect(indexed == scanned, "query \(q.debugDescription): index \(indexed.todos.count) hits, scan \(scanned.todos.count)")
            if SearchKey.fold(q).unicodeScalars.count >= SearchStrategy.indexedMinimumLength { indexedQueries += 1 }
        }
        #expect(indexedQueries > 100, "the index was exercised by \(indexedQueries) queries")
    }

    @Test("the index follows inserts, renames, NULL keys, moves and deletes, whatever path writes them")
    func indexFollowsWrites() throws {
        let tmp = TemporaryDirectory("search-index")
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        try store.addList(title: "L")
        let milk = try store.addTodo(title: "Buy milk", list: "L")
        func ids(_ q: String) throws -> [String] { try store.search(q).todos.map(\.todo.id) }
        #expect(try ids("milk") == [milk.id])
        _ = try store.editTodo("Buy milk", list: "L", changes: TodoChanges(title: "Buy bread"))
        #expect(try ids("milk").isEmpty)
        #expect(try ids("bread") == [milk.id])
        // Behind the Store's back: the key becomes NULL and the todo is found by folding on the fly.
        try store.write { _ = try store.database.run("UPDATE todos SET title = 'Ｏａｔ ｍｉｌｋ'") }
        #expect(try store.database.scalarText("SELECT count(*) FROM todo_search") == "0")
        #expect(try ids("oat") == [milk.id])
        #expect(try ids("bread").isEmpty)
        _ = try store.removeTodo("Ｏａｔ ｍｉｌｋ", list: "L")
        #expect(try ids("oat").isEmpty)
        #expect(try store.database.scalarText("SELECT count(*) FROM todo_search_rows") == "0")
        // Deleting a list deletes its todos (ON DELETE CASCADE), and their index rows with them.
        try store.addList(title: "M")
        for t in ["apple pie", "apple tart"] { try store.addTodo(title: t, list: "M") }
        #expect(try ids("apple").count == 2)
        _ = try store.removeList("M")
        #expect(try ids("apple").isEmpty)
        #expect(try store.database.scalarText("SELECT count(*) FROM todo_search") == "0")
        #expect(try store.database.scalarText("PRAGMA integrity_check") == "ok")
    }
}
