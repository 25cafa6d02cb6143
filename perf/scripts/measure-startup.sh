#!/usr/bin/env bash
# Wall time from `dotnet run --project src/Sorcha.AppHost` to the gateway's /health answering 200.
# usage: perf/scripts/measure-startup.sh [port]   (run from the repository root; `rm -rf artifacts` first for a cold run)
set -euo pipefail
port=${1:-5040}
log=$(mktemp)
start=$(date +%s.%N)
dotnet run --project src/Sorcha.AppHost -c Release -- --Gateway:Port "$port" --Dashboard:Port 0 >"$log" 2>&1 &
pid=$!
trap 'kill -TERM $pid 2>/dev/null; wait $pid 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 1 3000); do
  # Not `curl | grep -q`: under pipefail, grep's early exit fails curl with SIGPIPE and the check never passes.
  if [ "$(curl -s -o /dev/null -w '%{http_code}' "localhost:$port/health" 2>/dev/null)" = 200 ]; then
    end=$(date +%s.%N)
    # The AppHost prints its own figure (from its process's start) once its report sees every resource healthy,
    # which may come a moment after the gateway first answers.
    for _ in $(seq 1 100); do grep -q 'all healthy' "$log" && break; sleep 0.1; done
    echo "to healthy: $(echo "$end - $start" | bc) s; $(grep 'all healthy' "$log" | sed 's/.*| //')"
    exit 0
  fi
  sleep 0.2
done
echo "not healthy after 600 s"; tail -20 "$log"; exit 1
