import Foundation

/// A todo found by search, with its list's title (docs/lists-and-todos.md "Search").
public struct TodoSearchHit: Hashable, Sendable {
    public var todo: Todo
    public var listTitle: String
    public init(todo: Todo, listTitle: String) { self.todo = todo; self.listTitle = listTitle }
}

/// What `Store.search` found: lists and todos whose titles contain the query (docs/lists-and-todos.md "Search").
public struct SearchResults: Hashable, Sendable {
    /// The query as given.
    public var query: String
    /// Matching lists in `sortOrder` (ties `createdAt`, `id`), with their counts.
    public var lists: [ListSummary]
    /// Matching todos, completed included, ordered by their list's order, then pending before
    /// completed, then `sortOrder` (ties `createdAt`, `id`) — the order `show` prints them in.
    public var todos: [TodoSearchHit]
    /// Whether nothing matched.
    public var isEmpty: Bool { lists.isEmpty && todos.isEmpty }
}

/// How `Store.search` finds the todos whose key contains the query. Both give the same results
/// (the differential test "search: the trigram index finds exactly what a scan finds" checks it);
/// `scan` exists for that test and for measuring.
public enum SearchStrategy: Sendable {
    /// The trigram index for folded queries of `SearchStrategy.indexedMinimumLength` code points or
    /// more, a scan for shorter ones (a trigram index cannot serve them; frequent in Japanese).
    case automatic
    /// `instr` over every todo's folded key.
    case scan

    /// The shortest folded query, in Unicode code points, that the trigram index serves: 3.
    public static let indexedMinimumLength = 3
}

extension Store {
    /// Finds lists and todos whose title contains `query` as literal text after folding both sides
    /// with `SearchKey.fold` (NFKC + case folding, dakuten kept; docs/lists-and-todos.md "Search").
    ///
    /// Matching is a plain substring test on code points, so `%`, `_`, `*`, `"`, `OR` and `--` match
    /// only themselves: there is no LIKE, GLOB or FTS syntax for the user. Todos are found through
    /// the FTS5 trigram index (`todo_search`, migration `v5-search-index`) when the folded query has
    /// at least three code points — the query is passed as one quoted phrase, which for the trigram
    /// tokenizer is exactly a substring test — and by `instr` over the stored `search_key` column
    /// otherwise (`strategy` `.scan` forces the scan). Lists are always scanned (a store has few).
    /// Rows whose key is missing (NULL after a title change that bypassed the Store) are folded on
    /// the fly. One read transaction, one snapshot. A query whose folded key is empty matches nothing.
    /// - Throws: `StoreError.busy`, `DatabaseError`.
    public func search(_ query: String, strategy: SearchStrategy = .automatic) throws -> SearchResults {
        let key = SearchKey.fold(query)
        guard !key.isEmpty else { return SearchResults(query: query, lists: [], todos: []) }
        let needle = Array(key.utf8)
        func matches(storedKey: String?, title: String) -> Bool {
            if storedKey != nil { return true }   // instr already matched it in SQL
            return Store.contains(Array(SearchKey.fold(title).utf8), needle)
        }
        return try read {
            let lists = try database.rows("""
                SELECT l.id, l.title, l.sort_order, l.created_at,
                       (SELECT count(*) FROM todos t WHERE t.list_id = l.id AND t.is_completed = 0) AS pending_count,
                       (SELECT count(*) FROM todos t WHERE t.list_id = l.id AND t.is_completed = 1) AS completed_count,
                       l.search_key
                FROM lists l
                WHERE l.search_key IS NULL OR instr(l.search_key, ?) > 0
                ORDER BY l.sort_order, l.created_at, l.id
                """, [.text(key)])
                .filter { matches(storedKey: $0.text("search_key"), title: $0.text("title") ?? "") }
                .map { ListSummary(list: Store.list(from: $0), pendingCount: $0.int("pending_count") ?? 0,
                                   completedCount: $0.int("completed_count") ?? 0) }
            // The todo's own columns under their names, the list's title aliased (both are `title`).
            let columns = Store.todoColumns.split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.map { "t.\($0) AS \($0)" }.joined(separator: ", ")
            let indexed = strategy == .automatic && key.unicodeScalars.count >= SearchStrategy.indexedMinimumLength
            let filter = indexed ? """
                t.id IN (SELECT r.todo_id FROM todo_search s JOIN todo_search_rows r ON r.rowid = s.rowid
                         WHERE todo_search MATCH ?
                         UNION ALL SELECT id FROM todos WHERE search_key IS NULL)
                """ : "t.search_key IS NULL OR instr(t.search_key, ?) > 0"
            // FTS5 string syntax: one phrase in double quotes, a quote inside doubled.
            let argument = indexed ? "\"" + key.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : key
            let todos = try database.rows("""
                SELECT \(columns), l.title AS list_title, t.search_key AS search_key
                FROM todos t JOIN lists l ON l.id = t.list_id
                WHERE \(filter)
                ORDER BY l.sort_order, l.created_at, l.id, t.is_completed, t.sort_order, t.created_at, t.id
                """, [.text(argument)])
                .filter { matches(storedKey: $0.text("search_key"), title: $0.text("title") ?? "") }
                .map { TodoSearchHit(todo: Store.todo(from: $0), listTitle: $0.text("list_title") ?? "") }
            return SearchResults(query: query, lists: lists, todos: todos)
        }
    }

    /// Shortest unique id prefixes (≥ 6 characters, like `todoShortIDs`) for just `ids`, with the
    /// same answers as `Store.shortIDs` over every id in the store, at O(log n) per id instead of
    /// reading every id. Call inside a transaction.
    ///
    /// An id's prefix is longer than 6 only when another id shares its first 6 UTF-8 bytes (the
    /// length is one more than the longest common byte prefix with a neighbour in sorted order). So
    /// one range seek on the primary-key index, `id >= first6 AND id < first6 + 1`, settles most
    /// ids: when the range holds just the id itself, the answer is its first 6 characters. Otherwise
    /// (another id shares 6 bytes, about 1% of ids at 100,000 UUIDs) or when the id's first 6 bytes
    /// are not printable ASCII or it is shorter (never a UUID), its two neighbours are read as before (`max(id) < id`,
    /// `min(id) > id`) and `Store.shortIDs` decides.
    public func shortTodoIDs(for ids: [String]) throws -> [String: String] {
        let minimum = 6
        var result: [String: String] = [:]
        result.reserveCapacity(ids.count)
        let range = try database.prepare("SELECT id FROM todos WHERE id >= ? AND id < ?")
        var neighbours: (before: Statement, after: Statement)?
        for id in ids {
            let head = Array(id.utf8.prefix(minimum))
            if head.count == minimum, head.allSatisfy({ (0x20..<0x7E).contains($0) }) {
                let low = String(decoding: head, as: UTF8.self)
                let high = String(decoding: head.dropLast() + [head[minimum - 1] + 1], as: UTF8.self)
                let sharing = try range.rows([.text(low), .text(high)])
                if sharing.count == 1, let only = sharing[0].text(0), only.utf8.elementsEqual(id.utf8) {
                    result[id] = String(id.prefix(minimum))
                    continue
                }
            }
            if neighbours == nil {
                neighbours = (try database.prepare("SELECT max(id) FROM todos WHERE id < ?"),
                              try database.prepare("SELECT min(id) FROM todos WHERE id > ?"))
            }
            let previous = try neighbours!.before.rows([.text(id)]).first?.text(0)
            let next = try neighbours!.after.rows([.text(id)]).first?.text(0)
            result[id] = Store.shortIDs([previous, id, next].compactMap { $0 }, minimum: minimum)[id]
        }
        return result
    }

    /// Stores the folded search key of a todo's title; called wherever the Store writes a title.
    package func setSearchKey(todoID: String, title: String) throws {
        try database.cachedStatement("UPDATE todos SET search_key = ? WHERE id = ?").run([.text(SearchKey.fold(title)), .text(todoID)])
    }

    /// Stores the folded search key of a list's title; called wherever the Store writes a title.
    package func setSearchKey(listID: String, title: String) throws {
        try database.cachedStatement("UPDATE lists SET search_key = ? WHERE id = ?").run([.text(SearchKey.fold(title)), .text(listID)])
    }

    /// Whether `haystack` contains `needle` as a contiguous byte run (UTF-8: a code-point substring,
    /// the same test SQLite's `instr` makes on text).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
