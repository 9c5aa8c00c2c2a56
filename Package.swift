// swift-tools-version:6.0
import PackageDescription

/// `-static-stdlib` for release links only, unless TASKTILE_SHARED_STDLIB is set (see the tasktile target).
let staticRuntimeInRelease: [LinkerSetting] = Context.environment["TASKTILE_SHARED_STDLIB"] == nil
    ? [.unsafeFlags(["-static-stdlib", "-Xlinker", "--start-group", "-lFoundation", "-lCoreFoundation",
                    "-lFoundationInternationalization", "-l_FoundationICU", "-lFoundationEssentials", "-l_FoundationCollections",
                    "-l_FoundationCShims", "-lswiftSynchronization", "-lswiftDispatch", "-lswift_Concurrency",
                    "-lswift_StringProcessing", "-lswift_RegexParser", "-lswiftGlibc", "-lswift_Builtin_float", "-Xlinker", "--end-group"], .when(configuration: .release))] : []

let package = Package(
    name: "tasktile",
    products: [
        .executable(name: "tasktile", targets: ["tasktile"]),
        .executable(name: "tasktile-render", targets: ["tasktile-render"]),
        // `tasktile sync` execs this sibling, so plain commands never load networking or XML.
        .executable(name: "tasktile-sync", targets: ["tasktile-sync"]),
        .executable(name: "tasktile-notify", targets: ["tasktile-notify"]),
        // `tasktile-render desktop` execs this sibling, so `once`, `watch` and `click` never load GTK.
        .executable(name: "tasktile-desktop", targets: ["tasktile-desktop"]),
        .executable(name: "tasktile-bench", targets: ["tasktile-bench"]), // Benchmarks/bench.py only
        .library(name: "TaskTileCore", targets: ["TaskTileCore"]),
        .library(name: "TaskTileRender", targets: ["TaskTileRender"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "pangocairo",
                       providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        // libcurl's easy interface: tasktile-sync's HTTP (a blocking wait, no FoundationNetworking).
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
                       providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CDBus", path: "Sources/CDBus", pkgConfig: "dbus-1",
                       providers: [.apt(["libdbus-1-dev"])]),
        // Linux calls the Glibc module lacks: epoll, signalfd, timerfd, eventfd, wordexp, posix_spawn.
        .systemLibrary(name: "CSystem", path: "Sources/CSystem"),
        // GTK 3 and gtk-layer-shell for `tasktile-render desktop` (layer surfaces on Wayland, windows on X11).
        .systemLibrary(name: "CGtk", path: "Sources/CGtk", pkgConfig: "gtk-layer-shell-0",
                       providers: [.apt(["libgtk-3-dev", "libgtk-layer-shell-dev"])]),
        // The string catalogue (Localization/Catalogue/*.json, one file per language) becomes
        // Swift through the CatalogueCompiler plugin before TaskTileCore compiles (docs/language.md).
        .target(name: "TaskTileCore", dependencies: ["CSQLite"], exclude: ["Localization/Catalogue"],
                plugins: ["CatalogueCompiler"]),
        .executableTarget(name: "catalogue-compiler"),
        .plugin(name: "CatalogueCompiler", capability: .buildTool(), dependencies: ["catalogue-compiler"]),
        // JSON backup, iCalendar, todo.txt, Taskwarrior and routine packs: formats over Store's API,
        // used by `tasktile` (import/export/routine) and TaskTileSync only.
        .target(name: "TaskTileInterchange", dependencies: ["TaskTileCore"]),
        // What long-running programs share: the change source, instance lock, termination signals,
        // log lines, process spawning and the one completion path with its feedback.
        .target(name: "TaskTileRuntime", dependencies: ["TaskTileCore", "CSystem"]),
        // Drawing, and the `WidgetSession` both live hosts (`watch`, `desktop`) share, which runs on
        // Runtime's change source: Render → Runtime, never back (`tasktile` links Runtime, no Cairo).
        .target(name: "TaskTileRender", dependencies: ["TaskTileCore", "TaskTileRuntime", "CCairo", "CPNG"]),
        .target(name: "TaskTileNotify", dependencies: ["TaskTileCore", "TaskTileRuntime", "CDBus"]),
        // The parser, help layout, exit codes and error funnel both programs share.
        .target(name: "TaskTileCommandLine", dependencies: ["TaskTileCore"]),
        // `tasktile`: no D-Bus, Cairo or Pango; `notify run`, `sync` and `theme preview` are handed to
        // `tasktile-notify`, `tasktile-sync` and `tasktile-render` beside it (SiblingCommand).
        // Release builds link the Swift runtime and Foundation into `tasktile`: a status
        // bar starts it every second, and resolving ~14 shared Swift libraries' symbols was half of
        // its start-up (Benchmarks/RESULTS.md). TASKTILE_SHARED_STDLIB=1 builds the shared-runtime
        // variant `make bench` compares against.
        .executableTarget(name: "tasktile", dependencies: ["TaskTileCore", "TaskTileInterchange", "TaskTileRuntime", "TaskTileCommandLine"],
                          linkerSettings: staticRuntimeInRelease),
        // `tasktile-notify`: the notification daemon, run for `tasktile notify run`.
        .executableTarget(name: "tasktile-notify", dependencies: ["TaskTileCore", "TaskTileNotify", "TaskTileRuntime",
                                                                   "TaskTileCommandLine"]),
        // The desktop host: widgets as desktop surfaces, drawn by TaskTileRender, fed by the change source.
        .target(name: "TaskTileDesktop", dependencies: ["TaskTileCore", "TaskTileRender", "TaskTileRuntime", "CGtk"]),
        // Release builds link the Swift runtime and Foundation in (as for `tasktile`): `once` is run
        // by scripts and wallpaper hooks, and resolving the shared Swift libraries' symbols was the
        // largest part of its start-up after GTK went to `tasktile-desktop`.
        .executableTarget(name: "tasktile-render", dependencies: ["TaskTileCore", "TaskTileRender", "TaskTileRuntime",
                                                                   "TaskTileCommandLine"],
                          linkerSettings: staticRuntimeInRelease),
        // `tasktile-desktop`: `tasktile-render desktop`, handed over by `tasktile-render` (SiblingCommand).
        .executableTarget(name: "tasktile-desktop", dependencies: ["TaskTileCore", "TaskTileDesktop", "TaskTileRuntime",
                                                                     "TaskTileCommandLine"]),
        // CalDAV/vdir sync (docs/sync.md): HTTP through libcurl (CCurl) and FoundationXML, kept out
        // of `tasktile` itself (load only what a command needs).
        .target(name: "TaskTileSync", dependencies: ["TaskTileCore", "TaskTileInterchange", "TaskTileRuntime", "CCurl"]),
        .executableTarget(name: "tasktile-sync",
                          dependencies: ["TaskTileCore", "TaskTileSync", "TaskTileCommandLine", "TaskTileRuntime"]),
        .executableTarget(name: "tasktile-bench", dependencies: ["TaskTileCore", "TaskTileRender"]),
        .target(name: "TestSupport", dependencies: ["TaskTileCore", "CCairo"], path: "Tests/TestSupport"), // CCairo: StatusGrammar's Pango parser
        .testTarget(name: "TaskTileCoreTests", dependencies: ["TaskTileCore", "TaskTileInterchange", "TestSupport"],
                    exclude: ["Time/Vectors"]), // differential vectors, read via #filePath
        .testTarget(name: "TaskTileInterchangeTests", dependencies: ["TaskTileInterchange", "TaskTileCore", "TestSupport"]),
        .testTarget(name: "TaskTileRenderTests",
                    dependencies: ["TaskTileRender", "TaskTileRuntime", "TaskTileCore", "TestSupport", "CCairo"],
                    exclude: ["fonts.conf", "__Snapshots__"]), // read via #filePath
        .testTarget(name: "tasktileTests",
                    dependencies: ["tasktile", "TaskTileCore", "TaskTileInterchange", "TaskTileCommandLine", "TestSupport"]),
        .testTarget(name: "TaskTileNotifyTests", dependencies: ["TaskTileNotify", "TestSupport"]),
        .testTarget(name: "tasktile-notifyTests",
                    dependencies: ["tasktile-notify", "TaskTileNotify", "TaskTileRuntime", "TaskTileCore", "TestSupport"]),
        .testTarget(name: "tasktile-renderTests",
                    dependencies: ["tasktile-render", "tasktile-desktop", "TaskTileRender", "TaskTileCore",
                                   "TaskTileCommandLine", "TestSupport",
                                   // PseudoLocaleTests: the help of every program
                                   "tasktile", "tasktile-sync", "tasktile-notify"]),
        .testTarget(name: "TaskTileCommandLineTests", dependencies: ["TaskTileCommandLine", "TaskTileCore"]),
        .testTarget(name: "TaskTileRuntimeTests", dependencies: ["TaskTileRuntime", "TaskTileCore", "TestSupport"]),
        .testTarget(name: "TaskTileDesktopTests",
                    dependencies: ["TaskTileDesktop", "TaskTileRender", "TaskTileCore", "TestSupport"]),
        .testTarget(name: "IntegrationTests",
                    dependencies: ["TaskTileCore", "TaskTileInterchange", "TaskTileRender", "TaskTileSync", "TestSupport"],
                    // helper programs the tests run and the popups' goldens, read via #filePath
                    exclude: ["Fixtures", "Desktop/Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
