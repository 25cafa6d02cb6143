#!/usr/bin/env bash
# CPU time each process of the platform spends per request of one scenario, two builds in one run (docs/performance.md,
# "CPU per request"): the commit given (A) and this checkout (B), alternated A B A B on fresh platforms. Each round
# drives the scenario at a fixed rate for <warm> s (not counted: the tiered JIT is still compiling for about 50 s at
# 100 actions/s), then reads utime+stime of every process in the platform's session from /proc before and after <seconds>
# s more at the same rate, and divides by the requests sent. CPU time, unlike latency, barely moves with what else the
# machine runs, so this shows a change's cost even on a shared machine; compare A and B of one run only.
# usage: perf/scripts/cpu-per-request.sh <commit A> [rounds=2] [scenario=action_submission] [rate=100] [warm=60] [seconds=30]
set -uo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/platform.sh
. scripts/lib/reference.sh

old=${1:?usage: perf/scripts/cpu-per-request.sh <commit> [rounds] [scenario] [rate] [warm] [seconds]}
rounds=${2:-2} scenario=${3:-action_submission} rate=${4:-100} warm=${5:-60} seconds=${6:-30}
out=${PERF_OUT:-artifacts/perf/cpu-per-request-$(date -u +%Y%m%d-%H%M%S)}
mkdir -p "$out"
olddir=$(reference_checkout "$(git rev-parse "$old")") || exit 2
dotnet build src/Sorcha.AppHost -c Release -warnaserror -nologo >"$out/build.log" 2>&1 \
  && dotnet build perf/Sorcha.Performance -c Release -warnaserror -nologo >>"$out/build.log" 2>&1 \
  || { echo "build failed: $out/build.log" >&2; exit 2; }
harness=artifacts/bin/Sorcha.Performance/release/Sorcha.Performance.dll
data=
trap 'platform_stop; [ -n "$data" ] && rm -rf "$data"' EXIT

# cpu_ticks: "<process> <ticks>" for every process the platform runs: those in its session (the AppHost) and those in
# the sessions of the DCP that watches its AppHost (dcp --monitor <pid>, --detach) and of DCP's own children
# (run-controllers starts a session of its own, and the services and Redis run in it).
cpu_ticks() {
  local sids pid name dcp
  sids=$(ps -o sid= -p "$PLATFORM_PID" | tr -d ' ')
  for pid in $(ps -e -o pid=,sid= | awk -v s="$sids" '$2 == s { print $1 }'); do
    for dcp in $(pgrep -f "dcp start-apiserver --monitor $pid "); do
      sids="$sids $(ps -o sid= -p "$dcp" | tr -d ' ') $(pgrep -P "$dcp" | xargs -r ps -o sid= -p | tr -d ' ' | tr '\n' ' ')"
    done
  done
  for pid in $(ps -e -o pid=,sid= | awk -v s=" $sids " 'index(s, " " $2 " ") { print $1 }'); do
    name=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -o 'Sorcha\.[A-Za-z.]*\|redis-server\|garnet' | head -1)
    [ -n "$name" ] && awk -v n="$name" -v p="$pid" '{ print p, n, $14 + $15 }' "/proc/$pid/stat" 2>/dev/null
  done
}

# drive <dir> <seconds>: the scenario alone at the rate; fails unless every request was OK.
drive() {
  dotnet "$harness" --target "$PLATFORM_URL" --target-config Release --out "$1" --scenarios "$scenario" \
    --rate "$scenario=$rate" --warmup 0 --duration "$2" >"$1.log" 2>&1 || { echo "harness failed: $1.log" >&2; return 1; }
  jq -e --arg s "$scenario" '.scenarios[] | select(.scenario == $s) | .ok == .requests' "$1/results.json" >/dev/null \
    || { echo "not every request was OK: $1.log" >&2; return 1; }
}

measure() { # <side> <checkout> <round>
  local dir="$out/$1$3" requests
  data=$(mktemp -d)
  platform_launch PLATFORM "$data" "$dir-apphost.log" "$2" && platform_wait PLATFORM >/dev/null || return 1
  drive "$dir-warm" "$warm" || return 1
  cpu_ticks >"$dir.before"
  drive "$dir" "$seconds" || return 1
  cpu_ticks >"$dir.after"
  platform_stop; rm -rf "$data"; data=
  requests=$(jq --arg s "$scenario" '.scenarios[] | select(.scenario == $s) | .requests' "$dir/results.json")
  join <(sort "$dir.before") <(sort "$dir.after") | awk -v side="$1$3" -v n="$requests" -v hz="$(getconf CLK_TCK)" '
    { cpu[$2] += ($5 - $3) / hz; total += ($5 - $3) / hz }
    END { for (p in cpu) printf "%s %s %.3f\n", side, p, 1000 * cpu[p] / n; printf "%s TOTAL %.3f\n", side, 1000 * total / n }'
}

for round in $(seq 1 "$rounds"); do
  measure A "$olddir" "$round" || exit 2
  measure B . "$round" || exit 2
done | tee "$out/cpu.txt" >/dev/null
echo "CPU ms per $scenario request at $rate/s (after $warm s), A = $old, B = this checkout ($out/cpu.txt):"
printf "%-28s %8s %8s %8s\n" process A B B/A
awk '{ side = substr($1, 1, 1); sum[$2, side] += $3; n[$2, side]++; procs[$2] }
  END { for (p in procs) printf "%-28s %8.3f %8.3f %8.2f\n", p, sum[p, "A"] / n[p, "A"], sum[p, "B"] / n[p, "B"],
          (sum[p, "B"] / n[p, "B"]) / (sum[p, "A"] / n[p, "A"]) }' "$out/cpu.txt" | sort
