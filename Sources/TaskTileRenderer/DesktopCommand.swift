import Foundation
import TaskTileCore
import TaskTileDesktop

/// `tasktile-render [--data-dir DIR] desktop [SPEC…]`: the widgets on the desktop (`DesktopHost`).
/// Returns nil when the arguments are not a `desktop` invocation (the other subcommands handle them).
enum DesktopCommand {
    static func run(arguments: [String], environment: [String: String], errorOutput: @escaping (String) -> Void) -> Int32? {
        var dataDir: String?
        var positional: [String] = []
        var i = 0
        var optionsEnded = false
        while i < arguments.count {
            let a = arguments[i]
            i += 1
            if optionsEnded || !a.hasPrefix("-") { positional.append(a); continue }
            if a == "--" { optionsEnded = true; continue }
            if a == "--data-dir", i < arguments.count { dataDir = arguments[i]; i += 1; continue }
            if a.hasPrefix("--data-dir=") { dataDir = String(a.dropFirst("--data-dir=".count)); continue }
            return nil // help, version and errors: the shared command line says them
        }
        guard positional.first == "desktop" else { return nil }
        let specs = Array(positional.dropFirst())
        let directory = DataDirectory.resolve(explicit: dataDir, environment: environment)
        return DesktopHost(directory: directory, environment: environment, specFiles: specs.isEmpty ? nil : specs,
                           log: errorOutput).run()
    }
}
