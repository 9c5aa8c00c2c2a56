import Foundation
import Testing
@testable import TaskTileCore
import TestSupport

/// What a user reads never shows SQL text or bound values.
@Suite("Database error messages")
struct DatabaseErrorMessageTests {
    @Test("a real CHECK failure: the message names the code, not the SQL or the values, in both languages")
    func constraintFailure() throws {
        let tmp = TemporaryDirectory("dberr")
        let db = try Database(path: tmp.file("x.sqlite"), create: true)
        try db.execute("CREATE TABLE t (title TEXT CHECK (length(title) < 3))")
        let secret = "bound-value-secret"
        let error = try #require(throws: DatabaseError.self) {
            try db.run("INSERT INTO t (title) VALUES (?)", [.text(secret)])
        }
        #expect(error.description.contains("INSERT INTO"), "developers keep the SQL in description")
        for language in [Language.en, .ja] {
            let message = error.message(Localizer(language))
            for leak in ["INSERT", "length(title)", "CHECK constraint", secret] {
                #expect(!message.contains(leak), "\(language): \(message)")
            }
            #expect(message.contains("\(error.extendedResultCode)") && message.contains(error.codeText), "\(message)")
        }
        try db.close()
    }

    @Test("a title of 572 family emoji is refused by the one title rule before the store's CHECK")
    func titleScalars() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        #expect(throws: StoreError.self) { try TextRules.title(String(repeating: family, count: 572)) }
        #expect(try TextRules.title(String(repeating: family, count: 571)).unicodeScalars.count == 3997)
    }
}
