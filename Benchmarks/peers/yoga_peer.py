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
    node and style property) is timed apart, and freeing it is not.

Native Yoga
    The same trees are also built and laid out by yoga_native.c, compiled here with the
    system's C compiler and linked at load time against the Yoga inside poga's module: the
    cold time without Python's calls (``native_cold_median_seconds``), and the bytes a node its
    tree held once laid out, by the allocator's count (``native_bytes_per_node``). Its frames
    are checked as poga's are. Without a C compiler the native figures are left out (said on
    standard error); the self-test then fails.

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
import ctypes
import gc
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

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


# A node's place below the root: the child indexes from the root down (``()`` is the root).
NodePath = tuple[int, ...]


def _expect(what: str, got: tuple[float, float, float, float], x: float, y: float, w: float, h: float) -> None:
    want = (x, y, w, h)
    if any(not abs(g - e) <= TOLERANCE for g, e in zip(got, want)):
        raise FrameMismatch(f"Yoga {what}: frame {got}, hand-computed {want}")


def check_frames(shape: str, count: int, children: Callable[[NodePath], int],
                 frame: Callable[[NodePath], tuple[float, float, float, float]]) -> None:
    """Compares a few laid-out frames with hand-computed ones; raises FrameMismatch.

    ``children`` gives the child count of the node at a path (the root and its child 0 are
    asked), ``frame`` its (left, top, width, height).
    """
    _expect("root", frame(()), 0, 0, WINDOW_WIDTH, WINDOW_HEIGHT)
    root_children = children(())
    if shape == "stack":
        if root_children != count - 1:
            raise FrameMismatch(f"Yoga stack root has {root_children} children, expected {count - 1}")
        for i in (0, 1, 2):
            if i < root_children:
                # Child i sits 8 + i*(44+8) down, 16 in, 1024 - 32 wide.
                _expect(f"stack child {i}", frame((i,)), 16, 8 + i * 52, 992, 44)
        last = root_children - 1
        # Yoga keeps positions in 32-bit floats; these tops are multiples of 4, which such
        # floats hold exactly below 2**26 points (the 1M stack ends near 52 million).
        if last >= 3 and 8 + last * 52 < 2 ** 26:
            _expect(f"stack child {last}", frame((last,)), 16, 8 + last * 52, 992, 44)
    elif shape == "tree":
        expected_kids = min(4, count - 1)
        if root_children != expected_kids:
            raise FrameMismatch(f"Yoga tree root has {root_children} children, expected {expected_kids}")
        if root_children == 4:
            w1 = (1024 - 8 - 3 * 4) / 4  # 251
            for i in range(4):
                _expect(f"tree root child {i}", frame((i,)), 4 + i * (w1 + 4), 4, w1, 760)
            if count >= 21 and children((0,)) == 4:
                w2 = (w1 - 8 - 3 * 4) / 4  # 57.75 before rounding
                # Its edges in window space, 4 + 4 + 3*(w2 + 4) = 193.25 and 251, round to 193
                # and 251; its parent's left edge is 4.
                left, right = round(4 + 4 + 3 * (w2 + 4)), round(4 + 4 + 3 * (w2 + 4) + w2)
                _expect("tree grandchild 3 (child 3 of child 0)", frame((0, 3)), left - 4, 4, right - left, 752)
    else:
        raise ValueError(f"unknown shape {shape!r}")


def check_poga_frames(shape: str, root, count: int) -> None:
    """check_frames on a tree built through poga."""
    def at(path: NodePath):
        n = root
        for index in path:
            n = Y.YGNodeGetChild(n, index)
        return n

    check_frames(shape, count, lambda path: Y.YGNodeGetChildCount(at(path)),
                 lambda path: (Y.YGNodeLayoutGetLeft(at(path)), Y.YGNodeLayoutGetTop(at(path)),
                               Y.YGNodeLayoutGetWidth(at(path)), Y.YGNodeLayoutGetHeight(at(path))))


NATIVE_SOURCE = Path(__file__).with_name("yoga_native.c")
# yoga_native.c's numbers for the enumerations it passes, checked against poga's.
NATIVE_ENUMS = {("YGEdge", "Left"): 0, ("YGEdge", "Top"): 1, ("YGEdge", "Horizontal"): 6, ("YGEdge", "All"): 8,
                ("YGFlexDirection", "Column"): 0, ("YGFlexDirection", "Row"): 2, ("YGAlign", "Stretch"): 4,
                ("YGDirection", "LTR"): 1}
NATIVE_SHAPES = {"stack": 0, "tree": 1}
# The frames yoga_native.c reports, by path: the root, its children 0 to 3, its last child
# (asked for by index), and child 3 of its child 0.
NATIVE_FRAME_PATHS = {(): 0, (0,): 1, (1,): 2, (2,): 3, (3,): 4, (0, 3): 6}
NATIVE_LAST_CHILD_FRAME = 5


class NativeYoga:
    """yoga_native.c, compiled once into a temporary directory and loaded against poga's Yoga."""

    def __init__(self) -> None:
        for (kind, name), value in NATIVE_ENUMS.items():
            if int(getattr(getattr(Y, kind), name)) != value:
                raise RuntimeError(f"poga's {kind}.{name} is {int(getattr(getattr(Y, kind), name))}, "
                                   f"not the {value} yoga_native.c passes")
        compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("clang") or shutil.which("gcc")
        if compiler is None:
            raise RuntimeError("no C compiler (cc, clang or gcc) to build yoga_native.c; set CC")
        self._directory = tempfile.TemporaryDirectory(prefix="canopy-yoga-native-")
        library = Path(self._directory.name) / "libyoga_native.so"
        subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", str(library), str(NATIVE_SOURCE), "-lm"],
                       check=True, capture_output=True, text=True)
        # poga's module, already loaded, is made global so that the library's calls into Yoga
        # resolve against it.
        ctypes.CDLL(Y.__file__, mode=os.RTLD_GLOBAL | os.RTLD_NOLOAD)
        self._time = ctypes.CDLL(str(library)).yoga_native_time
        self._time.restype = ctypes.c_int

    def time_layout(self, shape: str, count: int, runs: int, check: bool) -> tuple[list[float], list[float], float]:
        """Build and layout seconds of ``runs`` trees built and laid out natively, and the bytes
        the first held once laid out; its frames are checked (FrameMismatch) when ``check`` is
        true."""
        doubles = ctypes.c_double * runs
        build, layout = doubles(), doubles()
        child_counts = (ctypes.c_uint32 * 2)()
        frames = (ctypes.c_double * (4 * 7))()
        nodes = (ctypes.c_void_p * count)()
        tree_bytes = ctypes.c_double()
        status = self._time(NATIVE_SHAPES[shape], ctypes.c_uint32(count), ctypes.c_uint32(runs), nodes, build,
                            layout, child_counts, frames, ctypes.byref(tree_bytes))
        if status != 0:
            raise ValueError(f"yoga_native_time refused {shape} {count} {runs}")
        if check:
            last = child_counts[0] - 1

            def frame(path: NodePath) -> tuple[float, float, float, float]:
                index = NATIVE_LAST_CHILD_FRAME if path == (last,) and last >= 4 else NATIVE_FRAME_PATHS[path]
                return tuple(frames[4 * index + k] for k in range(4))

            check_frames(shape, count, lambda path: child_counts[0] if path == () else child_counts[1], frame)
        return list(build), list(layout), tree_bytes.value


_native: NativeYoga | None = None
_native_tried = False


def native() -> NativeYoga | None:
    """The native timer, built on first use; ``None`` (said once on standard error) when it
    cannot be built, and the native figures are then left out."""
    global _native, _native_tried
    if not _native_tried:
        _native_tried = True
        try:
            _native = NativeYoga()
        except (RuntimeError, OSError, subprocess.CalledProcessError) as e:
            detail = e.stderr.strip() if isinstance(e, subprocess.CalledProcessError) and e.stderr else str(e)
            print(f"yoga_peer: no native timing: {detail}", file=sys.stderr)
    return _native


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
                    check_poga_frames(shape, root, count)
            finally:
                del root
                free_nodes(nodes)
    finally:
        Y.YGConfigFree(config)
        if gc_was_enabled:
            gc.enable()
    layout_s = [n / 1e9 for n in layout_ns]
    build_s = [n / 1e9 for n in build_ns]
    timer = native()
    native_build, native_layout, native_bytes = timer.time_layout(shape, count, runs, check) if timer else ([], [], 0)
    result = {
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
    if timer:
        result["native_build_median_seconds"] = statistics.median(native_build)
        result["native_median_seconds"] = statistics.median(native_layout)
        result["native_cold_median_seconds"] = statistics.median(b + l for b, l in zip(native_build, native_layout))
        result["native_bytes_per_node"] = native_bytes / count
    return result


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
        check_poga_frames("tree", root, 21)
        failures += 1
        print("FAIL: a wrong tree passed the frame check", file=sys.stderr)
    except FrameMismatch:
        pass
    finally:
        free_nodes(nodes)
        Y.YGConfigFree(config)
    if native() is None:
        failures += 1
        print("FAIL: the native build could not be made (see above)", file=sys.stderr)
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
