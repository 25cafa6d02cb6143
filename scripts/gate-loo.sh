#!/usr/bin/env bash
# The gate judged again on saved smoke runs, without load (docs/performance.md, "The gate: measured rates"): each run
# against the median of the others (--baseline-from) — a regression verdict is a false alarm — and, once per scenario,
# against that baseline with the scenario's P95 divided by 1.25 (the run made 25 % slower on it) — a P95 regression
# verdict on that scenario is a detection. Also reports the rotating count that scripts/gate-proof.sh uses (one
# scenario per run). usage: scripts/gate-loo.sh <dir with run-*/results.json> <out dir>
# (after a Release build of tests/Sorcha.Performance; needs jq).
cd "$(dirname "$0")/.."
. scripts/lib/gate.sh
dir=$1; out=$2; mkdir -p "$out"
h=(dotnet artifacts/bin/Sorcha.Performance/release/Sorcha.Performance.dll)
runs=($(ls -d $dir/run-*/ | sed 's#/$##'))
mapfile -t scenarios < <(jq -r '.scenarios[].scenario' "${runs[0]}/results.json")
fa=0; det=0; rot=0; n=${#runs[@]}; m=${#scenarios[@]}
for i in "${!runs[@]}"; do
  others=$(for j in "${!runs[@]}"; do [ "$j" != "$i" ] && printf "%s/results.json," "${runs[$j]}"; done)
  b="$out/baseline-$i.json"
  "${h[@]}" --baseline-from "${others%,}" --update-baseline "$b" >/dev/null
  "${h[@]}" --compare-only "${runs[$i]}/results.json" --compare "$b" --out "$out/u$i" >"$out/u$i.log" 2>&1; u=$?
  [ "$u" -eq 1 ] && fa=$((fa+1))
  missed=()
  for k in "${!scenarios[@]}"; do
    s=${scenarios[$k]}
    gate_slowed "$b" "$s" "$out/slowed-$i-$k.json"
    "${h[@]}" --compare-only "${runs[$i]}/results.json" --compare "$out/slowed-$i-$k.json" --out "$out/s$i-$k" >/dev/null 2>&1
    if gate_p95_flagged "$out/s$i-$k/comparison.json" "$s"; then
      det=$((det+1)); [ "$k" -eq $((i % m)) ] && rot=$((rot+1))
    else
      missed+=("$s")
    fi
  done
  echo "held out $(basename ${runs[$i]}): unchanged exit $u ($(grep -c REGRESSION "$out/u$i.log") flagged: $(grep REGRESSION "$out/u$i.log" | awk '{print $1"/"$2}' | tr '\n' ' ')); 25 % slower P95 missed on: ${missed[*]:-none}"
done
echo "leave-one-out over $n runs: false alarms $fa/$n; detections $det/$((n * m)) (every scenario slowed in turn), $rot/$n rotating one scenario per run"
