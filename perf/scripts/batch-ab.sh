#!/usr/bin/env bash
# Batch commit throughput of two builds in one run (docs/performance.md, "Batch commit"): the commit given (A) and this
# checkout (B), alternated A B A B on fresh platforms, rate limit off. Each round is this checkout's probe
#   dotnet run -c Release --no-build --project perf/Sorcha.Benchmarks -- batch-e2e <gateway> <data>/dev-client-secret <batches> <concurrency> <warm-up s>
# (<batches> × 1,000 client-signed transactions posted to /api/transactions/batch through the gateway, <concurrency>
# in flight, after <warm-up s> seconds of freshly signed batches at that concurrency, so that the figure is the
# services' and not their JIT's; 0 = one warm-up batch only, as the figures before it were taken). Every signature is
# verified by the Transaction service. Any item not answered 201, in the warm-up or the measured batches, fails the
# run (exit 1): a fast refusal is not throughput.
# usage: perf/scripts/batch-ab.sh <commit A> [rounds=2] [batches=10] [concurrency=2] [warm-up s=30]   (builds A once, under artifacts/reference)
set -uo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/platform.sh
. scripts/lib/reference.sh

old=${1:?usage: perf/scripts/batch-ab.sh <commit> [rounds] [batches] [concurrency] [warm-up s]}
rounds=${2:-2}
batches=${3:-10}
concurrency=${4:-2}
warmup=${5:-30}
out=${PERF_OUT:-artifacts/perf/batch-ab-$(date -u +%Y%m%d-%H%M%S)}
mkdir -p "$out"
olddir=$(reference_checkout "$(git rev-parse "$old")") || exit 2
for project in src/Sorcha.AppHost perf/Sorcha.Benchmarks; do
  dotnet build "$project" -c Release -warnaserror -nologo >>"$out/build.log" 2>&1 || { echo "build failed: $out/build.log" >&2; exit 2; }
done
export Limits__RateLimit__Enabled=false
data=
trap 'platform_stop; [ -n "$data" ] && rm -rf "$data"' EXIT

side_run() { # <side A|B> <checkout>
  data=$(mktemp -d)
  platform_launch PLATFORM "$data" "$out/platform-$1-$round.log" "$2"
  platform_wait PLATFORM >/dev/null || return 1
  local log=$out/probe-$1-$round.log
  # The same probe (this checkout's) measures both sides.
  if ! dotnet run -c Release --no-build --project perf/Sorcha.Benchmarks -- batch-e2e "$PLATFORM_URL" "$data/dev-client-secret" \
    "$batches" "$concurrency" "$warmup" >"$log" 2>&1; then
    echo "side $1, round $round: the probe failed (an item not answered 201, or an error); $log:" >&2
    tail -5 "$log" >&2
    return 1
  fi
  sed -nE 's/.* = ([0-9]+) tx\/s; batch latency min ([0-9]+) \/ median ([0-9]+) \/ max ([0-9]+) ms.*/\1 \3/p' "$log" |
    sed "s/^/$1 $round /" | tee -a "$out/figures.txt"
  platform_stop
  rm -rf "$data"; data=
}

: >"$out/figures.txt"
for round in $(seq 1 "$rounds"); do
  side_run A "$olddir" || exit 1
  side_run B . || exit 1
done

echo "A = $old ($olddir), B = $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src perf || echo '+changes'); $rounds rounds," \
  "batch-e2e $batches x 1,000, $concurrency in flight, ${warmup} s warm-up, rate limit off, load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)" | tee "$out/summary.txt"
awk '{ s[$1] += $3; m[$1] += $4; n[$1]++ }
  END {
    printf "%-5s %10s %18s\n", "side", "tx/s", "median batch ms"
    printf "%-5s %10.0f %18.0f\n", "A", s["A"] / n["A"], m["A"] / n["A"]
    printf "%-5s %10.0f %18.0f\n", "B", s["B"] / n["B"], m["B"] / n["B"]
    printf "B/A   %10.3f\n", (s["B"] / n["B"]) / (s["A"] / n["A"])
  }' "$out/figures.txt" | tee -a "$out/summary.txt"
echo "every round (side round tx/s median-ms): $out/figures.txt"
