// The peer of Canopy's rendering benchmark: a plain C program that draws the same boxes and
// text with Cairo directly, into a new image surface each time, as Window.render does.
#ifndef CAIRO_PEER_H
#define CAIRO_PEER_H

#include <stdint.h>

/// A rounded box with a background and a border inside its bounds, in points.
typedef struct peer_box {
    double x, y, width, height, radius, border;
    double fill[4];
    double stroke[4];
} peer_box;

/// A line of text with its baseline origin, in points.
typedef struct peer_text {
    const char *utf8;
    double x, y;
} peer_text;

/// Draws `boxes` then `texts` (DejaVu Sans at `font_size`) on white, `width` × `height` points at
/// `scale`; returns a checksum of the pixels so the work cannot be skipped.
uint64_t cairo_peer_draw(int width, int height, double scale, const peer_box *boxes, int box_count,
                         const peer_text *texts, int text_count, double font_size);

#endif
