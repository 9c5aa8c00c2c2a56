import Foundation
import Testing
import TaskTileCore
import TestSupport

/// `make deb` (scripts/deb.sh, dpkg-deb): the package declares the runtime dependencies the
/// binaries link, installs into a clean root with `dpkg --root`, every binary runs from its
/// installed path, and `dpkg -r` removes it all.
///
/// The package is made from the debug build (`make deb-files BUILT=…`; `make deb` itself builds
/// a release with the Swift standard library linked statically, minutes the test suite does not
/// spend), so `TASKTILE_DEB_ALLOW_UNPACKAGED=1` lets its Swift runtime (under /opt/swift, owned by
/// no Debian package) through; everything else the binaries link must be a declared dependency.
@Suite("make deb installs into a clean root and every binary runs", .serialized)
struct DebPackageTests {
    let built: String

    init() throws {
        let tasktile = try #require(builtProduct("tasktile"), "build the products first (swift build; make test does)")
        built = (tasktile as NSString).deletingLastPathComponent
    }

    @Test("build, inspect, install with dpkg --root, run every binary, remove")
    func buildInstallRunRemove() throws {
        let dpkgDeb = try requiredTool("/usr/bin/dpkg-deb", package: "dpkg")
        let dpkg = try requiredTool("/usr/bin/dpkg", package: "dpkg")
        let tmp = TemporaryDirectory("deb")
        let out = tmp.file("out")
        let make = try runProcess("/usr/bin/make", ["-s", "-C", repositoryRoot, "deb-files", "BUILT=\(built)", "DEB_OUT=\(out)"],
                                  environment: ["TASKTILE_DEB_ALLOW_UNPACKAGED": "1", "TASKTILE_DEB_COMPRESSION": "gzip"])
        try #require(make.status == 0, "\(make.stdout) \(make.stderr)")
        let deb = make.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(deb.hasSuffix(".deb") && FileManager.default.fileExists(atPath: deb), "\(deb)")

        // Runtime dependencies: declared, real, and what the binaries link.
        let depends = try runProcess(dpkgDeb, ["-f", deb, "Depends"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let packages = depends.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for required in ["libc6", "libsqlite3-0", "libcairo2", "libpango-1.0-0", "libdbus-1-3", "libpng16-16", "libgtk-3-0"] {
            #expect(packages.contains(required), "Depends lacks \(required): \(depends)")
        }
        for p in packages {
            let q = try runProcess("/usr/bin/dpkg-query", ["-W", "-f=${Status}", p])
            #expect(q.stdout.contains("install ok installed"), "Depends names \(p), which is not an installed package")
        }
        #expect(try runProcess(dpkgDeb, ["-f", deb, "Package"]).stdout == "tasktile\n")

        // A clean root: an empty dpkg database. --force-depends: the root has no libraries; the host does.
        let root = tmp.file("root")
        for d in ["var/lib/dpkg/info", "var/lib/dpkg/updates", "var/lib/dpkg/triggers"] {
            try FileManager.default.createDirectory(atPath: root + "/" + d, withIntermediateDirectories: true)
        }
        _ = FileManager.default.createFile(atPath: root + "/var/lib/dpkg/status", contents: Data())
        let install = try runProcess(dpkg, ["--root=\(root)", "--force-depends", "-i", deb])
        try #require(install.status == 0, "\(install.stdout) \(install.stderr)")
        let listed = try runProcess(dpkg, ["--root=\(root)", "-L", "tasktile"]).stdout
        for path in ["/usr/bin/tasktile", "/usr/bin/tasktile-render", "/usr/bin/tasktile-notify", "/usr/bin/tasktile-sync", "/usr/bin/tasktile-pick", "/usr/bin/tasktile-wallpaper",
                     "/usr/share/man/man1/tasktile.1.gz", "/usr/share/bash-completion/completions/tasktile",
                     "/usr/lib/systemd/user/tasktile-notify.service", "/usr/share/applications/tasktile.desktop"] {
            #expect(listed.contains(path + "\n"), "the package does not install \(path)")
        }
        let unit = try String(contentsOfFile: root + "/usr/lib/systemd/user/tasktile-notify.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/bin/tasktile notify run"))

        // Every binary from its installed path.
        let bin = root + "/usr/bin"
        let data = TemporaryDirectory("deb-data")
        let env = ["TASKTILE_DATA_DIR": data.dataDirectory.path, "PATH": bin + ":/usr/bin:/bin", "LANG": "C", "TZ": "UTC",
                   "WAYLAND_DISPLAY": "", "DISPLAY": "", "TASKTILE_MENU": "", "XDG_RUNTIME_DIR": data.path, "TASKTILE_RENDERED": ""]
        #expect(try runProcess(bin + "/tasktile", ["--version"]).stdout == "tasktile 0.1.0\n")
        #expect(try runProcess(bin + "/tasktile", ["list", "add", "Home"], environment: env).status == 0)
        #expect(try runProcess(bin + "/tasktile", ["add", "Milk", "--list", "Home"], environment: env).status == 0)
        #expect(try runProcess(bin + "/tasktile", ["show", "Home"], environment: env).stdout.contains("Milk"))
        #expect(try runProcess(bin + "/tasktile-render", ["--version"]).stdout.hasPrefix("tasktile-render "))
        // tasktile notify run execs the installed tasktile-notify beside it: a bad sink is its usage error.
        let notify = try runProcess(bin + "/tasktile", ["notify", "run", "--sink", "nowhere"], environment: env)
        #expect(notify.status == 64 && notify.stderr.contains("nowhere"), "\(notify.stderr)")
        #expect(try runProcess(bin + "/tasktile-notify", ["--version"]).stdout == "tasktile 0.1.0\n")
        // tasktile sync execs the installed tasktile-sync: no account yet is not an error.
        let sync = try runProcess(bin + "/tasktile", ["sync", "ls"], environment: env)
        #expect(sync.status == 0, "\(sync.stderr)")
        try FileManager.default.createDirectory(atPath: data.dataDirectory.path + "/widgets", withIntermediateDirectories: true)
        try AtomicFile.write("{ \"version\": 1, \"family\": \"small\", \"list\": \"Home\" }", to: data.dataDirectory.path + "/widgets/home-large.json")
        let once = try runProcess(bin + "/tasktile-render", ["once"], environment: env)
        #expect(once.status == 0, "\(once.stderr)")
        #expect(FileManager.default.fileExists(atPath: data.dataDirectory.path + "/widgets/out/home-large.png"))
        let pick = try runProcess(bin + "/tasktile-pick", [], environment: env)
        #expect(pick.status == 69 && pick.stderr.contains("no graphical session"), "\(pick.stderr)")
        let wallpaper = try runProcess(bin + "/tasktile-wallpaper", [], environment: env)
        #expect(wallpaper.status == 69 && wallpaper.stderr.contains("no wallpaper setter"), "\(wallpaper.stderr)")

        // Removal leaves nothing of the package.
        let remove = try runProcess(dpkg, ["--root=\(root)", "-r", "tasktile"])
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(!FileManager.default.fileExists(atPath: bin + "/tasktile"))
        #expect(!FileManager.default.fileExists(atPath: root + "/usr/share/tasktile"))
    }
}
