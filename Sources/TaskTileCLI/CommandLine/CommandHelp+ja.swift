/// Japanese text for command help (SPEC §8). The English lives in each command's `CommandSpec`,
/// so this table has no English twin; `HelpFormatter` looks a key up here and falls back to the
/// spec's English. A test checks that every command's abstract, arguments and options have an
/// entry and that no entry names something that does not exist.
///
/// Keys: `help.<path>.abstract`, `help.<path>.discussion`, `help.<path>.arg.<name>`,
/// `help.<path>.opt.<name without dashes>`; options and arguments worded the same in several
/// commands use `help.opt.<name>` / `help.arg.<name>`; global options `help.global.opt.<name>`.
enum CommandHelp {
    static let ja: [String: String] = [
        // Global options.
        "help.global.opt.data-dir": "データディレクトリ（既定: $TASKTILE_DATA_DIR、$XDG_DATA_HOME/tasktile または ~/.local/share/tasktile）。",
        "help.global.opt.lang": "メッセージの言語。",
        "help.global.opt.json": "機械で読める JSON を出力します。",
        "help.global.opt.no-color": "色を付けません。",

        // Shared arguments and options.
        "help.arg.list": "リスト名か ID の先頭。",
        "help.arg.todo": "ID の先頭、または --list と一緒にタイトル。",
        "help.arg.key": "設定のキー（キーの一覧を参照）。",
        "help.opt.list": "タイトルでタスクを指定するときの、そのタスクがあるリスト。",
        "help.opt.to": "移動先の位置（0 始まり）。",
        "help.opt.due": "期限: 2027-01-31、2027-01-31 09:00、today 18:00、tomorrow、fri 9am、jan 31、+2d、in 3 hours。",
        "help.opt.notes": "自由に書けるメモ。",
        "help.opt.repeat": "タスクを繰り返します（--due が必要）。",
        "help.opt.every": "N日・N週・Nか月・N年ごと（1…999）。",
        "help.opt.on": "毎週: 曜日（例: mon,wed,fri。既定は期限の曜日）。",
        "help.opt.times": "N回で終了します（最初の回を含む）。",
        "help.opt.until": "この日付で終了します（YYYY-MM-DD、その日を含む）。",

        // Lists.
        "help.list.ls.abstract": "すべてのリストを、未完了の件数と全件数と一緒に表示します。",
        "help.list.add.abstract": "リストを追加します。",
        "help.list.add.arg.title": "リストのタイトル。",
        "help.list.rename.abstract": "リストの名前を変更します。",
        "help.list.rename.arg.new-title": "新しいタイトル。",
        "help.list.move.abstract": "リストを指定した位置に移動します（0 が先頭）。",
        "help.list.rm.abstract": "リストとそのタスクを削除します（--yes がなければ確認します）。",
        "help.list.rm.opt.yes": "確認しません。",

        // Todos.
        "help.add.abstract": "リストにタスクを追加します。",
        "help.add.arg.title": "タスクのタイトル（1行、1000文字まで）。",
        "help.add.opt.list": "追加先のリスト（リスト名か ID の先頭）。",
        "help.edit.abstract": "タスクのタイトル、期限、繰り返し、メモを変更します。",
        "help.edit.opt.title": "新しいタイトル。",
        "help.edit.opt.no-due": "期限（と繰り返し）を外します。",
        "help.edit.opt.no-repeat": "繰り返しをやめます。",
        "help.done.abstract": "タスクを完了にします（繰り返しタスクは今回の分）。",
        "help.undo.abstract": "完了したタスクを未完了に戻します。",
        "help.rm.abstract": "タスクを削除します。",
        "help.move.abstract": "タスクをそのセクション内の指定した位置に移動します（0 が先頭）。",
        "help.show.abstract": "タスクを未完了と完了のセクションに分けて表示します（リストを省くとすべてのリスト）。",
        "help.occurrences.abstract": "繰り返しタスクの今回以降の予定日を表示します。",
        "help.occurrences.opt.count": "表示する予定日の数（1…1000）。",

        // Status bar and intent.
        "help.status.abstract": "ステータスバー向けに、未完了と期限切れの件数、次の期限、未完了のタイトルを出力します。",
        "help.status.discussion": "形式はそれぞれのバーの流儀に従います: waybar（JSON 1行、Pango マークアップはエスケープ）、polybar（1行、'%{' は '% {' と出力）、i3blocks（全文、短縮文、色）、xbar/SwiftBar/Argos（メニュー項目から 'intent complete --id' を実行）。バー向けの形式は常に終了コード 0 です: 空のときは 'empty' クラス、エラーのときは 'error' クラスでツールチップにメッセージを出します。完了率は 完了 / (未完了 + 完了) の切り捨てです（未完了がなければ 100）。ストアには書き込みません。",
        "help.status.opt.list": "このリストだけ（リスト名か ID の先頭）。",
        "help.status.opt.format": "出力形式。",
        "help.status.opt.urgent": "i3blocks: 期限切れがあるとき終了コード 33（urgent）で終わります。",
        "help.intent.complete.abstract": "リスト名とタスク名、または ID でタスクを完了にします（ステータスバーやスクリプト向け）。",
        "help.intent.complete.discussion": "タイトルは前後の空白を除き Unicode NFC 正規化してから、大文字と小文字を区別して照合します。終了コード: 0 完了、1 該当なし（リストがない、タスクがない、完了済み）、3 候補が複数（ID 付きで一覧表示。--id か --first を使ってください）。--json を付けると、成功時と終了コード 1・3 のときに結果オブジェクトを出力します: completed、reason（listMissing, todoMissing, alreadyCompleted, idMissing, ambiguous）、message、candidates。",
        "help.intent.complete.opt.list": "リストのタイトル。",
        "help.intent.complete.opt.todo": "タスクのタイトル。",
        "help.intent.complete.opt.id": "タスクの ID（または一意に決まる先頭部分）。",
        "help.intent.complete.opt.first": "候補が複数あるとき、リストとタスクの並び順で最初の未完了のものを選びます。",

        // Search.
        "help.search.abstract": "タイトルに検索語を含むリストとタスク（完了済みも含む）を探します。",
        "help.search.discussion": "大文字と小文字、全角と半角、Unicode の正規化の違いは無視します（ＡＢＣ で abc、ｶﾀｶﾅ で カタカナ が見つかります）。濁点は無視しません（バス で パス は見つかりません）。検索語はそのままの文字として扱います: % _ * \" はその文字自身に一致します。終了コード: 0 見つかった、1 一致なし。",
        "help.search.arg.query": "探す文字（空白を含むときは引用符で囲んでください）。",

        // Settings.
        "help.settings.ls.abstract": "すべての設定とその値を表示します。",
        "help.settings.get.abstract": "設定の値を1つ出力します。",
        "help.settings.set.abstract": "設定を変更します。",
        "help.settings.set.arg.value": "新しい値（キーの一覧を参照）。",

        // Sound.
        "help.sound.ls.abstract": "完了音の一覧を表示します。",
        "help.sound.play.abstract": "完了音を再生します。",
        "help.sound.play.discussion": "PATH にある pw-play、paplay、aplay のうち最初に見つかったもので再生します。どれもないときはその旨を表示し、終了コードは 0 のままです。",
        "help.sound.play.arg.name": "音の名前: glint, bubble, levelUp, sparkle, click, clack, fanfare（既定: 設定 sound.name の音）。",
        "help.sound.export.abstract": "完了音を WAV ファイルに書き出します。",
        "help.sound.export.arg.name": "音の名前: glint, bubble, levelUp, sparkle, click, clack, fanfare。",
        "help.sound.export.arg.file": "書き出す WAV ファイル（アトミックに置き換えます）。",

        // Import, export, routines.
        "help.export.abstract": "すべてを JSON バックアップ、iCalendar (VTODO)、todo.txt のいずれかで書き出します。",
        "help.export.discussion": "json: 完全なバックアップ（リスト、タスク、繰り返し、履歴、設定、ルーティン、テーマ）。空のデータディレクトリに読み込めばそのまま復元できます。ics: タスクごとに VTODO を持つ VCALENDAR（リストは CATEGORIES）。todotxt: タスクごとに1行（リストは +project）。ics や todo.txt に書けないものは標準エラーに一覧表示します。",
        "help.export.opt.format": "ファイル形式。",
        "help.export.opt.out": "標準出力の代わりにこのファイルに書き出します（アトミックに、モード 0600）。",
        "help.import.abstract": "JSON バックアップ、iCalendar ファイル、todo.txt ファイルを読み込みます。",
        "help.import.discussion": "すべてを1つのトランザクションで読み込みます。不正なファイル（終了コード 65、行番号付き）では何も変わりません。項目は ID で統合します: ないものは追加、同じものはスキップ、変わったものは更新します。表せないものは標準エラー（--json では \"notImported\"）に一覧表示し、黙って捨てることはありません。",
        "help.import.arg.file": "読み込むファイル。",
        "help.import.opt.format": "ファイル形式。",
        "help.routine.ls.abstract": "適用できるルーティンのパックを一覧表示します。",
        "help.routine.ls.discussion": "パックは <data-dir>/routines、<prefix>/share/tasktile/routines、Examples/routines から読み込みます。",
        "help.routine.apply.abstract": "ルーティンのパックから繰り返しタスクのリストを作ります。",
        "help.routine.apply.arg.routine": "'routine ls' に出るパック名、またはパックのファイル。",
        "help.routine.remove.abstract": "ルーティンが作ったリストを削除します（自分で作ったリストは削除しません）。",
        "help.routine.remove.arg.routine": "ルーティンの名前。",
        "help.notify.run.abstract": "通知デーモンを実行します（データディレクトリごとに1つ）。SIGTERM/SIGINT で終了します。",
        "help.notify.run.discussion": "予定された通知をそれぞれ一度だけ、その時刻に届けます: セッションバスの org.freedesktop.Notifications へ（「完了」ボタン付き）、標準出力へ1通知1行の JSON として（--sink stdout: id, kind, title, body, list, due, todoId）、またはフィールドを環境変数 TASKTILE_NOTIFY_TITLE/BODY/ID/TODO_ID/LIST/KIND/DUE に入れたコマンドの実行で（--sink exec:CMD。空白で区切り、シェルは使いません）。停止中に逃した直近24時間の項目は、まとめて1件の通知になります。通知をクリックすると notify.openCommand 設定のコマンドを実行します。ログは標準エラー出力へ。終了コード: 0 SIGTERM/SIGINT で停止、75 このデータディレクトリで別のデーモンが実行中（<データディレクトリ>/notify.lock を保持）、74 セッションバスや通知サービスがない（または切断された）、64 --sink が不正。",
        "help.notify.run.opt.sink": "通知の送り先: dbus、stdout、exec:COMMAND。",
        "help.notify.pending.abstract": "予定されている通知（時刻、タイトル、リスト、ID）を早い順に表示します。",
        "help.notify.pending.discussion": "単発のタスクは期限に、繰り返しタスクは次の7回分、リストのリマインダーは次の回に通知します。日付だけの期限は notify.defaultTime 設定の時刻（既定 09:00）です。最大で早い順に64件。ID: <タスクID>（単発）、<タスクID>_<回>（繰り返し）、list:<リストID>_<回>（リストのリマインダー）。",
        "help.notify.pending.opt.count": "最大 N 件を表示します（1…64）。",
        "help.reminder.set.abstract": "リストの未完了タスクを決まった時刻に知らせます（繰り返しも可）。",
        "help.reminder.set.discussion": "リマインダーの時刻に、通知デーモンがそのリストの未完了タスクを数えます: 0件なら何も表示せず、それ以外は「<リスト>: 未完了のタスクがN件あります」と表示します。毎週で複数の曜日（--on mon,wed,fri）を選ぶと、選んだ曜日すべてで知らせます。--times N は実際に表示した回数で数えます。時刻のない日付（--at tomorrow）はその日の notify.defaultTime 設定の時刻（既定 09:00）です。設定するとそのリストの以前のリマインダーは置き換わります。",
        "help.reminder.set.opt.at": "最初のリマインダー: today 18:00、mon 9am、2027-01-31 18:00。",
        "help.reminder.set.opt.repeat": "リマインダーを繰り返します。",
        "help.reminder.set.opt.on": "毎週: 曜日（例: mon,wed,fri。既定は --at の曜日）。",
        "help.reminder.set.opt.times": "表示が N 回に達したら終了します。",
        "help.reminder.off.abstract": "リストのリマインダーを解除します。",
        "help.reminder.show.abstract": "リストのリマインダーと次に知らせる時刻を表示します。",
    ]
}
