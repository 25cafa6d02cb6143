#!/usr/bin/env bash
# Proof of the load gate (docs/performance.md, "The gate"). Each round runs the CI smoke gate (scripts/perf-smoke.sh:
# an A/B run of fresh platforms, the current build beside the baseline's commit) twice:
#   - unchanged code: a regression verdict is a false alarm;
#   - the current build's gateway slowed for one scenario's route by a quarter of that scenario's P95 (as the reference
#     measured it in this round's unchanged run, i.e. in the same machine state; SORCHA_TEST_SLOWDOWN, test-only,
#     rotating through five scenarios): a regression verdict on that scenario's latency is a detection.
# GATE_SLOWDOWN_SHARE (default 0.25) is the share of the P95 the slowed gateway adds (scripts/lib/gate.sh).
# usage: scripts/gate-proof.sh [rounds=10] [first-round=1]      PERF_HOG=1: stress-ng --cpu 1 runs throughout (one core
# busy with unrelated work); PERF_CONDITIONS names the state in every run's metadata. Needs jq (and stress-ng for the hog).
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/gate.sh

rounds=${1:-10}
first=${2:-1}
baseline=perf/Sorcha.Performance/baseline.json
out=${PERF_OUT:-artifacts/perf/gate-proof-$(date -u +%Y%m%d-%H%M%S)}
slowable=(health_check wallet_read register_read blueprint_read transaction_submission)
mkdir -p "$out"
if [ "${PERF_HOG:-0}" = 1 ]; then
  stress-ng --cpu 1 --timeout 0 >/dev/null 2>&1 &
  hog=$!
  trap 'kill "$hog" 2>/dev/null' EXIT
  export PERF_CONDITIONS=${PERF_CONDITIONS:-"stress-ng --cpu 1 running"}
fi
export PERF_CONDITIONS=${PERF_CONDITIONS:-idle}

dotnet build perf/Sorcha.Performance -c Release -warnaserror >/dev/null || exit 2
[ -f "$out/summary.md" ] || printf '| round | conditions | load avg | unchanged: exit | slowed (gateway work added) | slowed: exit | change of the slowed scenario |\n|---|---|---|---|---|---|---|\n' >"$out/summary.md"
for i in $(seq "$first" $((first + rounds - 1))); do
  run="$out/round-$(printf %02d "$i")"
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  PERF_OUT="$run/unchanged" bash scripts/perf-smoke.sh --samples >"$run-unchanged.log" 2>&1
  unchanged=$?
  scenario=${slowable[$(((i - 1) % ${#slowable[@]}))]}
  figures=$baseline
  [ -f "$run/unchanged/reference.json" ] && figures=$run/unchanged/reference.json
  slowdown=$(gate_slowdown "$figures" "$scenario")
  SORCHA_TEST_SLOWDOWN="$slowdown" PERF_OUT="$run/slowed" bash scripts/perf-smoke.sh --samples >"$run-slowed.log" 2>&1
  slowed=$?
  change=$(gate_change "$run/slowed/comparison.json" "$scenario")
  if [ "$slowed" -eq 1 ] && flagged=$(gate_flagged "$run/slowed/comparison.json" "$scenario"); then
    detected="1 (detected: $flagged)"
  else
    detected="$slowed (missed)"
  fi
  echo "round $i ($PERF_CONDITIONS): unchanged exit $unchanged; $scenario slowed [$slowdown ms] exit $detected; $change"
  echo "| $i | $PERF_CONDITIONS | $load | $unchanged | $scenario: $slowdown ms | $detected | $change |" >>"$out/summary.md"
done
echo "summary: $out/summary.md"
