#!/usr/bin/env python3
"""Canopy's Auto Layout against kiwisolver on random scenes.

For each seed 1...count: `canopy generate --shape random` writes a scene, `canopy layout`
solves it, and Benchmarks/peers/scene_kiwi.py solves the same file with kiwisolver. Every view
Canopy reports as solved must have kiwi's rect within 1e-9 relative
(|a - b| <= 1e-9 * max(1, |a|, |b|)), the two must agree on which views are in the system, and
Canopy must report no ambiguity, no conflict and no tied constraints (the random shape makes
systems with one solution).

Exit status: 0 when every scene agrees, 1 on any difference or failed run, 2 on usage errors.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Benchmarks" / "peers"))
sys.dont_write_bytecode = True   # no __pycache__ left in the work tree

import scene_kiwi  # noqa: E402  (found through the path above)

TOLERANCE = 1e-9
SHOWN = 5            # mismatching scenes printed in full
RUN_TIMEOUT = 300    # seconds for one canopy command; a hang is a failure, not a stall


def relative_difference(a: float, b: float) -> float:
    return abs(a - b) / max(1.0, abs(a), abs(b))


def standardized(rect: list[float]) -> list[float]:
    """The rect with its size made nonnegative, the same points covered."""
    x, y, w, h = rect
    if w < 0:
        x, w = x + w, -w
    if h < 0:
        y, h = y + h, -h
    return [x, y, w, h]


def run(cmd: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=RUN_TIMEOUT)


def check_scene(canopy: str, seed: int, views: int, work: Path):
    """Returns (problems, views compared, max relative difference) for one seed."""
    scene = work / "scene.json"
    gen = run([canopy, "generate", "--shape", "random", "--count", str(views), "--seed", str(seed),
               "-o", str(scene)])
    if gen.returncode != 0:
        return [f"canopy generate failed ({gen.returncode}): {gen.stderr.strip()[:500]}"], 0, 0.0
    lay = run([canopy, "layout", str(scene)])
    if lay.returncode != 0:
        return [f"canopy layout failed ({lay.returncode}): {lay.stderr.strip()[:500]}"], 0, 0.0
    try:
        report = json.loads(lay.stdout)
    except json.JSONDecodeError as exc:
        return [f"canopy layout printed no JSON: {exc}"], 0, 0.0
    if report.get("format") != "canopy-layout" or report.get("version") != 1:
        return [f"unexpected layout output: format {report.get('format')!r}, version "
                f"{report.get('version')!r}"], 0, 0.0

    problems: list[str] = []
    for entry in report.get("ambiguous", []):
        problems.append(f"canopy reports ambiguity: {json.dumps(entry)}")
    for entry in report.get("conflicts", []):
        problems.append(f"canopy reports a conflict: {json.dumps(entry)}")
    for entry in report.get("tiedConstraints", []):
        # A tie is a least-squares split kiwi's sum of absolute errors need not make.
        problems.append(f"canopy reports tied constraints: {json.dumps(entry)}")
    if report.get("views") and not any("solved" in v for v in report["views"]):
        # Not even the window: the solve failed, and the layout output does not say why.
        problems.append("canopy solved no view at all (a failed solve?)")
        return problems, 0, 0.0

    try:
        kiwi_rects = scene_kiwi.solve_scene(str(scene))
    except Exception as exc:  # an unsatisfiable system or a scene kiwi cannot read
        problems.append(f"kiwi failed: {type(exc).__name__}: {exc}")
        return problems, 0, 0.0

    compared = 0
    worst = 0.0
    for view in report.get("views", []):
        ident = view["id"]
        ours = view.get("solved")
        theirs = kiwi_rects.get(ident)
        if ours is None and theirs is None:
            continue
        if ours is None or theirs is None:
            problems.append(f"view {ident}: canopy solved {ours}, kiwi {theirs} "
                            f"(in the system for one only)")
            continue
        compared += 1
        diff = max(relative_difference(a, b) for a, b in zip(ours, theirs))
        worst = max(worst, diff)
        if diff > TOLERANCE:
            note = ""
            flat = standardized(theirs)
            if flat != theirs and max(relative_difference(a, b) for a, b in zip(ours, flat)) <= TOLERANCE:
                # The same rectangle with a negative size: a printed CGRect's minX/width lose the sign.
                note = "; equal to kiwi's as a standardized rect: kiwi's has a negative size"
            problems.append(f"view {ident}: canopy {ours}, kiwi {theirs} (relative {diff:.3g}{note})")
    return problems, compared, worst


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Compare Canopy's solved frames with kiwisolver's.")
    parser.add_argument("--canopy", required=True, help="the harness binary (canopy)")
    parser.add_argument("--count", type=int, default=300, help="scenes, seeds 1...count (300)")
    parser.add_argument("--views", type=int, default=40, help="views per scene (40)")
    parser.add_argument("--keep", metavar="DIR", help="copy the scenes that disagree into DIR")
    args = parser.parse_args(argv)
    if args.count < 1 or args.views < 1:
        parser.error("--count and --views must be at least 1")
    canopy = shutil.which(args.canopy) or args.canopy
    if not (os.path.isfile(canopy) and os.access(canopy, os.X_OK)):
        parser.error(f"no executable harness at {args.canopy}")

    start = time.perf_counter()
    failures: list[tuple[int, list[str]]] = []
    total_views = 0
    worst = 0.0
    with tempfile.TemporaryDirectory(prefix="canopy-kiwi-") as tmp:
        work = Path(tmp)
        for seed in range(1, args.count + 1):
            try:
                problems, compared, diff = check_scene(canopy, seed, args.views, work)
            except subprocess.TimeoutExpired as exc:
                problems, compared, diff = [f"timed out: {' '.join(exc.cmd)}"], 0, 0.0
            total_views += compared
            worst = max(worst, diff)
            if problems:
                failures.append((seed, problems))
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    src = work / "scene.json"
                    if src.exists():
                        shutil.copy(src, Path(args.keep) / f"seed-{seed}.json")
    seconds = time.perf_counter() - start

    print(f"kiwi differential: {args.count} scenes of {args.views} views, {total_views} views compared, "
          f"max relative difference {worst:.3g}, {seconds:.1f} s")
    if not failures:
        return 0
    print(f"{len(failures)} scene(s) disagree; the first {min(SHOWN, len(failures))}:")
    for seed, problems in failures[:SHOWN]:
        print(f"  seed {seed} (canopy generate --shape random --count {args.views} --seed {seed}):")
        for line in problems[:8]:
            print(f"    {line}")
        if len(problems) > 8:
            print(f"    ... and {len(problems) - 8} more")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
