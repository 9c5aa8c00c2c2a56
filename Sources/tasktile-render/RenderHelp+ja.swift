/// Japanese text for `tasktile-render`'s command help, keyed as `HelpFormatter` looks it up
/// (`help.<command>.abstract`, `.discussion`, `.arg.<name>`, `.opt.<name>`, `help.global.opt.<name>`);
/// the English lives in each command's `CommandSpec`. A test checks that every command, argument
/// and option has an entry and that no entry names something that does not exist.
enum RenderHelp {
    static let ja: [String: String] = [
        "help.once.abstract": "ウィジェット定義ファイルをクリックマップ付きの PNG 画像に描きます。",
        "help.once.discussion": "指定したウィジェット定義ファイル（既定: <data-dir>/widgets/ のすべての *.json）をフラッシュなしの通常の状態で描き、書いた PNG のパスを 1 行ずつ出力します。PNG の隣に <name>.hits.json のクリックマップを書きます。同じ名前や同じ PNG の定義が 2 つあると、両方のファイル名を示して拒否します（終了コード 65）。",
        "help.once.opt.prune": "描いたあと、もうない定義のために tasktile が書いた PNG とクリックマップを <data-dir>/widgets/out/ から削除します。",
        "help.once.arg.spec": "ウィジェット定義 JSON ファイルのパス（キーは README の「Widgets」を参照）。",

        "help.watch.abstract": "SIGTERM/SIGINT を受けるまで、すべてのウィジェットの PNG を最新に保ちます。",
        "help.watch.discussion": "すべての定義を描いたあと、ストアへのコミット、themes.json や定義の変更、フラッシュの終わり、分や繰り返しの周期の境目に、影響を受けるウィジェットだけを描き直します。終了コード: SIGTERM/SIGINT で 0、データディレクトリを監視できないとき 74、別の watch が動いているとき 75。",
        "help.watch.opt.on-render": "PNG を書いた回のあとに CMD を実行します（シェルのように単語に分けますが、シェルでは実行しません）。書いたパスは $TASKTILE_RENDERED に 1 行ずつ、データディレクトリは $TASKTILE_DATA_DIR に入ります。",

        "help.desktop.abstract": "SIGTERM/SIGINT を受けるまで、ウィジェットをクリックできる形でデスクトップに表示します。",

        "help.click.abstract": "ウィジェット PNG 上のクリックをクリックマップで解決します。",
        "help.click.discussion": "未完了のチェックボックスならそのタスクを（ID で）完了し、行やヘッダーならその開く動作を出力します。どの領域にも入らない点では 1 で終わります。",
        "help.click.arg.spec": "クリックされた PNG のウィジェット定義ファイル。",
        "help.click.arg.x": "PNG 上のクリックの列（ピクセル、0 = 左端）。",
        "help.click.arg.y": "PNG 上のクリックの行（ピクセル、0 = 上端）。",
    ]

    /// Japanese help of the `tasktile` commands this executable runs (`Renderer.tasktileProgram`),
    /// word for word what `tasktile`'s own table had for them.
    static let tasktileJa: [String: String] = [
        "help.theme.preview.abstract": "サンプルのタスクでテーマのウィジェットを描画します。",
        "help.theme.preview.discussion": "small-en.png、medium-en.png、large-en.png、small-ja.png、medium-ja.png、large-ja.png（スケール 2）をサンプルのタスクで書き出します。あなたのリストは読みません。",
        "help.theme.preview.arg.name": "テーマ名か ID。",
        "help.theme.preview.opt.out": "PNG の書き出し先（既定: ./theme-preview/NAME）。",
    ]
}
