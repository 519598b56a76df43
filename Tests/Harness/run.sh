#!/usr/bin/env bash
# End-to-end checks of the `canopy` harness: every subcommand on every generated shape, and the
# promise that bad arguments and bad files end with one clear line and exit code 2.
# Usage: Tests/Harness/run.sh PATH-TO-CANOPY
set -uo pipefail
canopy="${1:?usage: Tests/Harness/run.sh PATH-TO-CANOPY}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0

fail() { echo "harness test: FAIL: $*" >&2; failures=$((failures + 1)); }

# expect_exit CODE WORDS COMMAND...: the exit code, and WORDS somewhere in standard error.
expect_exit() {
    local code="$1" words="$2"
    shift 2
    "$@" >"$work/out" 2>"$work/err"
    local got=$?
    [ "$got" -eq "$code" ] || fail "$* exited $got, expected $code: $(head -c 300 "$work/err")"
    grep -q -- "$words" "$work/err" || fail "$* did not say '$words': $(head -c 300 "$work/err")"
    [ "$(wc -l <"$work/err")" -eq 1 ] || fail "$* wrote more than one line: $(head -c 300 "$work/err")"
    if grep -q "Stack dump\|Fatal error\|Current stack trace" "$work/err"; then fail "$* crashed"; fi
}

for shape in stack tree grid feed soft random balanced deep flat; do
    scene="$work/$shape.json"
    "$canopy" generate --shape "$shape" --count 120 --seed 2 -o "$scene" || fail "generate $shape"
    "$canopy" layout "$scene" >"$work/layout.json" || fail "layout $shape"
    python3 - "$work/layout.json" "$shape" <<'PY' || fail "layout output of $shape"
import json, sys
out = json.load(open(sys.argv[1]))
assert out["format"] == "canopy-layout" and out["views"], out.keys()
if sys.argv[2] not in ("balanced", "deep", "flat"):
    assert all("solved" in v for v in out["views"]), "a view without a solution"
    assert not out["conflicts"] and not out["ambiguous"] and not out["tiedConstraints"], out
PY
    "$canopy" render "$scene" --constraints -o "$work/$shape.svg" || fail "render $shape"
    grep -q "<polygon" "$work/$shape.svg" || fail "render $shape drew no boxes"
done

"$canopy" profile "$work/feed.json" --passes 2 --hit-tests 10 --cold-builds 3 --json --trace "$work/trace.json" >"$work/profile.json" \
    || fail "profile"
python3 - "$work/profile.json" "$work/trace.json" <<'PY' || fail "profile output"
import json, sys
profile = json.load(open(sys.argv[1]))
phases = {p["phase"]: p for p in profile["phases"]}
for name in ("load", "build", "update cycle", "  solve", "  collect", "  apply frames", "world transforms"):
    assert name in phases, (name, list(phases))
assert phases["update cycle"]["samples"] == 2
assert phases["cold build"]["samples"] == 3 and phases["cold first update cycle"]["samples"] == 3
assert profile["rows"] > 0 and profile["views"] == 106
trace = json.load(open(sys.argv[2]))
assert any(e["name"] == "update cycle" and e["ph"] == "X" for e in trace["traceEvents"])
PY
"$canopy" profile --shape stack --count 300 --passes 1 --hit-tests 0 >"$work/table.txt" || fail "profile of a generated shape"
grep -q "update cycle" "$work/table.txt" || fail "the profile table has no update cycle"

# --peer: the harness runs the peer's script and prints its timing beside its own. A stand-in
# script answers with fixed figures, so that poga need not be installed here.
cat >"$work/peer.py" <<'PY'
import json, sys
args = sys.argv[1:]
count = int(args[args.index("--sizes") + 1])
assert args[args.index("--shape") + 1] == "tree" and args[args.index("--runs") + 1] == "3", args
print(json.dumps({"yoga": "9.9", "results": [
    {"views": count, "runs": 3, "cold_median_seconds": 0.5, "median_seconds": 0.25, "native_cold_median_seconds": 0.375}]}))
PY
"$canopy" profile --shape tree --count 300 --passes 2 --cold-builds 3 --hit-tests 0 --peer yoga --peer-script "$work/peer.py" \
    --json >"$work/peer.json" || fail "profile --peer"
python3 - "$work/peer.json" <<'PY' || fail "profile --peer output"
import json, statistics, sys
profile = json.load(open(sys.argv[1]))
peer = profile["peer"]
assert (peer["engine"], peer["version"], peer["runs"]) == ("yoga", "9.9", 3), peer
assert (peer["cold_seconds"], peer["warm_seconds"], peer["native_cold_seconds"]) == (0.5, 0.25, 0.375), peer
phases = {p["phase"]: p["samples_seconds"] for p in profile["phases"]}
cold = statistics.median(b + c for b, c in zip(phases["cold build"], phases["cold first update cycle"]))
assert abs(peer["canopy_cold_seconds"] - cold) < 1e-12, (peer, cold)
assert peer["canopy_warm_seconds"] in phases["update cycle"], (peer, phases["update cycle"])
PY
"$canopy" profile --shape tree --count 300 --passes 1 --cold-builds 3 --hit-tests 0 --peer yoga \
    --peer-script "$work/peer.py" >"$work/peer.txt" || fail "profile --peer, as text"
grep -qE "^native +[0-9.]+ .s +375\.00 ms .*without Python" "$work/peer.txt" \
    || fail "the peer's native cold time is not printed: $(tail -c 400 "$work/peer.txt")"
sed 's/"native_cold_median_seconds": 0.375/"native_cold_median_seconds": "fast"/' "$work/peer.py" >"$work/badpeer.py"
expect_exit 2 "native cold time that is not a duration" "$canopy" profile --shape tree --count 300 --passes 3 --hit-tests 0 \
    --peer yoga --peer-script "$work/badpeer.py"
"$canopy" profile --shape stack --count 300 --passes 1 --hit-tests 0 --peer yoga --peer-script "$work/peer.py" \
    >"$work/peer.txt" 2>&1 && fail "profile --peer accepted a peer that failed"
grep -q "the peer failed (exit 1): AssertionError" "$work/peer.txt" || fail "a failed peer was not named: $(tail -c 300 "$work/peer.txt")"
sed -i 's/"runs": 3/"runs": 3, "views": 1/' "$work/peer.py"
expect_exit 2 "printed no timing of 300 views" "$canopy" profile --shape tree --count 300 --passes 3 --hit-tests 0 --peer yoga \
    --peer-script "$work/peer.py"
expect_exit 2 "no yoga peer script at" "$canopy" profile --shape tree --count 30 --passes 1 --peer yoga --peer-script "$work/none.py"
expect_exit 2 "stack and tree shapes only" "$canopy" profile --shape balanced --peer yoga
expect_exit 2 "stack and tree shapes only" "$canopy" profile "$work/stack.json" --peer yoga
# A peer without poga names the package to install.
cat >"$work/nopoga.py" <<'PY'
import sys
sys.stderr.write("ModuleNotFoundError: No module named 'poga'\n")
sys.exit(1)
PY
expect_exit 2 "pip install poga" "$canopy" profile --shape tree --count 30 --passes 1 --hit-tests 0 --peer yoga --peer-script "$work/nopoga.py"
expect_exit 2 "needs --peer" "$canopy" profile --peer-script "$work/peer.py"

printf '{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}' >"$work/cut.json"
printf '{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "a", "parent": "b"}, {"id": "b", "parent": "a"}]}' >"$work/cycle.json"
expect_exit 2 "cut.json:1:82: views: the file ends inside an array" "$canopy" layout "$work/cut.json"
expect_exit 2 "cut.json" "$canopy" profile "$work/cut.json"
expect_exit 2 "views\[1\].parent" "$canopy" render "$work/cycle.json" -o "$work/x.svg"
expect_exit 2 "missing.json" "$canopy" layout "$work/missing.json"
expect_exit 2 "shape" "$canopy" generate --shape blob --count 10 -o "$work/x.json"
expect_exit 2 "count" "$canopy" generate --shape stack --count 0 -o "$work/x.json"
expect_exit 2 "passes" "$canopy" profile --passes 0
expect_exit 2 "cold-builds" "$canopy" profile --cold-builds -1
expect_exit 2 "resize" "$canopy" profile --resize 12by4
expect_exit 2 "Unknown option" "$canopy" layout "$work/stack.json" --frobnicate
expect_exit 2 "frobnicate" "$canopy" frobnicate
expect_exit 2 "x.json" "$canopy" generate --shape stack --count 10 -o "$work/no/such/folder/x.json"

# A hidden view's subtree is not drawn, and a view may be listed before its parent.
printf '%s' '{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "frame": [0, 0, 200, 200]},
  {"id": "inner", "parent": "outer", "frame": [10, 10, 50, 50]},
  {"id": "outer", "parent": "w", "frame": [20, 20, 150, 150], "hidden": true},
  {"id": "shown", "parent": "w", "frame": [0, 0, 100, 40]}]}' >"$work/hidden.json"
"$canopy" render "$work/hidden.json" -o "$work/hidden.svg" || fail "render of a hidden parent"
[ "$(grep -c "<polygon" "$work/hidden.svg")" -eq 2 ] || fail "render drew a hidden subtree: $(cat "$work/hidden.svg")"
"$canopy" --help >/dev/null || fail "--help exited non-zero"

# PNG output: real pixels at the scale asked, the colours the scene gives.
printf '%s' '{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "frame": [0, 0, 40, 30],
  "backgroundColor": [1, 1, 1, 1]}, {"id": "red", "parent": "w", "frame": [0, 0, 20, 30], "backgroundColor": [1, 0, 0, 1],
  "cornerRadius": 4, "borderWidth": 1, "borderColor": [0, 0, 1, 1]}]}' >"$work/colours.json"
"$canopy" render "$work/colours.json" -o "$work/colours.png" --scale 2 || fail "render to PNG"
python3 - "$work/colours.png" <<'PY' || fail "the PNG is not 80 x 60 pixels"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:8]
assert struct.unpack(">II", data[16:24]) == (80, 60), struct.unpack(">II", data[16:24])
PY
expect_exit 2 "scale" "$canopy" render "$work/colours.json" -o "$work/x.png" --scale 0
expect_exit 2 "cannot render an image of 200000" "$canopy" render "$work/colours.json" -o "$work/x.png" --scale 5000
[ ! -e "$work/x.png" ] || fail "render wrote a PNG it could not draw"
printf '%s' '{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "backgroundColor": [2, 0, 0, 1]}]}' >"$work/badcolour.json"
expect_exit 2 "backgroundColor" "$canopy" render "$work/badcolour.json" -o "$work/x.png"

# A solve that fails (widths multiplied by 1e9 forty times overflow) is never silent: each
# command exits 1 with the reason, and the JSON carries it.
python3 - "$work/overflow.json" <<'PY'
import json, sys
views = [{"id": "w", "class": "Window", "frame": [0, 0, 100, 100]}]
constraints = [{"first": "a39", "firstAttribute": "width", "constant": 100}]
for i in range(40):
    views.append({"id": f"a{i}", "parent": "w", "translatesAutoresizingMaskIntoConstraints": False})
    constraints += [{"first": f"a{i}", "firstAttribute": a, "second": "w", "secondAttribute": a} for a in ("left", "top")]
    constraints.append({"first": f"a{i}", "firstAttribute": "height", "constant": 10})
    if i < 39:
        constraints.append({"first": f"a{i}", "firstAttribute": "width", "second": f"a{i + 1}", "secondAttribute": "width", "multiplier": 1e9})
json.dump({"format": "canopy-scene", "version": 1, "views": views, "constraints": constraints}, open(sys.argv[1], "w"))
PY
expect_exit 1 "the layout failed: .*nonFinite" "$canopy" layout "$work/overflow.json"
python3 -c 'import json, sys; assert "nonFinite" in json.load(open(sys.argv[1]))["failure"]' "$work/out" || fail "layout JSON without its failure"
expect_exit 1 "the layout failed" "$canopy" render "$work/overflow.json" -o "$work/overflow.svg"
[ ! -e "$work/overflow.svg" ] || fail "render wrote a picture of a failed layout"
"$canopy" profile "$work/overflow.json" --passes 1 --json >"$work/out" 2>/dev/null
[ $? -eq 1 ] || fail "profile of a failed layout did not exit 1"
python3 -c 'import json, sys; assert "nonFinite" in json.load(open(sys.argv[1]))["failure"]' "$work/out" || fail "profile JSON without its failure"

# Interface Builder files: a xib and a storyboard scene lay out and render, custom classes read
# as the built-in class their element names, and what is not read is reported on standard error.
nibs="$(cd "$(dirname "$0")/../CanopyTests/Nibs" && pwd)"
"$canopy" layout "$nibs/ProfileCard.xib" >"$work/xib.json" 2>"$work/xib.err" || fail "layout of a xib"
python3 - "$work/xib.json" <<'PY' || fail "layout output of a xib"
import json, sys
views = {v["id"]: v["frame"] for v in json.load(open(sys.argv[1]))["views"]}
assert views["Av1-im-0c1"] == [16, 16, 64, 64], views
assert views["Fol-bt-0c1"] == [96, 44, 80, 30], views
assert views["iN0-l3-epB"] == [0, 0, 320, 120], views
PY
grep -q 'line 21: the image "avatar" is not found' "$work/xib.err" || fail "the xib's warning was not reported: $(cat "$work/xib.err")"
"$canopy" render "$nibs/Main.storyboard" --scene detail -o "$work/detail.png" || fail "render of a storyboard scene"
python3 - "$work/detail.png" <<'PY' || fail "the storyboard's PNG is not 393 x 852 pixels"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert struct.unpack(">II", data[16:24]) == (393, 852), struct.unpack(">II", data[16:24])
PY
"$canopy" layout "$nibs/Main.storyboard" >"$work/storyboard.json" || fail "layout of a storyboard's initial scene"
grep -q '"Hom-lb-001", "frame": \[20, 20, 353' "$work/storyboard.json" || fail "the initial scene's label: $(head -c 300 "$work/storyboard.json")"
cat >"$work/nav.storyboard" <<'XML'
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav"><scenes>
<scene sceneID="a"><objects><navigationController id="nav" sceneMemberID="viewController"><connections>
<segue destination="home" kind="relationship" relationship="rootViewController" id="r"/></connections></navigationController></objects></scene>
<scene sceneID="b"><objects><viewController id="home" sceneMemberID="viewController"><view key="view" contentMode="scaleToFill" id="root">
<rect key="frame" x="0.0" y="0.0" width="100" height="200"/></view></viewController></objects></scene>
</scenes></document>
XML
"$canopy" layout "$work/nav.storyboard" 2>/dev/null | grep -q '"root", "frame": \[0, 0, 100, 200\]' || fail "a navigation controller's root scene was not shown"
expect_exit 2 "no view controller has the identifier" "$canopy" layout "$nibs/Main.storyboard" --scene nowhere
printf '<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects><view id="a"' >"$work/cut.xib"
expect_exit 2 "cut.xib" "$canopy" layout "$work/cut.xib"
expect_exit 2 "missing.xib: the file cannot be read" "$canopy" layout "$work/missing.xib"
expect_exit 2 "applies to .xib and .storyboard" "$canopy" layout "$work/stack.json" --scene x

if [ "$failures" -ne 0 ]; then
    echo "harness test: $failures failures" >&2
    exit 1
fi
echo "harness test: all subcommands and the error paths checked passed"
