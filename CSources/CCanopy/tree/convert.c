#include "include/cnp_convert.h"
#include "include/cnp_affine.h"

cnp_status cnp_conversion_make(cnp_affine up, cnp_affine destination_up, cnp_conversion *conversion) {
    if (conversion == NULL) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    conversion->up = up;
    conversion->is_defined = cnp_affine_invert(destination_up, &conversion->down);
    return conversion->is_defined ? CNP_OK : CNP_ERROR_SINGULAR;
}

cnp_status cnp_convert_points(const cnp_conversion *conversion, const cnp_point *input, cnp_point *output,
                              size_t count) {
    if (conversion == NULL || (count > 0 && (input == NULL || output == NULL))) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    if (!conversion->is_defined) {
        for (size_t i = 0; i < count; i++) {
            output[i] = (cnp_point){NAN, NAN};
        }
        return CNP_ERROR_SINGULAR;
    }
    cnp_affine up = conversion->up, down = conversion->down;
    for (size_t i = 0; i < count; i++) {
        output[i] = cnp_affine_apply_point(down, cnp_affine_apply_point(up, input[i]));
    }
    return CNP_OK;
}

cnp_status cnp_convert_rects(const cnp_conversion *conversion, const cnp_rect *input, cnp_rect *output,
                             size_t count) {
    if (conversion == NULL || (count > 0 && (input == NULL || output == NULL))) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    if (!conversion->is_defined) {
        for (size_t i = 0; i < count; i++) {
            output[i] = (cnp_rect){{NAN, NAN}, {NAN, NAN}};
        }
        return CNP_ERROR_SINGULAR;
    }
    cnp_affine up = conversion->up, down = conversion->down;
    for (size_t i = 0; i < count; i++) {
        output[i] = cnp_affine_apply_rect(down, cnp_affine_apply_rect(up, input[i]));
    }
    return CNP_OK;
}

cnp_status cnp_convert_point_to_nodes(const cnp_affine *world, int32_t node_count, int32_t from, cnp_point point,
                                      const int32_t *nodes, size_t count, cnp_point *output) {
    if (world == NULL || node_count < 0 || (count > 0 && (nodes == NULL || output == NULL))) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    if (from < 0 || from >= node_count) {
        return CNP_ERROR_BAD_INDEX;
    }
    for (size_t i = 0; i < count; i++) {
        if (nodes[i] < 0 || nodes[i] >= node_count) {
            return CNP_ERROR_BAD_INDEX;
        }
    }
    cnp_point in_window = cnp_affine_apply_point(world[from], point);
    cnp_status status = CNP_OK;
    for (size_t i = 0; i < count; i++) {
        cnp_affine to_node;
        if (cnp_affine_invert(world[nodes[i]], &to_node)) {
            output[i] = cnp_affine_apply_point(to_node, in_window);
        } else {
            output[i] = (cnp_point){NAN, NAN};
            status = CNP_ERROR_SINGULAR;
        }
    }
    return status;
}
