import Foundation
import Testing
import TestSupport

/// Whatever a store holds can be backed up and restored (docs/exit-codes.md "Bad input"): exports
/// `tmp`'s data directory as a JSON backup with `tasktile` and imports it into an empty data
/// directory beside it, expecting both to exit 0.
func expectBackupRestores(_ tasktile: String, _ tmp: TemporaryDirectory, environment: [String: String],
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
    let backup = tmp.file("backup.json")
    let exported = try runProcess(
        tasktile, ["--data-dir", tmp.dataDirectory.path, "export", "--format", "json", "--out", backup],
        environment: environment)
    #expect(exported.status == 0, "export: \(exported.stderr)", sourceLocation: sourceLocation)
    let restored = try runProcess(
        tasktile, ["--data-dir", tmp.path + "/restored", "import", "--format", "json", backup],
        environment: environment)
    #expect(restored.status == 0, "restore: \(restored.stderr)", sourceLocation: sourceLocation)
}
