import Foundation
import Testing
import TaskTileCore
import TestSupport

/// Exit codes a timer can act on (docs/exit-codes.md, docs/sync.md "Running it").
extension SyncTests {
    @Test(
        "a server that answers 500 midway through the uploads: exit 69, and the message says what was applied, never \"nothing was changed\"",
        arguments: CalDAVServer.Kind.allCases)
    func failsMidway(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        try server.client(["mkcal", "Shared"])
        try server.client(["fill", "Shared", "2"])
        let proxy = try DAVProxy(server, ["--fail", "PUT", "3"])
        let a = try Device(server, url: proxy.url)
        #expect(try a.run(["list", "add", "Work"]).status == 0)
        for i in 0..<6 { #expect(try a.run(["add", "--list", "Work", "todo \(i)"]).status == 0) }
        let r = try a.sync()
        #expect(r.status == 69, "\(r.stdout)\n\(r.stderr)")
        #expect(!r.stderr.contains("nothing was changed"), "\(r.stderr)")
        #expect(r.stderr.contains("stopped midway") && r.stderr.contains("3 up, 2 down"), "\(r.stderr)")
        #expect(r.stderr.contains("500"), "the server's answer is named: \(r.stderr)")
        #expect(try a.show().contains("item 1"), "the items received before it stopped are kept")
    }

    @Test(
        "a password command that fails, is missing or prints nothing: exit 77 \"the password command failed: …\", never 69"
    )
    func passwordCommandFails() throws {
        let server = try CalDAVServer(.radicale)
        let a = try Device(server)
        for (name, command) in [
            ("failing", "/bin/false"), ("missing", "/nonexistent/pass show dav"), ("empty", "/bin/true"),
        ] {
            let add = try a.run([
                "sync", "add", name, "--url", server.url, "--user", server.user, "--password-command", command,
            ])
            #expect(add.status == 0, "\(add.stderr)")
            let r = try a.run(["sync", name])
            #expect(r.status == 77, "\(name): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("the password command failed: "), "\(name): \(r.stderr)")
        }
    }

    @Test(
        "sync add refuses a password command a shell would be needed for ($(…), a pipe) at once: exit 64, nothing added"
    )
    func passwordCommandRefusedAtAdd() throws {
        let server = try CalDAVServer(.radicale)
        let a = try Device(server)
        for command in ["cat $(echo /tmp/pw)", "pass show dav | head -1", "cat `echo x`"] {
            let r = try a.run([
                "sync", "add", "bad", "--url", server.url, "--user", server.user, "--password-command", command,
            ])
            #expect(r.status == 64, "\(command): \(r.status) \(r.stderr)")
            #expect(
                r.stderr.contains("cannot be used") && r.stderr.contains("without a shell"), "\(command): \(r.stderr)")
        }
        let ls = try a.run(["sync", "ls"])
        #expect(!ls.stdout.contains("bad"), "\(ls.stdout)")
    }
}
