import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The sync tests' CalDAV servers by their old name: every test that needs no particular server
/// takes `CalDAVServer.Kind.allCases` as its arguments.
public typealias RadicaleServer = CalDAVServer

/// A private CalDAV server for the sync tests on 127.0.0.1 with a free port and a storage folder
/// of its own: Radicale (Debian `radicale`: htpasswd auth with a test account, rights files) or
/// Xandikos (Debian `xandikos`: a strict server with no authentication, which ignores the
/// credentials sent). Killed on deinit; `stop()` and `start()` take it down and bring it back on
/// the same port and storage.
public final class CalDAVServer {
    public enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case radicale, xandikos
        public var description: String { rawValue }
    }
    public let kind: Kind
    public let tmp: TemporaryDirectory
    public let port: Int
    public let user: String
    public let password = "s3cret-pw"
    /// `http://127.0.0.1:<port>/`.
    public var url: String { "http://127.0.0.1:\(port)/" }
    private var process: RunningProcess?
    public var storage: String { tmp.file("collections") }

    /// The second client (python3-caldav): `Tests/Scripts/caldav_client.py`.
    public static let clientScript = repositoryRoot + "/Tests/Scripts/caldav_client.py"

    /// The rights file (`[rights] type = from_file`) when the server was started with `rights`.
    public var rightsFile: String { tmp.file("rights") }

    /// - Parameters:
    ///   - kind: which server.
    ///   - rights: (Radicale only) the text of a Radicale rights file (sections with `user`,
    ///     `collection`, `permissions`; radicale.org "Rights") to start with `[rights] type =
    ///     from_file`; nil keeps Radicale's default (`owner_only`). Radicale reads the file at each
    ///     request, so `setRights` changes the policy of the running server.
    /// - Throws: `FixtureError` when the server or python3-caldav is missing (make deps installs
    ///   them) or the server does not answer within 20 s.
    public init(_ kind: Kind = .radicale, rights: String? = nil) throws {
        self.kind = kind
        tmp = TemporaryDirectory(kind.rawValue)
        // Xandikos serves one principal, /user/ (its `--current-user-principal` default).
        user = kind == .radicale ? "alice" : "user"
        let binary = "/usr/bin/\(kind.rawValue)"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw FixtureError("\(kind.rawValue) is not installed: make deps installs it (Debian: \(kind.rawValue))")
        }
        guard (try? runProcess("/usr/bin/python3", ["-c", "import caldav"]))?.status == 0 else {
            throw FixtureError("python3-caldav is not installed for /usr/bin/python3: make deps installs it (Debian: python3-caldav)")
        }
        port = try CalDAVServer.freePort()
        if kind == .radicale {
            try "\(user):\(password)\n".write(toFile: tmp.file("users"), atomically: true, encoding: .utf8)
            let config = """
            [server]
            hosts = 127.0.0.1:\(port)
            [auth]
            type = htpasswd
            htpasswd_filename = \(tmp.file("users"))
            htpasswd_encryption = plain
            delay = 0
            [storage]
            filesystem_folder = \(storage)
            [logging]
            level = warning
            """ + (rights == nil ? "" : "\n[rights]\ntype = from_file\nfile = \(tmp.file("rights"))\n")
            if let rights { try setRights(rights) }
            try config.write(toFile: tmp.file("config"), atomically: true, encoding: .utf8)
        } else if rights != nil {
            throw FixtureError("rights files are Radicale's: a test with rights runs against Radicale only")
        }
        try start()
    }

    deinit { stop() }

    /// Replaces the rights file (atomically: Radicale may be reading it for a request).
    public func setRights(_ text: String) throws {
        try text.write(toFile: rightsFile, atomically: true, encoding: .utf8)
    }

    /// The collection names under the user's calendar home in the storage folder.
    public func collectionNames() throws -> [String] {
        let home = kind == .radicale ? storage + "/collection-root/" + user : storage + "/user/calendars"
        guard FileManager.default.fileExists(atPath: home) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: home).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Starts the server (again) and waits until it accepts connections.
    public func start() throws {
        guard process == nil else { return }
        switch kind {
        case .radicale: process = try startProcess("/usr/bin/radicale", ["--config", tmp.file("config")])
        case .xandikos:
            process = try startProcess("/usr/bin/xandikos", ["-d", storage, "-l", "127.0.0.1", "-p", "\(port)", "--autocreate"])
        }
        try PrivateNotificationBus.waitFor(20, "\(kind.rawValue) on port \(port)") { CalDAVServer.accepts(port) }
    }

    /// Kills the server and waits for it.
    public func stop() {
        guard let p = process else { return }
        kill(p.process.processIdentifier, SIGKILL)
        _ = p.wait()
        process = nil
    }

    /// Runs the second client: `caldav_client.py URL USER PASSWORD <arguments>`.
    @discardableResult
    public func client(_ arguments: [String]) throws -> ProcessResult {
        let r = try runProcess("/usr/bin/python3", [CalDAVServer.clientScript, url, user, password] + arguments)
        if r.status != 0 { throw FixtureError("caldav_client.py \(arguments.joined(separator: " ")) failed (\(r.status)): \(r.stderr)") }
        return r
    }

    /// Every todo on the server as python3-caldav sees it: (calendar name, uid, text).
    public func todos() throws -> [(calendar: String, uid: String, data: String)] {
        let r = try client(["list"])
        let items = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
        return items.map { ($0["calendar"] as? String ?? "", $0["uid"] as? String ?? "", $0["data"] as? String ?? "") }
    }

    /// A port nobody listens on now (bound to 0, read back, released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw FixtureError("socket() failed") }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        guard ok else { throw FixtureError("bind() failed") }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// A misbehaving front for a `CalDAVServer` (`Tests/Scripts/dav_proxy.py`): a slow server, one
/// that answers 500 midway, or one that refuses MKCALENDAR's dead properties with a 207 the way
/// PyPI Xandikos does. Killed on deinit.
public final class DAVProxy {
    public let port: Int
    public var url: String { "http://127.0.0.1:\(port)/" }
    private var process: RunningProcess?

    /// - Parameter options: `dav_proxy.py`'s: `--hold SECONDS`, `--fail METHOD AFTER`, `--strict-mkcalendar`.
    public init(_ server: CalDAVServer, _ options: [String]) throws {
        port = try CalDAVServer.freePort()
        process = try startProcess("/usr/bin/python3", [repositoryRoot + "/Tests/Scripts/dav_proxy.py", "\(port)", server.url] + options)
        try PrivateNotificationBus.waitFor(20, "dav_proxy.py on port \(port)") { [port] in CalDAVServer.accepts(port) }
    }

    deinit {
        if let p = process { kill(p.process.processIdentifier, SIGKILL); _ = p.wait() }
    }
}
