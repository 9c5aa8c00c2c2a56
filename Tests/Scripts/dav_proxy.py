#!/usr/bin/python3
"""A misbehaving front for the sync tests' CalDAV server (standard library only).

    dav_proxy.py PORT UPSTREAM [--hold SECONDS] [--fail METHOD AFTER] [--strict-mkcalendar]

Listens on 127.0.0.1:PORT and forwards every request to UPSTREAM (http://127.0.0.1:N/), with:
  --hold SECONDS        each answer is held that long before it is sent (a slow server);
  --fail METHOD AFTER   requests of METHOD after the first AFTER of them get 500 (a server that
                        breaks midway through a pass);
  --strict-mkcalendar   an MKCALENDAR that sets a property outside DAV: and CalDAV is refused the
                        way PyPI Xandikos does it: 207 with a failed propstat, nothing created.
"""
import http.client
import http.server
import re
import sys
import time
import urllib.parse

port, upstream = int(sys.argv[1]), urllib.parse.urlsplit(sys.argv[2])
args = sys.argv[3:]
hold = float(args[args.index("--hold") + 1]) if "--hold" in args else 0
fail = (args[args.index("--fail") + 1], int(args[args.index("--fail") + 2])) if "--fail" in args else None
strict = "--strict-mkcalendar" in args
seen = {}


class Proxy(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def answer(self, status, body=b"", headers=()):
        if hold:
            time.sleep(hold)
        self.send_response(status)
        for k, v in headers:
            if k.lower() not in ("transfer-encoding", "connection", "content-length", "keep-alive"):
                self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def handle_one(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        method = self.command
        seen[method] = seen.get(method, 0) + 1
        if fail and method == fail[0] and seen[method] > fail[1]:
            return self.answer(500, b"broken on purpose")
        if strict and method == "MKCALENDAR":
            text = body.decode("utf-8", "replace")
            foreign = [m for m in re.findall(r'xmlns:(\w+)="([^"]+)"', text) if m[1] not in ("DAV:", "urn:ietf:params:xml:ns:caldav")]
            used = [(p, ns) for p, ns in foreign if re.search(r"<" + p + r":\w", text)]
            if used:
                ms = ('<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:"><d:response><d:href>'
                      + self.path + '</d:href><d:propstat><d:prop/><d:status>HTTP/1.1 403 Forbidden</d:status>'
                      '</d:propstat></d:response></d:multistatus>')
                return self.answer(207, ms.encode(), [("Content-Type", "application/xml; charset=utf-8")])
        c = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=60)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
        c.request(method, self.path, body=body or None, headers=headers)
        r = c.getresponse()
        data = r.read()
        c.close()
        self.answer(r.status, data, r.getheaders())

    def __getattr__(self, name):
        if name.startswith("do_"):
            return self.handle_one
        raise AttributeError(name)


http.server.ThreadingHTTPServer(("127.0.0.1", port), Proxy).serve_forever()
