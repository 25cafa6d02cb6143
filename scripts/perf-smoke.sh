#!/usr/bin/env bash
# The load gate, for CI after the tests: an A/B run. It starts the current platform (reusing the Release build) and the
# platform of the commit the checked-in baseline was recorded at (built once under artifacts/reference/ unless the
# platform sources are the same), runs every scenario briefly (--smoke) against both at once, and judges the current
# build against the reference measured beside it; the checked-in figures are shown beside them. Exit: 0 pass,
# 1 regression, 2 the run itself failed (OK rate under 99.9 %, a platform or target unreachable).
# usage: scripts/perf-smoke.sh [harness options...]        (from anywhere; see docs/performance.md, "Load tests")
#        scripts/perf-smoke.sh --update-baseline           (re-record perf/Sorcha.Performance/baseline.json instead:
#        the current commit, beside a second platform of itself so that it carries the gate's load; a committed tree only)
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/platform.sh
. scripts/lib/reference.sh

baseline=perf/Sorcha.Performance/baseline.json
out=${PERF_OUT:-artifacts/perf/smoke-$(date -u +%Y%m%d-%H%M%S)}
data=$(mktemp -d)
refdata=$(mktemp -d)
mkdir -p "$out"
trap 'platform_stop REFERENCE; platform_stop PLATFORM; rm -rf "$data" "$refdata"' EXIT

if [ ! -f artifacts/bin/Sorcha.Performance/release/Sorcha.Performance.dll ]; then
  dotnet build perf/Sorcha.Performance -c Release -warnaserror || exit 2
fi

gate=()
if [ "${1:-}" = --update-baseline ]; then
  if ! git diff --quiet HEAD -- "${REFERENCE_INPUTS[@]}"; then
    echo "perf-smoke: commit the platform's changes first: the baseline names the commit the gate will build" >&2
    exit 2
  fi
  platform_launch REFERENCE "$refdata" "$out/reference-platform.log"
  gate=(--reference-data-dir "$refdata" --reference-commit "$(git rev-parse HEAD)")
else
  gate=(--compare "$baseline")
  ref=$(reference_commit "$baseline")
  if [ -n "$ref" ] && refdir=$(reference_checkout "$ref"); then
    # The reference runs without the test-only slowdown, whatever this environment asks of the current build.
    SORCHA_TEST_SLOWDOWN= platform_launch REFERENCE "$refdata" "$out/reference-platform.log" "$refdir"
    gate+=(--reference-data-dir "$refdata" --reference-commit "$ref")
  else
    echo "perf-smoke: no reference platform; judging against the checked-in figures alone (normalised, less sure)" >&2
  fi
fi

platform_launch PLATFORM "$data" "$out/platform.log"
platform_wait PLATFORM || exit 2
if [ -n "${REFERENCE_PID:-}" ]; then
  platform_wait REFERENCE || exit 2
  # Known once healthy: a current AppHost leases its gateway's port and prints it.
  gate+=(--reference "$REFERENCE_URL")
fi

nice -n "${PERF_NICE:-0}" dotnet run -c Release --no-build --project perf/Sorcha.Performance -- \
  --target "$PLATFORM_URL" --smoke --target-config Release --out "$out" "${gate[@]}" "$@"
rc=$?
if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -f "$out/comparison.md" ]; then
  cat "$out/comparison.md" >>"$GITHUB_STEP_SUMMARY"
fi
echo "perf-smoke: exit $rc (results in $out)"
exit "$rc"
