#!/usr/bin/env python3
"""Yoga (React Native's flexbox engine) on flex trees shaped like Canopy's constraint scenes.

Yoga is reached through the PyPI package ``poga``, whose extension module
``poga.libpoga_capi`` wraps Yoga's C API one function per function (``YGNodeNewWithConfig``,
``YGNodeStyleSetMargin``, ``YGNodeCalculateLayout``, ``YGNodeLayoutGetLeft``, ...), enums as
Python classes (``YGEdge.Top``, ``YGDirection.LTR``). poga 0.1.19 bundles Yoga 1.19.

What one run measures
    Exactly one ``YGNodeCalculateLayout`` call, timed with ``time.perf_counter_ns``, on a
    **freshly built tree** that has never been laid out: every node is dirty and Yoga's layout
    cache is empty, so the call does the whole layout. Building the tree (one Python call per
    node and style property) is not timed, and neither is freeing it.

The shapes (Canopy's ``ConstraintShape``, with flexbox in place of constraints)
    stack  a 1024x768 root, flex column, holding N-1 children: height 44, margin-top 8 (the
           first child 8 below the root's top, each later one 8 below the one before), margin
           16 left and right; the default ``align-items: stretch`` gives them width 992.
    tree   breadth first, fan-out 4: a node with children is a row with padding 4 on every
           edge; each child has flex-grow 1 and flex-basis 0 (equal widths), margin-left 4
           unless it comes first in its row, and stretches to the parent's height less 8.
           The root is 1024x768; N nodes in all, the root included.

Settings
    Yoga's own defaults (not the web's: flex-shrink 0, column direction) and a point scale
    factor of 1, so that Yoga rounds every edge to whole points in window space, as Canopy
    does when it applies solved frames to a scale-1 window (the generated scenes' scale).

Command line:
    yoga_peer.py --self-test                       frame checks on small trees
    yoga_peer.py --shape tree --sizes 1000,10000   time, print JSON
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from typing import Any

from poga import libpoga_capi as Y

SHAPES = ("stack", "tree")
WINDOW_WIDTH, WINDOW_HEIGHT = 1024.0, 768.0
TOLERANCE = 1e-3


class FrameMismatch(AssertionError):
    """Yoga laid a tree out differently from the hand-computed frames."""


def yoga_version() -> str:
    return Y.poga_yoga_version()


def _config():
    config = Y.YGConfigNew()
    # Canopy rounds frame edges to the window's pixel grid (scale 1 here); so does Yoga at 1.
    Y.YGConfigSetPointScaleFactor(config, 1.0)
    return config


def build_stack(count: int, config) -> list:
    """The stack shape with ``count`` nodes, the root included: every node, the root first."""
    new, set_height, set_margin = Y.YGNodeNewWithConfig, Y.YGNodeStyleSetHeight, Y.YGNodeStyleSetMargin
    horizontal, top = Y.YGEdge.Horizontal, Y.YGEdge.Top
    root = new(config)
    Y.YGNodeStyleSetWidth(root, WINDOW_WIDTH)
    Y.YGNodeStyleSetHeight(root, WINDOW_HEIGHT)
    Y.YGNodeStyleSetFlexDirection(root, Y.YGFlexDirection.Column)
    Y.YGNodeStyleSetAlignItems(root, Y.YGAlign.Stretch)
    children = []
    append = children.append
    for _ in range(count - 1):
        child = new(config)
        set_height(child, 44.0)
        set_margin(child, horizontal, 16.0)
        set_margin(child, top, 8.0)
        append(child)
    # One call instead of N inserts keeps the untimed build short at 1M nodes.
    Y.YGNodeSetChildren(root, children)
    children.insert(0, root)
    return children


def build_tree(count: int, config) -> list:
    """The tree shape with ``count`` nodes, the root included: every node, breadth first."""
    new = Y.YGNodeNewWithConfig
    set_grow, set_basis, set_margin = Y.YGNodeStyleSetFlexGrow, Y.YGNodeStyleSetFlexBasis, Y.YGNodeStyleSetMargin
    set_padding, set_direction, set_align = Y.YGNodeStyleSetPadding, Y.YGNodeStyleSetFlexDirection, Y.YGNodeStyleSetAlignItems
    set_children = Y.YGNodeSetChildren
    all_edges, left, row, stretch = Y.YGEdge.All, Y.YGEdge.Left, Y.YGFlexDirection.Row, Y.YGAlign.Stretch
    root = new(config)
    Y.YGNodeStyleSetWidth(root, WINDOW_WIDTH)
    Y.YGNodeStyleSetHeight(root, WINDOW_HEIGHT)
    queue = [root]
    head, made = 0, 1
    while made < count:
        parent = queue[head]
        head += 1
        set_direction(parent, row)
        set_align(parent, stretch)
        set_padding(parent, all_edges, 4.0)
        kids = []
        for i in range(min(4, count - made)):
            child = new(config)
            set_grow(child, 1.0)
            set_basis(child, 0.0)
            if i:
                set_margin(child, left, 4.0)
            kids.append(child)
        set_children(parent, kids)
        queue.extend(kids)
        made += len(kids)
    return queue


BUILDERS = {"stack": build_stack, "tree": build_tree}


def free_nodes(nodes: list) -> None:
    """Frees a tree given all its nodes, parents before children.

    YGNodeFreeRecursive removes children one at a time from the front of the parent's vector,
    which is quadratic in the fan-out (minutes for the 1M stack). YGNodeFree on a parent first
    detaches all its children at once, and a detached child then frees in constant time.
    """
    free = Y.YGNodeFree
    for node in nodes:
        free(node)
    nodes.clear()


def _frame(node) -> tuple[float, float, float, float]:
    return (Y.YGNodeLayoutGetLeft(node), Y.YGNodeLayoutGetTop(node),
            Y.YGNodeLayoutGetWidth(node), Y.YGNodeLayoutGetHeight(node))


def _expect(what: str, node, x: float, y: float, w: float, h: float) -> None:
    got = _frame(node)
    want = (x, y, w, h)
    if any(abs(g - e) > TOLERANCE for g, e in zip(got, want)):
        raise FrameMismatch(f"Yoga {what}: frame {got}, hand-computed {want}")


def check_frames(shape: str, root, count: int) -> None:
    """Compares a few laid-out frames with hand-computed ones; raises FrameMismatch."""
    _expect("root", root, 0, 0, WINDOW_WIDTH, WINDOW_HEIGHT)
    children = Y.YGNodeGetChildCount(root)
    if shape == "stack":
        if children != count - 1:
            raise FrameMismatch(f"Yoga stack root has {children} children, expected {count - 1}")
        for i in (0, 1, 2):
            if i < children:
                # Child i sits 8 + i*(44+8) down, 16 in, 1024 - 32 wide.
                _expect(f"stack child {i}", Y.YGNodeGetChild(root, i), 16, 8 + i * 52, 992, 44)
        last = children - 1
        # Yoga keeps positions in 32-bit floats; these tops are multiples of 4, which such
        # floats hold exactly below 2**26 points (the 1M stack ends near 52 million).
        if last >= 3 and 8 + last * 52 < 2 ** 26:
            _expect(f"stack child {last}", Y.YGNodeGetChild(root, last), 16, 8 + last * 52, 992, 44)
    elif shape == "tree":
        expected_kids = min(4, count - 1)
        if children != expected_kids:
            raise FrameMismatch(f"Yoga tree root has {children} children, expected {expected_kids}")
        if children == 4:
            w1 = (1024 - 8 - 3 * 4) / 4  # 251
            for i in range(4):
                _expect(f"tree root child {i}", Y.YGNodeGetChild(root, i), 4 + i * (w1 + 4), 4, w1, 760)
            first = Y.YGNodeGetChild(root, 0)
            if count >= 21 and Y.YGNodeGetChildCount(first) == 4:
                w2 = (w1 - 8 - 3 * 4) / 4  # 57.75 before rounding
                # Its edges in window space, 4 + 4 + 3*(w2 + 4) = 193.25 and 251, round to 193
                # and 251; its parent's left edge is 4.
                left, right = round(4 + 4 + 3 * (w2 + 4)), round(4 + 4 + 3 * (w2 + 4) + w2)
                _expect("tree grandchild 3 (child 3 of child 0)", Y.YGNodeGetChild(first, 3),
                        left - 4, 4, right - left, 752)
    else:
        raise ValueError(f"unknown shape {shape!r}")


def time_layout(shape: str, count: int, runs: int = 5, check: bool = True) -> dict[str, Any]:
    """Builds a fresh tree ``runs`` times and times one YGNodeCalculateLayout on each.

    Returns the samples and medians in seconds; the frames of the first run are checked
    (FrameMismatch) when ``check`` is true.
    """
    if shape not in BUILDERS:
        raise ValueError(f"unknown shape {shape!r}; expected one of {SHAPES}")
    if count < 1 or runs < 1:
        raise ValueError("count and runs must be at least 1")
    build = BUILDERS[shape]
    config = _config()
    layout, undefined, ltr = Y.YGNodeCalculateLayout, Y.YGUndefined, Y.YGDirection.LTR
    clock = time.perf_counter_ns
    layout_ns: list[int] = []
    build_ns: list[int] = []
    gc_was_enabled = gc.isenabled()
    # A million wrapper objects would otherwise set off full collections while building.
    gc.disable()
    try:
        for run in range(runs):
            b0 = clock()
            nodes = build(count, config)
            b1 = clock()
            root = nodes[0]
            t0 = clock()
            layout(root, undefined, undefined, ltr)
            t1 = clock()
            layout_ns.append(t1 - t0)
            build_ns.append(b1 - b0)
            try:
                if check and run == 0:
                    check_frames(shape, root, count)
            finally:
                del root
                free_nodes(nodes)
    finally:
        Y.YGConfigFree(config)
        if gc_was_enabled:
            gc.enable()
    layout_s = [n / 1e9 for n in layout_ns]
    build_s = [n / 1e9 for n in build_ns]
    return {
        "engine": "yoga",
        "shape": shape,
        "views": count,
        "runs": runs,
        "median_seconds": statistics.median(layout_s),
        "samples_seconds": layout_s,
        "build_median_seconds": statistics.median(build_s),
        "cold_median_seconds": statistics.median(b + l for b, l in zip(build_s, layout_s)),
        "frames_checked": check,
    }


def self_test() -> int:
    """Checks frames on small trees of both shapes; exit status 0 when all match."""
    failures = 0
    for shape in SHAPES:
        for count in (1, 2, 5, 21, 1000):
            try:
                time_layout(shape, count, runs=1, check=True)
            except FrameMismatch as e:
                failures += 1
                print(f"FAIL {shape} {count}: {e}", file=sys.stderr)
    # The check must be able to fail: a tree with the wrong gap is caught.
    config = _config()
    nodes = build_tree(21, config)
    root = nodes[0]
    Y.YGNodeStyleSetMargin(Y.YGNodeGetChild(root, 1), Y.YGEdge.Left, 5.0)
    Y.YGNodeCalculateLayout(root, Y.YGUndefined, Y.YGUndefined, Y.YGDirection.LTR)
    try:
        check_frames("tree", root, 21)
        failures += 1
        print("FAIL: a wrong tree passed the frame check", file=sys.stderr)
    except FrameMismatch:
        pass
    finally:
        free_nodes(nodes)
        Y.YGConfigFree(config)
    print(f"yoga_peer self-test: {'all frames match' if not failures else f'{failures} failures'}")
    return 1 if failures else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Time Yoga layouts of Canopy's benchmark shapes.")
    parser.add_argument("--self-test", action="store_true", help="check frames on small trees")
    parser.add_argument("--shape", choices=SHAPES + ("all",), default="all")
    parser.add_argument("--sizes", default="1000,10000", help="comma-separated node counts")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    if args.self_test:
        return self_test()
    shapes = SHAPES if args.shape == "all" else (args.shape,)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    results = [time_layout(shape, n, args.runs) for shape in shapes for n in sizes]
    print(json.dumps({"yoga": yoga_version(), "results": results}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
