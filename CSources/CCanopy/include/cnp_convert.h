/*
 * cnp_convert.h: converting batches of points and rectangles between two spaces.
 *
 * A conversion between two nodes goes up from the source to their nearest common ancestor,
 * then down to the destination. Rectangles become bounding boxes twice, once at the common
 * ancestor and once at the destination, as UIKit does; keeping the two steps apart is what
 * makes the results match it to the last digit.
 */
#ifndef CNP_CONVERT_H
#define CNP_CONVERT_H

#include "cnp_geometry.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A conversion ready to apply: `up` maps the source into the common ancestor's space, `down`
/// maps the common ancestor's space into the destination's.
typedef struct cnp_conversion {
    cnp_affine up;
    cnp_affine down;
    /// False when the destination's map could not be inverted: every result is then NaN.
    bool is_defined;
} cnp_conversion;

/// Prepares a conversion from the map of the source into the common ancestor (`up`) and the map
/// of the destination into the common ancestor (`destination_up`, which is inverted here).
/// Returns CNP_ERROR_SINGULAR when `destination_up` has no inverse (a scale of 0 on the way down:
/// there is no answer), and the conversion is marked undefined.
cnp_status cnp_conversion_make(cnp_affine up, cnp_affine destination_up, cnp_conversion *conversion);

/// Converts `count` points. `input` and `output` may be the same array. An undefined conversion
/// writes NaN coordinates and returns CNP_ERROR_SINGULAR.
cnp_status cnp_convert_points(const cnp_conversion *conversion, const cnp_point *input, cnp_point *output,
                              size_t count);

/// Converts `count` rectangles, each to its bounding box in the common ancestor's space and then
/// to the bounding box of that in the destination's. `input` and `output` may be the same array.
/// An undefined conversion writes NaN rectangles and returns CNP_ERROR_SINGULAR.
cnp_status cnp_convert_rects(const cnp_conversion *conversion, const cnp_rect *input, cnp_rect *output,
                             size_t count);

/// Converts one point, given in the space of node `from`, into the space of each of `count`
/// nodes listed in `nodes`, through window space, using `world` from cnp_tree_world_transforms
/// (`node_count` entries). A node whose map cannot be inverted gets NaN coordinates and the call
/// returns CNP_ERROR_SINGULAR after converting the rest. A node index out of range returns
/// CNP_ERROR_BAD_INDEX before anything is written.
cnp_status cnp_convert_point_to_nodes(const cnp_affine *world, int32_t node_count, int32_t from, cnp_point point,
                                      const int32_t *nodes, size_t count, cnp_point *output);

#ifdef __cplusplus
}
#endif

#endif
