/* The rendering floor: what `tasktile-render once` of a large widget at 2x does, minus tasktile.
 *
 *   render_floor OUT.png SCALE "List title" "counts" ROW_TITLE...
 *
 * Draws a 364x382-point widget (728x764 px at scale 2) the way the large widget looks: rounded
 * background, header (list title in the accent colour, counts on the right), a hairline divider,
 * one row per title (a stroked circle as the checkbox and the title ellipsized at the right edge)
 * with Pango through Cairo, then writes the PNG with cairo_surface_write_to_png. No store, no theme
 * file, no hit map, no atomic rename: the cost of the drawing and the PNG alone.
 * Built by Benchmarks/bench.py with `cc -O2 $(pkg-config --cflags --libs pangocairo)`.
 */
#include <math.h>
#include <stdio.h>
#include <pango/pangocairo.h>

static void text(cairo_t *cr, const char *s, const char *font, double x, double y, double width, int right) {
    PangoLayout *layout = pango_cairo_create_layout(cr);
    PangoFontDescription *desc = pango_font_description_from_string(font);
    pango_layout_set_font_description(layout, desc);
    pango_layout_set_text(layout, s, -1);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    pango_layout_set_single_paragraph_mode(layout, TRUE);
    if (right) pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT);
    int baseline = pango_layout_get_baseline(layout);
    cairo_move_to(cr, x, y - (double)baseline / PANGO_SCALE);
    pango_cairo_show_layout(cr, layout);
    pango_font_description_free(desc);
    g_object_unref(layout);
}

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: %s OUT.png SCALE TITLE COUNTS [ROW...]\n", argv[0]); return 64; }
    double scale = atof(argv[2]), w = 364, h = 382, pad = 16, row = 26;
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)(w * scale), (int)(h * scale));
    cairo_t *cr = cairo_create(surface);
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) return 74;
    cairo_scale(cr, scale, scale);
    /* Background: rounded rectangle, radius 22. */
    double r = 22;
    cairo_new_sub_path(cr);
    cairo_arc(cr, w - r, r, r, -M_PI / 2, 0);
    cairo_arc(cr, w - r, h - r, r, 0, M_PI / 2);
    cairo_arc(cr, r, h - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, r, r, r, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill(cr);
    /* Header and divider. */
    cairo_set_source_rgb(cr, 0, 0x7A / 255.0, 1);
    text(cr, argv[3], "Noto Sans CJK JP Semi-Bold 15px", pad, pad + 18, w * 0.6, 0);
    cairo_set_source_rgb(cr, 0.55, 0.55, 0.58);
    text(cr, argv[4], "Noto Sans CJK JP 12px", w * 0.5, pad + 18, w * 0.5 - pad, 1);
    cairo_set_line_width(cr, 1 / scale);
    cairo_move_to(cr, pad, pad + 30);
    cairo_line_to(cr, w - pad, pad + 30);
    cairo_stroke(cr);
    /* Rows: checkbox circle and title. */
    double y = pad + 36;
    for (int i = 5; i < argc && y + row <= h - pad; i++, y += row) {
        double cy = y + row / 2;
        cairo_set_source_rgb(cr, 0, 0x7A / 255.0, 1);
        cairo_set_line_width(cr, 1.5);
        cairo_new_sub_path(cr);
        cairo_arc(cr, pad + 8, cy, 7.5, 0, 2 * M_PI);
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        text(cr, argv[i], "Noto Sans CJK JP 13px", pad + 24, cy + 0.35 * 13, w - 2 * pad - 24, 0);
    }
    cairo_surface_flush(surface);
    cairo_status_t st = cairo_surface_write_to_png(surface, argv[1]);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return st == CAIRO_STATUS_SUCCESS ? 0 : 73;
}
