#!/usr/bin/env bash
# Canopy against Yoga and kiwisolver: installs the Python peers when missing, then runs run.py.
# Arguments go to run.py (try --quick, --help).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="${PYTHON:-python3}"

missing=()
for module in kiwisolver poga matplotlib; do
    "$python" -c "import $module" 2>/dev/null || missing+=("$module")
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "run.sh: installing ${missing[*]} with pip" >&2
    # poga may come as a source package that pip compiles (Yoga in C++): it needs g++.
    "$python" -m pip install --quiet kiwisolver poga matplotlib
fi

# One BLAS thread: the harness and numpy must not compete for the two cores being measured.
export OPENBLAS_NUM_THREADS=1
exec "$python" "$here/run.py" "$@"
