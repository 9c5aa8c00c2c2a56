import Foundation

/// The folded form of text that search compares (docs/lists-and-todos.md "Search"): compatibility-normalised (NFKC), case
/// folded and recomposed, so that `MILK`/`milk`, `ＡＢＣ`/`abc`, `ｶﾀｶﾅ`/`カタカナ` and a decomposed
/// `テ゛ータ` (NFD) / `データ` give the same key.
///
/// Rules (after Unicode's NFKC_Casefold, UAX #15 and Unicode §3.13 "caseless matching"):
/// - NFKC folds full/half width and compatibility characters (`①` → `1`, `㍿` → `株式会社`);
/// - full case folding (`Straße` → `strasse`, `ς` → `σ`) via Foundation's `.caseInsensitive`
///   folding — never `.diacriticInsensitive`, which would strip dakuten, and never
///   `.widthInsensitive`, which on Linux Foundation *decomposes* `パ`;
/// - the result is recomposed (NFC) at the end. swift-corelibs Foundation's NFKC leaves half-width
///   `ﾊﾟ` as `ハ` + U+309A instead of `パ`; recomposing fixes that, and a composed key means a
///   substring search for `ハ` does not match inside `パ`. Dakuten and handakuten are kept:
///   `バス` and `パス` have different keys.
///
/// The key is idempotent (`key(key(x)) == key(x)`). Matching is by code points on the composed key,
/// so a base letter does not match a precomposed accented letter (`e` does not find `é`).
public enum SearchKey {
    /// The folded key of `text`.
    public static func fold(_ text: String) -> String {
        let compatible = text.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping
        let folded = compatible.folding(options: [.caseInsensitive], locale: nil)
        return folded.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping
    }
}
