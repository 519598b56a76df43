/*
 * cnp_affine.h: affine map arithmetic.
 *
 * Inline so that the batch loops of the core and the Swift CGAffineTransform share one
 * implementation without a call per operation. Composition order follows Apple's
 * CGAffineTransformConcat: cnp_affine_concat(t1, t2) applies t1 first, then t2.
 */
#ifndef CNP_AFFINE_H
#define CNP_AFFINE_H

#include "cnp_geometry.h"
#include <math.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The identity map.
static inline cnp_affine cnp_affine_identity(void) {
    cnp_affine t = {1.0, 0.0, 0.0, 1.0, 0.0, 0.0};
    return t;
}

/// The map that applies `first`, then `second`.
static inline cnp_affine cnp_affine_concat(cnp_affine first, cnp_affine second) {
    cnp_affine r;
    r.a = first.a * second.a + first.b * second.c;
    r.b = first.a * second.b + first.b * second.d;
    r.c = first.c * second.a + first.d * second.c;
    r.d = first.c * second.b + first.d * second.d;
    r.tx = first.tx * second.a + first.ty * second.c + second.tx;
    r.ty = first.tx * second.b + first.ty * second.d + second.ty;
    return r;
}

/// Writes the inverse of `t` to `inverse` and returns true; returns false, writing nothing,
/// when `t` is singular (its determinant is 0 or not finite).
static inline bool cnp_affine_invert(cnp_affine t, cnp_affine *inverse) {
    double det = t.a * t.d - t.b * t.c;
    if (det == 0.0 || !isfinite(det)) {
        return false;
    }
    inverse->a = t.d / det;
    inverse->b = -t.b / det;
    inverse->c = -t.c / det;
    inverse->d = t.a / det;
    inverse->tx = (t.c * t.ty - t.d * t.tx) / det;
    inverse->ty = (t.b * t.tx - t.a * t.ty) / det;
    return true;
}

/// `p` mapped by `t`.
static inline cnp_point cnp_affine_apply_point(cnp_affine t, cnp_point p) {
    cnp_point r = {t.a * p.x + t.c * p.y + t.tx, t.b * p.x + t.d * p.y + t.ty};
    return r;
}

/// The smallest axis-aligned rectangle that holds `rect` mapped by `t` (its four corners).
/// The result is standardized: its size is never negative.
static inline cnp_rect cnp_affine_apply_rect(cnp_affine t, cnp_rect rect) {
    double x0 = rect.origin.x, x1 = rect.origin.x + rect.size.width;
    double y0 = rect.origin.y, y1 = rect.origin.y + rect.size.height;
    cnp_point corners[4] = {
        cnp_affine_apply_point(t, (cnp_point){x0, y0}),
        cnp_affine_apply_point(t, (cnp_point){x1, y0}),
        cnp_affine_apply_point(t, (cnp_point){x0, y1}),
        cnp_affine_apply_point(t, (cnp_point){x1, y1}),
    };
    double min_x = corners[0].x, max_x = corners[0].x;
    double min_y = corners[0].y, max_y = corners[0].y;
    for (int i = 1; i < 4; i++) {
        min_x = fmin(min_x, corners[i].x);
        max_x = fmax(max_x, corners[i].x);
        min_y = fmin(min_y, corners[i].y);
        max_y = fmax(max_y, corners[i].y);
    }
    cnp_rect r = {{min_x, min_y}, {max_x - min_x, max_y - min_y}};
    return r;
}

/// The map from a node's own space to its parent's space:
/// p -> center + T * (p - (bounds.origin + anchor * bounds.size)), T including its translation.
static inline cnp_affine cnp_affine_node_to_parent(cnp_rect bounds, cnp_point center, cnp_point anchor,
                                                   cnp_affine transform) {
    double ox = bounds.origin.x + anchor.x * bounds.size.width;
    double oy = bounds.origin.y + anchor.y * bounds.size.height;
    cnp_affine r = transform;
    r.tx = center.x + transform.tx - (transform.a * ox + transform.c * oy);
    r.ty = center.y + transform.ty - (transform.b * ox + transform.d * oy);
    return r;
}

#ifdef __cplusplus
}
#endif

#endif
