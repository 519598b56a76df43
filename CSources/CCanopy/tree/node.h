/* A node's own placement as the tree columns give it, for the passes that read it. */
#ifndef CNP_TREE_NODE_H
#define CNP_TREE_NODE_H

#include "include/cnp_affine.h"
#include "include/cnp_tree.h"

/// Where node `i`'s anchor point and transform are in the tree's columns: its turn (the node
/// itself without a turn column), -1 for the defaults, or -2 when the turn is out of range.
static inline int32_t cnp__node_turn(const int32_t *turn, int32_t turned_count, int32_t i) {
    if (turn == NULL) {
        return i;
    }
    int32_t t = turn[i];
    return (t >= -1 && t < turned_count) ? t : -2;
}

/// Whether the tree's anchor and transform columns can be read as its turn column says.
static inline bool cnp__turns_are_readable(const cnp_tree *tree) {
    if (tree->turn == NULL) {
        return tree->anchor != NULL && tree->transform != NULL;
    }
    return tree->turned_count >= 0 && (tree->turned_count == 0 || (tree->anchor != NULL && tree->transform != NULL));
}

/// A node's map into its parent's space, its turn `t` found by cnp__node_turn (not -2). The
/// defaults go through the same arithmetic as stored ones, so either gives the same bits.
static inline cnp_affine cnp__node_to_parent(cnp_rect bounds, cnp_point center, const cnp_point *anchor,
                                             const cnp_affine *transform, int32_t t) {
    if (t < 0) {
        return cnp_affine_node_to_parent(bounds, center, (cnp_point){0.5, 0.5}, cnp_affine_identity());
    }
    return cnp_affine_node_to_parent(bounds, center, anchor[t], transform[t]);
}

#endif
