/// A CLDR plural category (https://cldr.unicode.org/index/cldr-spec/plural-rules): which form of a
/// message a count takes. English uses `one` and `other`, Japanese only `other`.
public enum PluralCategory: String, CaseIterable, Hashable, Sendable {
    case zero, one, two, few, many, other
}

/// One message of the catalogue: a template, or one template per plural category, chosen by the
/// count in the first argument unless the source gives `"count"` (docs/language.md "The catalogue").
/// Written by the catalogue compiler from the JSON files, whose placeholders are names (`{count}`),
/// with each name replaced by its argument index (`{0}`, `{1}` …); a string literal is a plain message.
public struct CatalogueMessage: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The template for `other`: the whole message when it has no plural forms.
    public let other: String
    /// The other plural forms, by category; empty for a plain message.
    public let forms: [PluralCategory: String]
    /// The index of the argument whose number picks the form (1, `count`, in "{list}: {count} incomplete
    /// tasks"); 0 by default.
    public let countArgument: Int
    /// Whether the source language gave plural forms (a Japanese translation has only `other`).
    public let isPlural: Bool

    public init(stringLiteral value: String) {
        other = value
        forms = [:]
        countArgument = 0
        isPlural = false
    }

    private init(other: String, forms: [PluralCategory: String], countArgument: Int) {
        self.other = other
        self.forms = forms
        self.countArgument = countArgument
        isPlural = true
    }

    /// A message with plural forms, picked by the number in the argument at index `count` (the
    /// compiler's index of the source's `"count"` name). CLDR requires `other`;
    /// the others are those the language uses (`PluralRule.categories`).
    public static func plural(
        count: Int = 0, zero: String? = nil, one: String? = nil, two: String? = nil,
        few: String? = nil, many: String? = nil, other: String
    ) -> CatalogueMessage {
        var forms: [PluralCategory: String] = [:]
        forms[.zero] = zero
        forms[.one] = one
        forms[.two] = two
        forms[.few] = few
        forms[.many] = many
        return CatalogueMessage(other: other, forms: forms.compactMapValues { $0 }, countArgument: count)
    }

    /// Every template with its category (`other` last); a plain message gives one.
    public var templates: [(PluralCategory, String)] {
        PluralCategory.allCases.compactMap { c in c == .other ? (c, other) : forms[c].map { (c, $0) } }
    }

    /// The template for `count` under `rule`; `other` when the message has no form for that category
    /// (or `count` is nil: the count argument was not a number).
    public func template(count: Double?, rule: PluralRule) -> String {
        guard let count, !forms.isEmpty else { return other }
        return forms[rule.category(of: count)] ?? other
    }
}

/// The plural rules of a language, from CLDR's plurals.xml
/// (https://unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html).
public enum PluralRule: Sendable {
    /// `one` for 1 with no visible fraction, else `other` (English, German, Dutch, Swedish, Italian…).
    case oneOther
    /// Only `other` (Japanese, Chinese, Korean, Thai, Vietnamese…).
    case otherOnly

    /// The categories a message in this language gives (its translations must give exactly these).
    public var categories: Set<PluralCategory> {
        switch self {
        case .oneOther: [.one, .other]
        case .otherOnly: [.other]
        }
    }

    /// The category of `n` (CLDR operands: `i` integer digits, `v` visible fraction digits; a
    /// placeholder's text "1" has v = 0, "1.0" would not, but counts here are integers).
    public func category(of n: Double) -> PluralCategory {
        switch self {
        case .oneOther: n == 1 ? .one : .other
        case .otherOnly: .other
        }
    }
}
