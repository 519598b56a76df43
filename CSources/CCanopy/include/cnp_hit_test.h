/*
 * cnp_hit_test.h: finding the front-most node under a point.
 *
 * The rules are UIKit's: a hidden node, a node with alpha below 0.01 or with interaction off
 * takes no hit, and neither does its subtree; a point outside a node's bounds (half-open) never
 * reaches its children; children are asked front to back with the point converted into each;
 * the first hit wins, and a node none of whose children is hit is the hit itself.
 */
#ifndef CNP_HIT_TEST_H
#define CNP_HIT_TEST_H

#include "cnp_tree.h"
#include "cnp_workspace.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A delegate's answer for a flagged node's subtree.
typedef enum cnp_hit_answer {
    /// The subtree holds no answer: go on with the node's siblings.
    CNP_HIT_MISS = 0,
    /// The subtree holds the answer, which the delegate keeps.
    CNP_HIT_FOUND = 1,
    /// The node follows the default rules: the core asks `point_inside` for it, then walks its
    /// children itself (so a chain of such nodes costs no call-stack depth).
    CNP_HIT_BY_RULES = 2,
} cnp_hit_answer;

/// Answers for nodes flagged CNP_NODE_CUSTOM_HIT_TEST, whose owners decide hits themselves.
typedef struct cnp_hit_delegate {
    /// Passed back to both functions.
    void *context;
    /// Asked for a flagged node below the start node, with the point in that node's space,
    /// after its hidden/alpha/interaction flags passed.
    cnp_hit_answer (*hit_test)(void *context, int32_t node, cnp_point point);
    /// Whether the point, in a flagged node's space, is inside it: asked for the start node,
    /// and for a node whose `hit_test` answered CNP_HIT_BY_RULES.
    bool (*point_inside)(void *context, int32_t node, cnp_point point);
} cnp_hit_delegate;

/// The outcome of a hit test.
typedef struct cnp_hit {
    /// The node hit, or -1 for none.
    int32_t node;
    /// True when `node` is a flagged node whose delegate answered for its subtree.
    bool answered_by_delegate;
} cnp_hit;

/// Hit-tests `point`, given in the space of node `start`, against `start` and its subtree.
/// Reads parent, last_child, previous_sibling, bounds, center, anchor, transform, turn and flags.
/// `delegate` may be NULL when no node in the subtree is flagged CNP_NODE_CUSTOM_HIT_TEST.
/// Costs O(depth) scratch memory in `workspace` and visits only the nodes on the way to the hit
/// and the siblings in front of them. Returns CNP_ERROR_NON_FINITE for a non-finite point,
/// CNP_ERROR_BAD_INDEX for a start, link or turn out of range, CNP_ERROR_BAD_ARGUMENT for a flagged
/// node without a delegate; `hit->node` is -1 on every error.
cnp_status cnp_tree_hit_test(const cnp_tree *tree, int32_t start, cnp_point point, const cnp_hit_delegate *delegate,
                             cnp_workspace *workspace, cnp_hit *hit);

#ifdef __cplusplus
}
#endif

#endif
