import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A blocking WebDAV/CalDAV client over FoundationNetworking's `URLSession` (libcurl underneath):
/// any method (PROPFIND, REPORT, MKCALENDAR, PROPPATCH — RFC 4918, RFC 4791, RFC 6578), HTTP basic
/// auth sent with every request (RFC 7617), redirects followed with the method, body and
/// credentials kept (up to 5, same host only, so the password never goes to another host).
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
    private let session: URLSession
    private let delegate = NoRedirects()
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
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = timeout
        config.httpShouldSetCookies = false
        config.urlCache = nil
        session = URLSession(configuration: config, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    /// Sends one request and waits for the answer. `label` names what it asks for the request log
    /// (`sync-collection`, `calendar-query` …).
    /// - Throws: `DAVError.unreachable` when no answer came; `.authRefused` for 401.
    func send(_ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil, label: String? = nil) throws -> Response {
        var target = url
        for _ in 0..<6 {
            var request = URLRequest(url: target)
            request.httpMethod = method
            request.setValue(authorization, forHTTPHeaderField: "Authorization")
            for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
            if let body {
                request.httpBody = body
                if headers["Content-Type"] == nil { request.setValue("application/xml; charset=utf-8", forHTTPHeaderField: "Content-Type") }
            }
            let started = DispatchTime.now().uptimeNanoseconds
            let r = try perform(request)
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

    private func perform(_ request: URLRequest) throws -> Response {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<Response, Error>?
        let task = session.dataTask(with: request) { data, response, error in
            if let http = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (k, v) in http.allHeaderFields { headers["\(k)".lowercased()] = "\(v)" }
                result = .success(Response(status: http.statusCode, headers: headers, body: data ?? Data()))
            } else {
                result = .failure(error ?? URLError(.badServerResponse))
            }
            done.signal()
        }
        task.resume()
        done.wait()
        switch result! {
        case .success(let r): return r
        case .failure(let e):
            if let u = e as? URLError, u.code == .userCancelledAuthentication || delegate.wasChallenged(task.taskIdentifier) {
                return Response(status: 401, headers: [:], body: Data())
            }
            let detail = (e as? URLError).map { $0.localizedDescription } ?? "\(e)"
            throw DAVError.unreachable(url: request.url?.absoluteString ?? "", detail: detail)
        }
    }

    /// Redirects are followed by `send` itself (URLSession would turn a PROPFIND into a GET).
    private final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
            completionHandler(nil)
        }

        /// A 401 is answered by the server's response itself, never by retrying with stored
        /// credentials (there are none: the Authorization header is sent with each request).
        /// Without this, FoundationNetworking waits for a credential that never comes.
        func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
            lock.lock(); challenged.insert(task.taskIdentifier); lock.unlock()
            completionHandler(.cancelAuthenticationChallenge, nil)
        }

        private let lock = NSLock()
        private var challenged = Set<Int>()

        /// Whether the task was cancelled because the server asked for credentials (a 401).
        func wasChallenged(_ id: Int) -> Bool {
            lock.lock(); defer { lock.unlock() }
            return challenged.remove(id) != nil
        }
    }
}
