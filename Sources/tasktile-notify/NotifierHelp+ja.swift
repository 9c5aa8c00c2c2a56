/// Japanese text for the help of `tasktile notify run` (docs/language.md "Command help"), which
/// this executable runs for `tasktile`; keyed as `HelpFormatter` looks it up. The abstract also
/// stands in `tasktile`'s own table for its command list (a test checks the two agree).
enum NotifierHelp {
    static let ja: [String: String] = [
        "help.notify.run.abstract": "通知デーモンを実行します（データディレクトリごとに1つ）。SIGTERM/SIGINT で終了します。",
        "help.notify.run.discussion": "予定された通知をそれぞれ一度だけ、その時刻に届けます: セッションバスの org.freedesktop.Notifications へ（「完了」ボタン付き）、標準出力へ1通知1行の JSON として（--sink stdout: id, kind, title, body, list, due, todoId）、またはフィールドを環境変数 TASKTILE_NOTIFY_TITLE/BODY/ID/TODO_ID/LIST/KIND/DUE に入れたコマンドの実行で（--sink exec:CMD。空白で区切り、シェルは使いません）。停止中に逃した直近24時間の項目は、まとめて1件の通知になります。同じ1分間に期限になるタスクが5件を超えると、まとめて1件の通知になります。通知はサーバーが受け取ったときだけ配信済みになります: 通知サーバーが応答しない間もデーモンは動き続け、再試行します（1秒から10秒おき、サーバーが現れたらすぐ）。通知は操作するまで消えず（notify.timeout）、緊急度は notify.urgency です。本文のクリックは notify.defaultAction 設定に従います（open は notify.openCommand 設定のコマンドを実行、complete は完了、none は何もしない）。ログは標準エラー出力へ。終了コード: 0 SIGTERM/SIGINT で停止、75 このデータディレクトリで別のデーモンが実行中（<データディレクトリ>/notify.lock を保持）、69 セッションバスがない（または切断された。サービスマネージャーが再起動します）、64 --sink が不正。",
        "help.notify.run.opt.sink": "通知の送り先: dbus、stdout、exec:COMMAND。",
    ]
}
