#!/usr/bin/env bash
# Does the load harness measure the server, not itself? (docs/performance.md, "The generator against wrk")
# On one fresh platform, for health_check and wallet_read alone at each rate, alternates wrk (Debian package, paced
# to the rate on one connection) and the harness in blocks of the same length — wrk first in odd blocks, the harness
# first in even ones — so that the machine's drift falls on both, then pools each side's requests over all blocks and
# prints P50/P95/P99 of both with the verdict: the harness must agree with wrk within 15 % or 0.5 ms, whichever is
# larger, and its start lag P99 over the pooled requests must be at most 1 ms. Both pools use the same percentile
# (nearest rank).
# usage: perf/scripts/generator-check.sh [seconds per block=20] [rates="25 200"] [blocks=4] [scenarios="health_check wallet_read"]
#        exit 0 all agree, 1 some do not, 2 failed
set -uo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/platform.sh

seconds=${1:-20}
rates=${2:-25 200}
blocks=${3:-4}
scenarios=${4:-health_check wallet_read}
out=${PERF_OUT:-artifacts/perf/generator-check-$(date -u +%Y%m%d-%H%M%S)}
data=$(mktemp -d)
mkdir -p "$out"
trap 'platform_stop; rm -rf "$data"' EXIT
command -v wrk >/dev/null || { echo "needs wrk (apt-get install wrk)" >&2; exit 2; }
dotnet build perf/Sorcha.Performance -c Release -warnaserror >/dev/null || exit 2
platform_start "$data" "$out/platform.log" || exit 2

# A caller and a wallet of its own for wrk's wallet_read (the harness seeds its own the same way).
token=$(curl -sf "$PLATFORM_URL/api/auth/token" -d grant_type=client_credentials -d client_id=generator-check \
  --data-urlencode "client_secret=$SORCHA_DEV_CLIENT_SECRET" | jq -r .access_token)
address=$(curl -sf "$PLATFORM_URL/api/wallets" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  -d '{"name":"generator-check","algorithm":"ED25519"}' | jq -r .address)
[ -n "$token" ] && [ -n "$address" ] && [ "$address" != null ] || { echo "could not create a wallet" >&2; exit 2; }

# wrk paced at the rate (perf/scripts/lib/paced.lua) prints "paced n errors p50 p95 p99 max" and appends its latency
# histogram to $HIST. wrk, not hey: on this machine hey's own Go runtime adds to the tail at low rates (health_check at
# 25/s: hey P99 2.8–3.9 ms where wrk and the harness both measured 2.4 ms, docs/performance.md).
wrk_run() { # <url> <rate> [auth]
  RATE=$2 wrk -t1 -c1 -d"${seconds}s" -s perf/scripts/lib/paced.lua ${3:+-H "Authorization: Bearer $3"} "$1" | awk '$1 == "paced"'
}

# The harness alone on one scenario; appends each measured OK request's latency (ms) to $run/harness.txt, every
# measured request's start lag to $run/lag.txt, and prints "requests failed".
harness_run() { # <scenario> <rate> <block>
  local dir="$run/harness-$3"
  dotnet run -c Release --no-build --project perf/Sorcha.Performance -- --target "$PLATFORM_URL" --scenarios "$1" \
    --rate "$1=$2" --warmup 5 --duration "$seconds" --windows 1 --samples --target-config Release --out "$dir" >"$dir.log" 2>&1 \
    || { echo "harness run failed: $dir.log" >&2; return 1; }
  awk -F, 'NR > 1 && $5 == 1 { print $3 }' "$dir/samples.csv" >>"$run/harness.txt"
  awk -F, 'NR > 1 { print $4 }' "$dir/samples.csv" >>"$run/lag.txt"
  jq -r '.scenarios[0] | "\(.requests) \(.requests - .ok)"' "$dir/results.json"
}

# Nearest-rank P50 P95 P99 (ms) of "value count" lines on stdin (value in ms).
percentiles() {
  sort -g | awk '{ v[NR] = $1; c[NR] = $2; n += $2 } END {
    split("0.50 0.95 0.99", p, " "); k = 1; seen = 0
    for (i = 1; i <= NR && k <= 3; i++) { seen += c[i]; while (k <= 3 && seen >= p[k] * n) { out = out sprintf(" %.2f", v[i]); k++ } }
    print n out }'
}

# Warm the platform first: freshly started services keep compiling hot code (tiered JIT) for tens of seconds, and
# whichever side ran first would measure that.
seconds=20 wrk_run "$PLATFORM_URL/health" 100 >/dev/null &
warming=$!
seconds=20 wrk_run "$PLATFORM_URL/api/wallets/$address" 100 "$token" >/dev/null
wait "$warming"

verdict=0
printf '\n%-13s %5s | %-24s | %-24s | %s\n' scenario rate "wrk: n P50 P95 P99 (ms)" "harness: n P50 P95 P99" "lag P99, verdict" | tee "$out/summary.txt"
for rate in $rates; do
  for scenario in $scenarios; do
    if [ "$scenario" = health_check ]; then url="$PLATFORM_URL/health"; auth=; else url="$PLATFORM_URL/api/wallets/$address"; auth=$token; fi
    run="$out/$scenario-$rate"
    mkdir -p "$run"
    seconds=5 HIST=/dev/null wrk_run "$url" "$rate" "$auth" >/dev/null # 5 s at the rate first, as the harness warms up
    errors=0
    for block in $(seq 1 "$blocks"); do
      for side in $( [ $((block % 2)) = 1 ] && echo "wrk harness" || echo "harness wrk"); do
        if [ "$side" = wrk ]; then
          read -r _ _ e _ < <(HIST="$run/wrk.hist" wrk_run "$url" "$rate" "$auth")
          errors=$((errors + e))
        else
          read -r _ failed < <(harness_run "$scenario" "$rate" "$block") || exit 2
          errors=$((errors + failed))
        fi
      done
    done
    read -r wn w50 w95 w99 < <(awk '{ print $1 / 1000, $2 }' "$run/wrk.hist" | percentiles)
    read -r hn h50 h95 h99 < <(awk '{ print $1, 1 }' "$run/harness.txt" | percentiles)
    read -r _ _ _ lag < <(awk '{ print $1, 1 }' "$run/lag.txt" | percentiles)
    ok=$(awk -v w="$w50 $w95 $w99" -v h="$h50 $h95 $h99" -v lag="$lag" -v errors="$errors" 'BEGIN {
      split(w, x, " "); split(h, y, " "); ok = lag <= 1 && errors == 0
      for (i = 1; i <= 3; i++) { d = y[i] - x[i]; if (d < 0) d = -d; tol = x[i] * 0.15; if (tol < 0.5) tol = 0.5; if (d > tol) ok = 0 }
      print ok ? "agree" : "DIFFER" }')
    [ "$ok" = agree ] || verdict=1
    printf '%-13s %5s | %6d %5.2f %5.2f %5.2f | %6d %5.2f %5.2f %5.2f | %.2f %s\n' "$scenario" "$rate" \
      "$wn" "$w50" "$w95" "$w99" "$hn" "$h50" "$h95" "$h99" "$lag" "$ok" | tee -a "$out/summary.txt"
  done
done
echo "generator-check: exit $verdict ($out; $blocks blocks of ${seconds} s per side, alternated; agree = within 15 % or 0.5 ms of wrk, lag P99 ≤ 1 ms, no error; $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs))"
exit "$verdict"
