#!/usr/bin/env bash
# Capacity of two builds in one run (docs/performance.md, "Capacity A/B"): the commit given (A) and this checkout (B),
# alternated A B A B … on fresh platforms, rate limit off. Each run is this checkout's harness in `--capacity` mode on
# one scenario alone: a warm-up at its default rate, then doubling and bisecting steps until the highest rate whose
# P99 ≤ the bound, OK ≥ 99.9 % and nothing dropped. Prints every run and each side's median, the B/A ratio of medians
# and each side's spread (max/min), which is the A/A noise the ratio is read against.
# usage: perf/scripts/capacity-ab.sh <commit A> [rounds=3] [scenario=action_submission] [p99 bound ms=50] [warm-up s=60] [step s=10]
# SORCHA_PERF_BLUEPRINTS=<folder> gives both sides the sample blueprints of that folder (an older build refuses a member
# today's samples use: give it its own, artifacts/reference/<commit>/samples/blueprints).
# B_ENV="NAME=value …" is given to side B's AppHost only (and so to the processes it starts): with <commit A> = HEAD,
# one build under two settings.
set -uo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/platform.sh
. scripts/lib/reference.sh
. perf/scripts/lib/ab.sh

old=${1:?usage: perf/scripts/capacity-ab.sh <commit> [rounds] [scenario] [p99 bound] [warm-up] [step]}
rounds=${2:-3} scenario=${3:-action_submission} bound=${4:-50} warm=${5:-60} step=${6:-10}
out=${PERF_OUT:-artifacts/perf/capacity-ab-$(date -u +%Y%m%d-%H%M%S)}
mkdir -p "$out"
olddir=$(reference_checkout "$(git rev-parse "$old")") || exit 2
dotnet build src/Sorcha.AppHost -c Release -warnaserror -nologo >"$out/build.log" 2>&1 \
  && dotnet build perf/Sorcha.Performance -c Release -warnaserror -nologo >>"$out/build.log" 2>&1 \
  || { echo "build failed: $out/build.log" >&2; exit 2; }
harness=artifacts/bin/Sorcha.Performance/release/Sorcha.Performance.dll
export Limits__RateLimit__Enabled=false
data=
trap 'platform_stop; [ -n "$data" ] && rm -rf "$data"' EXIT

measure() { # <side> <checkout> <round>: prints "<side> <round> <capacity/s>"
  local dir="$out/$1$3"
  data=$(mktemp -d)
  launch_side "$1" "$data" "$dir-apphost.log" "$2"
  platform_wait PLATFORM >/dev/null || return 1
  dotnet "$harness" --target "$PLATFORM_URL" --target-config Release --out "$dir" --scenarios "$scenario" --capacity \
    --p99-bound "$bound" --warmup "$warm" --duration "$step" >"$dir.log" 2>&1 || { echo "harness failed: $dir.log" >&2; return 1; }
  platform_stop; rm -rf "$data"; data=
  jq -r --arg side "$1" --arg r "$3" '.scenarios[0] | "\($side) \($r) \(.capacityRate // 0)"' "$dir/capacity.json"
}

for round in $(seq 1 "$rounds"); do
  measure A "$olddir" "$round" || exit 2
  measure B . "$round" || exit 2
done | tee "$out/capacity.txt"
echo "$scenario capacity at P99 ≤ $bound ms (warm-up $warm s, steps $step s), A = $old, B = $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo '+changes')${B_ENV:+ with $B_ENV}, $rounds alternated rounds, load $(cut -d' ' -f1-3 /proc/loadavg):" | tee "$out/summary.txt"
awk 'function median(v, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
       return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
  { if ($1 == "A") a[++na] = $3; else b[++nb] = $3 }
  END { ma = median(a, na); mb = median(b, nb)
        printf "A median %.0f/s (%.0f–%.0f, spread %.2f×); B median %.0f/s (%.0f–%.0f, spread %.2f×); B/A %.2f\n",
          ma, a[1], a[na], a[1] ? a[na] / a[1] : 0, mb, b[1], b[nb], b[1] ? b[nb] / b[1] : 0, ma ? mb / ma : 0 }' "$out/capacity.txt" | tee -a "$out/summary.txt"
