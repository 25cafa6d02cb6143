#!/usr/bin/env bash
# The soak (docs/reliability.md, "Soak"): one platform, the twelve scenarios at their default rates for [minutes]
# (30 by default) after a 60 s warm-up, every process's memory and CPU and Redis's used_memory and keys sampled each
# 10 s. It fails (exit 1) on any failed request, on a P99 drift of more than 20 % between the first warm and the last
# 5 minutes, or on memory growth beyond what the stored data explains; exit 2 when the run itself could not be made.
# usage: scripts/soak.sh [minutes] [harness options...]     report: $out/soak.html (+ soak.md, results.html)
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/platform.sh

minutes=${1:-30}
[ $# -gt 0 ] && shift
out=${PERF_OUT:-artifacts/perf/soak-$(date -u +%Y%m%d-%H%M%S)}
data=$(mktemp -d)
mkdir -p "$out"
trap 'platform_stop PLATFORM; rm -rf "$data"' EXIT

if [ ! -f artifacts/bin/Sorcha.Performance/release/Sorcha.Performance.dll ]; then
  dotnet build perf/Sorcha.Performance -c Release -warnaserror || exit 2
fi

platform_launch PLATFORM "$data" "$out/platform.log"
platform_wait PLATFORM || exit 2
dotnet run -c Release --no-build --project perf/Sorcha.Performance -- --target "$PLATFORM_URL" --target-config Release \
  --soak --platform-pid "$PLATFORM_PID" --warmup 60 --duration $((minutes * 60)) --windows "$minutes" --out "$out" "$@"
rc=$?
echo "soak: exit $rc (report: $out/soak.html)"
exit "$rc"
