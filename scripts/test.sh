#!/usr/bin/env bash
# The test command: installs what is missing, runs the whole suite, the harness end to end,
# a few hundred hostile scene files, the differential test against kiwisolver (installed with pip when missing), then the suite
# again under AddressSanitizer (everything) and UndefinedBehaviorSanitizer (the C core: Swift on
# Linux has no UBSan, but the toolchain's clang does), and the solve on several threads under
# ThreadSanitizer. Exits non-zero when anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
export OPENBLAS_NUM_THREADS=1

echo "== swift test"
swift test
echo "== the harness, end to end"
swift build --product canopy
Tests/Harness/run.sh .build/debug/canopy
echo "== hostile scene files"
python3 Tests/SceneFuzz/fuzz.py .build/debug/canopy
echo "== Auto Layout against kiwisolver"
Tests/Differential/run.sh --canopy .build/debug/canopy
# Larger scenes: their blocks (80 to 90 unknowns) go through the LAPACK kernel, not the tiny one.
Tests/Differential/run.sh --canopy .build/debug/canopy --count 20 --views 400
# A few scenes of 2,000 views, the size at which a few thousand coupled constraints first
# make blocks of hundreds of unknowns.
Tests/Differential/run.sh --canopy .build/debug/canopy --count 3 --views 2000
# Scenes whose largest blocks (650 to 700 unknowns) go through the sparse path.
Tests/Differential/run.sh --canopy .build/debug/canopy --count 1 --views 3000
# A scene whose largest blocks (2,192 and 2,288 unknowns) have levels met whole that miss held
# inequalities: the sparse path keeps those held.
Tests/Differential/run.sh --canopy .build/debug/canopy --count 1 --views 10000
echo "== swift test (AddressSanitizer; UndefinedBehaviorSanitizer on the C core)"
ubsan_flags=()
toolchain_lib="$(dirname "$(readlink -f "$(command -v swift)")")/../lib"
ubsan_runtime=$(ls "$toolchain_lib"/clang/*/lib/linux/libclang_rt.ubsan_standalone-x86_64.a 2>/dev/null | head -n 1 || true)
if [ -n "$ubsan_runtime" ]; then
    ubsan_flags=(-Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined -Xlinker "$ubsan_runtime")
else
    echo "test: no UBSan runtime in this toolchain; running AddressSanitizer only" >&2
fi
LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt" \
    swift test --sanitize=address --scratch-path .build-sanitize "${ubsan_flags[@]}"
echo "== the solve on several threads (ThreadSanitizer)"
swift test --sanitize=thread --scratch-path .build-thread-sanitize --filter "SolveLanesTests"
