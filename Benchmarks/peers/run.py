#!/usr/bin/env python3
"""Canopy's Auto Layout against two peers, on one machine in one run.

For each shape (stack, tree) and size, three engines lay out the same tree, cold and warm:
    Canopy  its release harness: ``canopy generate`` writes the scene; ``canopy profile``
            builds the views from it and runs the first update cycle (cold), then resizes the
            window and times full update cycles (warm, the "update cycle" phase).
    Yoga    the flexbox engine, through poga (yoga_peer.py): a flex tree of the same shape
            built (cold, with the layout) and one YGNodeCalculateLayout on it; and the same
            trees built and laid out natively, in C, through the Yoga poga carries.
    kiwi    kiwisolver, a C++ Cassowary solver, on the same scene file (scene_kiwi.py): the
            constraints made (cold, with the solve), added to a fresh solver and solved.
Every figure is a median of ``--runs`` runs (5 or more). Writes a table to stdout, and
RESULTS.md, results.png, the README's performance table and (with --json) the raw numbers.

Run through run.sh, which installs kiwisolver, poga and matplotlib when missing.
"""

from __future__ import annotations

import os

# One BLAS thread, set before numpy (through matplotlib) loads and inherited by the harness.
os.environ["OPENBLAS_NUM_THREADS"] = "1"

import argparse
import datetime as dt
import importlib.metadata
import json
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE))

DEFAULT_SIZES = [1000, 10000, 100000, 1000000]
QUICK_SIZES = [1000, 10000]
DEFAULT_KIWI_SIZES = [1000, 10000]
QUICK_KIWI_SIZES = [1000]
SHAPES = ["stack", "tree"]
ENGINES = ["canopy", "yoga", "kiwi"]
ENGINE_LABELS = {"canopy": "Canopy", "yoga": "Yoga", "kiwi": "kiwisolver"}


class HarnessError(RuntimeError):
    """The Canopy harness is missing, failed, or printed something off the contract."""


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def parse_sizes(text: str) -> list[int]:
    sizes = []
    for part in text.split(","):
        part = part.strip().lower().replace("_", "")
        if not part:
            continue
        scale = 1
        if part.endswith("k"):
            part, scale = part[:-1], 1000
        elif part.endswith("m"):
            part, scale = part[:-1], 1000000
        value = int(float(part) * scale)
        if value < 1:
            raise argparse.ArgumentTypeError(f"a size must be at least 1, got {value}")
        sizes.append(value)
    if not sizes:
        raise argparse.ArgumentTypeError("no sizes given")
    return sorted(set(sizes))


def parse_list(text: str, allowed: list[str]) -> list[str]:
    items = [p.strip() for p in text.split(",") if p.strip()]
    bad = [p for p in items if p not in allowed]
    if bad or not items:
        raise argparse.ArgumentTypeError(f"expected a comma-separated subset of {','.join(allowed)}")
    return [a for a in allowed if a in items]


# ------------------------------------------------------------------ formatting

def fmt_seconds(s: float | None) -> str:
    if s is None:
        return "—"
    if s < 1e-3:
        return f"{s * 1e6:.3g} µs"
    if s < 1:
        return f"{s * 1e3:.3g} ms"
    return f"{s:.3g} s"


def fmt_ratio(a: float | None, b: float | None) -> str:
    if a is None or b is None or b <= 0:
        return "—"
    r = a / b
    return f"{r:.3g}×"


def fmt_count(n: int) -> str:
    if n >= 1000000 and n % 1000000 == 0:
        return f"{n // 1000000}M"
    if n >= 1000 and n % 1000 == 0:
        return f"{n // 1000}k"
    return str(n)


# ------------------------------------------------------------------ the machine

def _read(path: str) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


def _git(*args: str) -> str | None:
    try:
        out = subprocess.run(["git", "-C", str(REPO), "--no-optional-locks", *args],
                             capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def _version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def _caches() -> str | None:
    parts = []
    for index in sorted(Path("/sys/devices/system/cpu/cpu0/cache").glob("index*")):
        level = _read(str(index / "level")).strip()
        kind = _read(str(index / "type")).strip()
        size = _read(str(index / "size")).strip()
        if level and size:
            suffix = {"Data": "d", "Instruction": "i"}.get(kind, "")
            parts.append(f"L{level}{suffix} {size}")
    return ", ".join(parts) or None


def describe_machine(canopy: Path | None) -> dict[str, Any]:
    cpuinfo = _read("/proc/cpuinfo")
    model = cache = None
    for line in cpuinfo.splitlines():
        key, _, value = line.partition(":")
        key = key.strip()
        if key == "model name" and model is None:
            model = value.strip()
        elif key == "cache size" and cache is None:
            cache = value.strip()
    mem_kib = None
    for line in _read("/proc/meminfo").splitlines():
        if line.startswith("MemTotal:"):
            mem_kib = int(line.split()[1])
    os_name = None
    for line in _read("/etc/os-release").splitlines():
        if line.startswith("PRETTY_NAME="):
            os_name = line.split("=", 1)[1].strip().strip('"')
    commit = _git("rev-parse", "HEAD")
    status = _git("status", "--porcelain", "--untracked-files=no")
    yoga = None
    try:
        import yoga_peer
        yoga = yoga_peer.yoga_version()
    except Exception:  # an absent poga is reported as such below
        pass
    binary = None
    if canopy is not None and canopy.exists():
        st = canopy.stat()
        binary = {"path": str(canopy),
                  "modified": dt.datetime.fromtimestamp(st.st_mtime, dt.timezone.utc).isoformat(timespec="seconds")}
    return {
        "cpu_model": model or platform.processor() or "unknown",
        "cpu_cache": _caches() or (f"{cache} (cpuinfo)" if cache else None),
        "logical_cpus": os.cpu_count(),
        "memory_gib": round(mem_kib / 1048576, 1) if mem_kib else None,
        "os": os_name or platform.platform(),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "packages": {
            "kiwisolver": _version("kiwisolver"),
            "poga": _version("poga"),
            "yoga": yoga,
            "matplotlib": _version("matplotlib"),
        },
        "canopy_commit": commit,
        "canopy_tree_modified": bool(status) if status is not None else None,
        "canopy_binary": binary,
        "load_average_at_start": _read("/proc/loadavg").split()[:3],
    }


# ------------------------------------------------------------------ Canopy

def check_harness(path: Path) -> None:
    if not path.exists():
        raise HarnessError(
            f"the Canopy harness is not at {path}. Build it first "
            f"(swift build -c release --product canopy, from {REPO}) or pass --canopy PATH.")
    if not os.access(path, os.X_OK):
        raise HarnessError(f"the Canopy harness at {path} is not executable")


def _run_harness(cmd: list[str], timeout: float) -> str:
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise HarnessError(f"`{shlex.join(cmd)}` took more than {timeout:g} s") from None
    if out.returncode != 0:
        tail = (out.stderr or out.stdout).strip().splitlines()[-8:]
        raise HarnessError(f"`{shlex.join(cmd)}` exited {out.returncode}:\n    " + "\n    ".join(tail))
    return out.stdout


def generate_scene(canopy: Path, shape: str, count: int, path: Path, timeout: float) -> float:
    t0 = time.perf_counter()
    _run_harness([str(canopy), "generate", "--shape", shape, "--count", str(count),
                  "--seed", "1", "-o", str(path)], timeout)
    if not path.exists():
        raise HarnessError(f"`canopy generate` exited 0 but wrote no {path}")
    return time.perf_counter() - t0


def _parse_profile(stdout: str) -> dict[str, Any]:
    text = stdout.strip()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        pass
    # Tolerate lines printed before the JSON object.
    start = text.find("{")
    if start >= 0:
        try:
            return json.JSONDecoder().raw_decode(text[start:])[0]
        except json.JSONDecodeError:
            pass
    raise HarnessError(f"`canopy profile --json` printed no JSON object; it began: {text[:200]!r}")


def _phase(report: dict[str, Any], name: str) -> dict[str, Any] | None:
    for phase in report.get("phases", []):
        if str(phase.get("phase", "")).strip().lower() == name:
            return phase
    return None


def _cold_parts(report: dict[str, Any]) -> tuple[list[float], list[float]]:
    """Each cold build's time and its first update cycle's: a tree made from nothing and laid
    out, in a process that has made one already (as Yoga's runs share one process)."""
    parts = [_phase(report, name) for name in ("cold build", "cold first update cycle")]
    if any(p is None or "samples_seconds" not in p for p in parts):
        raise HarnessError("`canopy profile --cold-builds` reported no cold phases with samples")
    return parts[0]["samples_seconds"], parts[1]["samples_seconds"]


def profile_canopy(canopy: Path, scene: Path, passes: int, resize: str, count: int,
                   timeout: float, hit_tests: int | None) -> dict[str, Any]:
    cmd = [str(canopy), "profile", str(scene), "--passes", str(passes), "--cold-builds", str(passes),
           "--resize", resize, "--json"]
    if hit_tests is not None:
        # The profile's hit tests are outside the comparison; on a flat 1M stack they would
        # take minutes per pass.
        cmd += ["--hit-tests", str(hit_tests)]
    report = _parse_profile(_run_harness(cmd, timeout))
    builds, cycles = _cold_parts(report)
    cold = [b + c for b, c in zip(builds, cycles)]
    cycle = _phase(report, "update cycle")
    if cycle is None or "median_seconds" not in cycle:
        names = [p.get("phase") for p in report.get("phases", [])]
        raise HarnessError(f"`canopy profile` reported no 'update cycle' phase with a median (phases: {names})")
    solve = _phase(report, "solve")
    views = _checked_views("the Canopy scene", report.get("views"), count)
    return {
        "engine": "canopy",
        "views": views,
        "passes": passes,
        "median_seconds": float(cycle["median_seconds"]),
        "p90_seconds": cycle.get("p90_seconds"),
        "solve_median_seconds": float(solve["median_seconds"]) if solve and "median_seconds" in solve else None,
        "cold_median_seconds": statistics.median(cold),
        "cold_samples_seconds": cold,
        "cold_build_median_seconds": statistics.median(builds),
        "cold_cycle_median_seconds": statistics.median(cycles),
        "peak_memory_bytes": report.get("peak_memory_bytes"),
        "report": report,
    }


def _checked_views(what: str, views: Any, count: int) -> Any:
    """The view count an engine reported, with a warning when it is not the one asked for."""
    if views is not None and views != count:
        log(f"  warning: {what} has {views} views, {count} were asked for")
    return views


# ------------------------------------------------------------------ kiwi

def time_kiwi(scene_kiwi, scene: Path, runs: int, count: int) -> dict[str, Any]:
    samples = []
    for _ in range(runs):
        samples.append(scene_kiwi.time_scene(str(scene)))
    views = _checked_views("kiwi's scene", samples[0].get("views"), count)
    return {
        "engine": "kiwi",
        "views": views,
        "runs": runs,
        "median_seconds": statistics.median(s["solve_seconds"] for s in samples),
        "build_median_seconds": statistics.median(s["build_seconds"] for s in samples),
        "cold_median_seconds": statistics.median(s["build_seconds"] + s["solve_seconds"] for s in samples),
        "samples": samples,
    }


# ------------------------------------------------------------------ reports

COLUMNS = ["shape", "views", "Canopy cold", "Yoga cold (poga)", "Yoga cold (native)", "kiwi cold",
           "poga/Canopy cold", "native/Canopy cold", "Canopy resize", "Yoga layout", "Yoga/Canopy warm"]


def _median(row: dict[str, Any], engine: str, key: str = "median_seconds") -> float | None:
    entry = row.get(engine)
    return entry.get(key) if entry else None


def table_rows(results: list[dict[str, Any]]) -> list[list[str]]:
    rows = []
    for r in results:
        cold = {e: _median(r, e, "cold_median_seconds") for e in ENGINES}
        native = _median(r, "yoga", "native_cold_median_seconds")
        canopy, yoga = _median(r, "canopy"), _median(r, "yoga")
        rows.append([r["shape"], fmt_count(r["views"]), fmt_seconds(cold["canopy"]), fmt_seconds(cold["yoga"]),
                     fmt_seconds(native), fmt_seconds(cold["kiwi"]), fmt_ratio(cold["yoga"], cold["canopy"]),
                     fmt_ratio(native, cold["canopy"]), fmt_seconds(canopy), fmt_seconds(yoga),
                     fmt_ratio(yoga, canopy)])
    return rows


PER_VIEW_BASE = 10_000
PER_VIEW_COLUMNS = ["shape", "views", "Canopy cold build", "Canopy cold first update cycle",
                    "Yoga cold (native)"]


def per_view_rows(results: list[dict[str, Any]]) -> list[list[str]]:
    """Nanoseconds a view of each cold part, and each one's ratio to the same shape's at
    PER_VIEW_BASE views: how far the cost a view stays flat as the tree grows."""
    parts = [("canopy", "cold_build_median_seconds"), ("canopy", "cold_cycle_median_seconds"),
             ("yoga", "native_cold_median_seconds")]

    def per_view(row: dict[str, Any], engine: str, key: str) -> float | None:
        seconds = _median(row, engine, key)
        return None if seconds is None else seconds * 1e9 / row["views"]

    base = {r["shape"]: r for r in results if r["views"] == PER_VIEW_BASE}
    rows = []
    for r in results:
        cells = [r["shape"], fmt_count(r["views"])]
        for engine, key in parts:
            ns = per_view(r, engine, key)
            ref = per_view(base[r["shape"]], engine, key) if r["shape"] in base else None
            if ns is None:
                cells.append("—")
            elif ref is None:
                cells.append(f"{ns:,.0f}")
            else:
                cells.append(f"{ns:,.0f} ({ns / ref:.2f}×)")
        rows.append(cells)
    return rows


def markdown_grid(columns: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(columns) + " |",
             "|" + "|".join(["---", "---:"] + ["---:"] * (len(columns) - 2)) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def text_table(results: list[dict[str, Any]]) -> str:
    rows = [COLUMNS] + table_rows(results)
    widths = [max(len(r[i]) for r in rows) for i in range(len(COLUMNS))]
    lines = []
    for k, r in enumerate(rows):
        cells = [c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))]
        lines.append("  ".join(cells).rstrip())
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def markdown_table(results: list[dict[str, Any]]) -> str:
    return markdown_grid(COLUMNS, table_rows(results))


def write_plot(results: list[dict[str, Any]], path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # Cold: a tree built and laid out from nothing; Canopy's warm resize beside it.
    series = [("canopy", "cold_median_seconds", "#1b7837", "Canopy, build + first update cycle"),
              ("canopy", "median_seconds", "#7fbc41", "Canopy, update cycle after a resize"),
              ("yoga", "cold_median_seconds", "#2166ac", "Yoga via poga, build + layout"),
              ("yoga", "native_cold_median_seconds", "#67a9cf", "Yoga native, build + layout"),
              ("kiwi", "cold_median_seconds", "#b2182b", "kiwisolver, build + add + solve")]
    styles = {"stack": ("-", "o"), "tree": ("--", "s")}
    fig, ax = plt.subplots(figsize=(10, 5.5), dpi=120)
    drawn = 0
    for engine, key, color, label in series:
        for shape in SHAPES:
            pts = sorted((r["views"], r[engine][key]) for r in results
                         if r["shape"] == shape and r.get(engine) and r[engine].get(key))
            if not pts:
                continue
            line, marker = styles[shape]
            ax.plot([p[0] for p in pts], [p[1] for p in pts], linestyle=line, marker=marker,
                    color=color, label=f"{label}, {shape}")
            drawn += 1
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("views in the tree (N)")
    ax.set_ylabel("median seconds")
    ax.set_title("Layout time against tree size, same machine, same run")
    ax.grid(True, which="major", alpha=0.4)
    ax.grid(True, which="minor", alpha=0.15)
    if drawn:
        # Outside the axes: kiwi's points sit in the top-left corner.
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


def write_markdown(data: dict[str, Any], path: Path, plot_path: Path | None) -> None:
    m = data["machine"]
    s = data["settings"]
    pk = m["packages"]
    commit = m["canopy_commit"] or "unknown"
    if m["canopy_tree_modified"]:
        commit += " (with uncommitted changes)"
    binary = m.get("canopy_binary")
    lines = [
        "# Canopy against Yoga and kiwisolver",
        "",
        f"Measured {data['date']} by `Benchmarks/peers/run.py`; every figure is a median of "
        f"{s['runs']} runs, all engines in one run on one machine.",
        "",
        "## Machine",
        "",
        f"- CPU: {m['cpu_model']}, {m['logical_cpus']} logical cores"
        + (f"; caches: {m['cpu_cache']}" if m.get("cpu_cache") else ""),
        f"- Memory: {m['memory_gib']} GiB",
        f"- OS: {m['os']}, kernel {m['kernel']}",
        f"- Python {m['python']}; kiwisolver {pk['kiwisolver']}; poga {pk['poga']} (Yoga {pk['yoga']}); "
        f"matplotlib {pk['matplotlib']}",
        f"- Canopy: commit {commit}"
        + (f"; harness {binary['path']}, built {binary['modified']}" if binary else ""),
        f"- Load average at start: {' '.join(m['load_average_at_start'])}; at end: "
        f"{' '.join(data.get('load_average_at_end', []))}",
        "",
        "## Medians",
        "",
        markdown_table(data["results"]),
        "",
        CAPTION + " A dash means not measured (kiwisolver runs "
        f"only at {', '.join(fmt_count(n) for n in s['kiwi_sizes'])} views, as its time grows "
        "quadratically with these chains) or failed (see Failures below).",
        "",
        "## Cost a view",
        "",
        markdown_grid(PER_VIEW_COLUMNS, per_view_rows(data["results"])),
        "",
        f"Nanoseconds a view, medians; in brackets, the ratio to the same shape's at "
        f"{fmt_count(PER_VIEW_BASE)} views. Canopy's cold figure is split into the build and the "
        "first update cycle.",
        "",
    ]
    if plot_path is not None:
        lines += [f"![time against N, log-log]({os.path.relpath(plot_path, path.parent)})", ""]
    lines += [
        "## How it was measured",
        "",
        "- **Shapes** (`ConstraintShape` in `Sources/CanopyWorkloads`): *stack* is a 1024×768 window "
        "holding N−1 views in a column, each 44 high, 8 below the one before, 16 in from both sides; "
        "*tree* gives every view up to four children in a row, breadth first, with equal widths, "
        "4-point gaps and insets, and full height less the insets. N counts the window.",
        f"- **Canopy**: `canopy generate --shape S --count N --seed 1` writes the scene; "
        f"`canopy profile SCENE --passes {s['runs']} --cold-builds {s['runs']} --resize {s['resize']}"
        + (f" --hit-tests {s['hit_tests']}" if s.get("hit_tests") is not None else "")
        + " --json` loads it, lays it out, resizes the window and times full update cycles (the new "
        "size written into the kept system, solve, apply the frames, world transforms): *Canopy "
        "resize* is their median. It then builds the views and constraints from the scene again and "
        "runs their first update cycle (collect the system from the tree, solve, apply the frames, "
        "lay out, flatten), as many times: *Canopy cold* is the median of those sums.",
        "- **Yoga** (through poga, which wraps Yoga's C API): the same shapes as flexbox trees (a column "
        "with margins; rows with padding 4, flex-grow 1 and basis 0, margin 4 between siblings), "
        "edges rounded to whole points as Canopy rounds them for a scale-1 window. Each run builds a "
        "fresh tree and times one `YGNodeCalculateLayout` on it: *Yoga layout*; *Yoga cold (poga)* adds "
        "the build, which goes through Python. *Yoga cold (native)* builds and lays out the same "
        "trees in C (`yoga_native.c`, compiled with the system's C compiler and linked against the "
        "Yoga inside poga's module), with no Python between the calls. A few frames of each are "
        "checked against hand-computed values.",
        "- **kiwisolver**: `scene_kiwi.time_scene` reads the same scene file; *kiwi cold* is making "
        "the constraint objects in Python, adding every one to a fresh `Solver` and "
        "`updateVariables`.",
        "",
        "## Reproduce",
        "",
        "```",
        s["command"],
        "```",
        "",
    ]
    if data.get("errors"):
        lines += ["## Failures", ""] + ["- " + e.replace("\n", "\n  ") for e in data["errors"]] + [""]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines))


CAPTION = ("Cold: a tree built from nothing and laid out once. Warm: Canopy's update cycle after "
           "a window resize against Yoga's layout of a built tree. A ratio above 1× means Canopy "
           "took less time.")

README_BEGIN = "<!-- performance table: written by Benchmarks/peers/run.py -->"
README_END = "<!-- end of performance table -->"


def write_readme_table(data: dict[str, Any], readme: Path, plot_path: Path | None) -> None:
    """Replaces the README's performance table (between its markers) with this run's."""
    text = readme.read_text()
    start, end = text.find(README_BEGIN), text.find(README_END)
    if start < 0 or end < start:
        raise HarnessError(f"{readme} has no performance table markers")
    m = data["machine"]
    commit = (m["canopy_commit"] or "unknown")[:10] + (" (modified)" if m["canopy_tree_modified"] else "")
    block = [
        README_BEGIN,
        f"Commit {commit}, {m['cpu_model']} ({m['logical_cpus']} cores), {data['date'][:10]}; "
        f"medians of {data['settings']['runs']} runs, release build, one thread.",
        "",
        markdown_table(data["results"]),
        "",
        CAPTION,
    ]
    if plot_path is not None:
        block += ["", f"![Time against tree size, log-log]({os.path.relpath(plot_path, readme.parent)})"]
    block.append(README_END)
    readme.write_text(text[:start] + "\n".join(block) + text[end + len(README_END):])


# ------------------------------------------------------------------ main

def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description="Compare Canopy's layout with Yoga and kiwisolver.")
    p.add_argument("--sizes", type=parse_sizes, help="views per tree for Canopy and Yoga "
                   "(default 1000,10000,100000,1000000; 1k, 1M also accepted)")
    p.add_argument("--kiwi-sizes", type=parse_sizes, help="views per tree for kiwisolver (default 1000,10000)")
    p.add_argument("--quick", action="store_true", help="sizes 1000,10000 and kiwisolver at 1000 only")
    p.add_argument("--runs", type=int, default=5, help="runs per engine, shape and size (default 5)")
    p.add_argument("--shapes", type=lambda t: parse_list(t, SHAPES), default=SHAPES,
                   help="comma-separated subset of stack,tree (default both)")
    p.add_argument("--engines", type=lambda t: parse_list(t, ENGINES), default=ENGINES,
                   help="comma-separated subset of canopy,yoga,kiwi (default all)")
    p.add_argument("--canopy", type=Path, default=REPO / ".build" / "release" / "canopy",
                   help="the Canopy harness binary (default .build/release/canopy)")
    p.add_argument("--resize", default="900x768", help="the window size canopy profile resizes to")
    p.add_argument("--hit-tests", type=int, default=0,
                   help="hit tests per profile pass, passed to canopy profile (default 0; -1 leaves "
                   "the harness's default)")
    p.add_argument("--timeout", type=float, default=3600.0, help="seconds allowed per harness call")
    p.add_argument("--scene-dir", type=Path, help="keep the generated scenes here (default: a temporary folder)")
    p.add_argument("--json", type=Path, metavar="OUT", help="write the raw numbers here")
    p.add_argument("--results-md", type=Path, default=REPO / "Benchmarks" / "RESULTS.md",
                   help="the report to write (default Benchmarks/RESULTS.md)")
    p.add_argument("--plot", type=Path, default=REPO / "Benchmarks" / "results.png",
                   help="the log-log plot to write (default Benchmarks/results.png)")
    p.add_argument("--readme", type=Path, default=REPO / "README.md",
                   help="the README whose performance table to rewrite (default README.md; "
                   "--no-readme leaves it)")
    p.add_argument("--no-readme", dest="readme", action="store_const", const=None)
    args = p.parse_args(argv)
    if args.sizes is None:
        args.sizes = QUICK_SIZES if args.quick else DEFAULT_SIZES
    if args.kiwi_sizes is None:
        args.kiwi_sizes = QUICK_KIWI_SIZES if args.quick else DEFAULT_KIWI_SIZES
    if args.runs < 1:
        p.error("--runs must be at least 1")
    if args.hit_tests < 0:
        args.hit_tests = None
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if args.runs < 5:
        log(f"warning: {args.runs} runs each; the published figures use at least 5")
    engines = args.engines
    canopy = args.canopy.expanduser().resolve()
    needs_scenes = "canopy" in engines or "kiwi" in engines
    try:
        if needs_scenes:
            check_harness(canopy)
        yoga_peer = scene_kiwi = None
        if "yoga" in engines:
            import yoga_peer
        if "kiwi" in engines:
            import scene_kiwi
    except HarnessError as e:
        log(f"run.py: {e}")
        return 2
    except ImportError as e:
        log(f"run.py: {e}. Run through Benchmarks/peers/run.sh, which installs kiwisolver, poga and "
            "matplotlib, or install them with pip.")
        return 2

    machine = describe_machine(canopy if needs_scenes else None)
    command = "Benchmarks/peers/run.sh" + ("" if not argv else " " + shlex.join(argv))
    data: dict[str, Any] = {
        "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "machine": machine,
        "settings": {"runs": args.runs, "sizes": args.sizes, "kiwi_sizes": args.kiwi_sizes,
                     "shapes": args.shapes, "engines": engines, "resize": args.resize,
                     "hit_tests": args.hit_tests,
                     "command": command},
        "results": [],
        "errors": [],
    }
    scene_dir = args.scene_dir
    temp = None
    if needs_scenes and scene_dir is None:
        temp = tempfile.TemporaryDirectory(prefix="canopy-peers-")
        scene_dir = Path(temp.name)
    if scene_dir is not None:
        scene_dir.mkdir(parents=True, exist_ok=True)

    all_sizes = sorted(set(args.sizes) | (set(args.kiwi_sizes) if "kiwi" in engines else set()))
    try:
        for shape in args.shapes:
            for n in all_sizes:
                row: dict[str, Any] = {"shape": shape, "views": n}
                run_canopy = "canopy" in engines and n in args.sizes
                run_yoga = "yoga" in engines and n in args.sizes
                run_kiwi = "kiwi" in engines and n in args.kiwi_sizes
                scene = None
                if run_canopy or run_kiwi:
                    scene = scene_dir / f"{shape}-{n}.json"
                    log(f"{shape} {fmt_count(n)}: generating the scene")
                    try:
                        row["generate_seconds"] = generate_scene(canopy, shape, n, scene, args.timeout)
                    except HarnessError as e:
                        data["errors"].append(f"{shape} {fmt_count(n)}: {e}")
                        log(f"  failed: {e}")
                        run_canopy = run_kiwi = False
                if run_canopy:
                    log(f"{shape} {fmt_count(n)}: Canopy, {args.runs} passes")
                    try:
                        row["canopy"] = profile_canopy(canopy, scene, args.runs, args.resize, n,
                                                       args.timeout, args.hit_tests)
                    except HarnessError as e:
                        data["errors"].append(f"{shape} {fmt_count(n)}, Canopy: {e}")
                        log(f"  failed: {e}")
                if run_yoga:
                    log(f"{shape} {fmt_count(n)}: Yoga, {args.runs} runs")
                    try:
                        row["yoga"] = yoga_peer.time_layout(shape, n, args.runs, check=True)
                    except yoga_peer.FrameMismatch as e:
                        # Wrong frames void the comparison: stop here rather than publish it.
                        log(f"run.py: FAILED: {e}")
                        return 3
                if run_kiwi:
                    log(f"{shape} {fmt_count(n)}: kiwisolver, {args.runs} runs")
                    try:
                        row["kiwi"] = time_kiwi(scene_kiwi, scene, args.runs, n)
                    except Exception as e:  # a scene kiwi cannot model should not void the rest
                        data["errors"].append(f"{shape} {fmt_count(n)}, kiwisolver: {type(e).__name__}: {e}")
                        log(f"  failed: {e}")
                if scene is not None and args.scene_dir is None and scene.exists():
                    scene.unlink()
                data["results"].append(row)
                log("  " + "; ".join(f"{ENGINE_LABELS[e]} {fmt_seconds(row[e]['median_seconds'])}"
                                     for e in ENGINES if e in row))
    finally:
        if temp is not None:
            temp.cleanup()

    data["load_average_at_end"] = _read("/proc/loadavg").split()[:3]
    print(text_table(data["results"]))
    if data["errors"]:
        print("\nFailures:\n" + "\n".join(f"  {e}" for e in data["errors"]))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(data, indent=2) + "\n")
    plot = args.plot
    if plot is not None:
        write_plot(data["results"], plot)
    if args.results_md is not None:
        write_markdown(data, args.results_md, plot)
    if args.readme is not None:
        try:
            write_readme_table(data, args.readme, plot)
        except HarnessError as e:
            log(f"run.py: {e}")
            return 2
    written = [str(p) for p in (args.json, plot, args.results_md, args.readme) if p is not None]
    log("wrote " + ", ".join(written))
    return 1 if data["errors"] else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(130)
