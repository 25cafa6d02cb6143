#!/usr/bin/env bash
# HTTP/1.1 against h2c from the gateway to the Wallet service (docs/performance.md, "The gateway's hop"), screened on
# one platform: beside it, two twin pairs of processes started with the platform's own command lines and environments
# (so the same build, secrets and Redis), each a gateway whose wallet cluster is one Wallet process of its own:
#   h1  the gateway as configured, its Wallet on HTTP/1.1
#   h2  the gateway with the wallet cluster's HttpRequest Version 2.0, RequestVersionExact (h2c with prior
#       knowledge: one multiplexed connection), its Wallet's Kestrel on Http2 only
# Alternated per round: GET a wallet and POST sign through each twin gateway, `wrk -t2 -c16 -d<seconds>s`, with the
# CPU (utime+stime) the twin gateway, its Wallet and wrk spent per request. Any non-2xx or socket error fails the run.
# usage: scripts/h2c-screen.sh [rounds=4] [seconds=6]      (needs wrk, jq, curl and a Release build)
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/platform.sh
. scripts/lib/wrk.sh
rounds=${1:-4} WRK_SECONDS=${2:-6}
export Limits__RateLimit__Enabled=false
work=$(mktemp -d) data=$(mktemp -d)
trap 'xargs -r kill <"$work/pids" 2>/dev/null; platform_stop; rm -rf "$data" "$work"' EXIT
platform_start "$data" "$work/apphost.log" >/dev/null || exit 1
seed_wallet h2c-screen || exit 1
here=$(pwd)
wallet=$(pgrep -n -f "$here/artifacts/bin/Sorcha.Wallet.Service/") gateway=$(pgrep -n -f "$here/artifacts/bin/Sorcha.Gateway/")

# twin <name> <pid to copy> <extra KEY=VALUE...>: the process's command line and environment, less its listening
# address and its wallet replicas, plus the extras; prints the new pid (and keeps it in pids: this runs in a subshell).
twin() {
  local name=$1 pid=$2 cmd env
  shift 2
  mapfile -d '' cmd <"/proc/$pid/cmdline"
  tr '\0' '\n' <"/proc/$pid/environ" | grep -vE '^(ASPNETCORE_URLS|HTTP_PORTS|ASPNETCORE_HTTP_PORTS|services__wallet__)' >"$work/$name.env"
  printf '%s\n' "$@" >>"$work/$name.env"
  (cd "$(readlink "/proc/$pid/cwd")" && mapfile -t env <"$work/$name.env" && exec env -i "${env[@]}" "${cmd[@]}") >"$work/$name.log" 2>&1 &
  echo $! | tee -a "$work/pids"
}
p1=$(platform_free_port) p2=$(platform_free_port) g1=$(platform_free_port) g2=$(platform_free_port)
w1=$(twin wallet-h1 "$wallet" "ASPNETCORE_URLS=http://127.0.0.1:$p1")
w2=$(twin wallet-h2 "$wallet" "ASPNETCORE_URLS=http://127.0.0.1:$p2" Kestrel__EndpointDefaults__Protocols=Http2)
gw1=$(twin gateway-h1 "$gateway" "ASPNETCORE_URLS=http://127.0.0.1:$g1" "services__wallet__http__0=http://127.0.0.1:$p1")
gw2=$(twin gateway-h2 "$gateway" "ASPNETCORE_URLS=http://127.0.0.1:$g2" "services__wallet__http__0=http://127.0.0.1:$p2" \
  ReverseProxy__Clusters__wallet__HttpRequest__Version=2.0 ReverseProxy__Clusters__wallet__HttpRequest__VersionPolicy=RequestVersionExact)
auth=(-H "Authorization: Bearer $TOKEN")
for t in $(seq 1 60); do
  curl -sf -o /dev/null "${auth[@]}" "http://127.0.0.1:$g1/api/wallets/$ADDRESS" \
    && curl -sf -o /dev/null "${auth[@]}" "http://127.0.0.1:$g2/api/wallets/$ADDRESS" && break
  [ "$t" = 60 ] && { echo "the twins did not answer: $work" >&2; exit 1; }
  sleep 1
done
[ "$(curl -s -o /dev/null -w '%{http_version}' --http2-prior-knowledge "http://127.0.0.1:$p2/alive")" = 2 ] \
  || { echo "the h2 twin Wallet does not speak h2c" >&2; exit 1; }

for g in $g1 $g2; do # warm-up: tiered JIT on the hot paths
  wrk -t2 -c16 -d5s "${auth[@]}" "http://127.0.0.1:$g/api/wallets/$ADDRESS" >/dev/null
  wrk -t2 -c16 -d5s "${auth[@]}" -s scripts/lib/sign.lua "http://127.0.0.1:$g/api/wallets/$ADDRESS/sign" >/dev/null
done
echo "figure req/s gateway_us wallet_us wrk_us total_us"
for r in $(seq 1 "$rounds"); do
  gw_pid=$gw1 wallet_pid=$w1 wrk_cpu h1_read "http://127.0.0.1:$g1/api/wallets/$ADDRESS" "${auth[@]}" &&
  gw_pid=$gw2 wallet_pid=$w2 wrk_cpu h2_read "http://127.0.0.1:$g2/api/wallets/$ADDRESS" "${auth[@]}" &&
  gw_pid=$gw1 wallet_pid=$w1 wrk_cpu h1_sign "http://127.0.0.1:$g1/api/wallets/$ADDRESS/sign" "${auth[@]}" -s scripts/lib/sign.lua &&
  gw_pid=$gw2 wallet_pid=$w2 wrk_cpu h2_sign "http://127.0.0.1:$g2/api/wallets/$ADDRESS/sign" "${auth[@]}" -s scripts/lib/sign.lua || exit 1
done | tee "$work/figures.txt"
awk '{ r[$1] += $2; g[$1] += $3; w[$1] += $4; n[$1]++ }
  END { for (f in r) printf "mean %s %.0f %.1f %.1f\n", f, r[f] / n[f], g[f] / n[f], w[f] / n[f] }' "$work/figures.txt" | sort
