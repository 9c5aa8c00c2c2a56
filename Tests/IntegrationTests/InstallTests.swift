import Foundation
import Testing
import TaskTileCore
import TestSupport

/// `make install` / `make uninstall` into a temporary PREFIX (Makefile, scripts/install.sh):
/// everything the issue lists is installed, the generated man pages and completions work with the
/// real man, bash, zsh and fish, and uninstall leaves the tree exactly as it was.
@Suite("make install and make uninstall into a temporary PREFIX", .serialized)
struct InstallTests {
    let built: String

    init() throws {
        let tasktile = try #require(builtProduct("tasktile"), "build the products first (swift build; make test does)")
        built = (tasktile as NSString).deletingLastPathComponent
    }

    /// Every path under `root` (relative, sorted), with a marker for directories.
    func tree(_ root: String) -> [String] {
        let fm = FileManager.default
        guard let e = fm.enumerator(atPath: root) else { return [] }
        var paths: [String] = []
        while let p = e.nextObject() as? String {
            var isDir: ObjCBool = false
            _ = fm.fileExists(atPath: root + "/" + p, isDirectory: &isDir)
            paths.append(isDir.boolValue ? p + "/" : p)
        }
        return paths.sorted()
    }

    @Test("install puts binaries, man pages, completions, units, .desktop, themes, specs and routines; uninstall removes exactly that")
    func installAndUninstall() throws {
        let make = try requiredTool("/usr/bin/make", package: "make")
        let tmp = TemporaryDirectory("install")
        let prefix = tmp.file("prefix")
        // What was there before (another program's file in bin/) must survive uninstall.
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try AtomicFile.write("#!/bin/sh\n", to: prefix + "/bin/other-tool")
        try FileManager.default.createDirectory(atPath: prefix + "/share/man", withIntermediateDirectories: true)
        let before = tree(prefix)

        // `make install` never runs apt: its recipe (dry run) has no apt-get and no `deps`.
        let dry = try runProcess(make, ["-n", "-C", repositoryRoot, "install", "PREFIX=\(prefix)"])
        #expect(!dry.stdout.contains("apt-get") && !dry.stdout.contains("dpkg-query"), "\(dry.stdout)")

        let install = try runProcess(make, ["-s", "-C", repositoryRoot, "install-files", "BUILT=\(built)", "PREFIX=\(prefix)"])
        try #require(install.status == 0, "\(install.stdout) \(install.stderr)")
        let expected = ["bin/tasktile", "bin/tasktile-render", "bin/tasktile-notify", "bin/tasktile-sync", "bin/tasktile-pick", "bin/tasktile-wallpaper",
                        "share/man/man1/tasktile.1.gz", "share/man/man1/tasktile-render.1.gz",
                        "share/bash-completion/completions/tasktile", "share/bash-completion/completions/tasktile-render",
                        "share/zsh/vendor-completions/_tasktile", "share/fish/vendor_completions.d/tasktile.fish",
                        "lib/systemd/user/tasktile-notify.service", "lib/systemd/user/tasktile-render.service",
                        "lib/systemd/user/tasktile-desktop.service", "lib/systemd/user/tasktile-sync.service",
                        "lib/systemd/user/tasktile-sync.timer", "share/applications/tasktile.desktop",
                        "share/tasktile/Themes/midnight.json", "share/tasktile/routines/student-day-ja.json"]
        for path in expected { #expect(FileManager.default.fileExists(atPath: prefix + "/" + path), "\(path) was not installed") }
        #expect(try !FileManager.default.contentsOfDirectory(atPath: prefix + "/share/tasktile/WidgetSpecs").isEmpty)
        #expect(try runProcess(prefix + "/bin/tasktile", ["--version"]).stdout == "tasktile 0.1.0\n")
        // The siblings `tasktile` execs are found beside the installed `tasktile`.
        let syncData = TemporaryDirectory("install-sync")
        let syncLs = try runProcess(prefix + "/bin/tasktile", ["sync", "ls"], environment: ["TASKTILE_DATA_DIR": syncData.dataDirectory.path])
        #expect(syncLs.status == 0, "installed tasktile sync ls: \(syncLs.stderr)")

        // Units run the installed binaries.
        for unit in ["tasktile-notify", "tasktile-render", "tasktile-desktop", "tasktile-sync"] {
            let text = try String(contentsOfFile: prefix + "/lib/systemd/user/\(unit).service", encoding: .utf8)
            let exec = try #require(text.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
            let program = String(exec.dropFirst("ExecStart=".count).split(separator: " ")[0])
            #expect(program.hasPrefix(prefix + "/bin/") && FileManager.default.isExecutableFile(atPath: program), "\(unit): \(exec)")
            // The display units need the session's DISPLAY/WAYLAND_DISPLAY; sync needs none.
            if unit != "tasktile-sync" { #expect(text.contains("import-environment"), "\(unit) lacks the import-environment note") }
        }
        let validate = try runProcess(try requiredTool("/usr/bin/desktop-file-validate", package: "desktop-file-utils"),
                                      [prefix + "/share/applications/tasktile.desktop"])
        #expect(validate.status == 0, "\(validate.stdout) \(validate.stderr)")

        // The man pages, read by man(1): every command of the command table is in there.
        let man = try requiredTool("/usr/bin/man", package: "man-db")
        let page = try runProcess(man, ["-l", prefix + "/share/man/man1/tasktile.1.gz"], environment: ["MANWIDTH": "100", "MAN_KEEP_FORMATTING": ""])
        #expect(page.status == 0, "\(page.stderr)")
        for command in ["tasktile list add", "tasktile intent complete", "tasktile notify run", "tasktile import"] {
            #expect(page.stdout.contains(command), "the man page lacks \(command)")
        }
        #expect(page.stdout.contains("EXIT STATUS"))
        let renderPage = try runProcess(man, ["-l", prefix + "/share/man/man1/tasktile-render.1.gz"], environment: ["MANWIDTH": "100"])
        #expect(renderPage.stdout.contains("tasktile-render watch"))

        // bash: complete commands, subcommands, enum values and list titles from the store.
        let data = TemporaryDirectory("install-data")
        #expect(try runProcess(prefix + "/bin/tasktile", ["list", "add", "Shopping List"], environment: ["TASKTILE_DATA_DIR": data.dataDirectory.path]).status == 0)
        func bashComplete(_ words: [String]) throws -> [String] {
            let script = """
                source '\(prefix)/share/bash-completion/completions/tasktile'
                COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
                _tasktile; printf '%s\\n' "${COMPREPLY[@]}"
                """
            let r = try runProcess("/bin/bash", ["-c", script], environment: ["PATH": prefix + "/bin:/usr/bin:/bin", "TASKTILE_DATA_DIR": data.dataDirectory.path])
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try bashComplete(["tasktile", "th"]) == ["theme"])
        #expect(try Set(bashComplete(["tasktile", "theme", ""])).isSuperset(of: ["ls", "show", "new", "set", "rm", "import", "export", "preview"]))
        #expect(try bashComplete(["tasktile", "status", "--format", "way"]) == ["waybar"])
        #expect(try bashComplete(["tasktile", "add", "Milk", "--list", "Sh"]) == ["Shopping List"])
        #expect(try bashComplete(["tasktile", "add", "--du"]) == ["--due"])

        // zsh and fish parse theirs.
        let zsh = try runProcess(try requiredTool("/usr/bin/zsh", package: "zsh"), ["-n", prefix + "/share/zsh/vendor-completions/_tasktile"])
        #expect(zsh.status == 0, "\(zsh.stderr)")
        let fish = try requiredTool("/usr/bin/fish", package: "fish")
        let fishCheck = try runProcess(fish, ["--no-execute", prefix + "/share/fish/vendor_completions.d/tasktile.fish"])
        #expect(fishCheck.status == 0, "\(fishCheck.stderr)")
        let fishComplete = try runProcess(fish, ["-c", "source '\(prefix)/share/fish/vendor_completions.d/tasktile.fish'; complete -C 'tasktile status --format '"],
                                          environment: ["PATH": prefix + "/bin:/usr/bin:/bin", "HOME": tmp.path, "XDG_CONFIG_HOME": tmp.file("fishcfg")])
        #expect(fishComplete.stdout.contains("waybar") && fishComplete.stdout.contains("i3blocks"), "\(fishComplete.stdout) \(fishComplete.stderr)")

        // Uninstall: exactly what install put is gone; what was there before stays.
        let uninstall = try runProcess(make, ["-s", "-C", repositoryRoot, "uninstall", "PREFIX=\(prefix)"])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(tree(prefix) == before)
        let again = try runProcess(make, ["-s", "-C", repositoryRoot, "uninstall", "PREFIX=\(prefix)"])
        #expect(again.status != 0 && again.stderr.contains("nothing was installed"), "\(again.stderr)")
    }
}
