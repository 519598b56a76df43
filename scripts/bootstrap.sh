#!/usr/bin/env bash
# Installs what Canopy needs on a fresh Debian machine when it is missing: the BLAS, LAPACK,
# LAPACKE and SuiteSparse (CHOLMOD) development packages the C core links against, Cairo for
# drawing pixels, HarfBuzz for shaping text, FriBidi and libunibreak for ordering and breaking
# lines, the DejaVu fonts that text is measured with, and WenQuanYi Micro Hei for the Chinese
# and Japanese characters DejaVu lacks. Safe to run again.
set -euo pipefail

missing=()
for package in libblas-dev liblapack-dev liblapacke-dev libsuitesparse-dev libcairo2-dev libharfbuzz-dev libfribidi-dev libunibreak-dev pkg-config fonts-dejavu-core fonts-wqy-microhei; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "bootstrap: installing ${missing[*]}" >&2
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "bootstrap: swift is not on PATH (Swift 6.1 or later is needed)" >&2; exit 1; }
