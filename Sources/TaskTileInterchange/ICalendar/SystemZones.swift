import Foundation

/// The zones of the system tz database (`/usr/share/zoneinfo`, Debian package tzdata), for matching a zone that a file
/// defines only by its VTIMEZONE (`VTimeZoneRules.matchingZone`).
enum SystemZones {
    /// The tz database's directory.
    static let directory = "/usr/share/zoneinfo"

    /// The areas of the tz database's Area/Location names (its theory.html): continents and oceans, and `Etc` for the
    /// fixed offsets.
    static let areas: Set<Substring> = ["Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia",
                                         "Europe", "Indian", "Pacific", "Etc"]

    /// Every zone name in an Area/Location form (`Europe/Berlin`, also the backward links such as
    /// `Europe/Amsterdam` and `America/Indianapolis`): the `Z` and `L` lines of `tzdata.zi`, the tz database's own
    /// index. Legacy names are left out — without a `/` (`CET`, `EST5EDT`, `Poland`) or in a country (`US/Eastern`,
    /// `Canada/Eastern`, whose "city" would match any "Eastern Time"). When `tzdata.zi` is missing, Foundation's list
    /// of known identifiers. In a stable order (sorted).
    static let identifiers: [String] = {
        var names = Set<String>()
        if let text = try? String(contentsOfFile: directory + "/tzdata.zi", encoding: .utf8) {
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: " ")
                if fields.count >= 2, fields[0] == "Z" { names.insert(String(fields[1])) }
                if fields.count >= 3, fields[0] == "L" { names.insert(String(fields[2])) }
            }
        }
        if names.isEmpty { names = Set(TimeZone.knownTimeZoneIdentifiers) }
        return names.filter { name in
            name.split(separator: "/").first.map(areas.contains) == true && name.contains("/") && TimeZone(identifier: name) != nil
        }.sorted()
    }()

    /// Rank of each zone in `zone1970.tab`, the tz database's table of zones by country in which, within a country,
    /// "the most populous timezones" come first (America/New_York before America/Detroit); zones it does not list
    /// (links, `Etc/…`) have none.
    static let tableRank: [String: Int] = {
        guard let text = try? String(contentsOfFile: directory + "/zone1970.tab", encoding: .utf8) else { return [:] }
        var rank: [String: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            if fields.count >= 3, rank[String(fields[2])] == nil { rank[String(fields[2])] = rank.count }
        }
        return rank
    }()

    /// The place a zone is named after, in words: `Europe/Amsterdam` → `Amsterdam`, `America/Argentina/Buenos_Aires`
    /// → `Buenos Aires`.
    static func city(of zoneID: String) -> String {
        String(zoneID.split(separator: "/").last ?? "").replacingOccurrences(of: "_", with: " ")
    }

    /// Where `city` first occurs in `text` as a whole word (case and accents ignored: `Bogotá` names
    /// `America/Bogota`), as a character offset; nil when it does not.
    static func position(of city: String, in text: String) -> Int? {
        func fold(_ s: String) -> [Character] {
            Array(s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
        }
        let haystack = fold(text), needle = fold(city)
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<start + needle.count]) == needle {
            let before = start == 0 || !haystack[start - 1].isLetter
            let after = start + needle.count == haystack.count || !haystack[start + needle.count].isLetter
            if before && after { return start }
        }
        return nil
    }
}
