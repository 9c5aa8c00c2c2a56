import CCairo
import Foundation

/// Each status bar's grammar, checked the way the bar reads it: waybar's JSON line and Pango
/// markup (with Pango's own parser), polybar's tags, i3blocks' lines, the BitBar line protocol.
public enum StatusGrammar {
    /// The plain text Pango reads from `markup`, or nil (with Pango's message) when it is not valid
    /// markup — the case where waybar blanks the label.
    public static func pangoText(_ markup: String) -> Result<String, PangoFailure> {
        var text: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<GError>?
        let ok = pango_parse_markup(markup, -1, 0, nil, &text, nil, &error)
        defer {
            g_free(text)
            if let error { g_error_free(error) }
        }
        guard ok != 0, let text else {
            return .failure(PangoFailure(message: error.map { String(cString: $0.pointee.message) } ?? "unknown"))
        }
        return .success(String(cString: text))
    }

    public struct PangoFailure: Error { public var message: String }

    /// The waybar JSON object of a one-line output, parsed with Foundation's parser.
    public static func waybarObject(_ output: String) throws -> [String: Any] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 2, lines[1].isEmpty else { throw GrammarError("waybar output is not one line: \(output.debugDescription)") }
        let object = try JSONSerialization.jsonObject(with: Data(lines[0].utf8))
        guard let dict = object as? [String: Any] else { throw GrammarError("not a JSON object") }
        return dict
    }

    /// One BitBar line: the text before the first `|` and its `key=value` parameters (values may be
    /// double-quoted with backslash escapes, as xbar and SwiftBar read them).
    public struct BitBarLine: Equatable {
        public var text: String
        public var parameters: [String: String]
        public var parameterOrder: [String]
    }

    public static func bitBarLine(_ line: Substring) throws -> BitBarLine {
        guard let bar = line.firstIndex(of: "|") else { return BitBarLine(text: String(line), parameters: [:], parameterOrder: []) }
        let text = String(line[..<bar]).trimmingCharacters(in: .whitespaces)
        var rest = Substring(line[line.index(after: bar)...])
        var parameters: [String: String] = [:]
        var order: [String] = []
        while true {
            rest = rest.drop { $0 == " " }
            if rest.isEmpty { break }
            guard let eq = rest.firstIndex(of: "=") else { throw GrammarError("parameter without '=' in \(line)") }
            let key = String(rest[..<eq])
            rest = rest[rest.index(after: eq)...]
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var closed = false
                while let c = rest.first {
                    rest = rest.dropFirst()
                    if c == "\\", let next = rest.first { value.append(next); rest = rest.dropFirst(); continue }
                    if c == "\"" { closed = true; break }
                    value.append(c)
                }
                guard closed else { throw GrammarError("unterminated quote in \(line)") }
            } else {
                let end = rest.firstIndex(of: " ") ?? rest.endIndex
                value = String(rest[..<end])
                rest = rest[end...]
            }
            guard parameters[key] == nil else { throw GrammarError("parameter \(key) twice in \(line)") }
            parameters[key] = value
            order.append(key)
        }
        return BitBarLine(text: text, parameters: parameters, parameterOrder: order)
    }

    public struct GrammarError: Error, CustomStringConvertible {
        public var description: String
        init(_ d: String) { description = d }
    }
}
