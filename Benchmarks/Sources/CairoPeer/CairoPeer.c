#include "CairoPeer.h"

#include <cairo/cairo.h>
#include <math.h>

static void rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r) {
    r = fmin(r, fmin(w, h) / 2);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
}

uint64_t cairo_peer_draw(int width, int height, double scale, const peer_box *boxes, int box_count,
                         const peer_text *texts, int text_count, double font_size) {
    cairo_surface_t *surface =
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ceil(width * scale), (int)ceil(height * scale));
    cairo_t *cr = cairo_create(surface);
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY);
    cairo_scale(cr, scale, scale);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    for (int i = 0; i < box_count; i++) {
        const peer_box *b = &boxes[i];
        rounded_rect(cr, b->x, b->y, b->width, b->height, b->radius);
        cairo_set_source_rgba(cr, b->fill[0], b->fill[1], b->fill[2], b->fill[3]);
        cairo_fill(cr);
        // The border: the band between the box and the box inset by the border's width.
        rounded_rect(cr, b->x, b->y, b->width, b->height, b->radius);
        rounded_rect(cr, b->x + b->border, b->y + b->border, b->width - 2 * b->border, b->height - 2 * b->border,
                     fmax(0, b->radius - b->border));
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
        cairo_set_source_rgba(cr, b->stroke[0], b->stroke[1], b->stroke[2], b->stroke[3]);
        cairo_fill(cr);
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    }
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, font_size);
    cairo_set_source_rgb(cr, 0, 0, 0);
    for (int i = 0; i < text_count; i++) {
        cairo_move_to(cr, texts[i].x, texts[i].y);
        cairo_show_text(cr, texts[i].utf8);
    }
    cairo_surface_flush(surface);
    const unsigned char *pixels = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface), rows = cairo_image_surface_get_height(surface);
    uint64_t sum = 0;
    for (int y = 0; y < rows; y += 7) {
        for (int x = 0; x < stride; x += 13) {
            sum = sum * 31 + pixels[y * stride + x];
        }
    }
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return sum;
}
