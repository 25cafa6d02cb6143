#!/usr/bin/env bash
# A real Redis Cluster on loopback: 3 masters + 3 replicas of `redis-server --cluster-enabled yes`, AOF on (as the
# local provider), one folder per node under DIR. Ports BASE..BASE+5 and their cluster-bus ports BASE+10000.. must be
# free. The cluster is created once (redis-cli --cluster create); later starts on the same DIR and BASE reuse it.
#
#   scripts/redis-cluster.sh start DIR BASE   start the nodes in the background, create the cluster, wait until it is ok
#   scripts/redis-cluster.sh stop DIR         stop the nodes (SIGTERM: each flushes its AOF)
#   scripts/redis-cluster.sh run DIR BASE     start, then stay in the foreground until SIGTERM/SIGINT, then stop
#                                             (how the AppHost's `--Redis:Provider cluster` runs it)
# Environment: REDIS_APPENDFSYNC (everysec | always, default everysec), CLUSTER_NODE_TIMEOUT_MS (default 2000: how
# long a master may be silent before its replica takes over).
set -euo pipefail
cmd=${1:?usage: $0 start|stop|run DIR [BASE]}
dir=$(mkdir -p "${2:?DIR}" && cd "$2" && pwd)
fsync=${REDIS_APPENDFSYNC:-everysec}
node_timeout=${CLUSTER_NODE_TIMEOUT_MS:-2000}

stop() {
  for pidfile in "$dir"/node-*/redis.pid; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pidfile in "$dir"/node-*/redis.pid; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    rm -f "$pidfile"
  done
}

start() {
  local base=${1:?BASE}
  for i in 0 1 2 3 4 5; do
    port=$((base + i))
    node="$dir/node-$i"
    mkdir -p "$node"
    # Foreground processes in the background rather than --daemonize, so that `run` owns them and a pid file per
    # node lets `stop` and the failover test signal one node.
    redis-server --port "$port" --bind 127.0.0.1 --dir "$node" --cluster-enabled yes --cluster-config-file nodes.conf \
      --cluster-node-timeout "$node_timeout" --appendonly yes --appendfsync "$fsync" --save "" \
      --protected-mode yes --logfile "$node/redis.log" &
    echo $! > "$node/redis.pid"
  done
  for i in 0 1 2 3 4 5; do
    for _ in $(seq 100); do redis-cli -p $((base + i)) ping >/dev/null 2>&1 && break; sleep 0.1; done
  done
  if [ ! -f "$dir/created" ]; then
    redis-cli --cluster create $(for i in 0 1 2 3 4 5; do printf '127.0.0.1:%s ' $((base + i)); done) \
      --cluster-replicas 1 --cluster-yes >"$dir/create.log"
    touch "$dir/created"
  fi
  for _ in $(seq 300); do
    redis-cli -p "$base" cluster info 2>/dev/null | grep -q 'cluster_state:ok' && return 0
    sleep 0.1
  done
  echo "redis-cluster: the cluster did not reach cluster_state:ok (see $dir/node-*/redis.log)" >&2
  return 1
}

case "$cmd" in
  start) start "${3:?BASE}" ;;
  stop) stop ;;
  run)
    trap 'stop; exit 0' TERM INT
    start "${3:?BASE}" || { stop; exit 1; }
    echo "redis-cluster: ok on 127.0.0.1:${3}..$((${3} + 5))"
    while true; do sleep 1 & wait $!; done
    ;;
  *) echo "usage: $0 start|stop|run DIR [BASE]" >&2; exit 2 ;;
esac
