/*
 * Yoga's cold layout without Python: the flex trees of yoga_peer.py built and laid out through
 * Yoga's C API, for the native column of the peers' table.
 *
 * poga's extension module carries Yoga and exports its C API. yoga_peer.py loads that module
 * with its symbols global, then this library, whose calls to Yoga resolve against it: the
 * Yoga measured natively is the very build poga wraps.
 *
 * Only the few declarations used are written here (Yoga's public API; the enumerations'
 * values are those poga's Python classes report, which yoga_peer.py checks before loading).
 */
#include <malloc.h>
#include <math.h>
#include <stdint.h>
#include <time.h>

typedef struct YGNode *YGNodeRef;
typedef struct YGConfig *YGConfigRef;

YGConfigRef YGConfigNew(void);
void YGConfigFree(YGConfigRef config);
void YGConfigSetPointScaleFactor(YGConfigRef config, float pixelsInPoint);
YGNodeRef YGNodeNewWithConfig(YGConfigRef config);
void YGNodeFree(YGNodeRef node);
void YGNodeSetChildren(YGNodeRef owner, const YGNodeRef *children, uint32_t count);
YGNodeRef YGNodeGetChild(YGNodeRef node, uint32_t index);
uint32_t YGNodeGetChildCount(YGNodeRef node);
void YGNodeStyleSetWidth(YGNodeRef node, float width);
void YGNodeStyleSetHeight(YGNodeRef node, float height);
void YGNodeStyleSetFlexDirection(YGNodeRef node, int direction);
void YGNodeStyleSetAlignItems(YGNodeRef node, int align);
void YGNodeStyleSetMargin(YGNodeRef node, int edge, float points);
void YGNodeStyleSetPadding(YGNodeRef node, int edge, float points);
void YGNodeStyleSetFlexGrow(YGNodeRef node, float grow);
void YGNodeStyleSetFlexBasis(YGNodeRef node, float basis);
void YGNodeCalculateLayout(YGNodeRef node, float width, float height, int direction);
float YGNodeLayoutGetLeft(YGNodeRef node);
float YGNodeLayoutGetTop(YGNodeRef node);
float YGNodeLayoutGetWidth(YGNodeRef node);
float YGNodeLayoutGetHeight(YGNodeRef node);

enum { EDGE_LEFT = 0, EDGE_TOP = 1, EDGE_HORIZONTAL = 6, EDGE_ALL = 8 };
enum { FLEX_COLUMN = 0, FLEX_ROW = 2 };
enum { ALIGN_STRETCH = 4 };
enum { DIRECTION_LTR = 1 };

enum { SHAPE_STACK = 0, SHAPE_TREE = 1 };

/// The bytes the allocator has handed out and not taken back, in its heap and in mappings.
static double allocated_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return (double)info.uordblks + (double)info.hblkhd;
}

static double seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static YGNodeRef new_root(YGConfigRef config) {
    YGNodeRef root = YGNodeNewWithConfig(config);
    YGNodeStyleSetWidth(root, 1024);
    YGNodeStyleSetHeight(root, 768);
    return root;
}

/// The stack shape into `nodes` (the root first); yoga_peer.build_stack describes it.
static void build_stack(YGConfigRef config, YGNodeRef *nodes, uint32_t count) {
    YGNodeRef root = nodes[0] = new_root(config);
    YGNodeStyleSetFlexDirection(root, FLEX_COLUMN);
    YGNodeStyleSetAlignItems(root, ALIGN_STRETCH);
    for (uint32_t i = 1; i < count; i++) {
        YGNodeRef child = nodes[i] = YGNodeNewWithConfig(config);
        YGNodeStyleSetHeight(child, 44);
        YGNodeStyleSetMargin(child, EDGE_HORIZONTAL, 16);
        YGNodeStyleSetMargin(child, EDGE_TOP, 8);
    }
    YGNodeSetChildren(root, nodes + 1, count - 1);
}

/// The tree shape into `nodes`, breadth first; yoga_peer.build_tree describes it.
static void build_tree(YGConfigRef config, YGNodeRef *nodes, uint32_t count) {
    nodes[0] = new_root(config);
    uint32_t made = 1;
    for (uint32_t head = 0; made < count; head++) {
        YGNodeRef parent = nodes[head];
        YGNodeStyleSetFlexDirection(parent, FLEX_ROW);
        YGNodeStyleSetAlignItems(parent, ALIGN_STRETCH);
        YGNodeStyleSetPadding(parent, EDGE_ALL, 4);
        uint32_t kids = count - made < 4 ? count - made : 4;
        for (uint32_t i = 0; i < kids; i++) {
            YGNodeRef child = nodes[made + i] = YGNodeNewWithConfig(config);
            YGNodeStyleSetFlexGrow(child, 1);
            YGNodeStyleSetFlexBasis(child, 0);
            if (i > 0) {
                YGNodeStyleSetMargin(child, EDGE_LEFT, 4);
            }
        }
        YGNodeSetChildren(parent, nodes + made, kids);
        made += kids;
    }
}

static void write_frame(YGNodeRef node, double *frame) {
    frame[0] = node ? YGNodeLayoutGetLeft(node) : NAN;
    frame[1] = node ? YGNodeLayoutGetTop(node) : NAN;
    frame[2] = node ? YGNodeLayoutGetWidth(node) : NAN;
    frame[3] = node ? YGNodeLayoutGetHeight(node) : NAN;
}

static YGNodeRef child_or_null(YGNodeRef node, uint32_t index) {
    return node != NULL && index < YGNodeGetChildCount(node) ? YGNodeGetChild(node, index) : NULL;
}

/// The frames the check reads, seven of (left, top, width, height), NAN where absent: the root,
/// its children 0 to 3, its last child, and child 3 of its child 0.
static void write_checked_frames(YGNodeRef root, double *frames) {
    uint32_t children = YGNodeGetChildCount(root);
    write_frame(root, frames);
    for (uint32_t i = 0; i < 4; i++) {
        write_frame(child_or_null(root, i), frames + 4 * (1 + i));
    }
    write_frame(children > 0 ? YGNodeGetChild(root, children - 1) : NULL, frames + 4 * 5);
    write_frame(child_or_null(child_or_null(root, 0), 3), frames + 4 * 6);
}

/// Frees a tree given all its nodes, parents first (a parent's free detaches its children at
/// once; each child then frees alone).
static void free_nodes(YGNodeRef *nodes, uint32_t count) {
    for (uint32_t i = 0; i < count; i++) {
        YGNodeFree(nodes[i]);
    }
}

/// Builds the shape's tree of `count` nodes (the root included) `runs` times in `nodes` (room
/// for `count`), each time laying it out once, and writes each run's build and layout seconds,
/// the child counts of the root and of its child 0, the checked frames of the first run, and
/// the bytes its tree held once laid out (what the allocator handed out for it, not given back).
/// Returns 0, or -1 for an unknown shape or a count or run count below 1.
int yoga_native_time(int shape, uint32_t count, uint32_t runs, YGNodeRef *nodes, double *build_seconds,
                     double *layout_seconds, uint32_t *child_counts, double *frames, double *tree_bytes) {
    if ((shape != SHAPE_STACK && shape != SHAPE_TREE) || count < 1 || runs < 1) {
        return -1;
    }
    YGConfigRef config = YGConfigNew();
    YGConfigSetPointScaleFactor(config, 1);
    for (uint32_t run = 0; run < runs; run++) {
        double before = allocated_bytes();
        double start = seconds();
        if (shape == SHAPE_STACK) {
            build_stack(config, nodes, count);
        } else {
            build_tree(config, nodes, count);
        }
        double built = seconds();
        YGNodeCalculateLayout(nodes[0], NAN, NAN, DIRECTION_LTR);
        double laid_out = seconds();
        build_seconds[run] = built - start;
        layout_seconds[run] = laid_out - built;
        if (run == 0) {
            *tree_bytes = allocated_bytes() - before;
            child_counts[0] = YGNodeGetChildCount(nodes[0]);
            YGNodeRef first = child_or_null(nodes[0], 0);
            child_counts[1] = first != NULL ? YGNodeGetChildCount(first) : 0;
            write_checked_frames(nodes[0], frames);
        }
        free_nodes(nodes, count);
    }
    YGConfigFree(config);
    return 0;
}
