#!/usr/bin/env python3
"""Canopy scene files laid out by kiwisolver: an independent reference for Canopy's Auto Layout.

This module reads a scene file (docs/scene-format.md), builds the constraint system that
"What a constraint means" describes, solves it with kiwisolver (a C++ Cassowary solver) and
gives each view's and guide's solved rect ``[x, y, width, height]`` in window space. It shares
no code with Canopy: everything here is written from the document.

The system
    * Every view in the system and every guide added with ``addLayoutGuide`` that a constraint
      names gets four unknowns: left, width, top, height, in window space. A margins guide has
      none of its own: it is its owner's box shrunk by the owner's layout margins.
    * Which views are in the system: the window; every view a constraint names (naming a
      view's margins guide names the view); and, repeatedly, the superview of a view in the
      system that has ``translatesAutoresizingMaskIntoConstraints``.
    * The window: left = 0, top = 0, width and height its frame size, all required.
    * A view in the system with the flag (the window aside) keeps its frame relative to its
      superview, per axis: of (left margin, size, right margin), measured against the
      superview's size in the file, the fixed parts keep their lengths and the flexible parts
      share what is left in their current proportions (equally when those are all zero, an
      error when they are not but sum to zero); with
      no flexible part, the left margin and the size are kept. The margins are measured from
      the superview's edges: the left margin is ``frame.x - superview.boundsOrigin.x``, so with
      the parts unchanged window-space left = superview left - boundsOrigin.x + frame.x.
      Required.
    * A view without the flag in the system, with an intrinsic size in a dimension:
      ``size <= intrinsic`` at its hugging priority, ``size >= intrinsic`` at its
      compression-resistance priority.
    * A constraint is ``first - multiplier * second (relation) constant`` over the attribute
      expressions of the document's table. Locations with a multiplier other than 1 are
      measured from the holder's ``left - boundsOrigin.x`` (``top - boundsOrigin.y``), the
      holder being the nearest view containing both items (a guide counts as its owner). A
      holder outside the system sits where its frame puts it under its nearest ancestor in the
      system, so it moves with that ancestor. Only sizes may be related to a plain number. When
      the first item lays out right to left and the first attribute is a leading or trailing
      one (margins included), the constant is negated.
    * Right to left: a view's ``semanticContentAttribute`` forces its direction; "unspecified"
      takes the nearest ancestor's forced one, else the window's ``layoutDirection``. A guide lays out as its owner.
    * Guides have no layout margins of their own: margin attributes on a guide are its edges.

Priorities and kiwi strengths
    Priority 1000 is ``kiwisolver.strength.required``. Canopy's priorities are strict (no
    number of violations at one priority outweighs one at a higher priority); kiwi instead
    minimises one weighted sum, and its non-required strengths span only about nine decades
    (``strength.create(a, b, c) = a*1e6 + b*1e3 + c``, each part at most 1000). Weighting by the
    raw priority (999 levels in nine decades) would leave neighbouring priorities about 2%
    apart, far from strict, so the weight grows geometrically with the priority's *rank*
    among the distinct non-required priorities the scene uses: with k of them, the one of
    rank r (0 = lowest) weighs ``base ** r``, ``base = min(1000, 1e9 ** (1 / (k - 1)))``, so
    the highest weighs at most 1e9 (``strength.create(1000, 0, 0)``), below kiwi's required
    1001001000, and the lowest weighs 1. Up to four distinct priorities are a factor 1000
    apart; more of them share the nine decades.
    Within a priority Canopy minimises violations in the least-squares sense, kiwi in the
    sum-of-absolute-values sense; the two agree when every soft constraint is either satisfied
    at the optimum or in conflict with required constraints only.

Not modelled: stack views with arranged subviews (their constraints are not in the file), and
class-specific intrinsic sizes (a view without ``intrinsicContentSize`` has none here).

Timing (``time_scene``): ``load_seconds`` reads and parses the JSON; ``build_seconds`` makes
the model from the parsed scene, the kiwi variables and every ``kiwisolver.Constraint``;
``solve_seconds`` is the ``Solver.addConstraint`` calls plus ``Solver.updateVariables``.
Reading the solved values back is not timed.

Command line:
    scene_kiwi.py SCENE.json      print {"views": {id: rect or null}} as JSON
    scene_kiwi.py --time SCENE.json
    scene_kiwi.py --self-test     hand-computed scenes; exit 0 when all match
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import kiwisolver as kiwi

REQUIRED = 1000

HORIZONTAL = frozenset({
    "left", "right", "centerX", "width", "leading", "trailing", "leftMargin", "rightMargin",
    "leadingMargin", "trailingMargin", "centerXWithinMargins",
})
VERTICAL = frozenset({
    "top", "bottom", "centerY", "height", "firstBaseline", "lastBaseline", "topMargin",
    "bottomMargin", "centerYWithinMargins",
})
SIZES = frozenset({"width", "height"})
DIRECTIONAL = frozenset({"leading", "trailing", "leadingMargin", "trailingMargin"})
RELATIONS = ("==", "<=", ">=")


class SceneError(Exception):
    """A scene this reference cannot read or does not model."""


# A linear expression: ({variable index: coefficient}, constant). Plain dicts keep the
# arithmetic cheap and let terms on the same unknown cancel before kiwi sees them.
def _lin(const: float = 0.0, terms: dict[int, float] | None = None) -> tuple[dict[int, float], float]:
    return (dict(terms) if terms else {}, float(const))


def _add(a, b, scale: float = 1.0):
    terms = dict(a[0])
    for k, v in b[0].items():
        terms[k] = terms.get(k, 0.0) + scale * v
    return (terms, a[1] + scale * b[1])


def _scale(a, s: float):
    return ({k: v * s for k, v in a[0].items()}, a[1] * s)


def _plus(a, c: float):
    return (a[0], a[1] + c)


class _Item:
    """A view or guide: its box in window space as four linear expressions."""

    __slots__ = ("id", "kind", "view", "margins", "rtl", "box")

    def __init__(self, ident: str, kind: str, view: "_View"):
        self.id = ident
        self.kind = kind          # "view", "margins", "guide"
        self.view = view          # the view itself, or the guide's owner
        self.margins = (0.0, 0.0, 0.0, 0.0)   # top, left, bottom, right
        self.rtl = False
        self.box = None           # (left, width, top, height) expressions once in the system


class _View:
    __slots__ = ("id", "parent", "children", "frame", "bounds_origin", "flag", "mask",
                 "semantic", "intrinsic", "hugging", "compression", "layout_margins", "depth",
                 "is_stack")

    def __init__(self, raw: dict):
        self.id = raw["id"]
        self.parent = raw.get("parent")
        self.children: list[_View] = []
        x, y, w, h = (float(v) for v in raw.get("frame", [0, 0, 0, 0]))
        if "center" in raw:
            # The centre is the anchor point's place in the superview: it wins over the frame's
            # origin, the frame's size stays.
            ax, ay = (float(v) for v in raw.get("anchorPoint", [0.5, 0.5]))
            cx, cy = (float(v) for v in raw["center"])
            x, y = cx - ax * w, cy - ay * h
        self.frame = (x, y, w, h)
        self.bounds_origin = tuple(float(v) for v in raw.get("boundsOrigin", [0, 0]))
        self.flag = bool(raw.get("translatesAutoresizingMaskIntoConstraints", True))
        self.mask = frozenset(raw.get("autoresizingMask", []))
        self.semantic = raw.get("semanticContentAttribute", "unspecified")
        self.intrinsic = tuple(float(v) for v in raw.get("intrinsicContentSize", [-1, -1]))
        self.hugging = tuple(int(v) for v in raw.get("hugging", [250, 250]))
        self.compression = tuple(int(v) for v in raw.get("compressionResistance", [750, 750]))
        self.layout_margins = tuple(float(v) for v in raw.get("layoutMargins", [8, 8, 8, 8]))
        self.is_stack = bool(raw.get("stack", {}).get("arranged"))
        self.depth = 0


class KiwiScene:
    """One scene: the model, then its constraints for kiwi, then the solved rects."""

    def __init__(self, scene: dict):
        if scene.get("format") != "canopy-scene" or scene.get("version") != 1:
            raise SceneError("not a canopy-scene version 1 file")
        window = scene.get("window", {}) or {}
        self.window_rtl = window.get("layoutDirection", "leftToRight") == "rightToLeft"
        self.views: dict[str, _View] = {}
        self.order: list[_View] = []
        for i, raw in enumerate(scene["views"]):
            v = _View(raw)
            if v.id in self.views:
                raise SceneError(f"views[{i}]: id {v.id!r} used twice")
            self.views[v.id] = v
            self.order.append(v)
        if not self.order or self.order[0].parent is not None:
            raise SceneError("the first view must be the window")
        self.window = self.order[0]
        for v in self.order[1:]:
            if v.parent not in self.views:
                raise SceneError(f"view {v.id!r}: unknown parent {v.parent!r}")
            self.views[v.parent].children.append(v)
        # Depths from the window down, for nearest-common-ancestor walks (parents may be listed
        # after their children, so walk the tree rather than the list).
        stack = [self.window]
        seen = 0
        while stack:
            v = stack.pop()
            seen += 1
            for c in v.children:
                c.depth = v.depth + 1
                stack.append(c)
        if seen != len(self.order):
            raise SceneError("the parents form a cycle")

        self.items: dict[str, _Item] = {}
        for v in self.order:
            it = _Item(v.id, "view", v)
            it.margins = v.layout_margins
            it.rtl = self._view_rtl(v)
            self.items[v.id] = it
        for i, raw in enumerate(scene.get("guides", []) or []):
            owner = self.views.get(raw.get("owner"))
            if owner is None:
                raise SceneError(f"guides[{i}]: unknown owner {raw.get('owner')!r}")
            if raw["id"] in self.items:
                raise SceneError(f"guides[{i}]: id {raw['id']!r} used twice")
            it = _Item(raw["id"], "margins" if raw.get("margins") else "guide", owner)
            it.rtl = self._view_rtl(owner)
            self.items[raw["id"]] = it
        self.raw_constraints = scene.get("constraints", []) or []

    def _view_rtl(self, v: _View | None) -> bool:
        while v is not None:
            if v.semantic == "forceRightToLeft":
                return True
            if v.semantic == "forceLeftToRight":
                return False
            v = self.views.get(v.parent)
        return self.window_rtl

    # ---------------------------------------------------------------- building

    def build(self) -> None:
        """Decides the system, makes the unknowns and every kiwi constraint (not yet added)."""
        rows: list[tuple[tuple[dict[int, float], float], str, int]] = []
        self._rows = rows
        self.variables: list[kiwi.Variable] = []

        named_views: set[str] = set()
        named_guides: set[str] = set()
        parsed = []
        for i, c in enumerate(self.raw_constraints):
            first = self.items.get(c.get("first"))
            if first is None:
                raise SceneError(f"constraints[{i}].first: unknown item {c.get('first')!r}")
            second = None
            if c.get("second") is not None:
                second = self.items.get(c["second"])
                if second is None:
                    raise SceneError(f"constraints[{i}].second: unknown item {c['second']!r}")
            for it in (first, second):
                if it is None:
                    continue
                if it.kind == "guide":
                    named_guides.add(it.id)
                else:
                    named_views.add(it.view.id)
            parsed.append((i, c, first, second))

        in_system: set[str] = {self.window.id}
        todo = list(named_views)
        while todo:
            vid = todo.pop()
            if vid in in_system:
                continue
            in_system.add(vid)
            v = self.views[vid]
            if v.flag:
                todo.append(v.parent)   # its autoresizing rows are written against the parent
        self.in_system = in_system

        for v in self.order:
            if v.id in in_system:
                if v.is_stack:
                    raise SceneError(f"view {v.id!r}: stack views are not modelled")
                self.items[v.id].box = self._new_box(v.id)
        for gid in named_guides:
            self.items[gid].box = self._new_box(gid)
        for it in self.items.values():
            if it.kind == "margins" and it.view.id in in_system:
                left, width, top, height = self.items[it.view.id].box
                mt, ml, mb, mr = it.view.layout_margins
                it.box = (_plus(left, ml), _plus(width, -ml - mr), _plus(top, mt), _plus(height, -mt - mb))

        # The window keeps its place and size.
        wl, ww, wt, wh = self.items[self.window.id].box
        fx, fy, fw, fh = self.window.frame
        rows += [(wl, "==", REQUIRED), (wt, "==", REQUIRED),
                 (_plus(ww, -fw), "==", REQUIRED), (_plus(wh, -fh), "==", REQUIRED)]

        for v in self.order:
            if v.id not in in_system or v is self.window:
                continue
            box = self.items[v.id].box
            if v.flag:
                self._autoresizing_rows(v, box)
            else:
                self._intrinsic_rows(v, box)

        for i, c, first, second in parsed:
            self._constraint_row(i, c, first, second)

        # Strengths: rank-based geometric weights (see the module docstring).
        soft = sorted({p for _, _, p in rows if p < REQUIRED})
        self.weights = _weights(soft)
        self.kiwi_constraints = []
        for (terms, const), op, p in rows:
            expr = kiwi.Expression([kiwi.Term(self.variables[k], c) for k, c in terms.items() if c != 0.0], const)
            if op == "==":
                con = expr == 0
            elif op == "<=":
                con = expr <= 0
            else:
                con = expr >= 0
            strength = kiwi.strength.required if p >= REQUIRED else self.weights[p]
            self.kiwi_constraints.append(con | strength)

    def _new_box(self, ident: str):
        base = len(self.variables)
        for name in ("left", "width", "top", "height"):
            self.variables.append(kiwi.Variable(f"{ident}.{name}"))
        return tuple(_lin(0.0, {base + k: 1.0}) for k in range(4))

    def _window_origin(self, v: _View, axis: int):
        """The view's untransformed left (axis 0) or top (axis 1) in window space."""
        # Outside the system a view keeps its frame under its superview: walk up (without
        # recursion, trees can be deep) to the nearest view with unknowns.
        offset = 0.0
        while self.items[v.id].box is None:
            parent = self.views[v.parent]
            offset += v.frame[axis] - parent.bounds_origin[axis]
            v = parent
        box = self.items[v.id].box
        return _plus(box[0] if axis == 0 else box[2], offset)

    def _autoresizing_rows(self, v: _View, box) -> None:
        parent = self.views[v.parent]
        pbox = self.items[parent.id].box
        for axis, (lead, size, trail) in enumerate((
            ("flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin"),
            ("flexibleTopMargin", "flexibleHeight", "flexibleBottomMargin"),
        )):
            # Margins are lengths from the superview's edges, whose bounds start at its
            # bounds origin: a scrolled superview moves the margins, not the frame.
            origin = v.frame[axis] - parent.bounds_origin[axis]
            extent = v.frame[axis + 2]
            parent_extent = parent.frame[axis + 2]
            parts = (origin, extent, parent_extent - origin - extent)
            flexible = (lead in v.mask, size in v.mask, trail in v.mask)
            p_start = pbox[0] if axis == 0 else pbox[2]
            p_size = pbox[1] if axis == 0 else pbox[3]
            my_start = box[0] if axis == 0 else box[2]
            my_size = box[1] if axis == 0 else box[3]
            if not any(flexible):
                new_lead = _lin(origin)
                new_size = _lin(extent)
            else:
                fixed = sum(p for p, f in zip(parts, flexible) if not f)
                rest = _plus(p_size, -fixed)          # what the flexible parts share
                flex_sum = sum(p for p, f in zip(parts, flexible) if f)
                n_flex = sum(flexible)

                if flex_sum == 0 and any(p != 0 for p, f in zip(parts, flexible) if f):
                    raise SceneError(f"view {v.id!r}: flexible parts {parts} have no proportions")

                def share(k):
                    if not flexible[k]:
                        return _lin(parts[k])
                    ratio = parts[k] / flex_sum if flex_sum != 0 else 1.0 / n_flex
                    return _scale(rest, ratio)

                new_lead, new_size = share(0), share(1)
            start = _add(p_start, new_lead)
            self._rows.append((_add(my_start, start, -1.0), "==", REQUIRED))
            self._rows.append((_add(my_size, new_size, -1.0), "==", REQUIRED))

    def _intrinsic_rows(self, v: _View, box) -> None:
        for axis in (0, 1):
            size = v.intrinsic[axis]
            if size < 0:
                continue
            expr = _plus(box[1] if axis == 0 else box[3], -size)
            self._rows.append((expr, "<=", v.hugging[axis]))
            self._rows.append((expr, ">=", v.compression[axis]))

    def _attribute(self, it: _Item, attr: str):
        left, width, top, height = it.box
        mt, ml, mb, mr = it.margins if it.kind == "view" else (0.0, 0.0, 0.0, 0.0)
        right = _add(left, width)
        bottom = _add(top, height)
        if attr == "leading":
            attr = "right" if it.rtl else "left"
        elif attr == "trailing":
            attr = "left" if it.rtl else "right"
        elif attr == "leadingMargin":
            attr = "rightMargin" if it.rtl else "leftMargin"
        elif attr == "trailingMargin":
            attr = "leftMargin" if it.rtl else "rightMargin"
        if attr == "left":
            return left
        if attr == "right":
            return right
        if attr == "top":
            return top
        if attr in ("bottom", "firstBaseline", "lastBaseline"):
            return bottom
        if attr == "width":
            return width
        if attr == "height":
            return height
        if attr == "centerX":
            return _add(left, width, 0.5)
        if attr == "centerY":
            return _add(top, height, 0.5)
        if attr == "leftMargin":
            return _plus(left, ml)
        if attr == "rightMargin":
            return _plus(right, -mr)
        if attr == "topMargin":
            return _plus(top, mt)
        if attr == "bottomMargin":
            return _plus(bottom, -mb)
        if attr == "centerXWithinMargins":
            return _plus(_add(left, width, 0.5), (ml - mr) / 2)
        if attr == "centerYWithinMargins":
            return _plus(_add(top, height, 0.5), (mt - mb) / 2)
        raise SceneError(f"unknown attribute {attr!r}")

    def _holder(self, a: _View, b: _View) -> _View:
        while a.depth > b.depth:
            a = self.views[a.parent]
        while b.depth > a.depth:
            b = self.views[b.parent]
        while a is not b:
            a, b = self.views[a.parent], self.views[b.parent]
        return a

    def _constraint_row(self, i: int, c: dict, first: _Item, second: _Item | None) -> None:
        fa = c.get("firstAttribute")
        if fa not in HORIZONTAL and fa not in VERTICAL:
            raise SceneError(f"constraints[{i}].firstAttribute: {fa!r}")
        relation = c.get("relation", "==")
        if relation not in RELATIONS:
            raise SceneError(f"constraints[{i}].relation: {relation!r}")
        multiplier = float(c.get("multiplier", 1.0))
        constant = float(c.get("constant", 0.0))
        priority = int(c.get("priority", REQUIRED))
        if not 1 <= priority <= REQUIRED:
            raise SceneError(f"constraints[{i}].priority: {priority}")
        if first.rtl and fa in DIRECTIONAL:
            constant = -constant          # a leading/trailing constant runs leftwards
        expr = self._attribute(first, fa)
        if second is None:
            if fa not in SIZES:
                # Only a size may be compared with a plain number, whatever the relation.
                raise SceneError(f"constraints[{i}]: a location related to a constant")
            if c.get("secondAttribute") is not None:
                raise SceneError(f"constraints[{i}]: a second attribute without a second item")
        else:
            sa = c.get("secondAttribute")
            if sa not in HORIZONTAL and sa not in VERTICAL:
                raise SceneError(f"constraints[{i}].secondAttribute: {sa!r}")
            if (fa in SIZES) != (sa in SIZES):
                raise SceneError(f"constraints[{i}]: a location related to a size")
            if fa not in SIZES and (fa in HORIZONTAL) != (sa in HORIZONTAL):
                raise SceneError(f"constraints[{i}]: locations on different axes")
            if multiplier == 0:
                raise SceneError(f"constraints[{i}].multiplier: zero")
            expr = _add(expr, self._attribute(second, sa), -multiplier)
            if fa not in SIZES and multiplier != 1.0:
                # first - X = m (second - X) + c  <=>  first - m second - (1 - m) X = c
                holder = self._holder(first.view, second.view)
                axis = 0 if fa in HORIZONTAL else 1
                x = _plus(self._window_origin(holder, axis), -holder.bounds_origin[axis])
                expr = _add(expr, x, -(1.0 - multiplier))
        self._rows.append((_plus(expr, -constant), relation, priority))

    # ---------------------------------------------------------------- solving

    def solve(self) -> None:
        self.solver = kiwi.Solver()
        add = self.solver.addConstraint
        for con in self.kiwi_constraints:
            add(con)
        self.solver.updateVariables()

    def rects(self) -> dict[str, list[float] | None]:
        out: dict[str, list[float] | None] = {}
        for ident, it in self.items.items():
            if it.box is None:
                out[ident] = None
                continue
            vals = []
            for terms, const in it.box:
                vals.append(const + sum(c * self.variables[k].value() for k, c in terms.items()))
            left, width, top, height = vals
            out[ident] = [left, top, width, height]
        return out


def _weights(soft_priorities: list[int]) -> dict[int, float]:
    k = len(soft_priorities)
    base = 1000.0 if k <= 1 else min(1000.0, 1e9 ** (1.0 / (k - 1)))
    return {p: base ** r for r, p in enumerate(soft_priorities)}


def load_scene(path: str) -> dict:
    with open(path, "rb") as f:
        return json.load(f)


def solve_scene(scene: str | dict) -> dict[str, list[float] | None]:
    """Solved rects [x, y, width, height] in window space, by view or guide id; None for an
    item outside the system (a view no constraint reaches, a guide no constraint names)."""
    if not isinstance(scene, dict):
        scene = load_scene(scene)
    ks = KiwiScene(scene)
    ks.build()
    ks.solve()
    return ks.rects()


def time_scene(path: str) -> dict[str, Any]:
    """Wall-clock seconds (time.perf_counter) of one layout of the scene by kiwi.

    build_seconds: from the parsed JSON to every kiwisolver.Constraint made (model, system
    membership, variables, expressions, strengths). solve_seconds: Solver.addConstraint for
    each constraint plus Solver.updateVariables. load_seconds: reading and parsing the file.
    views: the views in the scene; system_views: those in the Auto Layout system;
    constraints: the kiwi constraints added.
    """
    t0 = time.perf_counter()
    scene = load_scene(path)
    t1 = time.perf_counter()
    ks = KiwiScene(scene)
    ks.build()
    t2 = time.perf_counter()
    ks.solve()
    t3 = time.perf_counter()
    return {
        "build_seconds": t2 - t1,
        "solve_seconds": t3 - t2,
        "load_seconds": t1 - t0,
        "views": len(ks.order),
        "system_views": len(ks.in_system),
        "constraints": len(ks.kiwi_constraints),
    }


# -------------------------------------------------------------------- self-test
#
# Each case: a scene and the rects worked out by hand from the document. Comments show the sums.

def _scene(views, constraints=(), guides=(), direction="leftToRight"):
    return {"format": "canopy-scene", "version": 1,
            "window": {"scale": 2, "layoutDirection": direction},
            "views": list(views), "guides": list(guides), "constraints": list(constraints)}


def _c(first, fa, second=None, sa=None, rel="==", m=1.0, k=0.0, p=1000):
    c = {"first": first, "firstAttribute": fa, "relation": rel, "constant": k, "priority": p}
    if second is not None:
        c.update(second=second, secondAttribute=sa, multiplier=m)
    return c


W = {"id": "window", "class": "Window", "frame": [0, 0, 400, 800]}
AL = {"translatesAutoresizingMaskIntoConstraints": False}


def _self_test_cases():
    cases = []

    # 1. Edges, centres, sizes, baselines and margin attributes on one axis each.
    #    window 400x800. box: margins top 10, left 20, bottom 30, right 40.
    #    box.leftMargin == window.left + 50      -> box.left = 50 - 20 = 30
    #    box.width == 200                         -> box.right = 230
    #    box.topMargin == window.topMargin + 2    -> window.topMargin = 8, box.top = 10 - 10 = 0
    #    box.bottomMargin == window.centerY       -> box.bottom - 30 = 400, bottom = 430, h = 430
    #    a.left == box.rightMargin                -> 230 - 40 = 190
    #    a.right == box.centerXWithinMargins      -> 30 + 100 + (20 - 40)/2 = 120... a.right = 120
    #    a.width == 0.5 * box.width - 30          -> 70, so a.left = 50  (this overrides the
    #       a.left row above: that one is at priority 500 and loses)
    #    a.top == box.lastBaseline + 5            -> 435
    #    a.height == box.height, multiplier 0.1   -> 43
    #    b.centerX == box.centerX                 -> 130, b.width == 20 -> b.left = 120
    #    b.firstBaseline == box.centerYWithinMargins -> 215 + (10 - 30)/2 = 205 = b.bottom
    #    b.height == 10                           -> b.top = 195
    #    c.rightMargin == box.right ; c.bottomMargin == box.bottom; c margins default 8
    #    c.width == 10, c.height == 10            -> c.right = 238, left = 228; bottom 438, top 428
    #    d.centerY == box.topMargin, d.left == box.leftMargin, d 4x6 -> top = 10 - 3 = 7, left = 50
    cases.append(("attributes", _scene([
        W,
        {"id": "box", "parent": "window", **AL, "layoutMargins": [10, 20, 30, 40]},
        {"id": "a", "parent": "window", **AL},
        {"id": "b", "parent": "window", **AL},
        {"id": "c", "parent": "window", **AL},
        {"id": "d", "parent": "window", **AL},
    ], [
        _c("box", "leftMargin", "window", "left", k=50),
        _c("box", "width", k=200),
        _c("box", "topMargin", "window", "topMargin", k=2),
        _c("box", "bottomMargin", "window", "centerY"),
        _c("a", "left", "box", "rightMargin", p=500),
        _c("a", "right", "box", "centerXWithinMargins"),
        _c("a", "width", "box", "width", m=0.5, k=-30),
        _c("a", "top", "box", "lastBaseline", k=5),
        _c("a", "height", "box", "height", m=0.1),
        _c("b", "centerX", "box", "centerX"),
        _c("b", "width", k=20),
        _c("b", "firstBaseline", "box", "centerYWithinMargins"),
        _c("b", "height", k=10),
        _c("c", "rightMargin", "box", "right"),
        _c("c", "bottomMargin", "box", "bottom"),
        _c("c", "width", k=10),
        _c("c", "height", k=10),
        _c("d", "centerY", "box", "topMargin"),
        _c("d", "left", "box", "leftMargin"),
        _c("d", "width", k=4),
        _c("d", "height", k=6),
    ]), {
        "window": [0, 0, 400, 800],
        "box": [30, 0, 200, 430],
        "a": [50, 435, 70, 43],
        "b": [120, 195, 20, 10],
        "c": [228, 428, 10, 10],
        "d": [50, 7, 4, 6],
    }))

    # 2. Guides. window margins default 8, so window.margins = [8, 8, 384, 784].
    #    spacer (addLayoutGuide on window): left == window.margins.left + 12 -> 20,
    #    width == 100, top == window.margins.centerY -> 8 + 392 = 400, height == window.margins.height
    #    * 0.25 -> 196.
    #    card: left == spacer.right -> 120; right == window.margins.trailing -> 392, width 272;
    #    top == spacer.bottom -> 596; height 50.
    #    card.margins (card's margins [1, 2, 3, 4]): [122, 597, 266, 46].
    #    dot: center in card's margins guide: centerX == card.margins.centerX -> 122 + 133 = 255,
    #    width 10 -> left 250; centerY == card.margins.centerY -> 597 + 23 = 620, height 10 -> 615.
    #    dot.leftMargin on a guide is the guide's left: inner (guide of card): left ==
    #    card.margins.leftMargin -> 122 (a guide has no margins), width == dot.width * 3 -> 30,
    #    top == card.top, height == 5.
    cases.append(("guides", _scene([
        W,
        {"id": "card", "parent": "window", **AL, "layoutMargins": [1, 2, 3, 4]},
        {"id": "dot", "parent": "card", **AL},
    ], [
        _c("spacer", "left", "window.margins", "left", k=12),
        _c("spacer", "width", k=100),
        _c("spacer", "top", "window.margins", "centerY"),
        _c("spacer", "height", "window.margins", "height", m=0.25),
        _c("card", "left", "spacer", "right"),
        _c("card", "right", "window.margins", "trailing"),
        _c("card", "top", "spacer", "bottom"),
        _c("card", "height", k=50),
        _c("dot", "centerX", "card.margins", "centerX"),
        _c("dot", "width", k=10),
        _c("dot", "centerY", "card.margins", "centerY"),
        _c("dot", "height", k=10),
        _c("inner", "left", "card.margins", "leftMargin"),
        _c("inner", "width", "dot", "width", m=3),
        _c("inner", "top", "card", "top"),
        _c("inner", "height", k=5),
    ], guides=[
        {"id": "window.margins", "owner": "window", "margins": True},
        {"id": "spacer", "owner": "window"},
        {"id": "card.margins", "owner": "card", "margins": True},
        {"id": "inner", "owner": "card"},
    ]), {
        "window": [0, 0, 400, 800],
        "window.margins": [8, 8, 384, 784],
        "spacer": [20, 400, 100, 196],
        "card": [120, 596, 272, 50],
        "card.margins": [122, 597, 266, 46],
        "dot": [250, 615, 10, 10],
        "inner": [122, 596, 30, 5],
    }))

    # 3. Multipliers on locations, measured from the holder.
    #    panel: autoresizing, frame [100, 50, 200, 300] in window, boundsOrigin (10, 20); named
    #    below, so in the system, and it keeps its frame: [100, 50, 200, 300]. As a holder:
    #    X = 100 - 10 = 90, Y = 50 - 20 = 30.
    #    a (in panel): a.left == 0.5 * panel.right (holder panel): a.left - 90 = 0.5 (300 - 90)
    #       -> a.left = 195; a.width 20.
    #    a.top == 2 * panel.top + 5: a.top - 30 = 2 (50 - 30) + 5 -> a.top = 75; height 20.
    #    b (in panel): b.centerX == 0.5 * a.centerX (holder panel): c_b - 90 = 0.5 (205 - 90)
    #       -> 147.5; width 10 -> left 142.5.
    #    b.bottom == 0.25 * a.bottom (holder panel): bottom_b - 30 = 0.25 (95 - 30) -> 46.25;
    #       height 10 -> top 36.25.
    #    c (in window): c.left == 2 * a.left (holder window, X = 0): 390. c.top == a.top, 1 ->
    #       75 (multiplier 1 needs no holder). c 5x5.
    #    A holder outside the system: panel2 (flag, frame [40, 30, 100, 100]) is named by no
    #    constraint and its subviews p, q have no flag, so its place comes from its frame:
    #    X = 40, Y = 30. p: left 60, top 40 (multiplier 1), 10x10.
    #    q.left == 0.5 * p.left: q.left - 40 = 0.5 (60 - 40) -> 50.
    #    q.top == 3 * p.top - 10: q.top - 30 = 3 (40 - 30) - 10 -> 50. q 10x10.
    mul = [
        _c("a", "left", "panel", "right", m=0.5),
        _c("a", "width", k=20),
        _c("a", "top", "panel", "top", m=2, k=5),
        _c("a", "height", k=20),
        _c("b", "centerX", "a", "centerX", m=0.5),
        _c("b", "width", k=10),
        _c("b", "bottom", "a", "bottom", m=0.25),
        _c("b", "height", k=10),
        _c("c", "left", "a", "left", m=2),
        _c("c", "top", "a", "top"),
        _c("p", "left", "window", "left", k=60),
        _c("p", "top", "window", "top", k=40),
        _c("q", "left", "p", "left", m=0.5),
        _c("q", "top", "p", "top", m=3, k=-10),
    ]
    for v, size in (("c", 5), ("p", 10), ("q", 10)):
        mul += [_c(v, "width", k=size), _c(v, "height", k=size)]
    cases.append(("multiplier holder", _scene([
        W,
        {"id": "panel", "parent": "window", "frame": [100, 50, 200, 300], "boundsOrigin": [10, 20]},
        {"id": "a", "parent": "panel", **AL},
        {"id": "b", "parent": "panel", **AL},
        {"id": "c", "parent": "window", **AL},
        {"id": "panel2", "parent": "window", "frame": [40, 30, 100, 100]},
        {"id": "p", "parent": "panel2", **AL},
        {"id": "q", "parent": "panel2", **AL},
    ], mul), {
        "panel": [100, 50, 200, 300],
        "a": [195, 75, 20, 20],
        "b": [142.5, 36.25, 10, 10],
        "c": [390, 75, 5, 5],
        "panel2": None,
        "p": [60, 40, 10, 10],
        "q": [50, 50, 10, 10],
    }))

    # 4. Right to left. Window RTL, 400 wide, margins 8.
    #    a: leading == window.leading + 10 -> first is RTL so the constant runs leftwards:
    #       a.right - 400 = -10 -> a.right = 390; width 50 -> a.left = 340.
    #    b: trailing == a.leading + 5: b.trailing is b.left, a.leading is a.right = 390, and
    #       the constant runs leftwards: b.left = 390 - 5 = 385.
    #    c: trailingMargin == window.trailingMargin, constant 2 -> c.leftMargin = window.leftMargin
    #       - 2: c.left + 8 = 8 - 2 -> c.left = -2.
    #    d (forceLeftToRight): leading == window.leading + 10 -> d.left = window.right + 10 = 410;
    #       constant not negated since d lays out left to right.
    #    e (forceLeftToRight) leadingMargin == a.trailing (a is RTL: a.left = 340), e.margins
    #       [0, 3, 0, 4]: e.left + 3 = 340 -> 337.
    #    f: centerX == window.centerX, constant 10: centre is not mirrored -> 210; width 20 -> 200.
    #    g: leading <= window.leading + 30. Only the constant is negated, the relation stays:
    #       g.right - 400 <= -30, so g.right <= 370; leading == window.leading @ 10 pulls it to
    #       400, so g.right = 370, left 360. (Mirroring the relation too would give g.right >= 370
    #       and 390 here: the doc says constant only.)
    rtl_views = [
        W,
        {"id": "a", "parent": "window", **AL},
        {"id": "b", "parent": "window", **AL},
        {"id": "c", "parent": "window", **AL},
        {"id": "d", "parent": "window", **AL, "semanticContentAttribute": "forceLeftToRight"},
        {"id": "e", "parent": "window", **AL, "semanticContentAttribute": "forceLeftToRight",
         "layoutMargins": [0, 3, 0, 4]},
        {"id": "f", "parent": "window", **AL},
        {"id": "g", "parent": "window", **AL},
        {"id": "h", "parent": "d", **AL},   # unspecified: follows d, left to right
    ]
    rtl_constraints = [
        _c("a", "leading", "window", "leading", k=10),
        _c("b", "trailing", "a", "leading", k=5),
        _c("c", "trailingMargin", "window", "trailingMargin", k=2),
        _c("d", "leading", "window", "leading", k=10),
        _c("e", "leadingMargin", "a", "trailing"),
        _c("f", "centerX", "window", "centerX", k=10),
        _c("g", "leading", "window", "leading", rel="<=", k=30),
        _c("g", "leading", "window", "leading", p=10),
        _c("h", "leading", "d", "leading", k=5),
    ]
    for v in "abcdefgh":
        rtl_constraints += [_c(v, "width", k={"a": 50, "f": 20}.get(v, 10)),
                            _c(v, "top", "window", "top"), _c(v, "height", k=10)]
    cases.append(("right to left", _scene(rtl_views, rtl_constraints, direction="rightToLeft"), {
        "a": [340, 0, 50, 10],
        "b": [385, 0, 10, 10],
        "c": [-2, 0, 10, 10],
        "d": [410, 0, 10, 10],
        "e": [337, 0, 10, 10],
        "f": [200, 0, 20, 10],
        "g": [360, 0, 10, 10],
        "h": [415, 0, 10, 10],
    }))

    # 5. Intrinsic sizes and priorities; inequalities.
    #    label: intrinsic 120x30, defaults hug 250, resist 750. left 10, top 10, no width row:
    #       width = 120, height = 30.
    #    squeezed: intrinsic 300 wide, resist 750; right <= window.centerX (required): left 100,
    #       so width <= 100 wins over resistance -> 100. height intrinsic -1: height == 7 @ 900.
    #    stretched: intrinsic 50 wide, hug 250; width == 80 @ 500 beats hugging -> 80. Height
    #       intrinsic 20 with hugging 1000 (required) and height >= 40 @ 999: hugging wins -> 20.
    #    tug: intrinsic 60 wide, hug 700, resist 800; width == 200 @ 750 loses to ... hugging 700
    #       < 750, so width 200 holds against hugging; resist irrelevant -> 200.
    #       width <= 150 @ 760 beats the 750 one -> 150. So tug width 150.
    #    floor: width >= 30, width <= 20 @ 999 -> 30 (required wins); height >= 5, <= 5 -> 5.
    cases.append(("intrinsic and priorities", _scene([
        W,
        {"id": "label", "parent": "window", **AL, "intrinsicContentSize": [120, 30]},
        {"id": "squeezed", "parent": "window", **AL, "intrinsicContentSize": [300, -1]},
        {"id": "stretched", "parent": "window", **AL, "intrinsicContentSize": [50, 20],
         "hugging": [250, 1000]},
        {"id": "tug", "parent": "window", **AL, "intrinsicContentSize": [60, 10],
         "hugging": [700, 250], "compressionResistance": [800, 750]},
        {"id": "floor", "parent": "window", **AL},
    ], [
        _c("label", "left", "window", "left", k=10),
        _c("label", "top", "window", "top", k=10),
        _c("squeezed", "left", "window", "left", k=100),
        _c("squeezed", "right", "window", "centerX", rel="<="),
        _c("squeezed", "top", "window", "top", k=50),
        _c("squeezed", "height", k=7, p=900),
        _c("stretched", "left", "window", "left"),
        _c("stretched", "top", "window", "top", k=100),
        _c("stretched", "width", k=80, p=500),
        _c("stretched", "height", rel=">=", k=40, p=999),
        _c("tug", "left", "window", "left"),
        _c("tug", "top", "window", "top"),
        _c("tug", "width", k=200, p=750),
        _c("tug", "width", rel="<=", k=150, p=760),
        _c("floor", "left", "window", "left"),
        _c("floor", "top", "window", "top"),
        _c("floor", "width", rel=">=", k=30),
        _c("floor", "width", rel="<=", k=20, p=999),
        _c("floor", "height", rel=">=", k=5),
        _c("floor", "height", rel="<=", k=5),
    ]), {
        "label": [10, 10, 120, 30],
        "squeezed": [100, 50, 100, 7],
        "stretched": [0, 100, 80, 20],
        "tug": [0, 0, 150, 10],
        "floor": [0, 0, 30, 5],
    }))

    # 6. Autoresizing. The window is 400x800.
    #    host (flag, not named) comes in through its named subview leaf (flag); deep (flag) is
    #    named, so mid and grand (flags) come in one after the other.
    #    host keeps its frame: [50, 60, 200, 100]; leaf (flexibleWidth, parts 1, 3, 196) keeps
    #       its margins and, host's width unchanged, its width: [51, 62, 3, 4].
    #    grand [7, 8, 9, 10]; mid [7 + 1, 8 + 1, 1, 1]; deep [8 + 2, 9 + 2, 2, 2].
    #    To see flexible parts share, box (no flag, frame 100x100 in the file, boundsOrigin
    #    (-5, -7)) is sized 300x200 at (0, 0) by constraints. Its subviews' margins are measured
    #    from box's edges: left margin x + 5, top margin y + 7.
    #    - fixed: frame [10, 20, 30, 40], no mask: margins 15 and 27 and the size stay ->
    #          [15, 27, 30, 40].
    #    - fw: frame [10, 20, 30, 40], flexibleWidth | flexibleHeight: parts (15, 30, 55) and
    #          (27, 40, 33); width = 300 - 70 = 230, height = 200 - 60 = 140 -> [15, 27, 230, 140].
    #    - fl: frame [20, 0, 50, 10], flexibleLeftMargin | flexibleRightMargin: parts (25, 50,
    #          25), the margins share 300 - 50 = 250 as 1:1 -> left 125; flexibleTopMargin only:
    #          parts (7, 10, 83), top margin = 200 - 10 - 83 = 107 -> [125, 107, 50, 10].
    #    - all: frame [25, 25, 50, 50], all six flexible: parts (30, 50, 20) scale by 3 ->
    #          90, 150; (32, 50, 18) scale by 2 -> 64, 100 -> [90, 64, 150, 100].
    #    - zero: frame [-5, 0, 100, 100], flexibleLeftMargin | flexibleRightMargin: parts (0,
    #          100, 0); the 200 left over is shared equally -> left 100; top 7 -> [100, 7, 100, 100].
    #    - named: frame [5, 0, 10, 10] -> [10, 7, 10, 10]; its constraint top == box.top + 7
    #          agrees.
    #    fixed, fw, fl, all and zero are named by a width >= 0 row each, always true.
    #    lonely (flag, named by nothing, parent the window) stays outside: no rect.
    ar_views = [
        W,
        {"id": "host", "parent": "window", "frame": [50, 60, 200, 100]},
        {"id": "leaf", "parent": "host", "frame": [1, 2, 3, 4], "autoresizingMask": ["flexibleWidth"]},
        {"id": "grand", "parent": "window", "frame": [7, 8, 9, 10]},
        {"id": "mid", "parent": "grand", "frame": [1, 1, 1, 1]},
        {"id": "deep", "parent": "mid", "frame": [2, 2, 2, 2]},
        {"id": "box", "parent": "window", **AL, "frame": [0, 0, 100, 100], "boundsOrigin": [-5, -7]},
        {"id": "fixed", "parent": "box", "frame": [10, 20, 30, 40]},
        {"id": "fw", "parent": "box", "frame": [10, 20, 30, 40],
         "autoresizingMask": ["flexibleWidth", "flexibleHeight"]},
        {"id": "fl", "parent": "box", "frame": [20, 0, 50, 10],
         "autoresizingMask": ["flexibleLeftMargin", "flexibleRightMargin", "flexibleTopMargin"]},
        {"id": "all", "parent": "box", "frame": [25, 25, 50, 50],
         "autoresizingMask": ["flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin",
                              "flexibleTopMargin", "flexibleHeight", "flexibleBottomMargin"]},
        {"id": "zero", "parent": "box", "frame": [-5, 0, 100, 100],
         "autoresizingMask": ["flexibleLeftMargin", "flexibleRightMargin"]},
        {"id": "named", "parent": "box", "frame": [5, 0, 10, 10]},
        {"id": "lonely", "parent": "window", "frame": [1, 1, 1, 1]},
    ]
    ar_constraints = [
        _c("leaf", "width", rel=">=", k=0),
        _c("deep", "height", rel=">=", k=0),
        _c("box", "left", "window", "left"),
        _c("box", "top", "window", "top"),
        _c("box", "width", k=300),
        _c("box", "height", k=200),
        _c("named", "top", "box", "top", k=7),
    ] + [_c(v, "width", rel=">=", k=0) for v in ("fixed", "fw", "fl", "all", "zero")]
    cases.append(("autoresizing", _scene(ar_views, ar_constraints), {
        "window": [0, 0, 400, 800],
        "host": [50, 60, 200, 100],
        "leaf": [51, 62, 3, 4],
        "grand": [7, 8, 9, 10],
        "mid": [8, 9, 1, 1],
        "deep": [10, 11, 2, 2],
        "box": [0, 0, 300, 200],
        "fixed": [15, 27, 30, 40],
        "fw": [15, 27, 230, 140],
        "fl": [125, 107, 50, 10],
        "all": [90, 64, 150, 100],
        "zero": [100, 7, 100, 100],
        "named": [10, 7, 10, 10],
        "lonely": None,
    }))
    return cases


def self_test(verbose: bool = False) -> int:
    failures = 0
    cases = _self_test_cases()
    for name, scene, expected in cases:
        try:
            got = solve_scene(scene)
        except Exception as exc:  # a broken case must say which one
            print(f"self-test {name}: {type(exc).__name__}: {exc}")
            failures += 1
            continue
        for ident, want in expected.items():
            have = got.get(ident, "missing")
            if want is None or have is None or have == "missing":
                ok = want is None and have is None
            else:
                ok = all(abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b)) for a, b in zip(have, want))
            if not ok:
                failures += 1
                print(f"self-test {name}: {ident}: expected {want}, kiwi gave {have}")
            elif verbose:
                print(f"self-test {name}: {ident}: {have}")
    print(f"scene_kiwi self-test: {len(cases)} scenes, {'all match' if not failures else f'{failures} mismatches'}")
    return 1 if failures else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Lay out a Canopy scene file with kiwisolver.")
    parser.add_argument("scene", nargs="?", help="scene file")
    parser.add_argument("--time", action="store_true", help="print build and solve times")
    parser.add_argument("--self-test", action="store_true", help="run the hand-computed scenes")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    if args.self_test:
        return self_test(args.verbose)
    if not args.scene:
        parser.error("a scene file is needed")
    if args.time:
        print(json.dumps(time_scene(args.scene)))
    else:
        print(json.dumps({"views": solve_scene(args.scene)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
