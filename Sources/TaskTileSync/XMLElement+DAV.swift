import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML element, namespace-resolved (`namespace` + `name`), for reading WebDAV
/// multistatus answers (RFC 4918 §14.16). Built with FoundationXML's `XMLParser`.
struct DAVElement: Sendable {
    var namespace: String
    var name: String
    var attributes: [String: String] = [:]
    var children: [DAVElement] = []
    var text = ""

    /// The first child with this name (and namespace, default `DAV:`).
    func child(_ name: String, _ ns: String = DAVNamespace.dav) -> DAVElement? {
        children.first { $0.name == name && $0.namespace == ns }
    }

    /// Every child with this name (and namespace).
    func all(_ name: String, _ ns: String = DAVNamespace.dav) -> [DAVElement] {
        children.filter { $0.name == name && $0.namespace == ns }
    }

    /// Every descendant with this name (and namespace), depth first.
    func descendants(_ name: String, _ ns: String = DAVNamespace.dav) -> [DAVElement] {
        var out: [DAVElement] = []
        for c in children {
            if c.name == name && c.namespace == ns { out.append(c) }
            out += c.descendants(name, ns)
        }
        return out
    }

    /// Parses a document. - Throws: `DAVError.badXML` with the parser's message.
    static func parse(_ data: Data) throws -> DAVElement {
        let builder = Builder()
        // A server that stores an item with a C0 control character (a SUMMARY with a BEL) sends it
        // raw in calendar-data, which XML 1.0 forbids: the whole answer would fail to parse and the
        // pass with it. Such a byte becomes DEL (U+007F, allowed in XML, still a control
        // character), so the item reaches the importers' rules, which clean it and say so.
        let data = Data(data.map { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D ? 0x7F : $0 })
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw DAVError.badXML(parser.parserError.map { "\($0)" } ?? "no root element")
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [DAVElement] = []
        var root: DAVElement?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            stack.append(DAVElement(namespace: namespaceURI ?? "", name: elementName, attributes: attributeDict))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if !stack.isEmpty { stack[stack.count - 1].text += string }
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            if !stack.isEmpty { stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self) }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            guard let done = stack.popLast() else { return }
            if stack.isEmpty { root = done } else { stack[stack.count - 1].children.append(done) }
        }
    }
}

/// The namespaces of the WebDAV, CalDAV and collection-property vocabularies used here.
enum DAVNamespace {
    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"
    /// Apple's `calendar-order` (list order), understood by Apple and DAVx5.
    static let apple = "http://apple.com/ns/ical/"
    /// tasktile's own dead properties on a collection (the list's creation time).
    static let tasktile = "https://tasktile.invalid/ns/"
}

/// One `<response>` of a multistatus: its href, the status of the response (sync-collection
/// removals carry 404 there) and the properties that came back with 200.
struct DAVResponse: Sendable {
    var href: String
    var status: Int?
    var properties: [DAVElement]

    func property(_ name: String, _ ns: String = DAVNamespace.dav) -> DAVElement? {
        properties.first { $0.name == name && $0.namespace == ns }
    }

    /// Reads a `multistatus` body: its responses and its `sync-token` (RFC 6578 §6.4), if any.
    static func multistatus(_ data: Data) throws -> (responses: [DAVResponse], syncToken: String?) {
        let root = try DAVElement.parse(data)
        guard root.name == "multistatus", root.namespace == DAVNamespace.dav else {
            throw DAVError.badXML("expected a DAV:multistatus, got \(root.name)")
        }
        var out: [DAVResponse] = []
        for r in root.all("response") {
            let href = (r.child("href")?.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let status = r.child("status").flatMap { DAVResponse.statusCode($0.text) }
            var props: [DAVElement] = []
            for ps in r.all("propstat") where (ps.child("status").flatMap { DAVResponse.statusCode($0.text) } ?? 200) / 100 == 2 {
                props += ps.child("prop")?.children ?? []
            }
            out.append(DAVResponse(href: href, status: status, properties: props))
        }
        let token = root.child("sync-token")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return (out, token)
    }

    /// The path of an href as the server wrote it (percent-encoding and a trailing `/` kept):
    /// `https://host/dav/x/` → `/dav/x/`. Hrefs are compared and stored in this form.
    static func path(_ href: String) -> String {
        guard let scheme = href.range(of: "://") else { return href }
        let rest = href[scheme.upperBound...]
        return rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
    }

    /// 404 of `HTTP/1.1 404 Not Found`.
    static func statusCode(_ line: String) -> Int? {
        let parts = line.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }
}

/// XML text escaping for element content.
func xmlEscape(_ s: String) -> String {
    var out = ""
    for c in s {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(c)
        }
    }
    return out
}
