#!/usr/bin/env bash
# The main job: builds the profiling harness (release) and profiles a generated 100,000-view
# Auto Layout tree. Arguments are passed on to `canopy profile` (try --count 1000000,
# --shape balanced, --json, --trace out.json; docs/profiling.md has the rest).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
export OPENBLAS_NUM_THREADS=1
swift build -c release --product canopy >&2
.build/release/canopy profile --shape tree --count 100000 --passes 5 "$@"
