import Testing
@testable import TaskTileRender

@Suite("Widget strings come from the shared catalogue")
struct WidgetStringsTests {
    @Test("a widget with lang ja says 残り3件, 他2件, 全て完了！; en says 3 left, + 2 more, All done!")
    func keyStrings() {
        let ja = WidgetStrings(language: .ja), en = WidgetStrings(language: .en)
        #expect(ja.left(3) == "残り3件")
        #expect(ja.done(1) == "1件完了")
        #expect(ja.more(2) == "他2件")
        #expect(ja.allDone == "全て完了！")
        #expect(en.left(3) == "3 left")
        #expect(en.more(2) == "+ 2 more")
        #expect(en.allDone == "All done!")
        #expect(en.noList("Groceries") == "No list named Groceries")
    }
}
