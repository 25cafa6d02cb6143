#!/usr/bin/env bash
# Live events and the inbox (docs/performance.md, "Live events and the inbox: how measured"), each figure on a fresh
# platform of this checkout (Release, rate limit off: Limits__RateLimit__Enabled=false), driven by perf/Sorcha.EventsBench
# through the gateway, printed as Markdown tables (also kept in <out>/figures.md):
#   latency x1, x2  ActionCommitted at a participant connected to /hubs/events, from the action's 201 (and from the
#                   request's start), actions open-model at <rate> for <seconds> after <warm>; one replica of every
#                   service, then two (Replicas=2: events cross Blueprint replicas through the Redis backplane)
#   inbox           GET /api/inbox of a caller with 10,000 open steps, page 1 and the last page, open-model at 25/s
#   idle            VmRSS of the gateway and of the Blueprint service (the hub's) before and after 1,000 idle
#                   WebSocket connections, each subscribed to its caller's wallet (50 callers × 20, the default
#                   Events:MaxConnectionsPerCaller)
# usage: perf/scripts/events-figures.sh [seconds=30] [warm=10] [figures="latency1 latency2 inbox idle"]
# EVENTS_OPEN (10000) and EVENTS_CONNECTIONS (1000) shrink the seeds for a functional check only: not the figures.
# Exit 0 when every request and event was OK, 1 when any failed, 2 when a platform or a run could not be made.
set -uo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/platform.sh

seconds=${1:-30} warm=${2:-10} figures=${3:-latency1 latency2 inbox idle}
open=${EVENTS_OPEN:-10000} connections=${EVENTS_CONNECTIONS:-1000}
out=${PERF_OUT:-artifacts/perf/events-figures-$(date -u +%Y%m%d-%H%M%S)}
mkdir -p "$out"
dotnet build src/Sorcha.AppHost -c Release -warnaserror -nologo >"$out/build.log" 2>&1 \
  && dotnet build perf/Sorcha.EventsBench -c Release -warnaserror -nologo >>"$out/build.log" 2>&1 \
  || { echo "build failed: $out/build.log" >&2; exit 2; }
bench=(dotnet artifacts/bin/Sorcha.EventsBench/release/Sorcha.EventsBench.dll)
export Limits__RateLimit__Enabled=false
# 1,000 WebSockets are 1,000 sockets in the bench and 2,000 in the gateway (client side and service side).
ulimit -n 20000 2>/dev/null || ulimit -n "$(ulimit -Hn)"
data=
trap 'platform_stop; [ -n "$data" ] && rm -rf "$data"' EXIT

# fresh <name> [K=V ...]: a new platform of this checkout, the settings given to its AppHost only.
fresh() {
  local name=$1 kv
  shift
  data=$(mktemp -d)
  for kv in "$@"; do export "$kv"; done
  platform_launch PLATFORM "$data" "$out/platform-$name.log"
  for kv in "$@"; do unset "${kv%%=*}"; done
  platform_wait PLATFORM >/dev/null
}

done_with() { platform_stop; rm -rf "$data"; data=; }

exit_code=0
note() { [ "$1" -gt "$exit_code" ] && exit_code=$1; }
table() { # <mode> <rows file>
  "${bench[@]}" header "$1"; cat "$2"
}

: >"$out/latency.md" >"$out/inbox.md" >"$out/idle.md"
for figure in $figures; do
  case $figure in
    latency1|latency2)
      replicas=${figure#latency}
      fresh "$figure" "Replicas=$replicas" || exit 2
      "${bench[@]}" latency "$PLATFORM_URL" --rate 20 --warm "$warm" --seconds "$seconds" --label "$replicas replica$([ "$replicas" = 1 ] || echo s)" \
        >>"$out/latency.md" 2> >(tee "$out/$figure.log" >&2)
      note $?
      done_with ;;
    inbox)
      fresh inbox || exit 2
      "${bench[@]}" inbox "$PLATFORM_URL" --open "$open" --rate 25 --warm "$warm" --seconds "$seconds" \
        >>"$out/inbox.md" 2> >(tee "$out/inbox.log" >&2)
      note $?
      done_with ;;
    idle)
      fresh idle || exit 2
      gw=$(pgrep -n -f "$PWD/artifacts/bin/Sorcha.Gateway/") bp=$(pgrep -n -f "$PWD/artifacts/bin/Sorcha.Blueprint.Service/")
      [ -n "$gw" ] && [ -n "$bp" ] || { echo "no gateway or Blueprint process under $PWD" >&2; exit 2; }
      "${bench[@]}" idle "$PLATFORM_URL" --pid "gateway=$gw" --pid "blueprint=$bp" --connections "$connections" --per-caller 20 --idle "$seconds" \
        >>"$out/idle.md" 2> >(tee "$out/idle.log" >&2)
      note $?
      done_with ;;
    *) echo "unknown figure '$figure'" >&2; exit 2 ;;
  esac
done

{
  echo "Build $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (uncommitted changes)'), Release; $(nproc) cores," \
    "$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo); load average $(cut -d' ' -f1-3 /proc/loadavg) at the end;" \
    "\`$([ "$open$connections" = 100001000 ] || echo "EVENTS_OPEN=$open EVENTS_CONNECTIONS=$connections ")perf/scripts/events-figures.sh $seconds $warm\`"
  for mode in latency inbox idle; do
    [ -s "$out/$mode.md" ] && { echo; table "$mode" "$out/$mode.md"; }
  done
} >"$out/figures.md"
echo; cat "$out/figures.md"; echo; echo "figures: $out/figures.md"
exit "$exit_code"
