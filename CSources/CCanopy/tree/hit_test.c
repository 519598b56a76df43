#include "include/cnp_hit_test.h"
#include "include/cnp_affine.h"
#include "base/workspace.h"
#include "tree/node.h"

/// One node on the way down: the point in its space, and the next child to ask.
typedef struct frame {
    cnp_point point;
    int32_t node;
    int32_t next_child;
} frame;

#define BLOCKING_FLAGS (CNP_NODE_HIDDEN | CNP_NODE_TRANSPARENT | CNP_NODE_INTERACTION_DISABLED)

static inline bool bounds_contain(cnp_rect r, cnp_point p) {
    // Half-open, on the standardized rectangle.
    double x0 = r.size.width < 0 ? r.origin.x + r.size.width : r.origin.x;
    double y0 = r.size.height < 0 ? r.origin.y + r.size.height : r.origin.y;
    return p.x >= x0 && p.x < x0 + fabs(r.size.width) && p.y >= y0 && p.y < y0 + fabs(r.size.height);
}

/// The point, given in the parent's space, in `node`'s space; false when the node's map is
/// singular. `t` is the node's turn, checked.
static inline bool point_in_node(const cnp_tree *tree, int32_t node, int32_t t, cnp_point in_parent, cnp_point *in_node) {
    cnp_affine to_parent = cnp__node_to_parent(tree->bounds[node], tree->center[node], tree->anchor, tree->transform, t);
    cnp_affine from_parent;
    if (!cnp_affine_invert(to_parent, &from_parent)) {
        return false;
    }
    *in_node = cnp_affine_apply_point(from_parent, in_parent);
    return true;
}

/// Whether `child` may follow `parent`'s link: -1, or a later node than the parent. A sibling
/// link must also point backwards (`below`), so that walking the links always ends.
static inline bool link_is_valid(const cnp_tree *tree, int32_t child, int32_t parent, int32_t below) {
    return child == -1 || (child > parent && child < below && child < tree->count);
}

static bool start_is_inside(const cnp_tree *tree, int32_t start, cnp_point point, const cnp_hit_delegate *delegate) {
    if (tree->flags[start] & CNP_NODE_CUSTOM_HIT_TEST) {
        return delegate->point_inside(delegate->context, start, point);
    }
    return bounds_contain(tree->bounds[start], point);
}

cnp_status cnp_tree_hit_test(const cnp_tree *tree, int32_t start, cnp_point point, const cnp_hit_delegate *delegate,
                             cnp_workspace *workspace, cnp_hit *hit) {
    if (hit == NULL) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    *hit = (cnp_hit){-1, false};
    if (tree == NULL || workspace == NULL || tree->count < 0 || tree->last_child == NULL ||
        tree->previous_sibling == NULL || tree->bounds == NULL || tree->center == NULL || !cnp__turns_are_readable(tree) ||
        tree->flags == NULL) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    if (start < 0 || start >= tree->count) {
        return CNP_ERROR_BAD_INDEX;
    }
    if (!isfinite(point.x) || !isfinite(point.y)) {
        return CNP_ERROR_NON_FINITE;
    }
    bool has_delegate = delegate != NULL && delegate->hit_test != NULL && delegate->point_inside != NULL;
    if ((tree->flags[start] & CNP_NODE_CUSTOM_HIT_TEST) && !has_delegate) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    if ((tree->flags[start] & BLOCKING_FLAGS) || !start_is_inside(tree, start, point, delegate)) {
        return CNP_OK;
    }

    int32_t capacity = 64, depth = 0;
    frame *stack = cnp_workspace_reserve(workspace, sizeof(frame) * (size_t)capacity);
    if (stack == NULL) {
        return CNP_ERROR_OUT_OF_MEMORY;
    }
    stack[depth++] = (frame){point, start, tree->last_child[start]};
    while (depth > 0) {
        frame *top = &stack[depth - 1];
        int32_t child = top->next_child;
        if (!link_is_valid(tree, child, top->node, tree->count)) {
            return CNP_ERROR_BAD_INDEX;
        }
        if (child < 0) {
            *hit = (cnp_hit){top->node, false}; // no child took the point: the node itself does
            return CNP_OK;
        }
        top->next_child = tree->previous_sibling[child];
        if (!link_is_valid(tree, top->next_child, top->node, child)) {
            return CNP_ERROR_BAD_INDEX;
        }
        int32_t turn = cnp__node_turn(tree->turn, tree->turned_count, child);
        if (turn == -2) {
            return CNP_ERROR_BAD_INDEX;
        }
        cnp_point in_child;
        if ((tree->flags[child] & BLOCKING_FLAGS) || !point_in_node(tree, child, turn, top->point, &in_child)) {
            continue;
        }
        if (tree->flags[child] & CNP_NODE_CUSTOM_HIT_TEST) {
            if (!has_delegate) {
                return CNP_ERROR_BAD_ARGUMENT;
            }
            cnp_hit_answer answer = delegate->hit_test(delegate->context, child, in_child);
            if (answer == CNP_HIT_FOUND) {
                *hit = (cnp_hit){child, true};
                return CNP_OK;
            }
            if (answer != CNP_HIT_BY_RULES || !delegate->point_inside(delegate->context, child, in_child)) {
                continue;
            }
        } else if (!bounds_contain(tree->bounds[child], in_child)) {
            continue;
        }
        if (depth == capacity) {
            if (capacity > INT32_MAX / 2) {
                return CNP_ERROR_OUT_OF_MEMORY;
            }
            frame *grown = cnp_workspace_reserve(workspace, sizeof(frame) * (size_t)capacity * 2);
            if (grown == NULL) {
                return CNP_ERROR_OUT_OF_MEMORY;
            }
            stack = grown;
            capacity *= 2;
        }
        stack[depth++] = (frame){in_child, child, tree->last_child[child]};
    }
    return CNP_OK;
}
