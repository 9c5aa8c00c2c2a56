/// Japanese text for the help of `tasktile-render desktop`, which this executable runs for
/// `tasktile-render`; keyed as `HelpFormatter` looks it up. The abstract also stands in
/// `tasktile-render`'s own table for its command list (a test checks the two agree).
enum DesktopHelp {
    static let ja: [String: String] = [
        "help.desktop.abstract": "SIGTERM/SIGINT を受けるまで、ウィジェットをクリックできる形でデスクトップに表示します。",
        "help.desktop.discussion": "各ウィジェット定義（既定: <data-dir>/widgets/ のすべての *.json。追加や削除にも追従）を、すべてのウィンドウの下、すべてのワークスペースに、タスクバーやタスク切り替えに出ない独立したサーフェスとして表示します。Wayland（sway、Hyprland、KWin、river など）では wlr-layer-shell のサーフェス、X11 では _NET_WM_WINDOW_TYPE_DESKTOP のウィンドウです。定義のキー anchor、margin、monitor、layer で配置し、出力のスケールで描きます。未完了のチェックボックスをクリックするとそのタスクを完了し、行やヘッダーのクリックでは設定 widget.openCommand を実行します。文字をクリックしても完了しません。ストアへのコミット（どのプロセスからでも）、themes.json や定義の変更、フラッシュの終わり、分の境目で描き直します。終了コード: SIGTERM/SIGINT で 0、ディスプレイがない（WAYLAND_DISPLAY と DISPLAY が未設定か接続できない）かディスプレイがなくなったとき 69、データディレクトリを監視できないとき 74、このデータディレクトリとディスプレイで別の desktop が動いているとき 75。",
        "help.desktop.arg.spec": "ウィジェット定義 JSON ファイルのパス（キーは README の「Widgets」を参照）。",
    ]
}
