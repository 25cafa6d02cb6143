#!/usr/bin/env bash
# The peer side by side (the speed anchor; docs/performance.md, "Against the peer"): the original Sorcha Wallet service (in
# memory, no auth; ../shared/peer) and this checkout's platform (durable, JWT on every call), one run, one machine.
# Closed loop `wrk -t2 -c16 -d<seconds>s` per figure, the figures alternated within each round:
#   read   GET a wallet            peer | ours, Wallet service direct | ours, through the gateway
#   sign   POST sign (Ed25519)     peer | ours direct | ours through the gateway
#   alive  GET /alive              peer | our gateway
# then an open loop at 25/s with hey (P50 / P95 / P99 ms). Any non-2xx answer or socket error fails the run (exit 1).
# Prints ours / peer per round and the means; writes figures.txt and summary.md under artifacts/perf/.
# usage: scripts/peer-compare.sh [rounds=3] [seconds=10]
#   needs wrk, hey and jq, a Release build (dotnet build -c Release), and the peer published by its build.sh:
#   PEER_MIRROR=<git dir of StuartF303/Sorcha> bash ../shared/peer/build.sh   (PEER_DIR, PEER_OUT to move them)
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/platform.sh
. scripts/lib/wrk.sh

rounds=${1:-3}
WRK_SECONDS=${2:-10}
peer_dir=${PEER_DIR:-../shared/peer}
out=${PERF_OUT:-artifacts/perf/peer-compare-$(date -u +%Y%m%d-%H%M%S)}
mkdir -p "$out"
for tool in wrk hey jq; do command -v $tool >/dev/null || { echo "needs $tool (apt-get install $tool)" >&2; exit 2; }; done
[ -f "${PEER_OUT:-/tmp/peer-out}/Sorcha.Wallet.Service.dll" ] && [ -f "$peer_dir/run.sh" ] \
  || { echo "the peer is not built: PEER_MIRROR=<git dir> bash $peer_dir/build.sh" >&2; exit 2; }
[ -f artifacts/bin/Sorcha.AppHost/release/Sorcha.AppHost.dll ] || { echo "build first: dotnet build -c Release" >&2; exit 2; }

data=$(mktemp -d)
trap 'platform_stop; rm -rf "$data"; [ -f /tmp/peer.pid ] && kill "$(cat /tmp/peer.pid)" 2>/dev/null; rm -f /tmp/peer.pid' EXIT
peer_port=$(platform_free_port)
PEER_LOG_LEVEL=Warning bash "$peer_dir/run.sh" "$peer_port" >"$out/peer-run.log" 2>&1 || { tail "$out/peer-run.log" >&2; exit 1; }
. /tmp/peer.env
Limits__RateLimit__Enabled=false platform_start "$data" "$out/platform.log" >/dev/null || exit 1
seed_wallet peer-compare || exit 1
token=$TOKEN address=$ADDRESS wallet=$WALLET_URL
auth=(-H "Authorization: Bearer $token")
printf 'wrk.method = "POST"; wrk.headers["Content-Type"] = "application/json"; wrk.body = '"'"'%s'"'"'\n' "$PEER_SIGN_BODY" >"$data/peer-sign.lua"

figures() { # one round: "<figure> <requests/s>" lines
  wrk_rps read_peer "$PEER_URL$PEER_READ_PATH" &&
  wrk_rps read_direct "$wallet/api/wallets/$address" "${auth[@]}" &&
  wrk_rps read_gateway "$PLATFORM_URL/api/wallets/$address" "${auth[@]}" &&
  wrk_rps sign_peer "$PEER_URL$PEER_SIGN_PATH" -s "$data/peer-sign.lua" &&
  wrk_rps sign_direct "$wallet/api/wallets/$address/sign" "${auth[@]}" -s scripts/lib/sign.lua &&
  wrk_rps sign_gateway "$PLATFORM_URL/api/wallets/$address/sign" "${auth[@]}" -s scripts/lib/sign.lua &&
  wrk_rps alive_peer "$PEER_URL/alive" &&
  wrk_rps alive_gateway "$PLATFORM_URL/alive"
}

WRK_SECONDS=5 figures >/dev/null || exit 1 # warm-up: the tiered JIT on every path
: >"$out/figures.txt"
for round in $(seq 1 "$rounds"); do
  figures | sed "s/^/$round /" >>"$out/figures.txt" || exit 1
  [ "$(grep -c "^$round " "$out/figures.txt")" = 8 ] || exit 1
done

hey_ms() { # P50 / P95 / P99 ms at 25/s for 20 s; fails on any non-2xx
  local report
  report=$(hey -z 20s -c 1 -q 25 "$@") || return 1
  grep -qE '^\s+\[[^2][0-9]{2}\]' <<<"$report" && { echo "non-2xx at 25/s: $*" >&2; return 1; }
  awk '/50% in/ {a=$3*1000} /95% in/ {b=$3*1000} /99% in/ {c=$3*1000} END {printf "%.2f / %.2f / %.2f", a, b, c}' <<<"$report"
}
sign_json=(-m POST -T application/json -d '{"data":"c29yY2hhLXRocm91Z2hwdXQtYWItc2lnbi1ib2R5LTMyYg=="}')
latency=(
  "$(hey_ms "$PEER_URL$PEER_READ_PATH")" "$(hey_ms "${auth[@]}" "$wallet/api/wallets/$address")"
  "$(hey_ms "${auth[@]}" "$PLATFORM_URL/api/wallets/$address")"
  "$(hey_ms -m POST -T application/json -d "$PEER_SIGN_BODY" "$PEER_URL$PEER_SIGN_PATH")"
  "$(hey_ms "${auth[@]}" "${sign_json[@]}" "$wallet/api/wallets/$address/sign")"
  "$(hey_ms "${auth[@]}" "${sign_json[@]}" "$PLATFORM_URL/api/wallets/$address/sign")"
)
for l in "${latency[@]}"; do [ -n "$l" ] || exit 1; done
{
  echo "A peer run: $rounds rounds, wrk -t2 -c16 -d${WRK_SECONDS}s, rate limit off, build $(git rev-parse --short HEAD), $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p')"
  echo
  echo "| figure | peer | ours, direct | ours / peer | ours, gateway | gateway / direct |"
  echo "|---|---|---|---|---|---|"
  for op in read sign; do
    awk -v op="$op" '
      $2 == op "_peer" { p += $3; n++ } $2 == op "_direct" { d += $3 } $2 == op "_gateway" { g += $3 }
      END { printf "| %s | %.0f | %.0f | %.2f | %.0f | %.2f |\n", op, p/n, d/n, d/p, g/n, g/d }' "$out/figures.txt"
  done
  awk '$2 == "alive_peer" { p += $3; n++ } $2 == "alive_gateway" { g += $3 }
    END { printf "| /alive | %.0f | | | %.0f | |\n", p/n, g/n }' "$out/figures.txt"
  echo
  echo "Means of requests/s; every round in figures.txt. At 25/s (hey, P50 / P95 / P99 ms):"
  echo "- read: peer ${latency[0]}; ours direct ${latency[1]}; ours gateway ${latency[2]}"
  echo "- sign: peer ${latency[3]}; ours direct ${latency[4]}; ours gateway ${latency[5]}"
} | tee "$out/summary.md"
