import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TestSupport

/// A harness whose PATH holds only a fake `pw-play` that copies the WAV it is given to `played.wav`
/// (via a temp name and `mv`, so a reader never sees half a file) and appends a line to `plays.log`.
struct FakePlayer {
    let cli: CLIHarness
    let bin: String
    var playedPath: String { bin + "/played.wav" }
    var logPath: String { bin + "/plays.log" }

    init(installed: Bool = true) throws {
        var cli = CLIHarness()
        bin = cli.tmp.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        if installed {
            let script = "#!/bin/sh\ncat \"$1\" > \"$FAKE_OUT.tmp\" && mv \"$FAKE_OUT.tmp\" \"$FAKE_OUT\"\necho \"$1\" >> \"$FAKE_LOG\"\n"
            try AtomicFile.write(script, to: bin + "/pw-play", mode: 0o755)
        }
        cli.environment["PATH"] = installed ? "\(bin):/usr/bin:/bin" : bin
        cli.environment["FAKE_OUT"] = bin + "/played.wav"
        cli.environment["FAKE_LOG"] = bin + "/plays.log"
        self.cli = cli
    }

    /// Lines in the play log once it has `count` lines (or after `timeout` seconds): the player is
    /// detached, so on a loaded machine it may finish after the command returned.
    func plays(waitingFor count: Int, timeout: Double = 10) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let lines = (fileBytes(logPath).map { String(decoding: $0, as: UTF8.self) } ?? "").split(separator: "\n").map(String.init)
            if lines.count >= count || Date() > deadline { return lines }
            usleep(20_000)
        }
    }
}

@Suite("CLI: search")
struct SearchCommandTests {
    @Test("sections with counts, short ids and list names; completed marked; exit 0")
    func human() {
        let cli = CLIHarness()
        cli.run("list", "add", "Milk run")
        cli.run("list", "add", "Home")
        cli.run("add", "Buy MILK", "--list", "Home")
        cli.run("add", "Oat milk", "--list", "Home")
        cli.run("add", "Bread", "--list", "Home")
        cli.run("done", "Oat milk", "--list", "Home")
        let r = cli.run("search", "ｍｉｌｋ")
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0] == "Lists (1)")
        #expect(lines[1].hasPrefix("  ") && lines[1].contains("  Milk run  0 pending / 0 total"))
        #expect(lines[2] == "Todos (2)")
        #expect(lines[3].hasPrefix("  ○ ") && lines[3].hasSuffix("  Buy MILK  · Home"))
        #expect(lines[4].hasPrefix("  ✓ ") && lines[4].hasSuffix("  Oat milk  · Home"))
    }

    @Test("--json: { lists, todos } with the documented field names; nothing matched → exit 1")
    func json() throws {
        let cli = CLIHarness()
        cli.run("list", "add", "Home")
        cli.run("add", "パスタ", "--list", "Home")
        let r = cli.run("--json", "search", "ﾊﾟｽ")
        #expect(r.status == 0)
        let value = try JSONValue.parse(r.stdout)
        #expect(value["lists"] == .array([]))
        guard case .array(let todos)? = value["todos"], let t = todos.first else { Issue.record("no todos"); return }
        #expect(todos.count == 1)
        #expect(t["title"] == .string("パスタ") && t["list"] == .string("Home") && t["isCompleted"] == .bool(false))
        let none = cli.run("search", "バス", "--json")
        #expect(none.status == 1)
        #expect(try JSONValue.parse(none.stdout) == .object([("lists", .array([])), ("todos", .array([]))]))
        let human = cli.run("search", "バス")
        #expect(human.status == 1 && human.stdout == "Nothing matches \"バス\".\n")
    }

    @Test("an empty query is a usage error and touches nothing", arguments: ["", "   "])
    func empty(query: String) {
        let cli = CLIHarness()
        cli.run("list", "add", "Home")
        let before = cli.fingerprint()
        let r = cli.run("search", query)
        #expect(r.status == 64)
        #expect(r.stderr.contains("the search query is empty") && r.stderr.contains("Usage: tasktile search [--list <list>] <query>"))
        #expect(cli.fingerprint() == before)
    }

    @Test("literal queries through the CLI, including ones that look like options after --")
    func literal() {
        let cli = CLIHarness()
        cli.run("list", "add", "L")
        cli.run("add", "save 50% now", "--list", "L")
        cli.run("add", "save 500 now", "--list", "L")
        #expect(cli.run("add", "--list", "L", "--", "--flag-like--").status == 0)
        #expect(cli.run("search", "50%").stdout.components(separatedBy: "\n").filter { $0.contains("save") }.count == 1)
        #expect(cli.run("search", "--", "--flag").stdout.contains("--flag-like--"))
    }
}

@Suite("CLI: settings")
struct SettingsCommandTests {
    @Test("ls shows every key with defaults; get prints the default")
    func defaults() throws {
        let cli = CLIHarness()
        let ls = cli.run("settings", "ls")
        #expect(ls.status == 0)
        for key in SettingKey.allCases { #expect(ls.stdout.contains(key.rawValue), "\(key.rawValue)") }
        #expect(ls.stdout.split(separator: "\n").allSatisfy { $0.contains("(default)") })
        let expected = ["sound.enabled": "false", "sound.name": "glint", "sound.onIntent": "false", "sound.volume": "100",
                        "language": "auto", "notify.defaultTime": "09:00", "notify.openCommand": "", "widget.openCommand": ""]
        for (key, value) in expected { #expect(cli.run("settings", "get", key).stdout == value + "\n", "\(key)") }
        let json = try JSONValue.parse(cli.run("--json", "settings", "ls").stdout)
        guard case .array(let items) = json else { Issue.record("not an array"); return }
        #expect(items.count == SettingKey.allCases.count)
        #expect(items[0]["key"] == .string("sound.enabled") && items[0]["value"] == .bool(false) && items[0]["isSet"] == .bool(false))
        #expect(items[3]["value"] == .number(100))
    }

    @Test("set then get round-trips the canonical value", arguments: [
        ("sound.enabled", "On", "true"), ("sound.enabled", "0", "false"), ("sound.name", "LevelUp", "levelUp"),
        ("sound.name", "fanfare", "fanfare"), ("sound.onIntent", "yes", "true"), ("sound.volume", "35%", "35"),
        ("sound.volume", "0", "0"), ("language", "JA", "ja"), ("notify.defaultTime", "7:05", "07:05"),
        ("notify.defaultTime", "23:59", "23:59"), ("notify.openCommand", "xdg-open https://example.org", "xdg-open https://example.org"),
        ("SOUND.ENABLED", "true", "true"),
    ])
    func roundTrip(key: String, value: String, canonical: String) throws {
        let cli = CLIHarness()
        let set = cli.run("settings", "set", key, value)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(cli.run("settings", "get", key).stdout == canonical + "\n")
        let json = try JSONValue.parse(cli.run("settings", "get", key, "--json").stdout)
        #expect(json["isSet"] == .bool(true))
        #expect(!cli.run("settings", "ls").stdout.split(separator: "\n").first { $0.hasPrefix(try! SettingKey.named(key).rawValue + " ") }!.contains("(default)"))
    }

    @Test("every bad value is refused with exit 64 naming key, value and what is accepted; store unchanged", arguments: [
        ("sound.enabled", "maybe"), ("sound.enabled", ""), ("sound.name", "beep"), ("sound.onIntent", "2"),
        ("sound.volume", "101"), ("sound.volume", "-1"), ("sound.volume", "50.5"), ("sound.volume", "loud"), ("sound.volume", "１０"),
        ("language", "fr"), ("language", "ja_JP"), ("notify.defaultTime", "24:00"), ("notify.defaultTime", "9"),
        ("notify.defaultTime", "09:60"), ("notify.defaultTime", "9:5"), ("notify.defaultTime", "٠٩:٠٠"),
        ("notify.openCommand", "a\nb"), ("notify.openCommand", String(repeating: "x", count: 1001)),
    ])
    func badValue(key: String, value: String) {
        let cli = CLIHarness()
        cli.run("settings", "set", "sound.volume", "80")
        let before = cli.fingerprint()
        let r = cli.run("settings", "set", key, value)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: invalid value '\(value)' for \(key) (accepted: "), "\(r.stderr)")
        #expect(cli.fingerprint() == before)
    }

    @Test("an unknown key exits 64 listing the keys, for get and set; store unchanged")
    func unknownKey() {
        let cli = CLIHarness()
        cli.run("settings", "set", "sound.enabled", "true")
        let before = cli.fingerprint()
        for args in [["settings", "set", "sound.colour", "red"], ["settings", "get", "volume"]] {
            let r = cli.run(args)
            #expect(r.status == 64)
            #expect(r.stderr.contains("unknown setting '\(args[2])' (keys: sound.enabled, sound.name, sound.onIntent, sound.volume, language, notify.defaultTime, notify.openCommand, notify.timeout, notify.urgency, notify.defaultAction, widget.openCommand, defaultList)"))
        }
        #expect(cli.fingerprint() == before)
    }

    @Test("notes on stderr for settings that would otherwise look broken")
    func notes() {
        var cli = CLIHarness()
        #expect(cli.run("settings", "set", "sound.onIntent", "true").stderr.contains("sound.enabled is false"))
        #expect(cli.run("settings", "set", "language", "ja").stderr.contains("LANG=C is set and takes precedence"))
        cli.environment["LANG"] = nil
        #expect(cli.run("settings", "set", "language", "ja").stderr.isEmpty)
    }

    @Test("language: --lang, TASKTILE_LANG, LC_ALL, LC_MESSAGES, LANG, then the stored setting, then English")
    func languagePrecedence() {
        var cli = CLIHarness()
        cli.environment["LANG"] = nil
        cli.run("list", "add", "L")
        #expect(cli.run("show", "L").stdout.contains("No todos yet"))
        cli.run("settings", "set", "language", "ja")
        #expect(cli.run("show", "L").stdout.contains("タスクがありません"), "setting applies when nothing else is set")
        #expect(cli.run("--lang", "en", "show", "L").stdout.contains("No todos yet"))
        for variable in ["TASKTILE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
            var c = cli
            c.environment[variable] = "en_US.UTF-8"
            #expect(c.run("show", "L").stdout.contains("No todos yet"), "\(variable) beats the setting")
        }
        let env = ["LC_ALL": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"]
        #expect(LanguagePreference.language(flag: nil, environment: env) { .en } == .ja)
        #expect(LanguagePreference.language(flag: .en, environment: env) { nil } == .en)
        #expect(LanguagePreference.language(flag: nil, environment: ["LANG": ""]) { nil } == .en)
        #expect(LanguagePreference.language(flag: nil, environment: [:]) { Language(rawValue: "auto") } == .en)
    }

    @Test("peeking the language setting never creates or changes a store")
    func peekDoesNotWrite() {
        let tmp = TemporaryDirectory("peek")
        #expect(Store.peekSetting(.language, in: tmp.dataDirectory) == nil)
        #expect(fileBytes(tmp.dataDirectory.storePath) == nil)
    }
}

@Suite("CLI: sound and the completion hook")
struct SoundCommandTests {
    @Test("export writes the WAV atomically; bad name 64; unwritable place 73")
    func export() throws {
        let cli = CLIHarness()
        for sound in CompletionSound.allCases {
            let path = cli.tmp.file("\(sound.rawValue).wav")
            let r = cli.run("sound", "export", sound.rawValue, path)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(fileBytes(path) == SoundSynthesizer.wav(sound))
        }
        let bad = cli.run("sound", "export", "beep", cli.tmp.file("x.wav"))
        #expect(bad.status == 64 && bad.stderr.contains("values: glint, bubble, levelUp, sparkle, click, clack, fanfare"))
        #expect(fileBytes(cli.tmp.file("x.wav")) == nil)
        let nowhere = cli.run("sound", "export", "glint", cli.tmp.file("missing/dir/x.wav"))
        #expect(nowhere.status == 73)
        let entries = try FileManager.default.contentsOfDirectory(atPath: cli.tmp.path)
        #expect(!entries.contains { $0.contains(".tmp-") }, "no temp file left")
    }

    @Test("ls marks the selected sound; play without a player says so and exits 0")
    func lsAndPlayWithoutPlayer() throws {
        let fake = try FakePlayer(installed: false)
        fake.cli.run("settings", "set", "sound.name", "clack")
        let ls = fake.cli.run("sound", "ls")
        #expect(ls.stdout.split(separator: "\n").first { $0.hasPrefix("*") }?.contains("clack") == true)
        let play = fake.cli.run("sound", "play")
        #expect(play.status == 0)
        #expect(play.stderr.contains("no audio player found on PATH (looked for pw-play, paplay, aplay)"))
    }

    @Test("play hands the player the exact WAV (at sound.volume) as a file argument")
    func playThroughPlayer() throws {
        let fake = try FakePlayer()
        fake.cli.run("settings", "set", "sound.volume", "50")
        let r = fake.cli.run("sound", "play", "bubble")
        #expect(r.status == 0 && r.stdout == "Playing bubble with pw-play\n")
        #expect(fake.plays(waitingFor: 1).count == 1)
        #expect(fileBytes(fake.playedPath) == SoundSynthesizer.wav(.bubble, gain: 0.5))
        let tmpEntries = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
        #expect(!tmpEntries.contains { $0.hasPrefix("tasktile-sound-") }, "the temp WAV is unlinked at once")
    }

    @Test("done plays only when sound.enabled; intent only with sound.onIntent too; output and exit unchanged")
    func completionHook() throws {
        let fake = try FakePlayer()
        let cli = fake.cli
        cli.run("list", "add", "L")
        for t in ["a", "b", "c", "d", "e"] { cli.run("add", t, "--list", "L") }
        #expect(cli.run("done", "a", "--list", "L").status == 0)                       // off: no sound
        cli.run("settings", "set", "sound.enabled", "true")
        #expect(cli.run("intent", "complete", "--list", "L", "--todo", "b").status == 0) // intent without onIntent: no sound
        cli.run("settings", "set", "sound.name", "click")
        let done = cli.run("done", "c", "--list", "L")                                  // plays #1
        #expect(done.status == 0 && done.stdout == "Completed \"c\" in L\n" && done.stderr.isEmpty)
        #expect(fake.plays(waitingFor: 1).count == 1)
        #expect(fileBytes(fake.playedPath) == SoundSynthesizer.wav(.click))
        cli.run("settings", "set", "sound.onIntent", "true")
        #expect(cli.run("intent", "complete", "--list", "L", "--todo", "d").status == 0) // plays #2
        #expect(fake.plays(waitingFor: 2).count == 2)
        cli.run("settings", "set", "sound.enabled", "false")
        #expect(cli.run("done", "e", "--list", "L").status == 0)                       // master switch off again
        #expect(fake.plays(waitingFor: 3, timeout: 1).count == 2, "exactly the two enabled completions played")
    }

    @Test("a failing player never fails the completion")
    func failingPlayer() throws {
        let fake = try FakePlayer(installed: false)
        try AtomicFile.write("#!/bin/sh\necho boom >&2\nexit 3\n", to: fake.bin + "/aplay", mode: 0o755)
        fake.cli.run("list", "add", "L")
        fake.cli.run("add", "x", "--list", "L")
        fake.cli.run("settings", "set", "sound.enabled", "true")
        let r = fake.cli.run("done", "x", "--list", "L")
        #expect(r.status == 0 && r.stderr.isEmpty && r.stdout == "Completed \"x\" in L\n")
    }
}
