#!/usr/bin/env bash
# Canopy's Auto Layout against kiwisolver. Arguments go on to kiwi_differential.py
# (--count, --views, --keep); --canopy defaults to the release harness, else the debug one.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

if ! python3 -c 'import kiwisolver' 2>/dev/null; then
    python3 -m pip install --quiet kiwisolver
fi

python3 Benchmarks/peers/scene_kiwi.py --self-test

args=("$@")
has_canopy=0
for a in "$@"; do
    case "$a" in --canopy|--canopy=*) has_canopy=1 ;; esac
done
if [ "$has_canopy" = 0 ]; then
    for candidate in .build/release/canopy .build/debug/canopy; do
        if [ -x "$candidate" ]; then
            args=(--canopy "$candidate" "${args[@]}")
            has_canopy=1
            break
        fi
    done
fi
if [ "$has_canopy" = 0 ]; then
    echo "run.sh: no harness; build it first (swift build --product canopy) or pass --canopy PATH" >&2
    exit 2
fi

exec python3 Tests/Differential/kiwi_differential.py "${args[@]}"
