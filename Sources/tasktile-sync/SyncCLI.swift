import Foundation
import TaskTileCommandLine
import TaskTileCore

/// `tasktile-sync`: the `tasktile sync …` commands. `tasktile` execs this program (found beside
/// its own executable, `SiblingCommand` in `CLI.siblings`) for them, so the everyday commands never load libcurl
/// or the XML parser. It answers as `tasktile`: same usage lines, help,
/// global options and exit codes.
enum SyncCLI {
    static let commands: [any Command.Type] = [
        SyncRunCommand.self, SyncAddCommand.self, SyncLsCommand.self, SyncRmCommand.self, SyncStatusCommand.self,
    ]

    static let program = Program(name: "tasktile", version: "0.1.0", commands: commands, globals: Program.tasktileGlobals,
                                 translations: Program.withGlobalTranslations(SyncHelp.ja, for: Program.tasktileGlobals),
                                 overview: { $0.text(.helpTopOverview) })
}

/// Japanese help for the sync commands (docs/language.md "Command help").
enum SyncHelp {
    static let ja: [String: String] = [
        "help.sync.abstract": "CalDAV サーバーか vdir と変更を交換します（1 回）。",
        "help.sync.discussion": "終了コード 0: 同期済み、69: サーバーに接続できない（何も変更なし）、77: ユーザー名かパスワードが拒否された、74: ストアに書けない、65: 読めないサーバー上の項目がある、またはサーバーがリストのカレンダーの作成を拒否した（報告し、残りは同期。次回もう一度試す）。",
        "help.sync.arg.name": "アカウント（既定: すべてのアカウント）。",
        "help.sync.opt.dry-run": "変わる内容を表示するだけで、どちらにも書き込みません。",
        "help.sync.add.abstract": "同期アカウント（CalDAV サーバーか vdir）を追加します。",
        "help.sync.add.discussion": "パスワードは保存しません。同期のたびに --password-command を実行し、その出力の 1 行目をパスワードにします（例: 'pass show dav'）。コマンドはシェルを使わずに単語に分けます。",
        "help.sync.add.arg.name": "アカウントの名前。",
        "help.sync.add.opt.url": "CalDAV サーバーの URL（そこからプリンシパルとカレンダーホームを探します）。",
        "help.sync.add.opt.user": "ユーザー名。",
        "help.sync.add.opt.password-command": "パスワードを出力するコマンド。",
        "help.sync.add.opt.vdir": "サーバーの代わりに vdir（項目ごとに 1 つの .ics ファイル）と同期します。",
        "help.sync.ls.abstract": "同期アカウントを表示します。",
        "help.sync.rm.abstract": "同期アカウントを削除します（リストと ToDo は残ります）。",
        "help.sync.rm.arg.name": "アカウントの名前。",
        "help.sync.status.abstract": "各アカウントの最終同期とまだ送っていない変更を表示します。",
    ]
}
