internal import CCairo
import TaskTileCore

/// A font request: a fontconfig family list, a size in **points** and a weight.
struct FontSpec: Hashable, Sendable {
    /// Comma-separated family list; fontconfig falls back per character beyond it.
    var family: String
    /// Absolute size in points (widget user units).
    var size: Double
    var semibold: Bool = false

    /// The Pango description; the caller frees it with `pango_font_description_free`.
    func makeDescription() -> OpaquePointer {
        let d = pango_font_description_new()!
        pango_font_description_set_family(d, family)
        pango_font_description_set_absolute_size(d, size * Double(PANGO_SCALE))
        pango_font_description_set_weight(d, semibold ? PANGO_WEIGHT_SEMIBOLD : PANGO_WEIGHT_NORMAL)
        return d
    }
}

/// An owned Pango context for one drawing context: the Pango language (so `ja` gets Japanese glyph
/// forms), grey antialiasing and unhinted metrics (so text measures the same at every scale).
final class TextContext {
    let pointer: OpaquePointer

    /// Creates the context from `context`'s current transform; set the widget scale first.
    init(context: Context, language: Language) {
        pointer = pango_cairo_create_context(context.pointer)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(pointer, options)
        cairo_font_options_destroy(options)
        pango_context_set_language(pointer, pango_language_from_string(language.rawValue))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// An owned Pango layout: one piece of text in one font, measured and drawn in **points**.
final class TextLayout {
    let pointer: OpaquePointer
    private let textContext: TextContext

    init(_ text: String, font: FontSpec, in textContext: TextContext) {
        self.textContext = textContext
        pointer = pango_layout_new(textContext.pointer)
        let d = font.makeDescription()
        pango_layout_set_font_description(pointer, d)
        pango_font_description_free(d)
        pango_layout_set_text(pointer, text, -1)
        keepMarksWithTheirBase(text, font: font)
    }

    /// Stacked combining marks on Latin (or Greek, Cyrillic…) letters in a Japanese widget: Noto
    /// Sans CJK JP has the base letters but not every mark (U+0324, U+0330, U+0313 …), so
    /// fontconfig takes the marks alone from Noto Sans, and marks from another font than their
    /// base cannot be attached by its mark positioning: they were drawn after the letter, offset
    /// to the right. A grapheme cluster holding such a mark is set in Noto Sans
    /// first, so base and marks come from one font; the rest of the text keeps the Japanese
    /// forms. Kana voicing marks (U+3099, U+309A) belong to the CJK font and are left alone.
    private func keepMarksWithTheirBase(_ text: String, font: FontSpec) {
        guard font.family.hasPrefix("Noto Sans CJK JP") else { return }
        var ranges: [(start: UInt32, end: UInt32)] = []
        var offset = 0
        for cluster in text {
            let bytes = cluster.utf8.count
            let marks = cluster.unicodeScalars.dropFirst().contains { s in
                let c = s.properties.generalCategory
                return (c == .nonspacingMark || c == .enclosingMark) && s.value != 0x3099 && s.value != 0x309A
            }
            if marks, let base = cluster.unicodeScalars.first, base.value < 0x2E80 {
                ranges.append((UInt32(offset), UInt32(offset + bytes)))
            }
            offset += bytes
        }
        guard !ranges.isEmpty, let list = pango_attr_list_new() else { return }
        let family = "Noto Sans, " + font.family
        for range in ranges {
            guard let attr = pango_attr_family_new(family) else { continue }
            attr.pointee.start_index = range.start
            attr.pointee.end_index = range.end
            pango_attr_list_insert(list, attr)
        }
        pango_layout_set_attributes(pointer, list)
        pango_attr_list_unref(list)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// One line at most `width` points wide, ellipsised at the end by Pango ("…" at a grapheme
    /// cluster boundary, never inside a character, combining sequence, ZWJ emoji or flag).
    ///
    /// Aligned to the widget's direction (left: both widget languages are left-to-right) whatever
    /// the text's own: a right-to-left title (Arabic, Hebrew) keeps its right-to-left paragraph
    /// (its words read in order, the "…" at its end) but starts at the left edge beside the
    /// checkbox. Pango mirrors the alignment of a paragraph whose resolved direction is opposite
    /// to the context's (`pango_layout_set_auto_dir`), so such a paragraph asks for the right.
    func setSingleLine(width: Double) {
        pango_layout_set_single_paragraph_mode(pointer, 1)
        pango_layout_set_width(pointer, Int32(max(0, width) * Double(PANGO_SCALE)))
        pango_layout_set_height(pointer, -1)
        pango_layout_set_ellipsize(pointer, PANGO_ELLIPSIZE_END)
        let rtl = pango_layout_get_direction(pointer, 0) == PANGO_DIRECTION_RTL
        pango_layout_set_alignment(pointer, rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
    }

    /// Wraps at word or character boundaries within `width` points, at most `maxLines` lines
    /// (ellipsised after that), lines centred.
    func setWrapped(width: Double, maxLines: Int, centered: Bool) {
        pango_layout_set_width(pointer, Int32(max(0, width) * Double(PANGO_SCALE)))
        pango_layout_set_wrap(pointer, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_height(pointer, Int32(-max(1, maxLines)))
        pango_layout_set_ellipsize(pointer, PANGO_ELLIPSIZE_END)
        pango_layout_set_alignment(pointer, centered ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT)
    }

    /// Number of lines after layout (1 for a single-line title, whatever its length).
    var lineCount: Int { Int(pango_layout_get_line_count(pointer)) }
    /// Whether Pango shortened the text with "…".
    var isEllipsized: Bool { pango_layout_is_ellipsized(pointer) != 0 }

    /// Logical size in points (advance width, line height of the fonts used).
    var logicalSize: (width: Double, height: Double) {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(pointer, &ink, &logical)
        return (Double(logical.width) / Double(PANGO_SCALE), Double(logical.height) / Double(PANGO_SCALE))
    }

    /// How far the text really reaches from the layout's left edge, points: the logical width, or
    /// for a line shortened with "…" the right edge of its ink (Pango widens the glyphs of the
    /// ellipsis so the line's advance is exactly the width it was set to).
    var drawnWidth: Double {
        guard isEllipsized else { return logicalSize.width }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(pointer, &ink, &logical)
        return min(logicalSize.width, Double(ink.x + ink.width) / Double(PANGO_SCALE))
    }

    /// Distance in points from the layout's top to the first line's baseline.
    var baseline: Double { Double(pango_layout_get_baseline(pointer)) / Double(PANGO_SCALE) }

    /// Draws the layout with its top-left corner at (`x`, `y`) points in the current source colour.
    func draw(in context: Context, x: Double, y: Double) {
        context.move(x, y)
        pango_cairo_show_layout(context.pointer, pointer)
        context.newPath()
    }
}

/// A rectangle in points or pixels (the owner says which).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// Left edge.
    public var x: Double
    /// Top edge (y grows downwards).
    public var y: Double
    /// Width, ≥ 0.
    public var width: Double
    /// Height, ≥ 0.
    public var height: Double
    /// A rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    /// Right edge.
    public var maxX: Double { x + width }
    /// Bottom edge.
    public var maxY: Double { y + height }
    /// Horizontal centre.
    public var midX: Double { x + width / 2 }
    /// Vertical centre.
    public var midY: Double { y + height / 2 }
    /// `(x, y, w×h)`.
    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
