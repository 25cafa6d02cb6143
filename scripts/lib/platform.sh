# Start and stop the whole platform (AppHost: redis, services, gateway) for the load scripts.
# Source from the repository root:  . scripts/lib/platform.sh; platform_start <data-dir> <log>; ...; platform_stop
# Sets PLATFORM_URL and exports SORCHA_DEV_CLIENT_SECRET (read from the data dir, never put on a command line).
# PERF_NICE (e.g. -10, root only) runs the platform at that nice value: on a machine shared with other work it keeps
# the measurement about the platform; CI machines run nothing else, where it changes nothing.

platform_free_port() {
  local p
  for p in $(shuf -i 20000-45000 -n 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return 0; }
  done
  return 1
}

platform_start() {
  local data=$1 log=$2 port build=() t
  port=$(platform_free_port)
  # CI has just built Release: reuse it rather than build again.
  [ -f artifacts/bin/Sorcha.AppHost/release/Sorcha.AppHost.dll ] && build=(--no-build)
  # Its own session, so that platform_stop can end the AppHost and everything it started, and nothing else.
  nice -n "${PERF_NICE:-0}" setsid dotnet run -c Release "${build[@]}" --project src/Sorcha.AppHost -- \
    --Gateway:Port "$port" --Dashboard:Port 0 --data-dir "$data" >"$log" 2>&1 &
  PLATFORM_PID=$!
  PLATFORM_URL="http://localhost:$port"
  for t in $(seq 1 900); do
    if ! kill -0 "$PLATFORM_PID" 2>/dev/null; then
      echo "platform: the AppHost exited; last lines of $log:" >&2; tail -20 "$log" >&2; return 1
    fi
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "$PLATFORM_URL/health")" = 200 ]; then
      SORCHA_DEV_CLIENT_SECRET=$(cat "$data/dev-client-secret")
      export SORCHA_DEV_CLIENT_SECRET
      echo "platform: healthy at $PLATFORM_URL after $((t / 5)) s (log: $log)"
      return 0
    fi
    sleep 0.2
  done
  echo "platform: not healthy after 180 s; last lines of $log:" >&2; tail -20 "$log" >&2
  platform_stop; return 1
}

platform_stop() {
  [ -n "${PLATFORM_PID:-}" ] || return 0
  # SIGTERM to the whole session: a background job of a script starts with SIGINT ignored, and .NET keeps it so.
  kill -TERM -- "-$PLATFORM_PID" 2>/dev/null
  for _ in $(seq 1 150); do
    kill -0 "$PLATFORM_PID" 2>/dev/null || break
    sleep 0.2
  done
  kill -KILL -- "-$PLATFORM_PID" 2>/dev/null
  wait "$PLATFORM_PID" 2>/dev/null
  PLATFORM_PID=
}
