#!/usr/bin/env bash
# Closed-loop throughput of two builds in one run (docs/performance.md, "Throughput A/B"): the commit given (A) and this
# checkout (B), alternated A B A B on fresh platforms, rate limit off, each figure `wrk -t2 -c16 -d<seconds>s`:
#   alive        gateway GET /alive (the proxy's own ceiling, the yardstick the others are divided by)
#   wallet_gw    GET /api/wallets/{address} through the gateway
#   sign_gw      POST /api/wallets/{address}/sign through the gateway
#   wallet_direct GET /api/wallets/{address} straight to the Wallet service
#   sign_direct  POST /api/wallets/{address}/sign straight to the Wallet service
# Any non-2xx answer or socket error makes the figure fail (exit 1): a fast error is not throughput.
# usage: perf/scripts/throughput-ab.sh <commit A> [rounds=2] [seconds=10]      (needs wrk and jq; builds A once)
# B_ENV="Replicas=2 Redis__Provider=cluster" perf/scripts/throughput-ab.sh HEAD: one build, two topologies (the AppHost's
# settings in B_ENV are given to side B's AppHost only; docs/deploy.md, "Scaling model").
set -uo pipefail
cd "$(dirname "$0")/../.."
. perf/scripts/lib/ab.sh

ab_start throughput-ab "$@"

side_run() { # <side A|B> <checkout>
  data=$(mktemp -d)
  launch_side "$1" "$data" "$out/platform-$1-$round.log" "$2"
  platform_wait PLATFORM >/dev/null || return 1
  seed_wallet throughput-ab || { echo "could not seed side $1" >&2; return 1; }
  local token=$TOKEN address=$ADDRESS wallet_url=$WALLET_URL
  local auth=(-H "Authorization: Bearer $token")
  wrk -t2 -c16 -d5s "$PLATFORM_URL/alive" >/dev/null # warm-up: tiered JIT on the hot paths
  wrk -t2 -c16 -d5s "${auth[@]}" -s perf/scripts/lib/sign.lua "$PLATFORM_URL/api/wallets/$address/sign" >/dev/null
  {
    wrk_rps alive "$PLATFORM_URL/alive" &&
    wrk_rps wallet_gw "$PLATFORM_URL/api/wallets/$address" "${auth[@]}" &&
    wrk_rps sign_gw "$PLATFORM_URL/api/wallets/$address/sign" "${auth[@]}" -s perf/scripts/lib/sign.lua &&
    wrk_rps wallet_direct "$wallet_url/api/wallets/$address" "${auth[@]}" &&
    wrk_rps sign_direct "$wallet_url/api/wallets/$address/sign" "${auth[@]}" -s perf/scripts/lib/sign.lua
  } | sed "s/^/$1 $round /" || return 1
  platform_stop
  rm -rf "$data"; data=
}

: >"$out/figures.txt"
for round in $(seq 1 "$rounds"); do
  side_run A "$olddir" >>"$out/figures.txt" || exit 1
  side_run B . >>"$out/figures.txt" || exit 1
done

# Per side: each figure's mean over the rounds, and its ratio to the same side's /alive.
echo "A = $old ($olddir), B = $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo '+changes'); $rounds rounds, wrk -t2 -c16 -d${WRK_SECONDS}s, rate limit off" | tee "$out/summary.txt"
awk '{ s[$1 " " $3] += $4; n[$1 " " $3]++ }
  END {
    printf "%-14s %12s %12s %10s %10s\n", "figure", "A req/s", "B req/s", "A/alive", "B/alive"
    n_f = split("alive wallet_gw sign_gw wallet_direct sign_direct", f, " ")
    for (i = 1; i <= n_f; i++) {
      a = s["A " f[i]] / n["A " f[i]]; b = s["B " f[i]] / n["B " f[i]]
      aa = s["A alive"] / n["A alive"]; ba = s["B alive"] / n["B alive"]
      printf "%-14s %12.0f %12.0f %10.3f %10.3f\n", f[i], a, b, a / aa, b / ba
    }
  }' "$out/figures.txt" | tee -a "$out/summary.txt"
echo "every run: $out/figures.txt"
