#!/usr/bin/env bash
# The peer side by side (the speed anchor; docs/performance.md, "Against the peer"): the original Sorcha Wallet service (in
# memory, no auth) and this checkout's platform (durable, JWT on every call), one run, one machine.
# Closed loop `wrk -t2 -c16 -d<seconds>s` per figure, the figures alternated within each round:
#   read   GET a wallet            peer | ours, Wallet service direct | ours, through the gateway | through a bare YARP
#   sign   POST sign (Ed25519)     peer | ours direct | ours through the gateway | through a bare YARP
#   alive  GET /alive              peer | our gateway
# then an open loop at 25/s with hey (P50 / P95 / P99 ms). Any non-2xx answer or socket error fails the run (exit 1).
# The bare YARP forwarder (perf/Sorcha.BareForwarder: no auth, limits or telemetry) sits in front of the same Wallet
# service, so "gateway / YARP" is what our gateway's checks cost over the least any YARP hop costs.
# Prints medians of the rounds and of ratios within rounds; writes figures.txt and summary.md under artifacts/perf/.
# usage: perf/scripts/peer-compare.sh [rounds=3] [seconds=10]
#   needs wrk, hey and jq, a Release build (dotnet build -c Release), and the peer published under PEER_OUT
#   (default /tmp/peer-out: Sorcha.Wallet.Service.dll there). Nothing of the peer is in this repository: whoever
#   measures publishes it from a fetched snapshot (docs/performance.md, "Against the peer").
set -uo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/platform.sh
. perf/scripts/lib/wrk.sh

rounds=${1:-3}
WRK_SECONDS=${2:-10}
peer_out=${PEER_OUT:-/tmp/peer-out}
[ -f "$peer_out/Sorcha.Wallet.Service.dll" ] || {
  echo "peer-compare: no $peer_out/Sorcha.Wallet.Service.dll: publish the original Sorcha Wallet service there first" \
    "(PEER_OUT to use another folder; docs/performance.md, \"Against the peer\", says how)" >&2
  exit 2
}
for tool in wrk hey jq; do command -v $tool >/dev/null || { echo "needs $tool (apt-get install $tool)" >&2; exit 2; }; done
out=${PERF_OUT:-artifacts/perf/peer-compare-$(date -u +%Y%m%d-%H%M%S)}
mkdir -p "$out"
bare=artifacts/bin/Sorcha.BareForwarder/release/Sorcha.BareForwarder.dll
for dll in artifacts/bin/Sorcha.AppHost/release/Sorcha.AppHost.dll "$bare"; do
  [ -f "$dll" ] || { echo "build first: dotnet build -c Release ($dll missing)" >&2; exit 2; }
done

data=$(mktemp -d)
peer_pid= bare_pid=
trap 'platform_stop; rm -rf "$data"; kill $peer_pid $bare_pid 2>/dev/null' EXIT
# The peer as it ships (Production, in memory, no auth), its console quietened; its content root is its folder.
PEER_URL=http://127.0.0.1:$(platform_free_port)
(cd "$peer_out" && exec env ASPNETCORE_URLS="$PEER_URL" ASPNETCORE_ENVIRONMENT=Production \
  Logging__LogLevel__Default=Warning Logging__LogLevel__Microsoft.AspNetCore=Warning dotnet Sorcha.Wallet.Service.dll) \
  </dev/null >"$out/peer.log" 2>&1 &
peer_pid=$!
for _ in $(seq 120); do curl -fsS -m 2 -o /dev/null "$PEER_URL/alive" 2>/dev/null && break; sleep 0.5; done
curl -fsS -m 2 -o /dev/null "$PEER_URL/alive" || { echo "peer-compare: the peer did not answer /alive" >&2; tail "$out/peer.log" >&2; exit 1; }
# One ED25519 wallet through the peer's API; its sign takes any non-empty base64 as transactionData.
peer_address=$(curl -fsS -X POST "$PEER_URL/api/v1/wallets" -H 'Content-Type: application/json' \
  -d '{"name":"bench","algorithm":"ED25519"}' | jq -r .wallet.address) && [ -n "$peer_address" ] || exit 1
PEER_READ_PATH=/api/v1/wallets/$peer_address
PEER_SIGN_PATH=/api/v1/wallets/$peer_address/sign
PEER_SIGN_BODY="{\"transactionData\":\"$(printf 'peer-probe-transaction-0001' | base64 -w0)\"}"
Limits__RateLimit__Enabled=false platform_start "$data" "$out/platform.log" >/dev/null || exit 1
seed_wallet peer-compare || exit 1
token=$TOKEN address=$ADDRESS wallet=$WALLET_URL
YARP_URL=http://127.0.0.1:$(platform_free_port)
dotnet "$bare" --urls "$YARP_URL" --Destination "$wallet" </dev/null >"$out/yarp.log" 2>&1 &
bare_pid=$!
for _ in $(seq 120); do curl -fsS -m 2 -o /dev/null "$YARP_URL/alive" 2>/dev/null && break; sleep 0.5; done
curl -fsS -m 2 -o /dev/null "$YARP_URL/alive" || { echo "peer-compare: the bare YARP forwarder did not answer" >&2; exit 1; }
auth=(-H "Authorization: Bearer $token")
printf 'wrk.method = "POST"; wrk.headers["Content-Type"] = "application/json"; wrk.body = '"'"'%s'"'"'\n' "$PEER_SIGN_BODY" >"$data/peer-sign.lua"

figures() { # one round: "<figure> <requests/s>" lines
  wrk_rps read_peer "$PEER_URL$PEER_READ_PATH" &&
  wrk_rps read_direct "$wallet/api/wallets/$address" "${auth[@]}" &&
  wrk_rps read_gateway "$PLATFORM_URL/api/wallets/$address" "${auth[@]}" &&
  wrk_rps read_yarp "$YARP_URL/api/wallets/$address" "${auth[@]}" &&
  wrk_rps sign_peer "$PEER_URL$PEER_SIGN_PATH" -s "$data/peer-sign.lua" &&
  wrk_rps sign_direct "$wallet/api/wallets/$address/sign" "${auth[@]}" -s perf/scripts/lib/sign.lua &&
  wrk_rps sign_gateway "$PLATFORM_URL/api/wallets/$address/sign" "${auth[@]}" -s perf/scripts/lib/sign.lua &&
  wrk_rps sign_yarp "$YARP_URL/api/wallets/$address/sign" "${auth[@]}" -s perf/scripts/lib/sign.lua &&
  wrk_rps alive_peer "$PEER_URL/alive" &&
  wrk_rps alive_gateway "$PLATFORM_URL/alive"
}

WRK_SECONDS=5 figures >/dev/null || exit 1 # warm-up: the tiered JIT on every path
: >"$out/figures.txt"
for round in $(seq 1 "$rounds"); do
  figures | sed "s/^/$round /" >>"$out/figures.txt" || exit 1
  [ "$(grep -c "^$round " "$out/figures.txt")" = 10 ] || exit 1
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
median_of() { sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
median() { awk -v f="$1" '$2 == f { print $3 }' "$out/figures.txt" | median_of; }
median_ratio() { # the median over rounds of figure $1 / figure $2, each ratio within its round
  awk -v a="$1" -v b="$2" '$2 == a { x[$1] = $3 } $2 == b { y[$1] = $3 } END { for (r in x) print x[r] / y[r] }' "$out/figures.txt" | median_of
}
{
  echo "A peer run: $rounds rounds, wrk -t2 -c16 -d${WRK_SECONDS}s, rate limit off, build $(git rev-parse --short HEAD), $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p')"
  echo
  echo "| figure | peer | ours, direct | ours / peer | ours, gateway | bare YARP | gateway / YARP | gateway / direct |"
  echo "|---|---|---|---|---|---|---|---|"
  for op in read sign; do
    printf '| %s | %.0f | %.0f | %.2f | %.0f | %.0f | %.2f | %.2f |\n' "$op" \
      "$(median "${op}_peer")" "$(median "${op}_direct")" "$(median_ratio "${op}_direct" "${op}_peer")" \
      "$(median "${op}_gateway")" "$(median "${op}_yarp")" "$(median_ratio "${op}_gateway" "${op}_yarp")" \
      "$(median_ratio "${op}_gateway" "${op}_direct")"
  done
  printf '| /alive | %.0f | | | %.0f | | | |\n' "$(median alive_peer)" "$(median alive_gateway)"
  echo
  echo "Medians of $rounds rounds (requests/s, and each ratio taken within a round); every round in figures.txt. At 25/s (hey, P50 / P95 / P99 ms):"
  echo "- read: peer ${latency[0]}; ours direct ${latency[1]}; ours gateway ${latency[2]}"
  echo "- sign: peer ${latency[3]}; ours direct ${latency[4]}; ours gateway ${latency[5]}"
} | tee "$out/summary.md"
