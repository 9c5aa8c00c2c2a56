import Testing
@testable import tasktile
import TaskTileCommandLine
import TaskTileCore

/// `CLIHarness` with a Japanese locale (`LANG=ja_JP.UTF-8`) instead of `LANG=C`.
func japaneseHarness() -> CLIHarness {
    var cli = CLIHarness()
    cli.environment["LANG"] = "ja_JP.UTF-8"
    return cli
}

/// The same commands under `LANG=ja_JP.UTF-8` and `LANG=C` speak Japanese and English (docs/language.md).
/// Now is Tue 2027-01-05 09:00 in Europe/Berlin.
@Suite("Language: the CLI in Japanese and English")
struct LanguageCLITests {
    /// A list 買い物 with an overdue, a today, a tomorrow, a daily (from Fri Jan 8) and a completed todo.
    static func seeded(_ cli: CLIHarness) {
        cli.run("list", "add", "買い物")
        cli.run("add", "卵", "--list", "買い物", "--due", "2027-01-04")
        cli.run("add", "牛乳", "--list", "買い物", "--due", "today 18:00")
        cli.run("add", "パン", "--list", "買い物", "--due", "tomorrow 09:00")
        cli.run("add", "体操", "--list", "買い物", "--due", "2027-01-08 07:00", "--repeat", "daily")
        cli.run("add", "米", "--list", "買い物")
        cli.run("done", "米", "--list", "買い物")
    }

    @Test("show: sections, due labels and repeat lines")
    func show() {
        let ja = japaneseHarness(), en = CLIHarness()
        Self.seeded(ja); Self.seeded(en)
        let j = ja.run("show", "買い物"), e = en.run("show", "買い物")
        #expect(j.status == 0 && e.status == 0)
        for fragment in ["  未完了 (4)", "  完了 (1)", "卵  · 期限切れ · 1月4日(月)", "牛乳  · 今日 18:00", "パン  · 明日 09:00",
                         "体操  · 1月8日(金) 07:00", "↻ 毎日"] {
            #expect(j.stdout.contains(fragment), "\(fragment) in \(j.stdout)")
        }
        for fragment in ["  Pending (4)", "  Completed (1)", "卵  · Overdue · Mon, Jan 4", "牛乳  · Today at 18:00",
                         "パン  · Tomorrow at 09:00", "体操  · Fri, Jan 8 07:00", "↻ Daily"] {
            #expect(e.stdout.contains(fragment), "\(fragment) in \(e.stdout)")
        }
        #expect(ja.run("occurrences", "体操", "--list", "買い物", "--count", "2").stdout == "1月8日(金) 07:00\n1月9日(土) 07:00\n")
        #expect(ja.run("add", "水", "--list", "買い物", "--due", "tomorrow").stdout.contains("\"水\" を 買い物 に追加しました"))
    }

    @Test("empty states")
    func emptyStates() {
        #expect(japaneseHarness().run("list", "ls").stdout == "リストがありません。追加: tasktile list add \"買い物\"\n")
        #expect(CLIHarness().run("list", "ls").stdout == "No lists yet. Add one with: tasktile list add \"Shopping\"\n")
        let ja = japaneseHarness()
        ja.run("list", "add", "空")
        #expect(ja.run("show", "空").stdout.contains("タスクがありません。追加: tasktile add"))
    }

    @Test("an error from the store and a usage error")
    func errors() {
        let ja = japaneseHarness(), en = CLIHarness()
        let j = ja.run("show", "無い"), e = en.run("show", "無い")
        #expect(j.status == 1 && e.status == 1)
        #expect(j.stderr.hasPrefix("エラー: リスト \"無い\" が見つかりません"), "\(j.stderr)")
        #expect(e.stderr.hasPrefix("Error: no list matches \"無い\""), "\(e.stderr)")

        let ju = ja.run("list", "move", "空"), eu = en.run("list", "move", "空")
        #expect(ju.status == 64 && eu.status == 64)
        #expect(ju.stderr.hasPrefix("エラー: '--to <position>' を指定してください\n使い方: tasktile list move"), "\(ju.stderr)")
        #expect(ju.stderr.hasSuffix("  詳しくは 'tasktile list move --help' を参照してください\n"))
        #expect(eu.stderr.hasPrefix("Error: missing '--to <position>'\nUsage: tasktile list move"), "\(eu.stderr)")

        ja.run("list", "add", "買い物")
        #expect(ja.run("add", "x", "--list", "買い物", "--due", "2027-02-30").stderr
                    .hasPrefix("エラー: 期限 \"2027-02-30\" を読み取れません: 2027-02-30 は存在しません"))
        #expect(ja.run("add", "x", "--list", "買い物", "--due", "2027-01-04", "--repeat", "daily", "--on", "mon").stderr
                    .hasPrefix("エラー: '--on' は '--repeat weekly' でのみ使えます: 曜日を選べるのは毎週の繰り返しだけです"))
        #expect(ja.run("frobnicate").stderr == "エラー: コマンド 'frobnicate' はありません\nコマンドの一覧は 'tasktile --help' で表示できます。\n")
    }

    @Test("--help: section headers, abstracts and option help")
    func help() {
        let j = japaneseHarness().run("add", "--help").stdout, e = CLIHarness().run("add", "--help").stdout
        #expect(j.hasPrefix("概要: リストにタスクを追加します。\n\n使い方: tasktile add [--list <list>]"), "\(j)")
        for fragment in ["\n引数:\n", "\nオプション:\n", "期限: 2027-01-31", "(値: daily, weekly, monthly, yearly)", "ヘルプを表示します。"] {
            #expect(j.contains(fragment), "\(fragment)")
        }
        #expect(e.hasPrefix("OVERVIEW: Add a todo to a list.\n\nUSAGE: tasktile add [--list <list>]"))
        for fragment in ["\nARGUMENTS:\n", "\nOPTIONS:\n", "(values: daily, weekly, monthly, yearly)"] { #expect(e.contains(fragment)) }
        let top = japaneseHarness().run("--help").stdout
        #expect(top.contains("\nサブコマンド:\n") && top.contains("リストにタスクを追加します。"))
        #expect(japaneseHarness().run("settings", "set", "--help").stdout.contains("キー:\n  sound.enabled（既定値: false）"))
    }

    @Test("status --format plain")
    func status() {
        let ja = japaneseHarness(), en = CLIHarness()
        Self.seeded(ja); Self.seeded(en)
        #expect(ja.run("status", "--format", "plain").stdout.hasPrefix("残り4件 · 期限切れ1件 · 次: 牛乳 (今日 18:00) · 20%完了\n"), "\(ja.run("status").stdout)")
        #expect(en.run("status", "--format", "plain").stdout.hasPrefix("4 left · 1 overdue · next: 牛乳 (Today 18:00) · 20% done\n"))
        let fresh = japaneseHarness()
        fresh.run("list", "ls") // creates the data directory (a missing one is an error)
        #expect(fresh.run("status", "--format", "plain").stdout == "全て完了\n")
    }

    @Test("--lang ja overrides LANG=C; TASKTILE_LANG=en overrides LANG=ja_JP.UTF-8")
    func overrides() {
        #expect(CLIHarness().run("--lang", "ja", "list", "ls").stdout.hasPrefix("リストがありません"))
        var ja = japaneseHarness()
        ja.environment["TASKTILE_LANG"] = "en"
        #expect(ja.run("list", "ls").stdout.hasPrefix("No lists yet"))
        #expect(ja.run("show", "無い").stderr.hasPrefix("Error: no list matches"))
        #expect(japaneseHarness().run("--lang", "en", "--help").stdout.hasPrefix("OVERVIEW:"))
    }

    /// Every command's help has Japanese, and no Japanese entry names a command, option or
    /// argument that does not exist.
    @Test("every command's help text has an entry in every translation", arguments: Language.translations)
    func helpCoverage(language: Language) {
        let gaps = CLI.program.helpTranslationGaps(language)
        #expect(gaps.missing == [], "help keys without \(language)")
        #expect(gaps.unused == [], "entries for nothing")
        #expect(StringCatalogue.help(language)["tasktile"]?.isEmpty == false)
    }
}
