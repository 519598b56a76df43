#include "include/cnp_tree.h"
#include "include/cnp_affine.h"
#include "tree/node.h"

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

/// A node's map into its parent's space; its turn has been checked.
static inline cnp_affine node_to_parent(const cnp_tree *tree, int32_t i) {
    int32_t t = cnp__node_turn(tree->turn, tree->turned_count, i);
    return cnp__node_to_parent(tree->bounds[i], tree->center[i], tree->anchor, tree->transform, t);
}

/// Every input of a node (bounds, center, anchor, transform) flows into the translation of its
/// map to the parent, and NaN and infinities survive every step (inf - inf and inf * 0 are
/// NaN), so that translation is finite exactly when all the inputs are.
static inline double translation_sum(cnp_affine local) {
    return local.tx + local.ty;
}

/// Places a run of nodes from `begin`: every node after it while its parent is at least
/// `lowest_parent` (-1: to the end; `begin`: its subtree, contiguous in a pre-order). Writes
/// where the run ended to `*end`.
static cnp_status place_run(const cnp_tree *tree, cnp_affine *world, int32_t begin, int32_t lowest_parent, int32_t *end,
                            int32_t *failed_node) {
    int32_t count = tree->count;
    // Columns in locals: stores to `world` could otherwise alias the tree's fields, forcing the
    // pointers to be loaded again on every node.
    const int32_t *parent = tree->parent;
    const cnp_rect *bounds = tree->bounds;
    const cnp_point *center = tree->center, *anchor = tree->anchor;
    const cnp_affine *transform = tree->transform;
    const int32_t *turn = tree->turn, turned_count = tree->turned_count;
    // One running sum checks the whole run without a branch per node; the rare failing run
    // then looks for the culprit.
    double check = 0.0;
    // The last node's map stays in registers: in a chain, and for every first child, the parent
    // is the node just computed, and reloading what was just stored stalls when the compiler
    // vectorizes the store and the load differently (measured: 1.7x slower on a deep chain).
    cnp_affine previous = cnp_affine_identity();
    int32_t i = begin;
    for (; i < count && (i == begin || parent[i] >= lowest_parent); i++) {
        int32_t p = parent[i], t = cnp__node_turn(turn, turned_count, i);
        if (!parent_is_valid(p, i) || t == -2) {
            if (failed_node != NULL) {
                *failed_node = i;
            }
            return CNP_ERROR_BAD_INDEX;
        }
        cnp_affine local = cnp__node_to_parent(bounds[i], center[i], anchor, transform, t);
        check += translation_sum(local);
        cnp_affine above = (p == i - 1 && i > begin) ? previous : (p < 0 ? cnp_affine_identity() : world[p]);
        previous = p < 0 ? cnp_affine_identity() : cnp_affine_concat(local, above);
        world[i] = previous;
    }
    *end = i;
    if (isfinite(check)) {
        return CNP_OK;
    }
    int32_t culprit = begin;
    while (culprit < i && isfinite(translation_sum(node_to_parent(tree, culprit)))) {
        culprit++;
    }
    if (culprit == i) {
        return CNP_OK; // only the running sum overflowed: every value is finite
    }
    if (failed_node != NULL) {
        *failed_node = culprit;
    }
    return CNP_ERROR_NON_FINITE;
}

static bool can_place(const cnp_tree *tree, const cnp_affine *world) {
    return tree != NULL && tree->count >= 0 && world != NULL &&
           (tree->count == 0 ||
            (tree->parent != NULL && tree->bounds != NULL && tree->center != NULL && cnp__turns_are_readable(tree)));
}

cnp_status cnp_tree_world_transforms(const cnp_tree *tree, cnp_affine *world, int32_t *failed_node) {
    if (!can_place(tree, world)) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    int32_t end;
    return place_run(tree, world, 0, -1, &end, failed_node);
}

cnp_status cnp_tree_subtree_world_transforms(const cnp_tree *tree, int32_t node, cnp_affine *world, int32_t *subtree_end,
                                             int32_t *failed_node) {
    if (!can_place(tree, world) || subtree_end == NULL) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    if (node < 0 || node >= tree->count) {
        return CNP_ERROR_BAD_INDEX;
    }
    return place_run(tree, world, node, node, subtree_end, failed_node);
}
