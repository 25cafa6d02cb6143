#!/usr/bin/env bash
# Proof of the load gate (docs/performance.md, "The gate"): start the platform once, run the smoke gate N times, and
# judge each run twice without loading again (--compare-only):
#   - against the baseline as it is: a regression verdict there is a false alarm (unchanged code);
#   - against a copy of the baseline with one scenario's P95 divided by 1.25, so the same run looks 25 % slower on
#     that scenario (rotating through the scenarios): a regression verdict there is a detection.
# usage: scripts/gate-proof.sh [runs=20] [baseline=tests/Sorcha.Performance/baseline.json] [--restart-each-run]
# PERF_NICE=-10 (root) runs the platform and the harness above other work on a shared machine (scripts/lib/platform.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/platform.sh
. scripts/lib/gate.sh

runs=${1:-20}
baseline=${2:-tests/Sorcha.Performance/baseline.json}
restart=${3:-}
out=${PERF_OUT:-artifacts/perf/gate-proof-$(date -u +%Y%m%d-%H%M%S)}
data=$(mktemp -d)
mkdir -p "$out"
trap 'platform_stop; rm -rf "$data"' EXIT
harness=(nice -n "${PERF_NICE:-0}" dotnet run -c Release --no-build --project tests/Sorcha.Performance --)
mapfile -t scenarios < <(jq -r '.scenarios[].scenario' "$baseline")

dotnet build tests/Sorcha.Performance -c Release -warnaserror >/dev/null || exit 2
platform_start "$data" "$out/platform.log" || exit 2
false_alarms=0 detections=0 failed=0 longest=0
echo "| run | load avg at start | smoke s | unchanged: exit | slowed scenario | slowed: exit |" >"$out/summary.md"
echo "|---|---|---|---|---|---|" >>"$out/summary.md"
for i in $(seq 1 "$runs"); do
  if [ "$restart" = --restart-each-run ] && [ "$i" -gt 1 ]; then
    platform_stop; rm -rf "$data"; data=$(mktemp -d)
    platform_start "$data" "$out/platform-$i.log" || exit 2
  fi
  run="$out/run-$(printf %02d "$i")"
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  start=$(date +%s)
  "${harness[@]}" --target "$PLATFORM_URL" --smoke --samples --target-config Release --out "$run" >"$run.log" 2>&1
  smoke_rc=$?
  seconds=$(($(date +%s) - start))
  [ "$seconds" -gt "$longest" ] && longest=$seconds
  if [ "$smoke_rc" -ne 0 ] || [ ! -f "$run/results.json" ]; then
    failed=$((failed + 1))
    echo "run $i: the smoke run failed (exit $smoke_rc, see $run.log)"
    echo "| $i | $load | $seconds | run failed ($smoke_rc) | | |" >>"$out/summary.md"
    continue
  fi

  "${harness[@]}" --compare-only "$run/results.json" --compare "$baseline" --out "$run/unchanged" >"$run/unchanged.log" 2>&1
  unchanged=$?
  slowed=${scenarios[$(((i - 1) % ${#scenarios[@]}))]}
  gate_slowed "$baseline" "$slowed" "$run/slowed-baseline.json"
  "${harness[@]}" --compare-only "$run/results.json" --compare "$run/slowed-baseline.json" --out "$run/slowed" >"$run/slowed.log" 2>&1
  detected=$?
  [ "$unchanged" -eq 1 ] && false_alarms=$((false_alarms + 1))
  # A detection is a regression verdict on the slowed scenario's P95, not just any regression in that comparison.
  if [ "$detected" -eq 1 ] && gate_p95_flagged "$run/slowed/comparison.json" "$slowed"; then
    detections=$((detections + 1))
  else
    detected="$detected (P95 not flagged)"
  fi
  echo "run $i: load $load, smoke ${seconds} s; unchanged → exit $unchanged; $slowed 25 % slower → exit $detected"
  echo "| $i | $load | $seconds | $unchanged | $slowed | $detected |" >>"$out/summary.md"
done

ok_runs=$((runs - failed))
{
  echo
  echo "false alarms: $false_alarms of $ok_runs runs; detections of a 25 % P95 slowdown: $detections of $ok_runs; failed runs: $failed"
  echo "longest smoke run (init included): $longest s; baseline: $baseline; commit $(git rev-parse --short HEAD 2>/dev/null)"
} | tee -a "$out/summary.md"
echo "summary: $out/summary.md"
[ "$false_alarms" -le $((runs / 20)) ] && [ "$detections" -ge $((ok_runs - runs / 20)) ] && [ "$failed" -eq 0 ]
