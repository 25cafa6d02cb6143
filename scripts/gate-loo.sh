#!/usr/bin/env bash
# The gate judged again on saved smoke runs, without load (docs/performance.md, "The gate: measured rates"): each run
# against the median of the others (--baseline-from), unchanged and with one scenario's baseline P95 divided by 1.25,
# rotating as scripts/gate-proof.sh does. usage: scripts/gate-loo.sh <dir with run-*/results.json> <out dir>
# (after a Release build of tests/Sorcha.Performance; needs jq).
cd "$(dirname "$0")/.."
dir=$1; out=$2; mkdir -p "$out"
h=(dotnet artifacts/bin/Sorcha.Performance/release/Sorcha.Performance.dll)
runs=($(ls -d $dir/run-*/ | sed 's#/$##'))
mapfile -t scenarios < <(jq -r '.scenarios[].scenario' "${runs[0]}/results.json")
fa=0; det=0; n=${#runs[@]}
for i in "${!runs[@]}"; do
  others=$(for j in "${!runs[@]}"; do [ "$j" != "$i" ] && printf "%s/results.json," "${runs[$j]}"; done)
  b="$out/baseline-$i.json"
  "${h[@]}" --baseline-from "${others%,}" --update-baseline "$b" >/dev/null
  "${h[@]}" --compare-only "${runs[$i]}/results.json" --compare "$b" --out "$out/u$i" >"$out/u$i.log" 2>&1; u=$?
  s=${scenarios[$((i % ${#scenarios[@]}))]}
  jq --arg s "$s" '.scenarios |= map(if .scenario == $s then .p95 /= 1.25 | .gate.p95 /= 1.25 else . end)' "$b" >"$out/slowed-$i.json"
  "${h[@]}" --compare-only "${runs[$i]}/results.json" --compare "$out/slowed-$i.json" --out "$out/s$i" >"$out/s$i.log" 2>&1
  d=no; jq -e --arg s "$s" 'any(.checks[]; .scenario == $s and .metric == "P95" and .verdict == "Regression")' "$out/s$i/comparison.json" >/dev/null && d=yes
  [ "$u" -eq 1 ] && fa=$((fa+1)); [ "$d" = yes ] && det=$((det+1))
  echo "held out $(basename ${runs[$i]}): unchanged exit $u ($(grep -c REGRESSION "$out/u$i.log") flagged: $(grep REGRESSION "$out/u$i.log" | awk '{print $1"/"$2}' | tr '\n' ' ')); $s slowed 25 %: detected $d"
done
echo "leave-one-out over $n runs: false alarms $fa/$n, detections $det/$n"
