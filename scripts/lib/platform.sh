# Start and stop whole platforms (AppHost: redis, services, gateway) for the load scripts.
# Source from the repository root:  . scripts/lib/platform.sh; platform_start <data-dir> <log>; ...; platform_stop
# Sets PLATFORM_URL and exports SORCHA_DEV_CLIENT_SECRET (read from the data dir, never put on a command line).
# Two at once (the gate's A/B run): platform_launch NAME <data-dir> <log> [checkout]; platform_wait NAME; platform_stop NAME
# set NAME_PID and NAME_URL; only PLATFORM exports its secret (the other's stays in its data dir).
# PERF_NICE (e.g. -10, root only) runs the platform at that nice value: on a machine shared with other work it keeps
# the measurement about the platform; CI machines run nothing else, where it changes nothing.

# platform_free_port: a port nothing listens on now ("probe, then bind": for processes the scripts start outside an
# AppHost, which leases its own ports: --Gateway:Port 0, src/Sorcha.AppHost/Hosting/PortLeases.cs).
platform_free_port() {
  local p
  for p in $(shuf -i 20000-45000 -n 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return 0; }
  done
  return 1
}

platform_start() {
  platform_launch PLATFORM "$@" && platform_wait PLATFORM
}

# platform_launch NAME <data-dir> <log> [checkout=.]: starts the AppHost of a built checkout, without waiting. The
# AppHost leases its gateway's port and prints it once healthy (platform_wait reads it). An AppHost from before Aspire
# (8627a50 and older) cannot be started here.
platform_launch() {
  local name=$1 data=$2 log=$3 checkout=${4:-.} build=()
  # CI has just built Release: reuse it rather than build again.
  [ -f "$checkout/artifacts/bin/Sorcha.AppHost/release/Sorcha.AppHost.dll" ] && build=(--no-build)
  # Its own session, so that platform_stop can end the AppHost and everything it started, and nothing else.
  (cd "$checkout" && exec nice -n "${PERF_NICE:-0}" setsid dotnet run -c Release "${build[@]}" --project src/Sorcha.AppHost -- \
    --Gateway:Port 0 --Dashboard:Port 0 --data-dir "$data") >"$log" 2>&1 &
  declare -g "${name}_PID=$!" "${name}_URL=" "${name}_DATA=$data" "${name}_LOG=$log"
}

# platform_wait NAME: until its gateway answers /health (180 s at most; a failed start stops it).
platform_wait() {
  local name=$1 pid url data log t
  pid=${name}_PID url=${name}_URL data=${name}_DATA log=${name}_LOG
  pid=${!pid} url=${!url} data=${!data} log=${!log}
  for t in $(seq 1 900); do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "platform: the AppHost exited; last lines of $log:" >&2; tail -20 "$log" >&2; return 1
    fi
    if [ -z "$url" ]; then
      # The AppHost's "gateway http://localhost:PORT" line, printed once every resource is healthy (-s: the launched
      # shell may not have created the log yet).
      url=$(grep -soE 'gateway http://localhost:[0-9]+' "$log" | head -1 | cut -d' ' -f2)
      [ -n "$url" ] && declare -g "${name}_URL=$url"
    fi
    if [ -n "$url" ] && [ "$(curl -s -o /dev/null -w '%{http_code}' "$url/health")" = 200 ]; then
      if [ "$name" = PLATFORM ]; then
        SORCHA_DEV_CLIENT_SECRET=$(cat "$data/dev-client-secret")
        export SORCHA_DEV_CLIENT_SECRET
      fi
      echo "platform: healthy at $url after $((t / 5)) s (log: $log)"
      return 0
    fi
    sleep 0.2
  done
  echo "platform: not healthy after 180 s; last lines of $log:" >&2; tail -20 "$log" >&2
  platform_stop "$name"; return 1
}

# platform_stop [NAME=PLATFORM]
platform_stop() {
  local var=${1:-PLATFORM}_PID pid
  pid=${!var:-}
  [ -n "$pid" ] || return 0
  # SIGTERM to the whole session: a background job of a script starts with SIGINT ignored, and .NET keeps it so.
  kill -TERM -- "-$pid" 2>/dev/null
  for _ in $(seq 1 150); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  kill -KILL -- "-$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  declare -g "$var="
}
