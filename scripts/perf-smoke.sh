#!/usr/bin/env bash
# The load gate, for CI after the tests: start the platform (reusing the Release build), wait for health, run every
# scenario briefly (--smoke) and compare with the checked-in baseline, stop the platform, exit with the harness's code:
# 0 pass, 1 regression, 2 the run itself failed (OK rate under 99.9 %, platform or target unreachable).
# usage: scripts/perf-smoke.sh [harness options...]        (from anywhere; see docs/performance.md, "Load tests")
#        scripts/perf-smoke.sh --update-baseline           (re-record tests/Sorcha.Performance/baseline.json instead)
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/platform.sh

out=${PERF_OUT:-artifacts/perf/smoke-$(date -u +%Y%m%d-%H%M%S)}
data=$(mktemp -d)
mkdir -p "$out"
trap 'platform_stop; rm -rf "$data"' EXIT

if [ ! -f artifacts/bin/Sorcha.Performance/release/Sorcha.Performance.dll ]; then
  dotnet build tests/Sorcha.Performance -c Release -warnaserror || exit 2
fi

platform_start "$data" "$out/platform.log" || exit 2
if [ "${1:-}" = --update-baseline ]; then
  gate=()
else
  gate=(--compare tests/Sorcha.Performance/baseline.json)
fi

nice -n "${PERF_NICE:-0}" dotnet run -c Release --no-build --project tests/Sorcha.Performance -- \
  --target "$PLATFORM_URL" --smoke --target-config Release --out "$out" "${gate[@]}" "$@"
rc=$?
if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -f "$out/comparison.md" ]; then
  cat "$out/comparison.md" >>"$GITHUB_STEP_SUMMARY"
fi
echo "perf-smoke: exit $rc (results in $out)"
exit "$rc"
