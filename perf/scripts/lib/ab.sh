# The start the closed-loop A/B scripts share (throughput-ab.sh, hop-cpu.sh), with the libraries they use. Source from
# the repository root.
. scripts/lib/platform.sh
. scripts/lib/reference.sh
. perf/scripts/lib/wrk.sh

# ab_start <name> <commit> [rounds=2] [seconds=10]: sets old, rounds, WRK_SECONDS, out (PERF_OUT, else
# artifacts/perf/<name>-<UTC time>) and olddir (a Release build of <commit>, reference_checkout); builds this checkout's
# AppHost; turns the rate limit off for the platforms started after it; and sets data= with the EXIT trap that stops a
# platform and removes its data directory. Exits the script: 1 without a commit, 2 when wrk or jq is missing or a build
# fails. Call it in the script itself, not in a subshell.
ab_start() {
  local name=$1
  [ -n "${2:-}" ] || { echo "usage: perf/scripts/$name.sh <commit> [rounds] [seconds]" >&2; exit 1; }
  old=$2
  rounds=${3:-2}
  WRK_SECONDS=${4:-10}
  out=${PERF_OUT:-artifacts/perf/$name-$(date -u +%Y%m%d-%H%M%S)}
  mkdir -p "$out"
  command -v wrk >/dev/null && command -v jq >/dev/null || { echo "needs wrk and jq (apt-get install wrk jq)" >&2; exit 2; }
  olddir=$(reference_checkout "$(git rev-parse "$old")") || exit 2
  dotnet build src/Sorcha.AppHost -c Release -warnaserror -nologo >"$out/build.log" 2>&1 || { echo "build failed: $out/build.log" >&2; exit 2; }
  export Limits__RateLimit__Enabled=false
  data=
  trap 'platform_stop; [ -n "$data" ] && rm -rf "$data"' EXIT
}

# launch_side <side A|B> <data> <log> <checkout>: platform_launch PLATFORM, with B_ENV ("NAME=value …") in side B's
# environment only (the AppHost passes it on to the processes it starts).
launch_side() {
  local kv b_env=()
  [ "$1" = B ] && read -ra b_env <<<"${B_ENV:-}"
  for kv in "${b_env[@]}"; do export "$kv"; done
  platform_launch PLATFORM "$2" "$3" "$4"
  for kv in "${b_env[@]}"; do unset "${kv%%=*}"; done
}
