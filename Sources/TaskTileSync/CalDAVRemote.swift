import Foundation

/// A CalDAV account (RFC 4791) as a `SyncRemote`: discovery through `current-user-principal`
/// (RFC 5397) → `calendar-home-set` (RFC 4791 §6.2.1) → a Depth 1 PROPFIND of the home; changes
/// from `sync-collection` (RFC 6578) with the stored token, falling back to an ETag listing
/// (`calendar-query` for VTODOs, RFC 4791 §7.8); bodies by `calendar-multiget` (§7.9); writes
/// with `If-Match` / `If-None-Match: *` (RFC 7232 §3).
final class CalDAVRemote: SyncRemote {
    let base: URL
    let client: DAVClient
    /// The calendar home this pass works in, once found (or once the stored one answered).
    private var home: URL?
    /// The home an earlier pass found (`sync_accounts.calendar_home`), tried first.
    private var storedHome: URL?
    var location: String { base.absoluteString }
    var requestCount: Int { client.requestCount }
    var calendarHomeURL: String? { home?.absoluteString }

    /// - Parameter knownHome: the calendar home found by an earlier pass: the pass starts with a
    ///   PROPFIND of it and runs discovery only when that fails (saving two requests a pass).
    init(url: URL, user: String, password: String, knownHome: String? = nil) {
        base = url
        client = DAVClient(user: user, password: password)
        storedHome = knownHome.flatMap { URL(string: $0) }
    }

    private func url(_ href: String) -> URL { URL(string: href, relativeTo: base)!.absoluteURL }

    /// A PROPFIND returning its multistatus; 403 on discovery is an auth refusal (exit 77).
    private func propfind(_ url: URL, depth: Int, props: String) throws -> [DAVResponse] {
        let body = """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:a="http://apple.com/ns/ical/" xmlns:t="\(DAVNamespace.tasktile)"><d:prop>\(props)</d:prop></d:propfind>
        """
        let r = try client.send("PROPFIND", url, headers: ["Depth": "\(depth)"], body: Data(body.utf8))
        if r.status == 403 { throw DAVError.authRefused(url: url.absoluteString, user: client.user, status: 403) }
        guard r.status == 207 else { throw DAVError.unexpected(url: url.absoluteString, method: "PROPFIND", status: r.status, detail: snippet(r.body)) }
        return try DAVResponse.multistatus(r.body).responses
    }

    private func snippet(_ body: Data) -> String {
        String(String(decoding: body.prefix(200), as: UTF8.self).split(separator: "\n").joined(separator: " "))
    }

    /// The calendar home: `calendar-home-set` of the `current-user-principal` of the URL (or of
    /// `/.well-known/caldav`, RFC 6764, when the URL names none).
    func calendarHome() throws -> URL {
        if let home { return home }
        var principal: String?
        for start in [base, url("/.well-known/caldav")] {
            let rs = try propfind(start, depth: 0, props: "<d:current-user-principal/><c:calendar-home-set/>")
            if let h = rs.first?.property("calendar-home-set", DAVNamespace.caldav)?.child("href")?.text {
                home = url(h.trimmingCharacters(in: .whitespacesAndNewlines)); return home!
            }
            if let p = rs.first?.property("current-user-principal")?.child("href")?.text {
                principal = p.trimmingCharacters(in: .whitespacesAndNewlines); break
            }
        }
        guard let principal else {
            throw DAVError.unexpected(url: base.absoluteString, method: "PROPFIND", status: 207, detail: "no current-user-principal")
        }
        let rs = try propfind(url(principal), depth: 0, props: "<c:calendar-home-set/>")
        guard let h = rs.first?.property("calendar-home-set", DAVNamespace.caldav)?.child("href")?.text else {
            throw DAVError.unexpected(url: principal, method: "PROPFIND", status: 207, detail: "no calendar-home-set")
        }
        home = url(h.trimmingCharacters(in: .whitespacesAndNewlines))
        return home!
    }

    func collections() throws -> [RemoteCollection] {
        if let stored = storedHome {
            storedHome = nil
            do {
                let found = try collections(in: stored)
                home = stored
                return found
            } catch let e as DAVError {
                // Moved, gone or refused: discover again (which reports the error if it persists).
                if case .unreachable = e { throw e }
            }
        }
        return try collections(in: try calendarHome())
    }

    /// The home's calendar collections that can hold VTODOs, with their `sync-token` (RFC 6578 §4):
    /// one Depth 1 PROPFIND, so a pass with nothing to do makes no other request (a collection
    /// whose token equals the stored one is not asked for its changes).
    private func collections(in home: URL) throws -> [RemoteCollection] {
        let rs = try propfind(home, depth: 1, props: """
            <d:resourcetype/><d:displayname/><c:supported-calendar-component-set/><a:calendar-order/><t:created/><d:sync-token/>
            """)
        var out: [RemoteCollection] = []
        for r in rs {
            guard let type = r.property("resourcetype"), type.child("calendar", DAVNamespace.caldav) != nil else { continue }
            if let set = r.property("supported-calendar-component-set", DAVNamespace.caldav) {
                // An empty set: the server did not say; try it. Otherwise it must list VTODO.
                let names = DAVCompNames.names(set)
                if !names.isEmpty && !names.contains("VTODO") { continue }
            }
            out.append(RemoteCollection(href: DAVResponse.path(r.href),
                                        displayName: r.property("displayname")?.text,
                                        order: r.property("calendar-order", DAVNamespace.apple).flatMap { Int($0.text.trimmingCharacters(in: .whitespaces)) },
                                        createdAt: r.property("created", DAVNamespace.tasktile).flatMap { Double($0.text) }.map { Date(timeIntervalSince1970: $0) },
                                        syncToken: r.property("sync-token").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
                                            .flatMap { $0.isEmpty ? nil : $0 }))
        }
        return out
    }

    /// MKCALENDAR (RFC 4791 §5.3.1) with our properties. A server that refuses one of them
    /// answers with a failed propstat (a 207 multistatus, or an `mkcalendar-response`) and by the
    /// RFC creates nothing (Xandikos refuses the dead property `created`): that is a failure, so
    /// the request is sent again with only the standard properties (`displayname`, the component
    /// set), then with `displayname` alone; the properties left out are set afterwards with one
    /// PROPPATCH each, a refusal of which is ignored (the list's order and creation time are
    /// niceties, the collection is what matters). A server that created the collection despite
    /// the failed propstat (Debian's Xandikos 0.2.8) is taken at its word: the collection exists.
    func createCollection(listID: String, title: String, order: Int, createdAt: Date) throws -> (RemoteCollection?, CollectionRefusal?) {
        let home = try calendarHome()
        let href = home.path.hasSuffix("/") ? home.path + listID + "/" : home.path + "/" + listID + "/"
        let displayName = "<d:displayname>\(xmlEscape(title))</d:displayname>"
        let components = "<c:supported-calendar-component-set><c:comp name=\"VTODO\"/></c:supported-calendar-component-set>"
        let extra = ["<a:calendar-order>\(order)</a:calendar-order>", "<t:created>\(createdAt.timeIntervalSince1970)</t:created>"]
        let attempts: [(props: [String], later: [String])] = [
            ([displayName, components] + extra, []),
            ([displayName, components], extra),
            ([displayName], extra),
        ]
        var last: (status: Int, detail: String)?
        for (props, later) in attempts {
            let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:mkcalendar \(CalDAVRemote.namespaces)><d:set><d:prop>\(props.joined())</d:prop></d:set></c:mkcalendar>
            """
            let r = try client.send("MKCALENDAR", url(href), body: Data(body.utf8))
            let failed = r.status / 100 == 2 ? CalDAVRemote.failedPropstat(r.body) : nil
            let created = r.status / 100 == 2 && failed == nil
            if try created || (r.status / 100 == 2 || r.status == 405) && isCalendar(href) {
                for prop in later { try setIgnoringRefusal(href, prop) }
                return (RemoteCollection(href: href, displayName: title, order: order, createdAt: createdAt, syncToken: nil), nil)
            }
            last = (r.status, failed.map { "a property was refused (\($0))" } ?? "")
            // Refused outright (403, 409 …): the properties are not the reason, so do not retry.
            if r.status / 100 != 2 { break }
        }
        // Not a failure of the pass: the list stays local, is reported, and is tried again next time.
        let status = last?.status ?? 0
        let reason = CalDAVRemote.reasonPhrase(status)
        let detail = last.map { $0.detail.isEmpty ? "" : ", " + $0.detail } ?? ""
        return (nil, CollectionRefusal(url: url(href).absoluteString, answer: "MKCALENDAR: HTTP \(status) \(reason)\(detail)"))
    }

    /// The reason phrase of an HTTP status (RFC 9110 §15, WebDAV's of RFC 4918 §11) for messages.
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 412: "Precondition Failed"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Entity"
        case 423: "Locked"
        case 424: "Failed Dependency"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 507: "Insufficient Storage"
        case 200..<300: "OK"
        default: "HTTP \(status)"
        }
    }

    /// The namespace declarations of our request bodies.
    static let namespaces = """
        xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:a="http://apple.com/ns/ical/" xmlns:t="\(DAVNamespace.tasktile)"
        """

    /// The status of the first propstat of `body` that did not succeed (`HTTP/1.1 403 Forbidden`,
    /// a 424 of the properties refused along with it), or nil when every one did or the body is
    /// not XML (an empty 201).
    static func failedPropstat(_ body: Data) -> String? {
        guard !body.isEmpty, let root = try? DAVElement.parse(body) else { return nil }
        func find(_ e: DAVElement) -> String? {
            if e.name == "propstat", e.namespace == DAVNamespace.dav, let status = e.child("status")?.text,
               let code = DAVResponse.statusCode(status), code / 100 != 2 {
                return status.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            for c in e.children { if let f = find(c) { return f } }
            return nil
        }
        return find(root)
    }

    /// Whether `href` is a calendar collection now (a Depth 0 PROPFIND of its resource type).
    private func isCalendar(_ href: String) throws -> Bool {
        let body = """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind \(CalDAVRemote.namespaces)><d:prop><d:resourcetype/></d:prop></d:propfind>
        """
        let r = try client.send("PROPFIND", url(href), headers: ["Depth": "0"], body: Data(body.utf8), label: "resourcetype")
        guard r.status == 207, let rs = try? DAVResponse.multistatus(r.body).responses else { return false }
        return rs.first?.property("resourcetype")?.child("calendar", DAVNamespace.caldav) != nil
    }

    /// One PROPPATCH of one property; the server may refuse it (then the property is not kept).
    private func setIgnoringRefusal(_ href: String, _ prop: String) throws {
        let body = """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propertyupdate \(CalDAVRemote.namespaces)><d:set><d:prop>\(prop)</d:prop></d:set></d:propertyupdate>
        """
        _ = try client.send("PROPPATCH", url(href), body: Data(body.utf8), label: "optional property")
    }

    func rename(collection href: String, to title: String) throws {
        let body = """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>\(xmlEscape(title))</d:displayname></d:prop></d:set></d:propertyupdate>
        """
        let r = try client.send("PROPPATCH", url(href), body: Data(body.utf8))
        guard r.status / 100 == 2 else { throw DAVError.unexpected(url: href, method: "PROPPATCH", status: r.status, detail: snippet(r.body)) }
    }

    func deleteCollection(_ href: String) throws {
        let r = try client.send("DELETE", url(href))
        guard r.status / 100 == 2 || r.status == 404 else { throw DAVError.unexpected(url: href, method: "DELETE", status: r.status, detail: snippet(r.body)) }
    }

    func changes(in collection: RemoteCollection, since token: String?) throws -> RemoteChanges {
        let body = """
        <?xml version="1.0" encoding="utf-8"?>
        <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(xmlEscape(token ?? ""))</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>
        """
        let r = try client.send("REPORT", url(collection.href), headers: ["Depth": "1"], body: Data(body.utf8), label: "sync-collection")
        if r.status == 207 {
            let (rs, newToken) = try DAVResponse.multistatus(r.body)
            var c = RemoteChanges(newToken: newToken)
            c.complete = token == nil
            for resp in rs {
                let path = DAVResponse.path(resp.href)
                if path == collection.href || path + "/" == collection.href { continue }
                if resp.status == 404 { c.removed.append(path) } else { c.changed.append((path, resp.property("getetag")?.text)) }
            }
            return c
        }
        // An invalid token (RFC 6578 §3.2: 403 or 409 with DAV:valid-sync-token) or no
        // sync-collection: list ETags. The collection's current token is read first (the
        // DAV:sync-token property, RFC 6578 §4), so the next pass asks with a valid one again; a
        // change landing during the listing is then reported again next time, never missed.
        let fresh = try currentSyncToken(collection)
        let query = """
        <?xml version="1.0" encoding="utf-8"?>
        <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>\
        <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>
        """
        let q = try client.send("REPORT", url(collection.href), headers: ["Depth": "1"], body: Data(query.utf8), label: "calendar-query")
        guard q.status == 207 else { throw DAVError.unexpected(url: collection.href, method: "REPORT", status: q.status, detail: snippet(q.body)) }
        var c = RemoteChanges(complete: true, newToken: fresh)
        for resp in try DAVResponse.multistatus(q.body).responses {
            let path = DAVResponse.path(resp.href)
            if path == collection.href { continue }
            c.changed.append((path, resp.property("getetag")?.text))
        }
        return c
    }

    /// The collection's `DAV:sync-token` property (RFC 6578 §4), or nil when the server keeps none.
    private func currentSyncToken(_ collection: RemoteCollection) throws -> String? {
        let body = """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>
        """
        let r = try client.send("PROPFIND", url(collection.href), headers: ["Depth": "0"], body: Data(body.utf8), label: "sync-token")
        guard r.status == 207, let token = try DAVResponse.multistatus(r.body).responses.first?.property("sync-token")?.text else { return nil }
        let t = token.trimmingCharacters(in: .whitespacesAndNewlines)
        return t.isEmpty ? nil : t
    }

    func fetch(_ hrefs: [String], in collection: RemoteCollection) throws -> [(href: String, etag: String?, text: String)] {
        var out: [(href: String, etag: String?, text: String)] = []
        var start = 0
        while start < hrefs.count {
            let batch = hrefs[start..<min(start + 200, hrefs.count)]
            start += batch.count
            let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>\
            \(batch.map { "<d:href>\(xmlEscape($0))</d:href>" }.joined())</c:calendar-multiget>
            """
            let r = try client.send("REPORT", url(collection.href), headers: ["Depth": "1"], body: Data(body.utf8), label: "calendar-multiget")
            guard r.status == 207 else { throw DAVError.unexpected(url: collection.href, method: "REPORT", status: r.status, detail: snippet(r.body)) }
            for resp in try DAVResponse.multistatus(r.body).responses {
                guard let data = resp.property("calendar-data", DAVNamespace.caldav)?.text else { continue }
                let path = DAVResponse.path(resp.href)
                out.append((path, resp.property("getetag")?.text, data))
            }
        }
        return out
    }

    func put(_ href: String, text: String, ifMatch: String?) throws -> RemoteWrite {
        var headers = ["Content-Type": "text/calendar; charset=utf-8"]
        if let ifMatch { headers["If-Match"] = ifMatch } else { headers["If-None-Match"] = "*" }
        let r = try client.send("PUT", url(href), headers: headers, body: Data(text.utf8))
        if r.status == 412 { return .preconditionFailed }
        guard r.status / 100 == 2 else { throw DAVError.unexpected(url: href, method: "PUT", status: r.status, detail: snippet(r.body)) }
        return .written(etag: r.etag)
    }

    func delete(_ href: String, ifMatch: String?) throws -> RemoteWrite {
        var headers: [String: String] = [:]
        if let ifMatch { headers["If-Match"] = ifMatch }
        let r = try client.send("DELETE", url(href), headers: headers)
        if r.status == 412 { return .preconditionFailed }
        if r.status == 404 { return .gone }
        guard r.status / 100 == 2 else { throw DAVError.unexpected(url: href, method: "DELETE", status: r.status, detail: snippet(r.body)) }
        return .written(etag: nil)
    }

    func itemHref(collection: RemoteCollection, uid: String) -> String {
        // Only the unreserved characters stay as they are (RFC 3986 §2.3), as servers write hrefs back.
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let safe = uid.addingPercentEncoding(withAllowedCharacters: unreserved) ?? uid
        return collection.href + safe + ".ics"
    }
}

/// The component names a `supported-calendar-component-set` lists (`<C:comp name="VTODO"/>`).
enum DAVCompNames {
    static func names(_ set: DAVElement) -> [String] {
        set.all("comp", DAVNamespace.caldav).compactMap { $0.attributes["name"]?.uppercased() }
    }
}
