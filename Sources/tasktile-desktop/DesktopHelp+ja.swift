/// Japanese text for the help of `tasktile-render desktop`, which this executable runs for
/// `tasktile-render`; keyed as `HelpFormatter` looks it up. The abstract also stands in
/// `tasktile-render`'s own table for its command list (a test checks the two agree).
enum DesktopHelp {
    static let ja: [String: String] = [
        "help.desktop.abstract": "SIGTERM/SIGINT を受けるまで、ウィジェットをクリックできる形でデスクトップに表示します。",
        "help.desktop.discussion": "各ウィジェット定義（既定: <data-dir>/widgets/ のすべての *.json。追加や削除にも追従）を、すべてのウィンドウの下、すべてのワークスペースに、タスクバーやタスク切り替えに出ない独立したサーフェスとして表示します。Wayland（sway、Hyprland、KWin、river など）では wlr-layer-shell のサーフェス、X11 では _NET_WM_WINDOW_TYPE_DESKTOP のウィンドウです。定義のキー anchor、margin、monitor、layer で配置し、出力のスケールで描きます。未完了のチェックボックスをクリックするとそのタスクを完了し、行やヘッダーのクリックでは設定 widget.openCommand を実行します。ヘッダーの「+」をクリックすると、そのウィジェットのリスト（スマートリストでは最初に名前の出るリスト、なければ既定のリスト）へのクイックキャプチャを開きます（定義に \"add\": false で「+」を出しません）。文字をクリックしても完了しません。ストアへのコミット（どのプロセスからでも）、themes.json や定義の変更、フラッシュの終わり、分の境目で描き直します。終了コード: SIGTERM/SIGINT で 0、ディスプレイがない（WAYLAND_DISPLAY と DISPLAY が未設定か接続できない）かディスプレイがなくなったとき 69、データディレクトリを監視できないとき 74、このデータディレクトリとディスプレイで別の desktop が動いているとき 75。",
        "help.desktop.arg.spec": "ウィジェット定義 JSON ファイルのパス（キーは README の「Widgets」を参照）。",
    ]

    /// Japanese help of `tasktile capture`, which this executable runs for `tasktile` (the abstract also stands
    /// in `tasktile`'s own table, for its command list).
    static let tasktileJa: [String: String] = [
        "help.capture.abstract": "クイックキャプチャのポップアップを開きます: 1行入力して Enter でタスクとして追加します。",
        "help.capture.discussion": "フォーカスのある出力の中央に小さなウィンドウを開きます。行は tasktile quick と同じように読み取り（docs/quick-add.md）、入力するたびに読み取った部分を入力欄の下に表示します。Tab と Shift+Tab で追加先のリストを切り替えます（行の ^リスト が優先）。Enter で追加して閉じ、Shift+Enter で追加して入力欄を空にし次を待ちます。Esc は何も変えずに閉じます。タイトルが残らない行は理由を表示し、何も追加しません。Wayland では overlay レイヤーでキーボードを占有する layer-shell サーフェス（名前空間 tasktile-capture）、X11 ではフォーカスを取るダイアログウィンドウです。キーに割り当てます（例: sway の bindsym $mod+n exec tasktile capture、docs/desktop.md「Quick capture」）。追加したタスクを出力します。終了コード: Enter か Esc で 0、--list のリストがないとき 1、複数あるとき 3、ディスプレイがないとき 69。",
        "help.capture.opt.list": "最初に表示する追加先のリスト（リスト名か ID の先頭）。既定: defaultList 設定のリスト（変更するまでは Inbox）。",
    ]
}
