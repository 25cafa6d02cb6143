#!/usr/bin/env bash
# Proof of the load gate (docs/performance.md, "The gate"). Each round runs the CI smoke gate (scripts/perf-smoke.sh:
# an A/B run of fresh platforms, the current build beside its reference) twice:
#   - unchanged code: any flag (a regression, or a stale baseline) is a false alarm;
#   - a slowed build: a regression verdict on the slowed scenario's latency is a detection. The slowdown is a share
#     (GATE_SLOWDOWN_SHARE, default 0.25) of what the reference measured in that round's unchanged run, i.e. in the
#     same machine state:
#     default mode: the current build's gateway does that share of one scenario's P95 in extra work on that scenario's
#       route (SORCHA_TEST_SLOWDOWN, test-only), rotating through five scenarios;
#     --busy-wait: no hook. A clone of HEAD (artifacts/gate-proof/clone) gets a commit whose Wallet read handler
#       (GET /api/wallets/{address}) busy-waits that share of the reference's wallet_read P50 before anything else; the
#       clone is built and runs as the current build (PERF_CURRENT_DIR). The reference is HEAD (PERF_REFERENCE,
#       default HEAD here): today's code judged against today's code, as the gate judges a change once the baseline
#       is current.
# usage: perf/scripts/gate-proof.sh [--busy-wait] [--dry-run] [rounds=10] [first-round=1]
#   --dry-run (with --busy-wait): make the clone's busy-wait commit (sized from the checked-in baseline's wallet_read
#   P50), build its Wallet service, print what each round would run, and stop: no platform, no load.
# PERF_HOG=1: stress-ng --cpu 1 runs throughout (one core busy with unrelated work); PERF_CONDITIONS names the state
# in every run's metadata. Needs jq (and stress-ng for the hog). Writes $out/summary.md, one row per round.
set -uo pipefail
cd "$(dirname "$0")/../.."
. perf/scripts/lib/gate.sh

mode=gateway dry=0
while [ "${1:-}" != "${1#--}" ]; do
  case $1 in
    --busy-wait) mode=busy-wait ;;
    --dry-run) dry=1 ;;
    *) echo "usage: perf/scripts/gate-proof.sh [--busy-wait] [--dry-run] [rounds] [first-round]" >&2; exit 2 ;;
  esac
  shift
done
[ "$dry" = 1 ] && [ "$mode" != busy-wait ] && { echo "gate-proof: --dry-run goes with --busy-wait" >&2; exit 2; }
rounds=${1:-10}
first=${2:-1}
baseline=perf/Sorcha.Performance/baseline.json
out=${PERF_OUT:-artifacts/perf/gate-proof-$(date -u +%Y%m%d-%H%M%S)}
slowable=(health_check wallet_read register_read blueprint_read transaction_submission)
clone=artifacts/gate-proof/clone
mkdir -p "$out"
command -v jq >/dev/null || { echo "gate-proof: needs jq" >&2; exit 2; }

# busy_wait_build <µs> [project=src/Sorcha.AppHost]: the clone's busy-wait commit, built (Release); sets slowed_commit.
# A build only when the size changed since the last one.
built_us=
busy_wait_build() {
  [ "$1" = "$built_us" ] && return 0
  slowed_commit=$(gate_busy_wait_clone "$clone" "$1") || return 1
  (cd "$clone" && dotnet build "${2:-src/Sorcha.AppHost}" -c Release -warnaserror -nologo) >"$out/clone-build.log" 2>&1 \
    || { echo "gate-proof: the clone's build failed: $out/clone-build.log" >&2; return 1; }
  built_us=$1
}

if [ "$mode" = busy-wait ]; then
  export PERF_REFERENCE=${PERF_REFERENCE:-HEAD}
  if [ "$dry" = 1 ]; then
    us=$(gate_busy_wait_us "$baseline") || { echo "gate-proof: no wallet_read P50 in $baseline" >&2; exit 2; }
    busy_wait_build "$us" src/Services/Sorcha.Wallet.Service || exit 2
    echo "dry run: $clone at $slowed_commit (HEAD $(git rev-parse --short HEAD) + a $us µs busy-wait); its Wallet service builds"
    git -C "$clone" show --stat --format='  %h %s' HEAD
    for i in $(seq "$first" $((first + rounds - 1))); do
      echo "round $i: PERF_REFERENCE=$PERF_REFERENCE PERF_OUT=$out/round-$(printf %02d "$i")/unchanged bash scripts/perf-smoke.sh --samples"
      echo "         busy-wait = $(awk -v k="${GATE_SLOWDOWN_SHARE:-0.25}" 'BEGIN { print k }') × that run's reference wallet_read P50; rebuild the clone if it changed"
      echo "         SORCHA_COMMIT=<clone commit> PERF_CURRENT_DIR=$clone PERF_REFERENCE=$PERF_REFERENCE PERF_OUT=$out/round-$(printf %02d "$i")/slowed bash scripts/perf-smoke.sh --samples"
    done
    exit 0
  fi
fi

if [ "${PERF_HOG:-0}" = 1 ]; then
  stress-ng --cpu 1 --timeout 0 >/dev/null 2>&1 &
  hog=$!
  trap 'kill "$hog" 2>/dev/null' EXIT
  export PERF_CONDITIONS=${PERF_CONDITIONS:-"stress-ng --cpu 1 running"}
fi
export PERF_CONDITIONS=${PERF_CONDITIONS:-idle}

dotnet build perf/Sorcha.Performance -c Release -warnaserror >/dev/null || exit 2
# The reference HEAD is this checkout's own build: build it before the first round, not inside it.
[ "$mode" = busy-wait ] && { dotnet build src/Sorcha.AppHost -c Release -warnaserror -nologo >"$out/build.log" 2>&1 || exit 2; }
[ -f "$out/summary.md" ] || printf '| round | mode | conditions | load avg | unchanged: exit (flagged) | slowed (how much) | slowed: exit | change of the slowed scenario |\n|---|---|---|---|---|---|---|---|\n' >"$out/summary.md"
for i in $(seq "$first" $((first + rounds - 1))); do
  run="$out/round-$(printf %02d "$i")"
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  PERF_OUT="$run/unchanged" bash scripts/perf-smoke.sh --samples >"$run-unchanged.log" 2>&1
  unchanged=$?
  [ "$unchanged" -ne 0 ] && flags=$(gate_flagged_all "$run/unchanged") && unchanged="$unchanged ($flags)"
  figures=$baseline
  [ -f "$run/unchanged/reference.json" ] && figures=$run/unchanged/reference.json
  if [ "$mode" = busy-wait ]; then
    scenario=wallet_read
    us=$(gate_busy_wait_us "$figures") && busy_wait_build "$us" || exit 2
    how="wallet_read handler: $us µs busy-wait"
    SORCHA_COMMIT=$slowed_commit PERF_CURRENT_DIR=$clone PERF_OUT="$run/slowed" bash scripts/perf-smoke.sh --samples >"$run-slowed.log" 2>&1
  else
    scenario=${slowable[$(((i - 1) % ${#slowable[@]}))]}
    slowdown=$(gate_slowdown "$figures" "$scenario")
    how="$scenario gateway work: $slowdown ms"
    SORCHA_TEST_SLOWDOWN="$slowdown" PERF_OUT="$run/slowed" bash scripts/perf-smoke.sh --samples >"$run-slowed.log" 2>&1
  fi
  slowed=$?
  change=$(gate_change "$run/slowed/comparison.json" "$scenario")
  if [ "$slowed" -eq 1 ] && flagged=$(gate_flagged "$run/slowed/comparison.json" "$scenario"); then
    detected="1 (detected: $flagged)"
  else
    detected="$slowed (missed)"
  fi
  echo "round $i ($mode, $PERF_CONDITIONS): unchanged exit $unchanged; $how: exit $detected; $change"
  echo "| $i | $mode | $PERF_CONDITIONS | $load | $unchanged | $how | $detected | $change |" >>"$out/summary.md"
done
echo "summary: $out/summary.md"
