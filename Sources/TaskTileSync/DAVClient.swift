internal import CCurl
import Foundation

/// A blocking WebDAV/CalDAV client over libcurl's easy interface: any method (PROPFIND, REPORT,
/// MKCALENDAR, PROPPATCH — RFC 4918, RFC 4791, RFC 6578), HTTP basic auth sent with every request
/// (RFC 7617), redirects followed with the method, body and credentials kept (up to 5, same host
/// only, so the password never goes to another host). `curl_easy_perform` waits in poll(2): a
/// server that takes seconds to answer costs no CPU while it does (FoundationNetworking's
/// URLSession spun a core for as long). One handle for the pass keeps the connection alive.
final class DAVClient: @unchecked Sendable {
    struct Response {
        var status: Int
        /// Header names lower-cased.
        var headers: [String: String]
        var body: Data
        var etag: String? { headers["etag"] }
    }

    let user: String
    private let authorization: String
    private let timeout: Int
    private let handle: UnsafeMutableRawPointer?
    /// Requests sent (for the bench and the sync report).
    private(set) var requestCount = 0
    /// Called with one line per request sent (`TASKTILE_SYNC_DEBUG=requests`, docs/sync.md): the
    /// method, URL, what it asks (`label`), the status and the wall-clock milliseconds. Never a
    /// header or a body, so never the password.
    var log: ((String) -> Void)?

    /// - Parameter timeout: seconds per request.
    init(user: String, password: String, timeout: TimeInterval = 30) {
        self.user = user
        authorization = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        self.timeout = Int(timeout)
        DAVClient.globalInit
        handle = curl_easy_init()
    }

    deinit { if let handle { curl_easy_cleanup(handle) } }

    private static let globalInit: Void = { _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    /// Sends one request and waits for the answer. `label` names what it asks for the request log
    /// (`sync-collection`, `calendar-query` …).
    /// - Throws: `DAVError.unreachable` when no answer came; `.authRefused` for 401.
    func send(_ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil, label: String? = nil) throws -> Response {
        var target = url
        for _ in 0..<6 {
            var all = headers
            all["Authorization"] = authorization
            if body != nil, headers["Content-Type"] == nil { all["Content-Type"] = "application/xml; charset=utf-8" }
            let started = DispatchTime.now().uptimeNanoseconds
            let r = try perform(method, target, headers: all, body: body)
            requestCount += 1
            if let log {
                let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                log("request \(requestCount): \(method) \(target.absoluteString)\(label.map { " (\($0))" } ?? "")"
                    + (headers["Depth"].map { " Depth \($0)" } ?? "") + " → \(r.status), \(String(format: "%.1f", ms)) ms")
            }
            if [301, 302, 307, 308].contains(r.status), let location = r.headers["location"],
               let next = URL(string: location, relativeTo: target)?.absoluteURL, next.host == target.host, next.port == target.port {
                target = next
                continue
            }
            if r.status == 401 { throw DAVError.authRefused(url: url.absoluteString, user: user, status: 401) }
            return r
        }
        throw DAVError.unexpected(url: url.absoluteString, method: method, status: 310, detail: "too many redirects")
    }

    /// What the callbacks collect for one request.
    private final class Exchange {
        var body = Data()
        var headers: [String: String] = [:]
    }

    private func perform(_ method: String, _ url: URL, headers: [String: String], body: Data?) throws -> Response {
        guard let h = handle else { throw DAVError.unreachable(url: url.absoluteString, detail: "libcurl could not start") }
        curl_easy_reset(h)
        let exchange = Exchange()
        var list: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(list) }
        // `Expect:` off: a server is never made to wait for a 100-continue it may not send.
        for line in headers.map({ "\($0.key): \($0.value)" }) + ["Expect:"] { list = curl_slist_append(list, line) }
        let onData: tasktile_curl_data_callback = { data, size, count, context in
            let n = size * count
            if let data, let context { Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue().body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: n) }
            return n
        }
        let onHeader: tasktile_curl_data_callback = { data, size, count, context in
            let n = size * count
            guard let data, let context else { return n }
            let e = Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue()
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: n), as: UTF8.self)
            if line.hasPrefix("HTTP/") { e.headers = [:] } // a new response (after a 100 Continue)
            else if let colon = line.firstIndex(of: ":") {
                e.headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return n
        }
        let context = Unmanaged.passUnretained(exchange).toOpaque()
        let code: CURLcode = url.absoluteString.withCString { urlText in
            method.withCString { methodText in
                (body ?? Data()).withUnsafeBytes { bytes in
                    _ = tasktile_curl_setopt_pointer(h, CURLOPT_URL, urlText)
                    _ = tasktile_curl_setopt_pointer(h, CURLOPT_CUSTOMREQUEST, methodText)
                    _ = tasktile_curl_setopt_pointer(h, CURLOPT_HTTPHEADER, list)
                    _ = tasktile_curl_setopt_long(h, CURLOPT_NOSIGNAL, 1)
                    _ = tasktile_curl_setopt_long(h, CURLOPT_TIMEOUT, timeout)
                    _ = tasktile_curl_setopt_long(h, CURLOPT_CONNECTTIMEOUT, min(timeout, 10))
                    _ = tasktile_curl_setopt_long(h, CURLOPT_FOLLOWLOCATION, 0)
                    if body != nil {
                        _ = tasktile_curl_setopt_pointer(h, CURLOPT_POSTFIELDS, bytes.baseAddress ?? UnsafeRawPointer(methodText))
                        _ = tasktile_curl_setopt_off(h, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
                    } else if method == "HEAD" {
                        _ = tasktile_curl_setopt_long(h, CURLOPT_NOBODY, 1)
                    }
                    _ = tasktile_curl_setopt_callback(h, CURLOPT_WRITEFUNCTION, onData)
                    _ = tasktile_curl_setopt_pointer(h, CURLOPT_WRITEDATA, context)
                    _ = tasktile_curl_setopt_callback(h, CURLOPT_HEADERFUNCTION, onHeader)
                    _ = tasktile_curl_setopt_pointer(h, CURLOPT_HEADERDATA, context)
                    return curl_easy_perform(h)
                }
            }
        }
        guard code == CURLE_OK else {
            throw DAVError.unreachable(url: url.absoluteString, detail: String(cString: curl_easy_strerror(code)))
        }
        var status = 0
        _ = tasktile_curl_getinfo_long(h, CURLINFO_RESPONSE_CODE, &status)
        return Response(status: status, headers: exchange.headers, body: exchange.body)
    }
}
