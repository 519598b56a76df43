#!/usr/bin/env python3
"""Hostile scene files through `canopy layout`: a few hundred mutations of a generated scene.

Each file must end with exit 0 (it was still a scene), 1 (a solve failed, with the reason), or
2 with exactly one line on standard error naming the file, the line and column, and (for a
problem inside the scene) the JSON path: `canopy: error: NAME:LINE:COLUMN: PATH: message`.
Never a crash, never more than the time limit, never more than the memory limit.

Usage: Tests/SceneFuzz/fuzz.py PATH-TO-CANOPY [--count N] [--seed S]
"""
import argparse
import base64
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile

TIME_LIMIT = 20  # seconds per file
MEMORY_LIMIT = 2 << 30  # bytes of address space per run
ERROR_LINE = re.compile(r"^canopy: error: (?P<file>[^:]+):(?P<line>\d+):(?P<column>\d+): (?P<rest>.+)$")


def mutations(text, rng):
    """(name, bytes) pairs: each a hostile variant of the scene text."""
    data = text.encode()
    lines = text.split("\n")
    numbers = [m.span() for m in re.finditer(r"-?\d+(\.\d+)?([eE][-+]?\d+)?", text)]
    strings = [m.span() for m in re.finditer(r'"[^"\\]*"', text)]

    def replace(span, new):
        return (text[: span[0]] + new + text[span[1]:]).encode()

    yield "empty", b""
    yield "whitespace", b" \n\t \n"
    yield "not json", b"hello, world\n"
    yield "a bare array", b"[1, 2, 3]"
    yield "nested arrays", b"[" * 100_000 + b"]" * 100_000
    yield "nested in a frame", text.replace('"frame": [', '"frame": ' + "[" * 50_000, 1).encode()
    yield "a long frame", text.replace('"frame": [', '"frame": [' + "1, " * 2_000_000, 1).encode()
    yield "a long number", text.replace('"frame": [', '"frame": [' + "9" * 100_000 + ", ", 1).encode()
    yield "a version of 1.5", text.replace('"version": 1', '"version": 1.5', 1).encode()
    yield "a huge tag", text.replace('"id": "', '"tag": 1e20, "id": "', 1).encode()
    yield "an infinite number", text.replace('"frame": [', '"frame": [1e999, ', 1).encode()
    yield "views as an object", text.replace('"views": [', '"views": {"x": [', 1).encode()
    yield "a duplicate key", text.replace('"version": 1', '"version": 1, "version": 1', 1).encode()
    yield "a duplicate id", text.replace('"id": "v1"', '"id": "v2"', 1).encode()
    yield "a missing parent", text.replace('"parent": "', '"parent": "ghost', 1).encode()
    yield "a priority rounding to required", text.replace('"constraints": [{', '"constraints": [{"priority": 999.99999999, ', 1).encode()
    yield "trailing text", data + b"\n{}"
    yield "a byte order mark", b"\xef\xbb\xbf" + data
    yield "invalid UTF-8 in a string", text.replace('"id": "', '"id": "\udcff', 1).encode("utf-8", "surrogateescape")
    yield "a control character in a string", text.replace('"id": "', '"id": "\x01', 1).encode()
    yield "a bad escape", text.replace('"id": "', '"id": "\\q', 1).encode()
    yield "a lone surrogate", text.replace('"id": "', '"id": "\\ud800', 1).encode()
    yield "NaN", text.replace('"frame": [', '"frame": [NaN, ', 1).encode()

    def with_archive(value):
        end = text.rstrip().rfind("}")
        return (text[:end].rstrip() + ',\n  "archive": "' + value + '"\n}\n').encode()

    yield "an archive that is not base64", with_archive("*not base64*")
    yield "an archive of random bytes", with_archive(base64.b64encode(rng.randbytes(4096)).decode())
    yield "a cut archive header", with_archive(base64.b64encode(b"CNPARC01" + b"\xff" * 64).decode())
    for i in range(60):
        cut = rng.randrange(1, len(data))
        yield f"truncated at {cut}", data[:cut]
    for i in range(40):
        if not numbers:
            break
        span = rng.choice(numbers)
        new = rng.choice(['"text"', "true", "null", "{}", "[]", "1e400", "-1e400", "1e20", "-0", "1.5e-400",
                          "0.1e", "01", "--1", "1e9999999999", "123456789012345678901234567890"])
        yield f"number {span[0]} became {new}", replace(span, new)
    for i in range(40):
        if not strings:
            break
        span = rng.choice(strings)
        new = rng.choice(["1", "null", "[]", "{}", '""', '"' + "x" * 70_000 + '"', "true", '"\\u0000"'])
        yield f"string {span[0]} became {new[:12]}", replace(span, new)
    for i in range(40):
        mutated = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            mutated[rng.randrange(len(mutated))] = rng.randrange(256)
        yield f"bytes flipped {i}", bytes(mutated)
    for i in range(20):
        k = rng.randrange(len(lines))
        shuffled = lines[:k] + lines[k + 1:]
        yield f"line {k + 1} removed", "\n".join(shuffled).encode()
    for i in range(20):
        yield f"garbage {i}", bytes(rng.randrange(256) for _ in range(rng.randint(1, 4000)))


def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("canopy")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    failures = []
    with tempfile.TemporaryDirectory() as work:
        base = os.path.join(work, "base.json")
        subprocess.run([args.canopy, "generate", "--shape", "feed", "--count", "60", "--seed", "3", "-o", base], check=True)
        text = open(base).read()
        count = 0
        for name, data in mutations(text, rng):
            count += 1
            path = os.path.join(work, f"case{count}.json")
            with open(path, "wb") as file:
                file.write(data)
            try:
                run = subprocess.run([args.canopy, "layout", path], capture_output=True, timeout=TIME_LIMIT,
                                     preexec_fn=limit_memory)
            except subprocess.TimeoutExpired:
                failures.append(f"{name}: ran past {TIME_LIMIT} s")
                continue
            err = run.stderr.decode(errors="replace")
            if run.returncode == 2:
                lines = err.split("\n")[:-1] if err.endswith("\n") else [err]
                match = ERROR_LINE.match(lines[0]) if len(lines) == 1 else None
                if not match or match["file"] != os.path.basename(path):
                    failures.append(f"{name}: exit 2 without one 'file:line:column: ...' line: {err[:300]!r}")
            elif run.returncode == 0:
                try:
                    json.loads(run.stdout)
                except ValueError:
                    failures.append(f"{name}: exit 0 without JSON")
            elif run.returncode != 1:
                failures.append(f"{name}: exit {run.returncode}: {err[:300]!r}")
            os.remove(path)
    for failure in failures:
        print("scene fuzz: FAIL:", failure, file=sys.stderr)
    print(f"scene fuzz: {count} hostile files, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
