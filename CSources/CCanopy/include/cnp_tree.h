/*
 * cnp_tree.h: a view tree flattened into columns, and the pass that places every node in
 * window space.
 *
 * Nodes are numbered so that a parent comes before its children (any pre-order does), and
 * siblings keep their back-to-front order. Each column is a plain array indexed by node; the
 * caller owns them all. A node whose parent is -1 is a root: its own space is the space the
 * whole tree is expressed in ("window space").
 */
#ifndef CNP_TREE_H
#define CNP_TREE_H

#include "cnp_geometry.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Per-node flags (the `flags` column).
/// The node is hidden: it and its subtree take no hits.
static const uint32_t CNP_NODE_HIDDEN = 1u << 0;
/// The node's alpha is below 0.01: it and its subtree take no hits.
static const uint32_t CNP_NODE_TRANSPARENT = 1u << 1;
/// User interaction is off: it and its subtree take no hits.
static const uint32_t CNP_NODE_INTERACTION_DISABLED = 1u << 2;
/// The node clips its subtree to its bounds (for rendering; hit testing never passes a point
/// outside a node's bounds to its children either way).
static const uint32_t CNP_NODE_CLIPS = 1u << 3;
/// The node's owner decides hits itself: the hit tester asks the delegate (cnp_hit_test.h).
static const uint32_t CNP_NODE_CUSTOM_HIT_TEST = 1u << 4;

/// A flattened tree. Columns the call does not read may be NULL (each call says what it reads).
typedef struct cnp_tree {
    /// The number of nodes.
    int32_t count;
    /// The parent of each node, -1 for a root; a parent's index is below its child's.
    const int32_t *parent;
    /// The last (front-most) child of each node, -1 for none. See cnp_tree_link_siblings.
    const int32_t *last_child;
    /// The sibling just behind each node, -1 for none. See cnp_tree_link_siblings.
    const int32_t *previous_sibling;
    /// Each node's bounds: the visible rectangle of its own space.
    const cnp_rect *bounds;
    /// Each node's center: where its anchor point sits in its parent's space.
    const cnp_point *center;
    /// Each node's anchor point, in unit coordinates of its bounds ((0.5, 0.5) is the middle);
    /// indexed by `turn` when it is given, else by node.
    const cnp_point *anchor;
    /// Each node's transform, applied about its anchor point; indexed as `anchor` is.
    const cnp_affine *transform;
    /// Each node's CNP_NODE_* flags.
    const uint32_t *flags;
    /// Where each node's anchor point and transform are in `anchor` and `transform`: an index
    /// below `turned_count`, or -1 for the middle and the identity, which most nodes keep (so
    /// that a large tree stores 4 bytes a node for them, not 64). NULL: both columns are
    /// indexed by node.
    const int32_t *turn;
    /// The length of `anchor` and `transform` when `turn` is given (they may then be NULL
    /// when it is 0).
    int32_t turned_count;
} cnp_tree;

/// Fills `last_child` and `previous_sibling` (each `count` long) from the parent column, so that
/// children can be visited front to back. Reads `parent` only.
/// Returns CNP_ERROR_BAD_INDEX (and writes the node to `failed_node` when it is not NULL) if a
/// parent index is not -1 and not below its child's. O(count).
cnp_status cnp_tree_link_siblings(const int32_t *parent, int32_t count, int32_t *last_child,
                                  int32_t *previous_sibling, int32_t *failed_node);

/// Writes, for every node, the map from its own space to window space (the space of its root)
/// into `world` (`count` entries). Roots get the identity.
/// Reads parent, bounds, center, anchor, transform and turn. One pass, O(count), no scratch memory.
/// Returns CNP_ERROR_BAD_INDEX for a parent index that is not -1 and not below its child's or a
/// turn that is not -1 and not below turned_count, and
/// CNP_ERROR_NON_FINITE when a node's inputs are not finite; `failed_node` (when not NULL) gets
/// the first such node. Only inputs are checked: finite inputs whose composition overflows (beyond
/// 1e308) are not reported. On error the contents of `world` are unspecified.
cnp_status cnp_tree_world_transforms(const cnp_tree *tree, cnp_affine *world, int32_t *failed_node);

/// Rewrites `world` for `node` and its subtree (the nodes after it whose parents lie in it:
/// contiguous, as the numbering is a pre-order), from the world map of its parent, which must
/// be current: what changes when only that subtree's geometry changed. Writes the node after
/// the subtree to `subtree_end`. Reads and checks as cnp_tree_world_transforms does, over the
/// subtree; CNP_ERROR_BAD_INDEX also for a `node` out of range. O(subtree).
cnp_status cnp_tree_subtree_world_transforms(const cnp_tree *tree, int32_t node, cnp_affine *world, int32_t *subtree_end,
                                             int32_t *failed_node);

#ifdef __cplusplus
}
#endif

#endif
