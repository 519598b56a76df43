#include "PlainLoops.h"

void plain_world_transforms(int32_t count, const int32_t *parent, const double *bounds, const double *center,
                            const int32_t *turn, const double *anchor, const double *transform, double *world) {
    static const double identity[6] = {1, 0, 0, 1, 0, 0}, middle[2] = {0.5, 0.5};
    for (int32_t i = 0; i < count; i++) {
        const double *t = turn[i] < 0 ? identity : transform + 6 * turn[i];
        const double *anchor_point = turn[i] < 0 ? middle : anchor + 2 * turn[i];
        double ox = bounds[4 * i] + anchor_point[0] * bounds[4 * i + 2];
        double oy = bounds[4 * i + 1] + anchor_point[1] * bounds[4 * i + 3];
        double a = t[0], b = t[1], c = t[2], d = t[3];
        double tx = center[2 * i] + t[4] - (a * ox + c * oy);
        double ty = center[2 * i + 1] + t[5] - (b * ox + d * oy);
        double *w = world + 6 * i;
        if (parent[i] < 0) {
            w[0] = 1, w[1] = 0, w[2] = 0, w[3] = 1, w[4] = 0, w[5] = 0;
            continue;
        }
        const double *p = world + 6 * parent[i];
        w[0] = a * p[0] + b * p[2];
        w[1] = a * p[1] + b * p[3];
        w[2] = c * p[0] + d * p[2];
        w[3] = c * p[1] + d * p[3];
        w[4] = tx * p[0] + ty * p[2] + p[4];
        w[5] = tx * p[1] + ty * p[3] + p[5];
    }
}
