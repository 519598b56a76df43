#include "include/cnp_tree.h"
#include "include/cnp_affine.h"

static inline bool parent_is_valid(int32_t parent, int32_t node) {
    return parent >= -1 && parent < node;
}

cnp_status cnp_tree_link_siblings(const int32_t *parent, int32_t count, int32_t *last_child,
                                  int32_t *previous_sibling, int32_t *failed_node) {
    if (count < 0 || (count > 0 && (parent == NULL || last_child == NULL || previous_sibling == NULL))) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    for (int32_t i = 0; i < count; i++) {
        last_child[i] = -1;
    }
    // Visiting nodes in index order meets each parent's children back to front, so the child
    // seen last so far is the previous sibling of the next one.
    for (int32_t i = 0; i < count; i++) {
        int32_t p = parent[i];
        if (!parent_is_valid(p, i)) {
            if (failed_node != NULL) {
                *failed_node = i;
            }
            return CNP_ERROR_BAD_INDEX;
        }
        if (p < 0) {
            previous_sibling[i] = -1;
            continue;
        }
        previous_sibling[i] = last_child[p];
        last_child[p] = i;
    }
    return CNP_OK;
}

static inline double affine_sum(cnp_affine t) {
    return t.a + t.b + t.c + t.d + t.tx + t.ty;
}

static inline cnp_affine node_to_parent(const cnp_tree *tree, int32_t i) {
    return cnp_affine_node_to_parent(tree->bounds[i], tree->center[i], tree->anchor[i], tree->transform[i]);
}

/// The first node whose own map or window map is not finite.
static int32_t first_non_finite_node(const cnp_tree *tree, const cnp_affine *world) {
    for (int32_t i = 0; i < tree->count; i++) {
        if (!isfinite(affine_sum(node_to_parent(tree, i)) + affine_sum(world[i]))) {
            return i;
        }
    }
    return tree->count;
}

cnp_status cnp_tree_world_transforms(const cnp_tree *tree, cnp_affine *world, int32_t *failed_node) {
    if (tree == NULL || tree->count < 0 || world == NULL) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    int32_t count = tree->count;
    if (count > 0 && (tree->parent == NULL || tree->bounds == NULL || tree->center == NULL || tree->anchor == NULL ||
                      tree->transform == NULL)) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    // Every input feeds a node's own map, and NaN and infinities survive a sum (inf - inf is
    // NaN), so one running sum checks the whole pass without a branch per node; the rare
    // failing pass then looks for the culprit.
    double check = 0.0;
    for (int32_t i = 0; i < count; i++) {
        int32_t p = tree->parent[i];
        if (!parent_is_valid(p, i)) {
            if (failed_node != NULL) {
                *failed_node = i;
            }
            return CNP_ERROR_BAD_INDEX;
        }
        cnp_affine local = node_to_parent(tree, i);
        world[i] = p < 0 ? cnp_affine_identity() : cnp_affine_concat(local, world[p]);
        check += affine_sum(local) + affine_sum(world[i]);
    }
    if (isfinite(check)) {
        return CNP_OK;
    }
    int32_t culprit = first_non_finite_node(tree, world);
    if (culprit == count) {
        return CNP_OK; // only the running sum overflowed: every value is finite
    }
    if (failed_node != NULL) {
        *failed_node = culprit;
    }
    return CNP_ERROR_NON_FINITE;
}
