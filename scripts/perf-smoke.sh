#!/usr/bin/env bash
# The load gate, for CI after the tests: an A/B run. It starts the current platform (reusing the Release build) and the
# platform of the commit the checked-in baseline was recorded at (built once under artifacts/reference/ unless the
# platform sources are the same), runs every scenario briefly (--smoke) against both at once, and judges the current
# build against the reference measured beside it; the checked-in figures and the baseline's age are shown beside them.
# Exit: 0 pass, 1 regression, 2 the run itself failed (OK rate under 99.9 % on either side, a platform or target
# unreachable), 3 the baseline is stale: this build is consistently faster than its commit, so re-record it.
# usage: scripts/perf-smoke.sh [harness options...]        (from anywhere; see docs/performance.md, "The gate")
#        scripts/perf-smoke.sh --update-baseline [--accept-slower]
#          re-records perf/Sorcha.Performance/baseline.json at the current commit (a committed tree), measured beside
#          the old baseline's commit as the gate would: it refuses to write when that run flags a regression, unless
#          --accept-slower (a change meant to be slower). PERF_REFERENCE=HEAD records beside a second platform of itself.
# PERF_REFERENCE=<commit>: the reference instead of the baseline's commit (e.g. HEAD, main).
# PERF_CURRENT_DIR=<checkout>: a built checkout (Release AppHost) whose platform is the current build instead of this
#   one (perf/scripts/gate-proof.sh's clone); set SORCHA_COMMIT to its commit so that the figures name it.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/platform.sh
. scripts/lib/reference.sh

baseline=perf/Sorcha.Performance/baseline.json
out=${PERF_OUT:-artifacts/perf/smoke-$(date -u +%Y%m%d-%H%M%S)}
current=${PERF_CURRENT_DIR:-.}
data=$(mktemp -d)
refdata=$(mktemp -d)
mkdir -p "$out"
trap 'platform_stop REFERENCE; platform_stop PLATFORM; rm -rf "$data" "$refdata"' EXIT

if [ ! -f artifacts/bin/Sorcha.Performance/release/Sorcha.Performance.dll ]; then
  dotnet build perf/Sorcha.Performance -c Release -warnaserror || exit 2
fi

if [ "${1:-}" = --update-baseline ]; then
  if [ "$current" != . ] || ! git diff --quiet HEAD -- "${REFERENCE_INPUTS[@]}"; then
    echo "perf-smoke: commit the platform's changes first (and record this checkout's build): the baseline names the commit the gate will build" >&2
    exit 2
  fi
fi

gate=(--compare "$baseline")
if [ -n "${PERF_REFERENCE:-}" ]; then
  ref=$(git rev-parse --verify -q "${PERF_REFERENCE}^{commit}") || { echo "perf-smoke: PERF_REFERENCE=$PERF_REFERENCE is not a commit here" >&2; exit 2; }
else
  ref=$(reference_commit "$baseline")
fi
if [ -n "$ref" ] && refdir=$(reference_checkout "$ref"); then
  # The reference runs without the test-only slowdown, whatever this environment asks of the current build.
  SORCHA_TEST_SLOWDOWN= platform_launch REFERENCE "$refdata" "$out/reference-platform.log" "$refdir"
  gate+=(--reference-data-dir "$refdata" --reference-commit "$ref")
elif [ "${1:-}" = --update-baseline ]; then
  echo "perf-smoke: no reference to record beside; PERF_REFERENCE=HEAD records beside a second platform of this build" >&2
  exit 2
else
  echo "perf-smoke: no reference platform; judging against the checked-in figures alone (normalised, less sure)" >&2
fi

platform_launch PLATFORM "$data" "$out/platform.log" "$current"
platform_wait PLATFORM || exit 2
if [ -n "${REFERENCE_PID:-}" ]; then
  if ! platform_wait REFERENCE; then
    echo "perf-smoke: the reference ($ref) did not start; if its commit can no longer run, re-record the baseline beside this build: PERF_REFERENCE=HEAD bash scripts/perf-smoke.sh --update-baseline" >&2
    exit 2
  fi
  # Known once healthy: the AppHost leases its gateway's port and prints it.
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
