#!/usr/bin/env bash
# The main job: builds the profiling harness (release) and profiles a generated 100,000-view
# Auto Layout tree. Without arguments, the tree is also built cold three more times and Yoga
# (through poga, installed with pip when missing) lays out the same tree, side by side.
# Arguments are passed on to `canopy profile` instead of those (try --count 1000000,
# --shape balanced, --peer yoga, --json, --trace out.json; docs/profiling.md has the rest).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
export OPENBLAS_NUM_THREADS=1
swift build -c release --product canopy >&2
if [ "$#" -eq 0 ]; then
    python="${PYTHON:-python3}"
    if "$python" -c "import poga" 2>/dev/null || "$python" -m pip install --quiet poga >&2; then
        set -- --cold-builds 3 --peer yoga
    else
        echo "profile: poga could not be installed; profiling without Yoga beside" >&2
    fi
fi
.build/release/canopy profile --shape tree --count 100000 --passes 5 "$@"
