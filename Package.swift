// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "tasktile",
    products: [
        .executable(name: "tasktile", targets: ["TaskTileCLI"]),
        .executable(name: "tasktile-render", targets: ["TaskTileRenderer"]),
        .executable(name: "tasktile-bench", targets: ["TaskTileBench"]), // Benchmarks/bench.sh only
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
        .systemLibrary(name: "CDBus", path: "Sources/CDBus", pkgConfig: "dbus-1",
                       providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CGtk", path: "Sources/CGtk", pkgConfig: "gtk-layer-shell-0",
                       providers: [.apt(["libgtk-3-dev", "libgtk-layer-shell-dev"])]),
        .target(name: "TaskTileCore", dependencies: ["CSQLite"]),
        .target(name: "TaskTileRender", dependencies: ["TaskTileCore", "CCairo", "CPNG"]),
        .target(name: "TaskTileNotify", dependencies: ["TaskTileCore", "CDBus"]),
        .executableTarget(name: "TaskTileCLI", dependencies: ["TaskTileCore", "TaskTileRender", "TaskTileNotify"]),
        .target(name: "TaskTileDesktop", dependencies: ["TaskTileCore", "TaskTileRender", "CGtk"]),
        .executableTarget(name: "TaskTileRenderer", dependencies: ["TaskTileCore", "TaskTileRender", "TaskTileDesktop"]),
        .executableTarget(name: "TaskTileBench", dependencies: ["TaskTileCore", "TaskTileRender"]),
        .target(name: "TestSupport", dependencies: ["TaskTileCore"], path: "Tests/TestSupport"),
        .testTarget(name: "TaskTileCoreTests", dependencies: ["TaskTileCore", "TestSupport"],
                    exclude: ["Time/Vectors"]), // differential vectors, read via #filePath
        .testTarget(name: "TaskTileRenderTests", dependencies: ["TaskTileRender", "TestSupport", "CCairo"],
                    exclude: ["fonts.conf", "__Snapshots__"]), // read via #filePath
        .testTarget(name: "TaskTileCLITests", dependencies: ["TaskTileCLI", "TestSupport", "CCairo"]), // CCairo: pango_parse_markup checks waybar output
        .testTarget(name: "TaskTileDesktopTests", dependencies: ["TaskTileDesktop", "TaskTileRender", "TestSupport"]),
        .testTarget(name: "IntegrationTests", dependencies: ["TaskTileCore", "TestSupport"],
                    exclude: ["Fixtures"]), // helper programs the tests run, read via #filePath
    ],
    swiftLanguageModes: [.v6]
)
