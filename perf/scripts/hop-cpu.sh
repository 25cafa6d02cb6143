#!/usr/bin/env bash
# The gateway's hop in CPU time (docs/performance.md, "The gateway's hop"): for two builds in one run, the commit given
# (A) and this checkout (B), alternated A B A B on fresh platforms, rate limit off, each figure `wrk -t2 -c16
# -d<seconds>s`, and for each the CPU time (utime+stime from /proc) the gateway, the Wallet service and wrk itself
# spent per request:
#   alive         gateway GET /alive
#   wallet_gw     GET /api/wallets/{address} through the gateway      wallet_direct  the same, straight to the Wallet service
#   sign_gw       POST /api/wallets/{address}/sign through the gateway  sign_direct  the same, straight
# Prints "side round figure requests/s gateway_us wallet_us wrk_us total_us" per run, then the means per side.
# Closed-loop throughput on a 2-core machine is about 2 cores / total_us, so the µs show where a figure's time goes.
# usage: perf/scripts/hop-cpu.sh <commit A> [rounds=2] [seconds=10]      (needs wrk and jq; builds A once)
# HOP_FIGURES="wallet_gw wallet_direct" limits the figures; HOP_ENV="K=V ..." is given to side B's AppHost only.
set -uo pipefail
cd "$(dirname "$0")/../.."
. perf/scripts/lib/ab.sh

ab_start hop-cpu "$@"
figures=${HOP_FIGURES:-alive wallet_gw wallet_direct sign_gw sign_direct}

side_run() { # <side A|B> <checkout>
  local kv b_env=() dir
  data=$(mktemp -d)
  [ "$1" = B ] && read -ra b_env <<<"${HOP_ENV:-}"
  for kv in "${b_env[@]}"; do export "$kv"; done
  platform_launch PLATFORM "$data" "$out/platform-$1-$round.log" "$2"
  for kv in "${b_env[@]}"; do unset "${kv%%=*}"; done
  # side_run runs in a pipeline (a subshell), where the EXIT trap cannot see PLATFORM_PID: stop it here on failure.
  platform_wait PLATFORM >/dev/null || { platform_stop; return 1; }
  seed_wallet hop-cpu || { echo "could not seed side $1" >&2; platform_stop; return 1; }
  dir=$(cd "$2" && pwd)
  gw_pid=$(pgrep -n -f "$dir/artifacts/bin/Sorcha.Gateway/") wallet_pid=$(pgrep -n -f "$dir/artifacts/bin/Sorcha.Wallet.Service/")
  [ -n "$gw_pid" ] && [ -n "$wallet_pid" ] || { echo "side $1: no gateway or Wallet process under $dir" >&2; platform_stop; return 1; }
  local auth=(-H "Authorization: Bearer $TOKEN") f
  wrk -t2 -c16 -d5s "$PLATFORM_URL/alive" >/dev/null # warm-up: tiered JIT on the hot paths
  wrk -t2 -c16 -d5s "${auth[@]}" "$PLATFORM_URL/api/wallets/$ADDRESS" >/dev/null
  wrk -t2 -c16 -d5s "${auth[@]}" -s perf/scripts/lib/sign.lua "$PLATFORM_URL/api/wallets/$ADDRESS/sign" >/dev/null
  for f in $figures; do
    case $f in
      alive) wrk_cpu alive "$PLATFORM_URL/alive" ;;
      wallet_gw) wrk_cpu wallet_gw "$PLATFORM_URL/api/wallets/$ADDRESS" "${auth[@]}" ;;
      wallet_direct) wrk_cpu wallet_direct "$WALLET_URL/api/wallets/$ADDRESS" "${auth[@]}" ;;
      sign_gw) wrk_cpu sign_gw "$PLATFORM_URL/api/wallets/$ADDRESS/sign" "${auth[@]}" -s perf/scripts/lib/sign.lua ;;
      sign_direct) wrk_cpu sign_direct "$WALLET_URL/api/wallets/$ADDRESS/sign" "${auth[@]}" -s perf/scripts/lib/sign.lua ;;
    esac || return 1
  done | sed "s/^/$1 $round /"
  platform_stop
  rm -rf "$data"; data=
}

: >"$out/figures.txt"
for round in $(seq 1 "$rounds"); do
  side_run A "$olddir" | tee -a "$out/figures.txt" || exit 1
  side_run B . | tee -a "$out/figures.txt" || exit 1
done

echo "A = $old, B = $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo '+changes')${HOP_ENV:+ with $HOP_ENV}; $rounds rounds, wrk -t2 -c16 -d${WRK_SECONDS}s, rate limit off; µs of CPU per request" | tee "$out/summary.txt"
awk '{ k = $1 " " $3; rps[k] += $4; g[k] += $5; w[k] += $6; c[k] += $7; t[k] += $8; n[k]++; fig[$3] }
  END {
    printf "%-14s %4s %9s %8s %8s %8s %8s\n", "figure", "side", "req/s", "gateway", "wallet", "wrk", "total"
    for (f in fig) for (s = 0; s < 2; s++) { k = (s ? "B" : "A") " " f; if (n[k])
      printf "%-14s %4s %9.0f %8.1f %8.1f %8.1f %8.1f\n", f, s ? "B" : "A", rps[k] / n[k], g[k] / n[k], w[k] / n[k], c[k] / n[k], t[k] / n[k] }
  }' "$out/figures.txt" | sort -s -k1,1 | tee -a "$out/summary.txt"
echo "every run: $out/figures.txt"
