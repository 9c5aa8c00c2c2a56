import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TestSupport

/// `tasktile intent complete` against docs/completion.md "intent complete", detail by detail, in-process.
@Suite struct IntentCompleteTests {
    typealias Run = StatusCommandTests.Run
    static func run(_ arguments: [String], _ dir: DataDirectory) -> Run { StatusCommandTests.run(arguments, dir) }

    /// Lists `Shopping`, `Work`, `Shopping` (in that order); Milk in both Shopping lists, Bread done.
    static func store() throws -> (DataDirectory, Store, [String: Todo]) {
        let dir = StatusFixtures.dataDirectory("intent")
        let store = try StatusFixtures.open(dir)
        let s1 = try store.addList(title: "Shopping"), w = try store.addList(title: "Work"), s2 = try store.addList(title: "Shopping")
        var t: [String: Todo] = [:]
        t["milk1"] = try store.addTodo(title: "Milk", list: s1.id)
        t["bread"] = try store.addTodo(title: "Bread", list: s1.id)
        t["milk2"] = try store.addTodo(title: "Milk", list: s2.id)
        t["report"] = try store.addTodo(title: "Report", list: w.id)
        t["data"] = try store.addTodo(title: "データ", list: w.id) // composed (NFC)
        try store.complete(todoID: t["bread"]!.id, source: .cli)
        return (dir, store, t)
    }

    static func completions(_ store: Store) throws -> [String] {
        try store.database.rows("SELECT todo_id || ' ' || source FROM completions ORDER BY id").compactMap { $0.text(0) }
    }

    @Test func byTitlesCompletesThroughTheOneFunction() throws {
        let (dir, store, t) = try Self.store()
        let r = Self.run(["intent", "complete", "--list", "  Work ", "--todo", "Report"], dir)
        #expect(r.code == 0 && r.out == "Completed \"Report\" in Work\n")
        #expect(try Self.completions(store).last == "\(t["report"]!.id) intent")
        #expect(try store.database.scalarInt("SELECT count(*) FROM flashes WHERE todo_id = ?", [.text(t["report"]!.id)]) == 1)
    }

    @Test func titlesMatchAfterNFCAndCaseSensitively() throws {
        let (dir, _, t) = try Self.store()
        let decomposed = "データ".decomposedStringWithCanonicalMapping
        #expect(decomposed.unicodeScalars.count != "データ".unicodeScalars.count)
        #expect(Self.run(["intent", "complete", "--list", "Work", "--todo", "report"], dir).code == 1, "case-sensitive")
        let r = Self.run(["--json", "intent", "complete", "--list", "Work", "--todo", decomposed], dir)
        #expect(r.code == 0)
        let json = try JSONValue.parse(r.out)
        #expect(json["completed"] == .bool(true) && json["source"] == .string("intent"))
        #expect(json["todo"]?["id"] == .string(t["data"]!.id) && json["todo"]?["isCompleted"] == .bool(true))
    }

    @Test func threeReasonsForExit1AndNothingChanges() throws {
        let (dir, store, _) = try Self.store()
        let before = try StatusCommandTests.dump(store.database)
        let cases: [([String], String, String)] = [
            (["--list", "Garden", "--todo", "Milk"], "listMissing", "no list titled \"Garden\""),
            (["--list", "Work", "--todo", "Milk"], "todoMissing", "list \"Work\" has no todo titled \"Milk\""),
            (["--list", "Shopping", "--todo", "Bread"], "alreadyCompleted", "\"Bread\" in \"Shopping\" is already completed"),
            (["--id", "ffff"], "idMissing", "no todo has the id \"ffff\""),
            (["--id", "ab"], "idMissing", "\"ab\" is too short to name a todo (give at least 4 characters of its id)"),
        ]
        for (args, reason, message) in cases {
            let r = Self.run(["intent", "complete"] + args, dir)
            #expect(r.code == 1 && r.err == "Error: \(message)\n" && r.out.isEmpty, "\(args)")
            let j = Self.run(["intent", "complete", "--json"] + args, dir)
            let json = try JSONValue.parse(j.out)
            #expect(j.code == 1 && json["completed"] == .bool(false) && json["reason"] == .string(reason), "\(args)")
            #expect(json["message"] == .string(message))
        }
        #expect(try StatusCommandTests.dump(store.database) == before)
    }

    @Test func ambiguousExits3ListingCandidatesUnlessFirst() throws {
        let (dir, store, t) = try Self.store()
        let r = Self.run(["intent", "complete", "--list", "Shopping", "--todo", "Milk"], dir)
        #expect(r.code == 3)
        #expect(r.err == """
            Error: 2 incomplete todos titled "Milk" in lists titled "Shopping"; use --id or --first:
              \(t["milk1"]!.id)  Milk  (Shopping)
              \(t["milk2"]!.id)  Milk  (Shopping)

            """)
        let j = try JSONValue.parse(Self.run(["--json", "intent", "complete", "--list", "Shopping", "--todo", "Milk"], dir).out)
        #expect(j["reason"] == .string("ambiguous"))
        #expect(j["candidates"] == .array([t["milk1"]!, t["milk2"]!].map { m in
            .object([("id", .string(m.id)), ("title", .string("Milk")), ("listId", .string(m.listId)),
                     ("list", .string("Shopping")), ("isCompleted", .bool(false))])
        }))
        #expect(try Self.completions(store).count == 1, "nothing completed while ambiguous")
        // --first takes the first list in sortOrder, then the next call the other.
        #expect(Self.run(["intent", "complete", "--list", "Shopping", "--todo", "Milk", "--first"], dir).code == 0)
        #expect(try Self.completions(store).last == "\(t["milk1"]!.id) intent")
        #expect(Self.run(["intent", "complete", "--list", "Shopping", "--todo", "Milk"], dir).code == 0, "one candidate left")
        #expect(Self.run(["intent", "complete", "--list", "Shopping", "--todo", "Milk"], dir).code == 1)
    }

    @Test func byIDFullPrefixAndAmbiguousPrefix() throws {
        let (dir, store, t) = try Self.store()
        // Give two todos ids sharing a prefix.
        try store.database.run("UPDATE todos SET id = 'abcd0001-0000-4000-8000-000000000000' WHERE id = ?", [.text(t["milk1"]!.id)])
        try store.database.run("UPDATE todos SET id = 'abcd0002-0000-4000-8000-000000000000' WHERE id = ?", [.text(t["milk2"]!.id)])
        let r = Self.run(["intent", "complete", "--id", "ABCD"], dir)
        #expect(r.code == 3)
        #expect(r.err.contains("abcd0001-0000-4000-8000-000000000000  Milk  (Shopping)")
                && r.err.contains("abcd0002-0000-4000-8000-000000000000  Milk  (Shopping)"))
        #expect(r.err.hasPrefix("Error: the id prefix \"ABCD\" matches 2 todos"))
        #expect(Self.run(["intent", "complete", "--id", "abcd0002"], dir).code == 0)
        #expect(Self.run(["intent", "complete", "--id", "abcd0002-0000-4000-8000-000000000000"], dir).code == 1)
        // With --first, the first *incomplete* match by list then todo order.
        let first = Self.run(["--json", "intent", "complete", "--id", "abcd", "--first"], dir)
        #expect(first.code == 0)
        #expect(try JSONValue.parse(first.out)["todo"]?["id"] == .string("abcd0001-0000-4000-8000-000000000000"))
        #expect(Self.run(["intent", "complete", "--id", t["report"]!.id], dir).code == 0)
    }

    @Test func usageErrors() throws {
        let (dir, _, t) = try Self.store()
        #expect(Self.run(["intent", "complete", "--list", "Work"], dir).code == 64)
        #expect(Self.run(["intent", "complete", "--id", t["report"]!.id, "--list", "Work"], dir).code == 64)
    }
}
